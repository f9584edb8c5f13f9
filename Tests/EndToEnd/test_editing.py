"""Typing, saving, undo and closing in real windows."""
import time
import pytest

from conftest import wait_for, hold_still, press


def test_typing_shows_modified_and_save_writes_the_file(tandem, tmp_path):
    path = tmp_path / "doc.txt"
    path.write_text("start\n")
    tandem.start("doc.txt")
    tandem.wait_title("doc.txt")
    tandem.key("doc.txt", "ctrl+End")  # the end of the last line (the final newline shows no line)
    tandem.key("doc.txt", "Return")
    tandem.type("• doc.txt", "typed here")
    wait_for("typed text over AT-SPI", lambda: tandem.text_of("• doc.txt") == "start\ntyped here\n")
    tandem.key("• doc.txt", "ctrl+s")
    tandem.wait_title("doc.txt")
    assert path.read_text() == "start\ntyped here\n"
    leftovers = [p.name for p in tmp_path.iterdir() if "tandem-" in p.name]
    assert leftovers == [], "the atomic save left a temp file"


def test_undo_and_redo(tandem, tmp_path):
    (tmp_path / "u.txt").write_text("")
    tandem.start("u.txt")
    tandem.wait_title("u.txt")
    tandem.type("u.txt", "abc")
    wait_for("abc", lambda: tandem.text_of("• u.txt") == "abc")
    tandem.key("• u.txt", "ctrl+z")
    wait_for("undone", lambda: tandem.text_of("u.txt") == "")
    tandem.key("u.txt", "ctrl+shift+z")
    wait_for("redone", lambda: tandem.text_of("• u.txt") == "abc")


def test_missing_file_opens_empty_and_is_created_on_save(tandem, tmp_path):
    tandem.start("fresh.txt", "nofolder/lost.txt")
    tandem.wait_title("fresh.txt")
    tandem.wait_title("lost.txt")
    assert not (tmp_path / "fresh.txt").exists(), "opening must not create the file"
    tandem.type("fresh.txt", "new text")
    tandem.key("• fresh.txt", "ctrl+s")
    tandem.wait_title("fresh.txt")
    assert (tmp_path / "fresh.txt").read_text() == "new text"
    # Its folder does not exist: the save fails, says so, and the document stays modified.
    assert "does not exist" in " ".join(tandem.labels_of("lost.txt"))
    tandem.type("lost.txt", "x")
    tandem.key("• lost.txt", "ctrl+s")
    wait_for("save error", lambda: "Could not save “lost.txt”: the folder does not exist."
             in " ".join(tandem.labels_of("• lost.txt")))
    assert not (tmp_path / "nofolder").exists()


def test_new_window_shortcut_and_closing_a_clean_window(tandem, tmp_path):
    (tmp_path / "k.txt").write_text("k\n")
    tandem.start("k.txt")
    tandem.wait_title("k.txt")
    tandem.key("k.txt", "ctrl+n")
    tandem.wait_title("Untitled Document 1")
    tandem.key("Untitled Document 1", "ctrl+w")
    wait_for("untitled window closed", lambda: tandem.titles() == ["k.txt"])
    assert tandem.proc.poll() is None


def test_closing_a_modified_window_among_others_asks_first(tandem, tmp_path):
    path = tmp_path / "m.txt"
    path.write_text("keep\n")
    (tmp_path / "other.txt").write_text("o\n")
    tandem.start("other.txt", "m.txt")
    tandem.wait_title("other.txt")
    tandem.wait_title("m.txt")
    tandem.type("m.txt", "zz")
    tandem.key("• m.txt", "ctrl+w")
    tandem.wait_save_question()
    press("Escape")  # Escape cancels: the window and its text stay
    tandem.wait_no_save_question()
    assert tandem.text_of("• m.txt") == "zzkeep\n"
    assert path.read_text() == "keep\n"


