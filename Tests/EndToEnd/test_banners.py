"""Banners are state: one per subject, replaced when the state changes, gone when it ends, each
with the action that resolves it; errors of a launch never land in an unrelated window."""
import shutil
import time

import pyatspi

from conftest import Tandem, wait_for, hold_still


def banners(frame):
    """The text of each banner shown in `frame`, top to bottom."""
    shown = []
    for bar in Tandem.find(frame, "info bar"):
        if bar.getState().contains(pyatspi.STATE_SHOWING):
            shown.append("\n".join(label.name for label in Tandem.find(bar, "label")))
    return shown


def banner_buttons(frame, containing):
    """The names of the visible buttons of the banner whose text contains `containing`."""
    for bar in Tandem.find(frame, "info bar"):
        text = " ".join(label.name for label in Tandem.find(bar, "label"))
        if bar.getState().contains(pyatspi.STATE_SHOWING) and containing in text:
            return [b.name for b in Tandem.find(bar, "push button")
                    if b.getState().contains(pyatspi.STATE_SHOWING) and b.name != "Close"]
    return None


def test_a_failed_save_is_said_once_offers_save_as_and_goes_when_a_save_succeeds(tandem, tmp_path):
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "d.txt").write_text("text\n")
    tandem.start(str(folder / "d.txt"))
    wid = tandem.window_id("d.txt")
    tandem.send(wid, text="mine ")
    shutil.rmtree(folder)
    frame = tandem.frame("• d.txt")
    wait_for("the deleted banner", lambda: [b for b in banners(frame) if "no longer on disk" in b])
    assert banner_buttons(frame, "no longer on disk") == ["Save As…"], "its folder is gone too: Save would fail"
    for _ in range(4):
        tandem.send(wid, "ctrl+s")
        # Each failure replaces the one before it, so nothing visible says this save was answered:
        # the saves are paced instead.
        time.sleep(0.3)
    failures = wait_for("the failure", lambda: [b for b in banners(frame) if "Could not save" in b or "not save" in b])
    assert len(failures) == 1 and failures[0].count("\n") == 0, f"one line, not a log: {banners(frame)}"
    assert "Save As…" in banner_buttons(frame, failures[0].split("\n")[0]), "the failure offers Save As"
    assert len([b for b in banners(frame) if "no longer on disk" in b]) == 1
    folder.mkdir()
    tandem.send(wid, "ctrl+s")
    wait_for("saved", lambda: (folder / "d.txt").exists() and (folder / "d.txt").read_text() == "mine text\n")
    wait_for("no banner left", lambda: banners(tandem.frame("d.txt")) == [])


def test_a_deleted_file_recreated_by_another_program_shows_one_truthful_banner(tandem, tmp_path):
    path = tmp_path / "r.txt"
    path.write_text("one\n")
    tandem.start("r.txt")
    wid = tandem.window_id("r.txt")
    tandem.send(wid, text="mine ")
    frame = wait_for("modified", lambda: tandem.frame("• r.txt"))
    path.unlink()
    wait_for("the deleted banner", lambda: any("no longer on disk" in b for b in banners(frame)))
    assert banner_buttons(frame, "no longer on disk") == ["Save"]
    path.write_text("theirs\n")
    wait_for("the change replaces it", lambda: len(banners(frame)) == 1 and "changed on disk" in banners(frame)[0])
    # Merge against the version known before the deletion ("one"), as after any change.
    assert sorted(banner_buttons(frame, "changed on disk")) == ["Keep Mine", "Merge", "Reload"]
    # Keep Mine resolves it: the banner goes and stays gone.
    next(b for b in Tandem.find(frame, "push button") if b.name == "Keep Mine").queryAction().doAction(0)
    wait_for("resolved", lambda: banners(frame) == [])
    tandem.send(wid, "ctrl+s")
    wait_for("saved over theirs", lambda: path.read_text() == "mine one\n")
    hold_still(0.5)  # no banner comes back for the change Tandem wrote itself
    assert banners(tandem.frame("r.txt")) == []


