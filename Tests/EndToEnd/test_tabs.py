"""Window tabs, where every tab is a scene of its own: a new tab joins the window (and the tab
shown before goes to the background), tabs are switched from the keyboard, a tab moved to a new
window brings its document's undo along, a window comes back whole with its tabs in order and the
same one shown, a background tab lets its buffer go and comes back in place, and a tab is dragged
out of its window and into another."""
import re
import subprocess
import time

import pytest

from conftest import wait_for, press, write, hold_still, WAYLAND
from test_background import LowMemoryMonitor
from test_place import numbered, visible_lines


def page_tabs(tandem, title):
    """The AT-SPI page tabs of the window titled `title`, in order (a window of one tab has one)."""
    frame = tandem.frame(title)
    return tandem.find(frame, "page tab") if frame else []


def tab_names(tandem, title):
    return [tab.name for tab in page_tabs(tandem, title)]


def tab_text(tandem, title, name):
    """The text of the tab called `name` in the window titled `title`."""
    tab = next(tab for tab in page_tabs(tandem, title) if tab.name == name)
    return tandem.text_in(tab).getText(0, -1)


def sessions(trace):
    """Each scene's session, in the order they connected."""
    return re.findall(r"^tandem-lifecycle (\S+) willConnect$", trace, re.M)


def x_windows(tandem, drag_windows=False):
    """The visible top-level windows of the instance (X11), less the 1x1 window GTK carries a
    drag with (`drag_windows`: only those)."""
    def search():
        """The ids, or None when a window went while xdotool walked the tree (it then fails)."""
        found = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(tandem.proc.pid), "--name", "."],
                               capture_output=True, text=True)
        return (found.stdout.split(),) if found.returncode == 0 or found.stdout.strip() else None
    ids, = wait_for("xdotool's list of windows", search, timeout=5)
    return [wid for wid in ids if ("Geometry: 1x1" in subprocess.run(["xdotool", "getwindowgeometry", wid],
                                                                     capture_output=True, text=True).stdout) == drag_windows]


def test_a_new_tab_is_a_scene_of_its_own_in_the_same_window(tandem, tmp_path):
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+t")
    wait_for("a second tab, shown", lambda: tab_names(tandem, "Untitled Document 1") == ["a.txt", "Untitled Document 1"])
    assert tandem.titles() == ["Untitled Document 1"], "one window, titled after the tab it shows"
    if not WAYLAND:
        assert len(x_windows(tandem)) == 1
    first, second = sessions(tandem.trace)
    trace = tandem.trace
    # The tab that was shown resigned, then went to the background; the new one came forward.
    assert trace.index(f"{first} willResignActive") < trace.index(f"{first} didEnterBackground") < trace.index(f"{second} didBecomeActive")
    write("typed here")
    wait_for("the typing in the new tab", lambda: tab_text(tandem, "• Untitled Document 1", "• Untitled Document 1") == "typed here")
    assert tab_text(tandem, "• Untitled Document 1", "a.txt") == "alpha\n"

    press("ctrl+Page_Up")
    tandem.wait_title("a.txt")
    wait_for("the first tab in the foreground again", lambda: tandem.trace.count(f"{first} willEnterForeground") == 2)
    tandem.type("a.txt", "A ")
    wait_for("typing goes to the tab shown", lambda: tab_text(tandem, "• a.txt", "• a.txt") == "A alpha\n")
    press("alt+2")
    tandem.wait_title("• Untitled Document 1")
    press("ctrl+Page_Down")  # wraps around
    tandem.wait_title("• a.txt")


def test_undo_after_a_move_to_a_new_window_undoes_what_was_typed_before_it(tandem, tmp_path):
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+End")
    write("omega")
    tandem.wait_title("• a.txt")
    press("ctrl+t")
    tandem.wait_title("Untitled Document 1")
    press("ctrl+Page_Up")
    tandem.wait_title("• a.txt")
    first = sessions(tandem.trace)[0]
    tandem.activate_action("move-to-new-window", window=1)
    wait_for("two windows", lambda: tandem.titles() == ["Untitled Document 1", "• a.txt"])
    # A window of one tab shows no strip (its page tab has no name then).
    assert len(page_tabs(tandem, "• a.txt")) == 1 and len(page_tabs(tandem, "Untitled Document 1")) == 1
    assert f"{first} didDisconnect" not in tandem.trace, "the scene moved: it was never closed"
    assert sessions(tandem.trace).count(first) == 1, "the same scene, not a new one"
    tandem.key("• a.txt", "ctrl+z")
    wait_for("the edit from before the move undone", lambda: tandem.text_of("a.txt") == "alpha\n")


