"""A 100 MB document: AT-SPI reads its whole character count and its last line, and after
Ctrl+End the end of the file is drawn as text (GTK 3 draws a text view taller than it can
handle as a black area; the windowed view never makes one that tall)."""
import subprocess
import pytest

from conftest import wait_for, descendants
from test_place import caret_line, visible_lines

LINE = "a line of a hundred-megabyte document, typed by nobody at all, 0123456789\n"
LAST = "the very last line"


def brightness(path, x, y, width, height):
    """The mean brightness (0 black, 1 white) of a rectangle of a screenshot."""
    return float(subprocess.run(["convert", str(path), "-crop", f"{width}x{height}+{x}+{y}", "-colorspace", "Gray",
                                 "-format", "%[fx:mean]", "info:"], capture_output=True, text=True, check=True).stdout)


@pytest.mark.x11_only("reads the screen's pixels from the X server")
def test_the_end_of_a_100_mb_file_is_read_and_drawn(tandem, tmp_path):
    count = 100_000_000 // len(LINE)
    with open(tmp_path / "huge.txt", "w") as f:
        f.write(LINE * count + LAST)
    total = len(LINE) * count + len(LAST)
    tandem.start("huge.txt")
    tandem.wait_title("huge.txt")
    view = tandem.text_in(tandem.frame("huge.txt"))
    wait_for("the whole file loaded", lambda: view.characterCount == total, timeout=120, interval=0.5)
    assert view.getText(total - len(LAST), total) == LAST
    tandem.key("huge.txt", "ctrl+End")
    wait_for("the caret at the end", lambda: view.caretOffset == total)
    wait_for("the last line on screen", lambda: visible_lines(tandem, "huge.txt")[1] == count == caret_line(tandem, "huge.txt"))
    x, y, width, height = tandem.document_view(tandem.frame("huge.txt")).queryComponent().getExtents(0)
    shot = tmp_path / "end.png"
    subprocess.run(["import", "-window", "root", str(shot)], check=True)
    assert brightness(shot, x + 60, y, width - 80, height) > 0.6, "the text area is drawn, not black"
    assert tandem.gtk_complaints() == []


@pytest.mark.x11_only("clicks with xdotool's pointer")
def test_the_overview_map_of_a_100_mb_file_takes_the_view_to_its_end(tandem, tmp_path):
    count = 100_000_000 // len(LINE)
    with open(tmp_path / "huge.txt", "w") as f:
        f.write(LINE * count + LAST)
    keyfile = tandem.tmp / "config" / "glib-2.0" / "settings" / "keyfile"
    keyfile.parent.mkdir(parents=True, exist_ok=True)
    keyfile.write_text("[io/github/tandemedit/Tandem]\nopen-in-tabs=false\nshow-map=true\n")
    tandem.start("huge.txt")
    tandem.wait_title("huge.txt")
    view = tandem.text_in(tandem.frame("huge.txt"))
    wait_for("the whole file loaded", lambda: view.characterCount == len(LINE) * count + len(LAST), timeout=120, interval=0.5)
    text = tandem.document_view(tandem.frame("huge.txt")).queryText()
    x, y, width, height = tandem.document_view(tandem.frame("huge.txt")).queryComponent().getExtents(0)

    def line_at(height_fraction):
        # Every line is as long as LINE: the offset says the line (the whole text is 100 MB to read).
        return text.getOffsetAtPoint(x + 40, y + int(height * height_fraction), 0) // len(LINE)
    assert line_at(0.05) == 0
    # A click at the map's foot is the document's end.
    strip = next(node for node in descendants(tandem.frame("huge.txt")) if node.name == "Overview map")
    mx, my, mwidth, mheight = strip.queryComponent().getExtents(0)
    subprocess.run(["xdotool", "mousemove", "--sync", str(mx + mwidth // 2), str(my + mheight - 2), "click", "1"], check=True)
    wait_for("the view at the end", lambda: line_at(0.97) >= count - 1, timeout=20)
    # A click at its head: back to the start.
    subprocess.run(["xdotool", "mousemove", "--sync", str(mx + mwidth // 2), str(my + 1), "click", "1"], check=True)
    wait_for("the view at the start", lambda: line_at(0.05) == 0, timeout=20)
    assert tandem.gtk_complaints() == []
