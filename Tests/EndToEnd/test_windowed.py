"""The windowed view with windows of 20 lines (TANDEM_WINDOW_LINES), so that every move below
crosses the buffer's edge on a small file: the user never sees that edge. Find counts, steps to
and replaces matches anywhere; Select All then typing replaces the whole document; Ctrl+End and
Go to Line show their line; a place deep in the file comes back; AT-SPI reads the whole document."""
import subprocess
import time
import pytest

from conftest import wait_for, press, write
from test_place import caret_line, numbered, shows_caret

SMALL = {"TANDEM_WINDOW_LINES": "20"}


def labels(tandem, frame):
    return " ".join(tandem.labels_of_frame(frame))


def start(tandem, tmp_path, name, text, *args):
    (tmp_path / name).write_text(text)
    tandem.start(*(args or (name,)), env=SMALL)
    tandem.wait_title(name)
    return tandem.frame(name)


def test_find_counts_steps_and_replaces_beyond_the_window(tandem, tmp_path):
    lines = [f"needle {n}" if n in (5, 900, 1990) else f"hay {n}" for n in range(2000)]
    text = "\n".join(lines) + "\n"
    frame = start(tandem, tmp_path, "f.txt", text)
    tandem.key("f.txt", "ctrl+f")
    tandem.wait_field_focused("f.txt")
    write("needle", delay=12)
    wait_for("3 matches in the whole document, the first selected as typed", lambda: "1 of 3" in labels(tandem, frame))
    press("Return")
    wait_for("the second of three", lambda: "2 of 3" in labels(tandem, frame))
    view = tandem.text_in(frame)
    assert caret_line(tandem, "f.txt") == 900
    start_offset = text.index("needle 900")
    assert tuple(view.getSelection(0)) == (start_offset, start_offset + len("needle"))
    wait_for("the match on screen", lambda: shows_caret(tandem, "f.txt") is True)
    press("shift+Return")
    wait_for("back to the first", lambda: "1 of 3" in labels(tandem, frame))
    tandem.key("f.txt", "ctrl+h")
    tandem.wait_field_focused("f.txt")
    replace = [t for t in tandem.find(frame, "text") if t.name != "Document text" and t.queryText().getText(0, -1) == ""][0]
    replace.queryEditableText().setTextContents("pin")
    [b for b in tandem.find(frame, "push button") if b.name == "Replace All"][0].queryAction().doAction(0)
    replaced = text.replace("needle", "pin")
    wait_for("every match replaced", lambda: view.getText(0, -1) == replaced)
    wait_for("none left", lambda: "No matches" in labels(tandem, frame) or "3 replaced" in labels(tandem, frame))
    press("Escape")
    tandem.key("• f.txt", "ctrl+z")
    wait_for("one undo brings all three back", lambda: view.getText(0, -1) == text)


def test_select_all_then_typing_replaces_the_whole_document(tandem, tmp_path):
    frame = start(tandem, tmp_path, "s.txt", numbered(500))
    view = tandem.text_in(frame)
    assert view.characterCount == len(numbered(500)), "AT-SPI counts the whole document"
    tandem.key("s.txt", "ctrl+a")
    # All of it but the final newline, which shows no line (as in gedit).
    wait_for("all selected", lambda: tuple(view.getSelection(0)) == (0, len(numbered(500)) - 1))
    write("x", delay=12)
    wait_for("one character left", lambda: view.getText(0, -1) == "x\n")
    tandem.key("• s.txt", "ctrl+z")
    wait_for("one undo step back", lambda: view.getText(0, -1) == numbered(500))


