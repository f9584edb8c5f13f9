"""The user's place: the caret's line is on screen after FILE:LINE, Go to Line, a restore and
Reopen Closed Window; a selection comes back with its anchor; a place deep in a big file comes
back at its line."""
import subprocess
import time

import pyatspi

import pytest

from conftest import wait_for, press, write, WAYLAND


def visible_lines(tandem, title):
    """The first and last document lines whose text shows in the window's view (0-based)."""
    view = tandem.document_view(tandem.frame(title))
    x, y, width, height = view.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    text = view.queryText()
    whole = text.getText(0, -1)
    top = text.getOffsetAtPoint(x + 40, y + 4, pyatspi.DESKTOP_COORDS)
    bottom = text.getOffsetAtPoint(x + 40, y + height - 4, pyatspi.DESKTOP_COORDS)
    return whole.count("\n", 0, max(top, 0)), whole.count("\n", 0, max(bottom, 0))


def caret_line(tandem, title):
    text = tandem.text_in(tandem.frame(title))
    return text.getText(0, text.caretOffset).count("\n")


def numbered(count):
    return "".join(f"line {n + 1}\n" for n in range(count))


def shows_caret(tandem, title):
    first, last = visible_lines(tandem, title)
    line = caret_line(tandem, title)
    return first <= line <= last or (first, last, line)


def test_file_line_shows_the_caret(tandem, tmp_path):
    (tmp_path / "long.txt").write_text(numbered(400))
    tandem.start("long.txt:120:5")
    tandem.wait_title("long.txt")
    wait_for("line 120 on screen", lambda: caret_line(tandem, "long.txt") == 119 and shows_caret(tandem, "long.txt") is True)


def test_a_selection_and_the_place_come_back_after_quit(tandem, tmp_path):
    (tmp_path / "s.txt").write_text(numbered(400))
    tandem.start("s.txt:300")
    tandem.wait_title("s.txt")
    wait_for("line 300", lambda: caret_line(tandem, "s.txt") == 299)
    tandem.key("s.txt", "shift+Down", "shift+Down", "shift+End")
    text = tandem.text_in(tandem.frame("s.txt"))
    selection = wait_for("a selection", lambda: text.getNSelections() == 1 and text.getSelection(0))
    tandem.key("s.txt", "ctrl+q")
    assert tandem.wait_exit() == 0

    tandem.restart()
    tandem.wait_title("s.txt")
    text = tandem.text_in(tandem.frame("s.txt"))
    wait_for("the same selection", lambda: text.getNSelections() == 1 and tuple(text.getSelection(0)) == tuple(selection))
    assert text.caretOffset == selection[1], "the caret is at the end the user moved"
    wait_for("the caret's line on screen", lambda: shows_caret(tandem, "s.txt") is True)


def test_a_place_deep_in_a_big_file_comes_back_at_its_line(tandem, tmp_path):
    (tmp_path / "big.txt").write_text(numbered(200_000))  # about 2.3 MB: it streams in
    tandem.start("big.txt:150000:3")
    tandem.wait_title("big.txt")
    wait_for("line 150000", lambda: caret_line(tandem, "big.txt") == 149_999, timeout=30)
    tandem.key("big.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart()
    tandem.wait_title("big.txt")
    wait_for("line 150000 again", lambda: caret_line(tandem, "big.txt") == 149_999, timeout=30)
    wait_for("on screen", lambda: shows_caret(tandem, "big.txt") is True, timeout=30)


def test_go_to_line_shows_the_line(tandem, tmp_path):
    (tmp_path / "g.txt").write_text(numbered(400))
    tandem.start("g.txt")
    tandem.wait_title("g.txt")
    tandem.key("g.txt", "ctrl+l")
    tandem.wait_field_focused("g.txt")
    press("ctrl+a")
    write("250", delay=12)
    press("Return")
    wait_for("line 250 on screen", lambda: caret_line(tandem, "g.txt") == 249 and shows_caret(tandem, "g.txt") is True)


def test_reopen_closed_window_shows_the_caret(tandem, tmp_path):
    (tmp_path / "a.txt").write_text("a\n")
    (tmp_path / "r.txt").write_text(numbered(400))
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    assert tandem.launch("r.txt:320").returncode == 0
    tandem.wait_title("r.txt")
    wait_for("line 320 on screen", lambda: caret_line(tandem, "r.txt") == 319 and shows_caret(tandem, "r.txt") is True)
    tandem.key("r.txt", "ctrl+w")
    wait_for("r.txt closed", lambda: tandem.titles() == ["a.txt"])
    tandem.key("a.txt", "ctrl+shift+t")
    tandem.wait_title("r.txt")
    wait_for("line 320 on screen again", lambda: caret_line(tandem, "r.txt") == 319 and shows_caret(tandem, "r.txt") is True)


@pytest.mark.skipif(WAYLAND, reason="X11: where a window is, and its size in device pixels, are read with xdotool")
def test_a_window_relaunched_at_twice_the_scale_comes_back_whole_on_the_screen(tandem, tmp_path):
    """A window kept at a scale of 1 and brought back with GDK_SCALE=2 came back at
    1222,680, 1978x1312 on a 1600x1000 screen, mostly off it. Its size and place are clamped onto
    the monitor it comes back on."""
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    wid = tandem.window_id("a.txt")
    subprocess.run(["xdotool", "windowsize", wid, "989", "656", "windowmove", wid, "611", "340"], check=True)
    wait_for("moved and sized", lambda: geometry(wid) == (611, 340, 989, 656) or None)
    tandem.key("a.txt", "ctrl+q")  # the last records are taken as it quits
    tandem.wait_exit()
    tandem.restart(env={"GDK_SCALE": "2"})
    tandem.wait_title("a.txt")
    wid = tandem.window_id("a.txt")
    time.sleep(1)
    subprocess.run(["import", "-window", "root", str(tmp_path / "hidpi.png")])
    x, y, width, height = geometry(wid)
    # GTK's X window takes in its shadow (a few logical pixels round the frame, doubled here).
    shadow = 40
    assert -shadow <= x and -shadow <= y and x + width <= 1600 + shadow and y + height <= 1000 + shadow, (x, y, width, height)


def geometry(wid):
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid], capture_output=True, text=True).stdout
    values = dict(line.split("=") for line in out.split())
    return tuple(int(values[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