def test_a_refused_launch_beside_open_windows_is_said_on_its_stderr(tandem, tmp_path):
    """The launcher's stderr says it; no blank window is made to carry it, and the
    unrelated window says nothing."""
    (tmp_path / "a.txt").write_text("a\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    # (An address no GVfs backend reaches: nothing leaves the machine.)
    result = tandem.launch("/dev/null", "gopher://example.org/notes.txt")
    assert result.returncode == 1 and "device, not a file" in result.stderr, result.stderr
    assert "gopher address" in result.stderr, result.stderr
    hold_still(1)
    assert tandem.titles() == ["a.txt"]
    assert banners(tandem.frame("a.txt")) == [], "the unrelated window says nothing"


def test_two_windows_on_one_document_are_numbered(tandem, tmp_path):
    (tmp_path / "n.txt").write_text("n\n")
    tandem.start("n.txt")
    tandem.wait_title("n.txt")
    tandem.launch("--new-window", "n.txt")
    tandem.launch("--new-window", "n.txt")
    wait_for("three numbered windows", lambda: tandem.titles() == ["n.txt", "n.txt (2)", "n.txt (3)"])
    tandem.key("n.txt (2)", "ctrl+w")
    wait_for("the second closed", lambda: tandem.titles() == ["n.txt", "n.txt (3)"])
    tandem.launch("--new-window", "n.txt")
    wait_for("the free number reused", lambda: tandem.titles() == ["n.txt", "n.txt (2)", "n.txt (3)"])
    tandem.key("n.txt", "ctrl+w")
    tandem.key("n.txt (3)", "ctrl+w")
    wait_for("alone again, no number", lambda: tandem.titles() == ["n.txt"])


def test_a_binary_opened_anyway_says_read_only_and_nothing_about_saving(tandem, tmp_path):
    (tmp_path / "nul.bin").write_bytes(b"caf\xe9\x00binary\n")
    tandem.start("nul.bin")
    frame = tandem.wait_title("Untitled Document 1")
    next(b for b in tandem.find(frame, "push button") if b.name == "Open Anyway").queryAction().doAction(0)
    frame = tandem.wait_title("nul.bin [Read-Only]")
    shown = wait_for("the read-only banner", lambda: (lambda b: b if any("read-only" in t for t in b) else None)(banners(frame)))
    assert not any("saved the same way" in t for t in shown), f"a read-only binary is never saved: {shown}"
    assert len(shown) == 1, shown


def test_a_long_line_preview_is_said_once_with_show_all(tandem, tmp_path):
    (tmp_path / "one-line.txt").write_text("word " * 400_000 + "\n")  # 2 MB on one line
    tandem.start("one-line.txt")
    frame = tandem.wait_title("one-line.txt [Read-Only]")
    preview = wait_for("the preview banner", lambda: [b for b in banners(frame) if "too long to show quickly" in b])
    hold_still(1.5)  # the rest of the file streams in: the banner must not grow
    preview = [b for b in banners(frame) if "too long to show quickly" in b]
    assert len(preview) == 1 and "\n" not in preview[0], preview
    assert banner_buttons(frame, "too long to show quickly") == ["Show All"]
    next(b for b in Tandem.find(frame, "push button") if b.name == "Show All").queryAction().doAction(0)
    wait_for("the whole text, the preview banner gone", lambda: not any("too long to show quickly" in b for b in banners(frame))
             and tandem.text_in(frame).characterCount > 2_000_000, timeout=20)
    assert any("read-only" in b for b in banners(frame)), "still read-only: the reason stays said"


def test_banners_in_a_split_wrap_to_their_side_and_the_window_keeps_its_width(tandem, tmp_path):
    """A banner on each side of a split wrapped its sentence into a one-word column,
    280 px tall, beside its buttons, and the window widened itself (810 to 989 px) for good. Now a
    side too narrow for text and buttons side by side puts the buttons under the text, and the
    window keeps its width; a window of one side keeps them side by side."""
    from conftest import press
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    width = lambda: tandem.frame_of(wid).queryComponent().getExtents(pyatspi.WINDOW_COORDS).width
    wid = tandem.window_id("a.txt")
    before = width()
    tandem.type("a.txt", "mine ")
    press("ctrl+backslash")
    tandem.wait_title("• a.txt (2)")
    (tmp_path / "a.txt").write_text("theirs alpha\n")
    frame = tandem.frame("• a.txt (2)")
    wait_for("a banner on each side", lambda: len(banners(frame)) == 2)
    hold_still(0.5)

    def text_and_buttons():
        shown = []
        for bar in Tandem.find(frame, "info bar"):
            label = next(l for l in Tandem.find(bar, "label") if "changed on disk" in l.name)
            merge = next(b for b in Tandem.find(bar, "push button") if b.name == "Merge")
            shown.append((label.queryComponent().getExtents(pyatspi.WINDOW_COORDS),
                          merge.queryComponent().getExtents(pyatspi.WINDOW_COORDS)))
        return shown
    for text, merge in text_and_buttons():
        assert text.height < 100, f"the text wraps to its side's width, not into a column ({text.height} px tall)"
        assert merge.y >= text.y + text.height, "the buttons under the text"
    assert width() == before, "the window did not widen itself"

    press("ctrl+w")  # the right side goes: the left has the whole window again
    tandem.wait_title("• a.txt")
    frame = tandem.frame("• a.txt")
    wait_for("the buttons beside the text again", lambda: all(merge.y < text.y + text.height for text, merge in text_and_buttons()))