def test_a_window_with_three_tabs_comes_back_whole_with_the_second_shown(tandem, tmp_path):
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+t")
    tandem.wait_title("Untitled Document 1")
    write("two")
    tandem.wait_title("• Untitled Document 1")
    press("ctrl+t")
    tandem.wait_title("Untitled Document 2")
    write("three")
    tandem.wait_title("• Untitled Document 2")
    press("ctrl+Page_Up")
    tandem.wait_title("• Untitled Document 1")
    press("ctrl+q")
    tandem.wait_exit()

    tandem.restart()
    tandem.wait_title("• Untitled Document 1")
    wait_for("the three tabs in their order", lambda: tab_names(tandem, "• Untitled Document 1")
             == ["a.txt", "• Untitled Document 1", "• Untitled Document 2"])
    assert tandem.titles() == ["• Untitled Document 1"], "one window"
    assert tab_text(tandem, "• Untitled Document 1", "• Untitled Document 2") == "three"
    write(" more")
    wait_for("typing goes to the tab shown", lambda: tab_text(tandem, "• Untitled Document 1", "• Untitled Document 1") == "two more")


def test_a_background_tab_gives_its_text_back_and_keeps_its_place(tandem, tmp_path):
    """A tab behind another lets its buffer go as it is hidden (GTK would go on laying out a hidden
    text view's lines), and a memory warning then finds nothing more to take from it."""
    monitor = LowMemoryMonitor()
    try:
        (tmp_path / "b.txt").write_text(numbered(3000))
        tandem.start("b.txt:1500", env={"DBUS_SYSTEM_BUS_ADDRESS": monitor.address})
        tandem.wait_title("b.txt")
        top, _ = wait_for("the place shown", lambda: visible_lines(tandem, "b.txt")[0] > 1400 and visible_lines(tandem, "b.txt"))
        caret = tandem.caret_of("b.txt")
        away = sessions(tandem.trace)[0]
        tandem.key("b.txt", "ctrl+t")
        tandem.wait_title("Untitled Document 1")
        wait_for("the first tab in the background", lambda: f"tandem-lifecycle {away} didEnterBackground" in tandem.trace)
        assert f"tandem-lifecycle {away} buffer released" in tandem.trace, "released as it was hidden"
        wait_for("the warning heard", lambda: monitor.warn() or "tandem-lifecycle app memory warning" in tandem.trace)
        press("alt+1")
        tandem.wait_title("b.txt")
        wait_for("the caret where it was", lambda: tandem.caret_of("b.txt") == caret)
        wait_for("the same line on top", lambda: visible_lines(tandem, "b.txt")[0] == top or None)
    finally:
        monitor.stop()


def drag(start, end, steps=12):
    """Presses the pointer's first button at `start`, moves it to `end` in steps, releases it."""
    subprocess.run(["xdotool", "mousemove", "--sync", str(start[0]), str(start[1]), "mousedown", "1"], check=True)
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step // steps
        y = start[1] + (end[1] - start[1]) * step // steps
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True)
        time.sleep(0.03)
    time.sleep(0.2)
    subprocess.run(["xdotool", "mouseup", "1"], check=True)


def centre(accessible):
    x, y, width, height = accessible.queryComponent().getExtents(0)
    return x + width // 2, y + height // 2