def test_ctrl_end_types_at_the_end_and_go_to_line_shows_its_line(tandem, tmp_path):
    frame = start(tandem, tmp_path, "e.txt", numbered(3000))
    view = tandem.text_in(frame)
    tandem.key("e.txt", "ctrl+End")
    # The end of the last line: the final newline shows no line after it.
    wait_for("the caret at the end", lambda: view.caretOffset == len(numbered(3000)) - 1)
    wait_for("the end on screen", lambda: shows_caret(tandem, "e.txt") is True)
    write("end", delay=12)
    wait_for("typed at the end", lambda: view.getText(view.characterCount - 20, -1).endswith("line 3000end\n"))
    tandem.key("• e.txt", "ctrl+Home")
    wait_for("back at the start", lambda: view.caretOffset == 0 and shows_caret(tandem, "• e.txt") is True)
    tandem.key("• e.txt", "ctrl+l")
    tandem.wait_field_focused("• e.txt")
    press("ctrl+a")
    write("1700", delay=12)
    press("Return")
    wait_for("line 1700 on screen", lambda: caret_line(tandem, "• e.txt") == 1699 and shows_caret(tandem, "• e.txt") is True)


def test_a_selection_deep_in_the_file_comes_back_after_a_restart(tandem, tmp_path):
    frame = start(tandem, tmp_path, "d.txt", numbered(4000), "d.txt:2500:3")
    wait_for("line 2500", lambda: caret_line(tandem, "d.txt") == 2499)
    tandem.key("d.txt", "shift+Down", "shift+Down")
    view = tandem.text_in(frame)
    wait_for("two lines selected", lambda: view.getNSelections() == 1)
    selection = tuple(view.getSelection(0))
    assert view.getText(*selection).count("\n") == 2
    tandem.key("d.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart(env=SMALL)
    tandem.wait_title("d.txt")
    view = tandem.text_in(tandem.frame("d.txt"))
    wait_for("the same selection", lambda: view.getNSelections() == 1 and tuple(view.getSelection(0)) == selection)
    wait_for("on screen", lambda: shows_caret(tandem, "d.txt") is True)


def test_file_line_deep_in_a_600_kb_and_a_still_loading_10_mb_file(tandem, tmp_path):
    (tmp_path / "mid.txt").write_text(numbered(60_000))  # about 650 KB: read at once
    (tmp_path / "big.txt").write_text(numbered(800_000))  # about 10 MB: streams in
    tandem.start("mid.txt:12000:5", env=SMALL)
    tandem.wait_title("mid.txt")
    view = tandem.text_in(tandem.frame("mid.txt"))
    wait_for("line 12000, column 5", lambda: caret_line(tandem, "mid.txt") == 11_999
             and view.caretOffset == len(numbered(11_999)) + 4)
    wait_for("on screen", lambda: shows_caret(tandem, "mid.txt") is True)
    tandem.launch("big.txt:700000:2")
    tandem.wait_title("big.txt", timeout=30)
    big = tandem.text_in(tandem.frame("big.txt"))
    wait_for("line 700000 once it arrived", lambda: big.caretOffset == len(numbered(699_999)) + 1, timeout=60)
    wait_for("on screen", lambda: shows_caret(tandem, "big.txt") is True, timeout=30)


@pytest.mark.x11_only("clicks or drags with the pointer, which the tests move through X only")
def test_a_mouse_drag_selects_across_the_window_s_edge_and_delete_takes_it_all(tandem, tmp_path):
    text = numbered(3000)
    frame = start(tandem, tmp_path, "m.txt", text)
    view = tandem.text_in(frame)
    x, y, _, height = tandem.document_view(frame).queryComponent().getExtents(0)
    anchor = view.getOffsetAtPoint(x + 100, y + 40, 0)
    tandem.activate("m.txt")
    subprocess.run(["xdotool", "mousemove", str(x + 100), str(y + 40), "mousedown", "1", "sleep", "0.2",
                    "mousemove", str(x + 100), str(y + height // 2), "sleep", "0.2"], check=True)
    # GTK scrolls while the pointer moves below the view: far past the 20 lines the buffer holds.
    for step in range(120):
        subprocess.run(["xdotool", "mousemove", str(x + 100 + step % 2), str(y + height + 40)], check=True)
        time.sleep(0.02)  # GTK scrolls on a timer while the pointer is held below the view
    subprocess.run(["xdotool", "mouseup", "1"], check=True)
    start_, end = wait_for("a selection", lambda: view.getNSelections() == 1 and tuple(view.getSelection(0)))
    assert start_ == anchor, "the anchor stays where the press was"
    assert text.count("\n", 0, end) > 60, "the selection reaches well past the window"
    press("Delete")
    wait_for("the whole selection deleted", lambda: view.getText(0, -1) == text[:start_] + text[end:])
    tandem.key("• m.txt", "ctrl+z")
    wait_for("one undo brings it back", lambda: view.getText(0, -1) == text)


def test_text_streaming_in_is_announced_to_assistive_technologies(tandem, tmp_path):
    import pyatspi
    from gi.repository import GLib
    inserts = []

    def on_insert(event):
        if event.source is not None and event.source.name == "Document text":
            inserts.append((event.detail1, event.detail2))
    pyatspi.Registry.registerEventListener(on_insert, "object:text-changed:insert")
    try:
        # About 40 MB: the first screen at once, the rest streams in. A 3.5 MB file now loads on
        # both cores before the window's accessible is on the bus, and nothing arrives to announce.
        text = numbered(3_000_000)
        (tmp_path / "s.txt").write_text(text)
        tandem.start("s.txt")
        tandem.wait_title("s.txt")
        view = tandem.text_in(tandem.frame("s.txt"))
        context = GLib.MainContext.default()

        def announced():
            while context.iteration(False):
                pass
            return view.characterCount == len(text) and inserts and sum(inserts[-1]) == len(text)
        wait_for("every arriving part announced", announced, timeout=30)
        for (start, length), (following, _) in zip(inserts, inserts[1:]):
            assert start + length == following, f"announced in order, without gaps: {inserts}"
    finally:
        pyatspi.Registry.deregisterEventListener(on_insert, "object:text-changed:insert")


@pytest.mark.x11_only("clicks or drags with the pointer, which the tests move through X only")
def test_drag_moving_a_selection_past_the_window_moves_all_of_it_and_deletes_nothing_more(tandem, tmp_path):
    import pyatspi
    text = numbered(3000)
    frame = start(tandem, tmp_path, "d.txt", text)
    view = tandem.text_in(frame)
    wid = tandem.window_id("d.txt")
    # Line 3 to the end selected from the keyboard: far past the lines the window holds.
    tandem.send(wid, "ctrl+Home", "Down", "Down", "shift+ctrl+End")
    start_ = len(numbered(2))
    end = len(text) - 1  # the final newline shows no line: the selection ends before it
    wait_for("the selection", lambda: view.getNSelections() == 1 and tuple(view.getSelection(0)) == (start_, end))
    x, y, width, height = tandem.document_view(frame).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    # Back to the top with the wheel: the selection stays.
    # Batches until line 1 shows: how far a click scrolls follows the page's size, and a loaded
    # machine may run the clicks together.
    def at_the_top():
        subprocess.run(["xdotool", "mousemove", str(x + 100), str(y + 40), "click", "--repeat", "400", "--delay", "2", "4"], check=True)
        time.sleep(0.3)
        return view.getOffsetAtPoint(x + 60, y + 3, pyatspi.DESKTOP_COORDS) in range(0, 12)
    wait_for("line 1 on screen", at_the_top)
    # Press inside the selection (line 4) and drag it before line 1.
    inside = view.getCharacterExtents(len(numbered(3)) + 2, pyatspi.DESKTOP_COORDS)
    target = view.getCharacterExtents(0, pyatspi.DESKTOP_COORDS)
    px, py = inside[0] + 1, inside[1] + inside[3] // 2
    tx, ty = target[0] + 1, target[1] + target[3] // 2
    subprocess.run(["xdotool", "mousemove", "--sync", str(px), str(py), "mousedown", "1"], check=True)
    for step in range(1, 21):
        subprocess.run(["xdotool", "mousemove", "--sync", str(px + (tx - px) * step // 20), str(py + (ty - py) * step // 20)], check=True)
        time.sleep(0.03)  # a hand's pace: GTK starts a drag from motion over time
    subprocess.run(["xdotool", "mouseup", "1"], check=True)
    moved = text[start_:end] + text[:start_] + text[end:]
    wait_for("the whole selection moved", lambda: view.getText(0, -1) == moved)
    tandem.send(tandem.window_id("• d.txt"), "ctrl+z")
    wait_for("one undo takes the move back", lambda: view.getText(0, -1) == text)