def test_shortcuts_window_and_about_dialog(tandem, tmp_path):
    import subprocess
    tandem.start()
    tandem.wait_title("Untitled Document 1")
    tandem.key("Untitled Document 1", "ctrl+question")
    wait_for("the shortcuts window", lambda: any("Reopen closed window" in tandem.labels_of_frame(f)
                                                 for f in tandem.app() if f is not None))
    press("Escape")
    # The key and the action travel apart: About must not open before the Escape closed the
    # shortcuts, or the Escape closes About instead.
    wait_for("the shortcuts window closed", lambda: not any("Reopen closed window" in tandem.labels_of_frame(f)
                                                            for f in tandem.app() if f is not None))
    tandem.activate_action("about")
    wait_for("the About dialog", lambda: any("Edit one text file in many windows at once" in tandem.labels_of_frame(f)
                                             for f in tandem.app() if f is not None))
    # Closing About and the shortcuts window (walked by AT-SPI above) logs nothing, and they come back.
    press("Escape")
    wait_for("About closed", lambda: not any("Edit one text file in many windows at once" in tandem.labels_of_frame(f)
                                             for f in tandem.app() if f is not None))
    tandem.key("Untitled Document 1", "ctrl+question")
    wait_for("the shortcuts window again", lambda: any(
        "Reopen closed window" in tandem.labels_of_frame(f) and f.getState().contains(__import__("pyatspi").STATE_SHOWING)
        for f in tandem.app() if f is not None))
    press("Escape")


def test_open_recent_shares_the_desktop_list(tandem, tmp_path):
    import subprocess
    (tmp_path / "recent-a.txt").write_text("a\n")
    (tmp_path / "recent-b.txt").write_text("b\n")
    tandem.start("recent-a.txt")
    tandem.wait_title("recent-a.txt")
    assert tandem.launch("recent-b.txt").returncode == 0
    tandem.wait_title("recent-b.txt")
    xbel = tmp_path / "data" / "recently-used.xbel"
    wait_for("both files in the desktop's recent list", lambda: xbel.exists()
             and "recent-a.txt" in xbel.read_text() and "recent-b.txt" in xbel.read_text())
    tandem.activate_action("open-recent", window=1)
    chooser = tandem.wait_title("Open Recent")
    wait_for("the Open Recent list showing them", lambda: {"recent-a.txt", "recent-b.txt"} <= set(tandem.labels_of_frame(chooser)))


def test_a_damaged_recent_list_is_left_as_it_is(tandem, tmp_path):
    """Tandem adds to the desktop's list by reading it whole; one it cannot read is not replaced."""
    import time
    (tmp_path / "data").mkdir()
    xbel = tmp_path / "data" / "recently-used.xbel"
    xbel.write_text("<xbel version=\"1.0\"><bookmark href=")  # cut short
    (tmp_path / "notes.txt").write_text("n\n")
    tandem.start("notes.txt")
    tandem.wait_title("notes.txt")
    hold_still(1.0)  # the list would be written once the loop is idle after the first frame: it is not
    assert xbel.read_text() == "<xbel version=\"1.0\"><bookmark href="
    assert tandem.titles() == ["notes.txt"], "the window is unharmed"


def test_the_recent_list_forgets_what_is_older_than_the_desktop_keeps(tandem, tmp_path):
    """As GtkRecentManager: entries last changed more than gtk-recent-files-max-age days ago go.
    The desktop's setting decides (GNOME's privacy setting, which GTK reads on Wayland; GTK's
    own 30 days on X11 without a settings daemon): set to 30 here for both."""
    (tmp_path / "data").mkdir()
    xbel = tmp_path / "data" / "recently-used.xbel"
    entry = ('<bookmark href="file:///{0}" added="{1}" modified="{1}" visited="{1}"><info><metadata owner="http://freedesktop.org">'
             '<mime:mime-type type="text/plain"/><bookmark:applications><bookmark:application name="gedit" exec="gedit %u" '
             'modified="{1}" count="1"/></bookmark:applications></metadata></info></bookmark>')
    recent = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 86400))
    xbel.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<xbel version="1.0" '
                    'xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks" '
                    'xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info">'
                    + entry.format("old-letter.txt", "2001-01-01T00:00:00Z") + entry.format("yesterday.txt", recent) + "</xbel>\n")
    (tmp_path / "notes.txt").write_text("n\n")
    settings = tmp_path / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True)
    (settings / "keyfile").write_text("[org/gnome/desktop/privacy]\nrecent-files-max-age=30\n")
    tandem.start("notes.txt", env={"GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": str(tmp_path / "config")})
    tandem.wait_title("notes.txt")
    wait_for("the file added to the list", lambda: "notes.txt" in xbel.read_text())
    text = xbel.read_text()
    assert "yesterday.txt" in text, "a recent entry of another application stays"
    assert "old-letter.txt" not in text, "an entry older than the desktop keeps is dropped"