@pytest.mark.x11_only("clicks or drags with the pointer, which the tests move through X only")
def test_a_tab_dragged_out_makes_a_window_and_one_dragged_in_joins_it(tandem, tmp_path):
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+t")
    tandem.wait_title("Untitled Document 1")
    write("moved out")
    tandem.wait_title("• Untitled Document 1")
    press("ctrl+t")
    tandem.wait_title("Untitled Document 2")
    press("ctrl+Page_Up")
    tandem.wait_title("• Untitled Document 1")
    moved = sessions(tandem.trace)[1]
    tab = wait_for("the strip", lambda: next((t for t in page_tabs(tandem, "• Untitled Document 1") if t.name == "• Untitled Document 1"), None))
    drag(centre(tab), (1300, 800))  # the window made for it is moved to stay whole on the screen
    wait_for("a window of its own", lambda: tandem.titles() == ["Untitled Document 2", "• Untitled Document 1"], timeout=10)
    # The drag's icon window may still be on screen a moment after the drop.
    wait_for("two windows", lambda: len(x_windows(tandem)) == 2, timeout=5)
    assert len(page_tabs(tandem, "• Untitled Document 1")) == 1 and len(page_tabs(tandem, "Untitled Document 2")) == 2
    assert f"{moved} didDisconnect" not in tandem.trace and sessions(tandem.trace).count(moved) == 1
    write(" and typed")
    wait_for("it takes keys in its window", lambda: tandem.text_of("• Untitled Document 1") == "moved out and typed")

    # Into the window dragged out: it needs a strip to drop on, so it gets a second tab first.
    press("ctrl+t")
    tandem.wait_title("Untitled Document 3")
    # Side by side, so neither covers the other's strip.
    subprocess.run(["xdotool", "windowmove", "--sync", tandem.window_id("Untitled Document 3"), "0", "0"], check=True)
    subprocess.run(["xdotool", "windowmove", "--sync", tandem.window_id("Untitled Document 2"), "800", "330"], check=True)
    target = wait_for("its strip", lambda: next((t for t in page_tabs(tandem, "Untitled Document 3") if t.name == "Untitled Document 3"
                                                 and t.queryComponent().getExtents(0)[1] < 150), None))
    tandem.activate("Untitled Document 2")
    source = wait_for("a.txt's tab", lambda: next((t for t in page_tabs(tandem, "Untitled Document 2") if t.name == "a.txt"
                                                   and t.queryComponent().getExtents(0)[0] > 800), None))
    drag(centre(source), centre(target))
    wait_for("a.txt joined the other window", lambda: sorted(tab_names(tandem, "a.txt")) == ["Untitled Document 3", "a.txt", "• Untitled Document 1"],
             timeout=10)
    assert len(page_tabs(tandem, "Untitled Document 2")) == 1, "the window it left keeps its other tab"
    wait_for("two windows", lambda: len(x_windows(tandem)) == 2, timeout=5)
    # Each drag left GTK's 1x1 drag window mapped at -99,-99.
    wait_for("no drag window left", lambda: not x_windows(tandem, drag_windows=True))


def test_with_the_preference_files_open_in_tabs_of_the_window_last_used(tandem, tmp_path):
    for name in ("a.txt", "b.txt", "c.txt"):
        (tmp_path / name).write_text(name + "\n")
    settings = tmp_path / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True)
    (settings / "keyfile").write_text("[io/github/tandemedit/Tandem]\nopen-in-tabs=true\n")
    env = {"GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": str(tmp_path / "config")}
    tandem.start("a.txt", env=env)
    tandem.wait_title("a.txt")
    tandem.launch("b.txt", env=env)
    wait_for("b.txt in a tab of a.txt's window", lambda: tab_names(tandem, "b.txt") == ["a.txt", "b.txt"])
    assert tandem.titles() == ["b.txt"]
    tandem.launch("--new-window", "c.txt", env=env)
    wait_for("c.txt in a window of its own", lambda: tandem.titles() == ["b.txt", "c.txt"])
    tandem.launch("a.txt", env=env)
    wait_for("a.txt's tab shown again, not opened twice", lambda: tandem.titles() == ["a.txt", "c.txt"])
    assert tab_names(tandem, "a.txt") == ["a.txt", "b.txt"]



