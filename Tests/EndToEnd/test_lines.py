"""Commands on lines: each is one edit of the document, shown in every window on it,
and one undo step."""
import subprocess
import time

import pytest

from conftest import wait_for
from test_documents import two_windows, all_texts


def test_sorting_selected_lines_shows_in_both_windows_and_one_undo_takes_it_back(tandem, tmp_path):
    text = "zebra\ncharlie\nalpha\nbravo\nomega\n"
    a, b = two_windows(tandem, tmp_path, "list.txt", text)
    # The caret on "charlie", three lines selected down to the start of "omega".
    tandem.send(a, "ctrl+Home", "Down", "shift+Down", "shift+Down", "shift+Down", "shift+F9")
    sorted_text = "zebra\nalpha\nbravo\ncharlie\nomega\n"
    wait_for("the lines sorted in both windows", lambda: all_texts(tandem) == [sorted_text] * 2)
    # Backwards, from the window menu's action, on the lines still selected.
    subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.tandemedit.Tandem", "--object-path",
                    "/io/github/tandemedit/Tandem/window/1", "--method", "org.gtk.Actions.Activate",
                    "sort-lines", "[<'descending'>]", "{}"], check=True, capture_output=True)
    wait_for("sorted backwards", lambda: all_texts(tandem) == ["zebra\ncharlie\nbravo\nalpha\nomega\n"] * 2)
    tandem.send(b, "ctrl+z")
    wait_for("one undo: the first sort", lambda: all_texts(tandem) == [sorted_text] * 2)
    tandem.send(b, "ctrl+z")
    wait_for("a second: the file", lambda: all_texts(tandem) == [text] * 2)


def test_duplicate_move_and_join_each_undo_in_one_step(tandem, tmp_path):
    (tmp_path / "steps.txt").write_text("one\ntwo\n    three\n")
    tandem.start("steps.txt")
    tandem.wait_title("steps.txt")
    tandem.key("steps.txt", "ctrl+Home", "End", "ctrl+shift+d")
    wait_for("the first line duplicated", lambda: tandem.text_of("• steps.txt") == "one\none\ntwo\n    three\n")
    tandem.key("• steps.txt", "alt+Down")
    wait_for("the copy moved below two", lambda: tandem.text_of("• steps.txt") == "one\ntwo\none\n    three\n")
    tandem.key("• steps.txt", "ctrl+j")
    wait_for("joined with three, its indentation gone", lambda: tandem.text_of("• steps.txt") == "one\ntwo\none three\n")
    tandem.key("• steps.txt", "x")
    wait_for("typed where the lines met", lambda: tandem.text_of("• steps.txt") == "one\ntwo\nonex three\n")
    for expected in ["one\ntwo\none three\n", "one\ntwo\none\n    three\n", "one\none\ntwo\n    three\n"]:
        tandem.key("• steps.txt", "ctrl+z")
        wait_for(f"undone to {expected!r}", lambda: tandem.text_of("• steps.txt") == expected)
    tandem.key("• steps.txt", "ctrl+z")
    wait_for("back to the file", lambda: tandem.text_of("steps.txt") == "one\ntwo\n    three\n")


def test_toggle_comment_uses_the_language_s_syntax_and_change_case_the_selection(tandem, tmp_path):
    (tmp_path / "code.py").write_text("def f():\n    x = 1\n    return x\n")
    tandem.start("code.py")
    tandem.wait_title("code.py")
    tandem.key("code.py", "ctrl+Home", "Down", "shift+Down", "shift+End", "ctrl+slash")
    wait_for("two lines commented with #", lambda: tandem.text_of("• code.py") == "def f():\n    # x = 1\n    # return x\n")
    tandem.key("• code.py", "ctrl+slash")
    # Back to the file's text by a step of its own: still modified, as gedit has it.
    wait_for("and back", lambda: tandem.text_of("• code.py") == "def f():\n    x = 1\n    return x\n")
    tandem.key("• code.py", "ctrl+Home", "shift+End", "ctrl+u")
    wait_for("the first line in upper case", lambda: tandem.text_of("• code.py") == "DEF F():\n    x = 1\n    return x\n")
    tandem.key("• code.py", "ctrl+alt+u")
    wait_for("and lower again", lambda: tandem.text_of("• code.py") == "def f():\n    x = 1\n    return x\n")


def test_sorting_a_big_document_is_worked_out_off_the_main_thread_and_is_one_undo_step(tandem, tmp_path):
    # 40,000 lines, ~560 KB: past what is worked out at once, so a worker sorts them.
    lines = [f"line {(n * 7919) % 40000:05d} of many" for n in range(40000)]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n")
    tandem.start("many.txt")
    tandem.wait_title("many.txt")
    tandem.key("many.txt", "ctrl+Home", "shift+F9")
    tandem.wait_title("• many.txt", timeout=20)
    tandem.key("• many.txt", "ctrl+s")
    tandem.wait_title("many.txt")
    assert path.read_text() == "\n".join(sorted(lines)) + "\n"
    tandem.key("many.txt", "ctrl+z")
    tandem.wait_title("• many.txt")
    tandem.key("• many.txt", "ctrl+s")
    tandem.wait_title("many.txt")
    assert path.read_text() == "\n".join(lines) + "\n", "one undo step takes the whole sort back"


def gutter_pixels(wid):
    """The left strip of a window's text area (its line numbers), as raw RGB bytes."""
    return subprocess.run(["import", "-window", wid, "-crop", "40x300+0+60", "+repage", "rgb:-"],
                          capture_output=True, check=True).stdout


@pytest.mark.x11_only("asking the server to redraw every window exists on X11 only")
def test_line_numbers_follow_line_breaks_undone_in_a_wrapped_line(tandem, tmp_path):
    # A first line that wraps onto several rows, an empty line, a short one; two windows.
    words = " ".join(f"word{n}" for n in range(40))
    (tmp_path / "draft.md").write_text(words + "\n\nshort line\n")
    tandem.start("draft.md")
    tandem.wait_title("draft.md")
    tandem.launch("--new-window", "draft.md")
    wait_for("two windows", lambda: len(tandem.frames()) == 2)
    wid = tandem.window_ids("draft.md", 2)[0]
    subprocess.run(["xdotool", "windowsize", wid, "810", "500"], check=True)
    tandem.send(wid, "ctrl+Home", *["Right"] * 20)
    for key in ["Return", "Return", "ctrl+z", "ctrl+z"]:
        tandem.send(wid, key)
        time.sleep(0.15)  # a typist's pace: each key drawn before the next
    wait_for("the text as it was", lambda: tandem.text_of("draft.md") == words + "\n\nshort line\n")
    time.sleep(0.3)  # the last frame drawn
    shown = gutter_pixels(wid)
    assert len(set(shown)) > 1, "line numbers drawn"
    # A redraw of everything from scratch draws the right numbers: what was shown must match it.
    subprocess.run(["xrefresh"], check=True)
    time.sleep(0.5)  # the redraw done: nothing tells a client's frame is on screen
    assert gutter_pixels(wid) == shown, "the numbers shown after the undo are the ones a full redraw draws"