def drop(tandem, what, onto):
    """Drags `what` (a path or an address) from a small GTK window onto the window titled `onto`,
    as a hand would with the pointer (X11 only)."""
    import subprocess
    from pathlib import Path
    source = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "drag_source.py"), str(what)])
    try:
        src = wait_for("the drag source", lambda: subprocess.run(
            ["xdotool", "search", "--all", "--onlyvisible", "--name", "^drag-source$"],
            capture_output=True, text=True).stdout.split())[0]
        dst = tandem.window_id(onto)
        geometry = lambda wid: dict(line.strip().split(": ", 1) for line in subprocess.run(
            ["xdotool", "getwindowgeometry", "--shell", wid], capture_output=True, text=True).stdout.split("\n") if "=" in line
            for line in [line.replace("=", ": ", 1)])
        s, d = geometry(src), geometry(dst)
        sx, sy = int(s["X"]) + int(s["WIDTH"]) // 2, int(s["Y"]) + int(s["HEIGHT"]) // 2
        dx, dy = int(d["X"]) + int(d["WIDTH"]) // 2, int(d["Y"]) + int(d["HEIGHT"]) // 2
        subprocess.run(["xdotool", "mousemove", "--sync", str(sx), str(sy), "mousedown", "1"], check=True)
        for step in range(1, 21):  # a real drag moves in steps
            x, y = sx + (dx - sx) * step // 20, sy + (dy - sy) * step // 20
            subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True)
            time.sleep(0.03)  # a hand's pace: GTK starts a drag from motion over time
        subprocess.run(["xdotool", "mouseup", "1"], check=True)
        return source
    except BaseException:
        source.kill()
        source.wait()
        raise


@pytest.mark.x11_only("clicks or drags with the pointer, which the tests move through X only")
def test_a_file_dropped_on_a_window_opens(tandem, tmp_path):
    (tmp_path / "dropped.txt").write_text("dropped in\n")
    tandem.start()
    tandem.wait_title("Untitled Document 1")
    source = drop(tandem, tmp_path / "dropped.txt", onto="Untitled Document 1")
    try:
        tandem.wait_title("dropped.txt")
        assert tandem.text_of("dropped.txt") == "dropped in\n", "the file's name was not typed into the window"
        # The empty, untouched window it was dropped on gave the file its place (gedit reuses
        # its empty tab).
        wait_for("the empty window replaced", lambda: tandem.titles() == ["dropped.txt"])
    finally:
        source.kill()
        source.wait()


def test_cancelling_open_or_open_recent_opens_nothing(tandem, tmp_path):
    import subprocess
    tandem.start()
    tandem.wait_title("Untitled Document 1")
    for action, title in (("open", "Open Files"), ("open-recent", "Open Recent")):
        tandem.activate_action(action, window=1)
        wait_for(f"the {title} dialog", lambda: any(f is not None and f.name == title for f in tandem.app()))
        # Focused as a person would (mutter may leave the focus in the editor: the action came
        # over D-Bus, with no activation token), so that Escape reaches the dialog.
        tandem.focus(tandem.window_id(title))
        press("Escape")
        wait_for(f"the {title} dialog gone", lambda: not any(f is not None and f.name == title for f in tandem.app()))
        hold_still(0.5)  # and no window opens
        assert tandem.titles() == ["Untitled Document 1"], f"cancelling {title} opened a window"