def test_a_split_view_types_one_document_on_both_sides_and_comes_back_split(tandem, tmp_path):
    """Split View shows the document again beside itself, each side a scene with its own caret;
    the focus moves between the sides with F6 (GtkPaned's key), and the side with it is the
    active scene; one undo history; a split window comes back split, the handle where it was
    moved to and the focus on the side that had it; closing one side gives the window back to the other."""
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+backslash")
    tandem.wait_title("a.txt (2)")
    assert tandem.titles() == ["a.txt (2)"], "one window, titled after the side with the focus"
    if not WAYLAND:
        assert len(x_windows(tandem)) == 1
    left, right = sessions(tandem.trace)
    write("right ")
    wait_for("the right side's typing on both sides", lambda: tab_text(tandem, "• a.txt (2)", "• a.txt") == "right alpha\n")
    assert tab_text(tandem, "• a.txt (2)", "• a.txt (2)") == "right alpha\n"
    # Both sides are on screen: the left one resigned, but stayed in the foreground.
    assert f"{left} didEnterBackground" not in tandem.trace
    press("F6")
    tandem.wait_title("• a.txt")
    trace = tandem.trace
    assert trace.rindex(f"{right} willResignActive") < trace.rindex(f"{left} didBecomeActive")
    press("ctrl+End")   # the end of the last line (a file's final newline ends it)
    write("omega")
    wait_for("the left side's typing on both sides", lambda: tab_text(tandem, "• a.txt", "• a.txt (2)") == "right alphaomega\n")
    # Each side keeps its own caret: typing on the right goes where its caret was.
    press("F6")
    tandem.wait_title("• a.txt (2)")
    write("more ")
    wait_for("the right caret where it was", lambda: tab_text(tandem, "• a.txt (2)", "• a.txt") == "right more alphaomega\n")
    # One undo history: undo on the left takes back what the right typed last.
    press("F6")
    tandem.wait_title("• a.txt")
    press("ctrl+z", "ctrl+z")   # the space, then the word
    wait_for("the right's typing undone from the left", lambda: tab_text(tandem, "• a.txt", "• a.txt (2)") == "right alphaomega\n")
    press("F6")
    tandem.wait_title("• a.txt (2)")
    # The handle between the sides, moved from the keyboard (GtkPaned's F8, then arrows).
    handle = lambda: tandem.find(tandem.frame("• a.txt (2)"), "split pane")[0].queryValue().currentValue
    halfway = handle()
    press("F8")
    press(*["ctrl+Left"] * 4, "Return")
    moved = wait_for("the handle moved left", lambda: (lambda at: at if at < halfway - 20 else None)(handle()))

    press("ctrl+q")
    tandem.wait_exit()
    tandem.restart()
    tandem.wait_title("• a.txt (2)")
    wait_for("both sides back in one window", lambda: tab_names(tandem, "• a.txt (2)") == ["• a.txt", "• a.txt (2)"])
    assert tandem.titles() == ["• a.txt (2)"], "one window"
    wait_for("the handle where it was", lambda: abs(handle() - moved) <= 1)

    press("ctrl+w")   # closes the right side: the left has the window, and the keyboard
    tandem.wait_title("• a.txt")
    wait_for("one side left", lambda: len(page_tabs(tandem, "• a.txt")) == 1)
    wait_for("the text kept", lambda: tandem.text_of("• a.txt") == "right alphaomega\n")
    assert tandem.gtk_complaints() == []


