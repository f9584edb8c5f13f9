"""Changes against git in the gutter: in a working tree, the lines that differ from the index
are marked beside the line numbers (green added, blue changed, red deleted below) and Alt+Page
Down / Up go from change to change; a commit (the index rewritten) takes the marks away."""
import subprocess

import pytest

from conftest import wait_for

GREEN = bytes([0x2E, 0xC2, 0x7E])
BLUE = bytes([0x35, 0x84, 0xE4])


def git(folder, *arguments):
    subprocess.run(["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@t", *arguments],
                   check=True, capture_output=True)


def repository(tmp_path, text):
    folder = tmp_path / "repo"
    folder.mkdir()
    (folder / "a.txt").write_text(text)
    git(folder, "init", "-q")
    git(folder, "add", "a.txt")
    git(folder, "commit", "-q", "-m", "first")
    return folder


def gutter_pixels(wid):
    """The left strip of a window's text area (line numbers and marks), as raw RGB bytes."""
    # The window whole, then its strip: import's own -crop does not cut a window's picture so.
    shot = subprocess.run(["import", "-window", wid, "miff:-"], capture_output=True, check=True).stdout
    return subprocess.run(["convert", "-", "-crop", "60x300+0+60", "+repage", "-depth", "8", "rgb:-"], input=shot,
                          capture_output=True, check=True).stdout


def has(pixels, color):
    return any(pixels[i:i + 3] == color for i in range(0, len(pixels) - 2, 3))


def test_alt_page_down_and_up_go_from_change_to_change_until_a_commit(tandem, tmp_path):
    folder = repository(tmp_path, "one\ntwo\nthree\nfour\nfive\nsix\n")
    tandem.start(str(folder / "a.txt"))
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+Home")
    tandem.type("a.txt", "new ")          # line 1 changed
    tandem.key("• a.txt", "ctrl+End", "Up", "Home")
    tandem.type("• a.txt", "X")           # line 5 changed
    tandem.key("• a.txt", "ctrl+End")
    end = len("new one\ntwo\nthree\nfour\nXfive\nsix")  # the final line break is not shown
    wait_for("the caret at the end", lambda: tandem.caret_of("• a.txt") == end)

    def after(key, offset):
        tandem.key("• a.txt", key)
        return tandem.caret_of("• a.txt") == offset
    wait_for("Alt+Page Down: round to the first change", lambda: after("alt+Page_Down", 0))
    assert after("alt+Page_Down", len("new one\ntwo\nthree\nfour\n")), "then the next"
    assert after("alt+Page_Up", 0), "and Alt+Page Up back"

    tandem.key("• a.txt", "ctrl+s")
    tandem.wait_title("a.txt")
    wait_for("saved", lambda: (folder / "a.txt").read_text() == "new one\ntwo\nthree\nfour\nXfive\nsix\n")
    git(folder, "commit", "-q", "-am", "second")

    def stays():
        tandem.key("a.txt", "ctrl+End", "alt+Page_Down")
        return tandem.caret_of("a.txt") == end
    wait_for("no change left once committed", stays)


@pytest.mark.x11_only("the gutter is read from a screenshot of the window, which X gives")
def test_marks_show_beside_the_numbers_and_go_when_committed(tandem, tmp_path):
    folder = repository(tmp_path, "one\ntwo\nthree\n")
    tandem.start(str(folder / "a.txt"))
    tandem.wait_title("a.txt")
    wid = tandem.window_ids("a.txt", 1)[0]
    assert not has(gutter_pixels(wid), GREEN) and not has(gutter_pixels(wid), BLUE), "nothing changed yet"
    tandem.key("a.txt", "ctrl+End", "Return")
    tandem.type("• a.txt", "added line")
    tandem.key("• a.txt", "ctrl+Home")
    tandem.type("• a.txt", "changed ")
    wait_for("an added line marked green, a changed one blue",
             lambda: (lambda pixels: has(pixels, GREEN) and has(pixels, BLUE))(gutter_pixels(wid)))
    tandem.key("• a.txt", "ctrl+s")
    tandem.wait_title("a.txt")
    wait_for("saved", lambda: (folder / "a.txt").read_text() == "changed one\ntwo\nthree\nadded line\n")
    git(folder, "commit", "-q", "-am", "second")
    wait_for("the marks gone with the commit",
             lambda: (lambda pixels: not has(pixels, GREEN) and not has(pixels, BLUE))(gutter_pixels(wid)))