def test_an_empty_untitled_tab_closed_is_not_offered_again(tandem, tmp_path):
    """Reopen Closed Window skips a tab that never held anything (as GNOME Text Editor drops
    an empty draft): the window closed before it comes back."""
    (tmp_path / "a.txt").write_text("alpha\n")
    (tmp_path / "b.txt").write_text("beta\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.launch("--new-window", "b.txt")
    tandem.wait_title("b.txt")
    tandem.key("b.txt", "ctrl+w")
    wait_for("b.txt closed", lambda: tandem.titles() == ["a.txt"])
    tandem.key("a.txt", "ctrl+t")
    tandem.wait_title("Untitled Document 1")
    press("ctrl+w")
    tandem.wait_title("a.txt")
    wait_for("the empty tab gone", lambda: len(page_tabs(tandem, "a.txt")) == 1)
    press("ctrl+shift+t")
    wait_for("b.txt back, not the empty tab", lambda: sorted(tandem.titles()) == ["a.txt", "b.txt"])
    assert len(page_tabs(tandem, "a.txt")) == 1
    assert tandem.gtk_complaints() == []


def test_a_side_scrolled_to_the_end_moves_to_a_window_of_its_own_without_complaint(tandem, tmp_path):
    """A split side scrolled to the end of a long document, moved to a new window: the taller view
    (no tab strip) scrolls it back while it is not yet on screen, which GTK 3's overlay scrollbars
    did not survive (their indicators kept listening after the side left its first window)."""
    text = "".join(f"line {i}\n" for i in range(200))
    (tmp_path / "a.txt").write_text(text)
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+backslash")
    tandem.wait_title("a.txt (2)")
    press("ctrl+End")
    write("!")
    tandem.wait_title("• a.txt (2)")
    tandem.activate_action("move-to-new-window", window=1)
    wait_for("two windows", lambda: sorted(tandem.titles()) == ["• a.txt", "• a.txt (2)"])
    wait_for("the text in both", lambda: tandem.text_of("• a.txt (2)") == text[:-1] + "!\n" == tandem.text_of("• a.txt"))
    assert tandem.gtk_complaints() == []


def test_a_tab_shown_takes_the_keyboard_in_its_text_even_under_a_banner(tandem, tmp_path):
    """A new tab, and the same tab moved to a window of its own, take the keyboard in their text,
    as gedit's do: GtkNotebook alone would focus the first widget of the page, here the button
    of the banner saying the file changed on disk, and the typing would go nowhere."""
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+End")
    write("!")
    tandem.wait_title("• a.txt")
    (tmp_path / "a.txt").write_text("alpha\nfrom disk\n")
    wait_for("the banner", lambda: "changed on disk" in " ".join(tandem.labels_of_frame(tandem.frame("• a.txt"))))
    tandem.activate_action("new-tab-on-document", window=1)
    tandem.wait_title("• a.txt (2)")
    press("ctrl+Home")
    write("new ")
    wait_for("typed in the new tab", lambda: tandem.text_of("• a.txt (2)") == "new alpha!\n")
    tandem.activate_action("move-to-new-window", window=1)
    wait_for("two windows", lambda: sorted(tandem.titles()) == ["• a.txt", "• a.txt (2)"])
    # The new window is given the focus by the compositor a moment after it maps (on Wayland
    # through xdg-activation): keys pressed before then go to the window the tab left.
    tandem.wait_gtk_focus(tandem.window_id("• a.txt (2)"))
    press("ctrl+End")
    write(" moved")
    wait_for("typed in the moved tab", lambda: tandem.text_of("• a.txt") == "new alpha! moved\n")


def test_the_side_f6_gives_the_keyboard_takes_the_keys_and_keeps_it_after_a_kill(tandem, tmp_path):
    """After F6 the keys move that side's caret at once, each time; and the side with
    the keyboard comes back with it after kill -9 right after F6 (before, its record still said
    the other side had it, and the relaunch put the keyboard on the left)."""
    import time
    (tmp_path / "a.txt").write_text("alpha\nbeta\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+backslash")
    tandem.wait_title("a.txt (2)")
    hold_still(0.5)
    press("ctrl+End")
    write("R")
    wait_for("typed at the right side's end", lambda: tab_text(tandem, "• a.txt (2)", "• a.txt (2)") == "alpha\nbetaR\n")
    expected = "alpha\nbetaR\n"
    for n in range(4):
        press("F6", "ctrl+Home")     # each side's caret to the start, at once after F6
        write(str(n))
        expected = str(n) + expected
        side = "• a.txt" if n % 2 == 0 else "• a.txt (2)"
        wait_for(f"{n} typed at the start on {side}", lambda: tandem.titles() == [side] and tab_text(tandem, side, side) == expected)
    # The right side has the keyboard; to the left and back, then killed at once.
    press("F6")
    tandem.wait_title("• a.txt")
    hold_still(1.5)                  # the left side's record says it has the keyboard
    press("F6")
    tandem.wait_title("• a.txt (2)")
    time.sleep(0.3)
    tandem.kill()
    tandem.restart()
    tandem.wait_title("• a.txt (2)")
    wait_for("both sides back", lambda: tab_names(tandem, "• a.txt (2)") == ["• a.txt", "• a.txt (2)"])
    hold_still(0.5)
    write("Z")                       # at the right side's caret, after the 3 it typed
    wait_for("typed on the right side", lambda: tab_text(tandem, "• a.txt (2)", "• a.txt (2)") == "3Z" + expected[1:])


def test_keys_typed_at_once_after_split_view_land_on_the_new_side(tandem, tmp_path):
    """Keys typed within a frame of Ctrl+\\ went to the left side, GDK handing them
    over before the focus moved; they wait for the new side and arrive there in order."""
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+End")      # the left caret after "alpha"; the new side's starts at 0
    press("ctrl+backslash", "x", "y", "z", delay=1)
    wait_for("the keys on the new side, in order", lambda: tandem.titles() == ["• a.txt (2)"]
             and tab_text(tandem, "• a.txt (2)", "• a.txt (2)") == "xyzalpha\n")
    write("!")
    wait_for("later keys there too", lambda: tab_text(tandem, "• a.txt (2)", "• a.txt") == "xyz!alpha\n")
    assert not tandem.gtk_complaints()
