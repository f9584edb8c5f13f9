"""Document statistics: the popover over the status bar counts the document and the
selection, and follows the typing while it shows."""
import subprocess

import pytest

from conftest import wait_for, descendants
from test_day_one import click


def statistics_shown(tandem):
    """Whether a popover of statistics is on screen (its row "Bytes on disk" shows)."""
    import pyatspi
    return any(n.getRoleName() == "label" and n.name == "Bytes on disk" and n.getState().contains(pyatspi.STATE_SHOWING)
               for n in descendants(tandem.app()))


def menu_item_checked(tandem, action, window=1):
    """Whether the window menu's item for check action `action` shows its check mark."""
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.tandemedit.Tandem", "--object-path",
                          f"/io/github/tandemedit/Tandem/window/{window}", "--method", "org.gtk.Actions.Describe", action],
                         capture_output=True, text=True, check=True).stdout
    return "[<true>]" in out


def test_the_statistics_popover_counts_the_document_and_the_selection_and_follows_typing(tandem, tmp_path):
    (tmp_path / "words.txt").write_text("The quick brown fox\njumps over the lazy dog.\n")
    tandem.start("words.txt")
    tandem.wait_title("words.txt")
    tandem.key("words.txt", "ctrl+Home", "shift+End")  # "The quick brown fox" selected
    # Document Statistics in the window menu: the action its item activates.
    tandem.activate_action("statistics", window=1)

    def table():
        """The popover's rows, top to bottom, each read left to right (by where AT-SPI says each
        label is on screen: GtkGrid lists its children in no reading order)."""
        import pyatspi
        labels = [n for n in descendants(tandem.app()) if n.getRoleName() == "label"
                  and n.getState().contains(pyatspi.STATE_SHOWING)]
        if not any(n.name == "Bytes on disk" for n in labels):
            return None
        top = next(n for n in labels if n.name == "Document").queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        cells = []
        for label in labels:
            box = label.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            if box.y >= top.y and box.x >= top.x - 400:
                cells.append((box.y + box.height // 2, box.x + box.width, label.name))
        cells.sort()
        rows, last = [], None
        for middle, _, name in cells:
            if last is None or middle - last > 4:
                rows.append([])
            rows[-1].append(name)
            last = middle
        return rows

    expected = [["", "Document", "Selection"], ["Lines", "2", "1"], ["Words", "9", "4"], ["Characters", "45", "19"],
                ["Characters, without spaces", "36", "16"], ["Bytes on disk", "45", "—"]]
    wait_for("the document and the selection counted", lambda: table() == expected)
    # Typing with the popover open: the counts follow (the selection is typed over).
    tandem.type("words.txt", "A slow")
    wait_for("counted again after the keys", lambda: (table() or [])[2:4] == [["Words", "7", "0"], ["Characters", "32", "0"]])


def test_escape_puts_the_statistics_away_and_the_menu_item_shows_when_they_show(tandem, tmp_path):
    (tmp_path / "words.txt").write_text("The quick brown fox\n")
    tandem.start("words.txt")
    tandem.wait_title("words.txt")
    assert not menu_item_checked(tandem, "statistics")
    tandem.activate_action("statistics", window=1)
    wait_for("the statistics shown", lambda: statistics_shown(tandem))
    assert menu_item_checked(tandem, "statistics"), "a check mark while they show"
    tandem.type("words.txt", "Typed ")  # typing keeps them
    tandem.wait_title("• words.txt")
    assert statistics_shown(tandem)
    tandem.key("• words.txt", "Escape")
    wait_for("Escape puts them away", lambda: not statistics_shown(tandem))
    assert not menu_item_checked(tandem, "statistics")
    assert tandem.text_of("• words.txt") == "Typed The quick brown fox\n"
    # The menu item toggles them.
    tandem.activate_action("statistics", window=1)
    wait_for("shown again", lambda: statistics_shown(tandem))
    tandem.activate_action("statistics", window=1)
    wait_for("put away from the menu", lambda: not statistics_shown(tandem) and not menu_item_checked(tandem, "statistics"))


@pytest.mark.x11_only("a click at a place on screen")
def test_a_click_in_the_text_puts_the_statistics_away(tandem, tmp_path):
    (tmp_path / "words.txt").write_text("The quick brown fox\n")
    tandem.start("words.txt")
    tandem.wait_title("words.txt")
    tandem.activate_action("statistics", window=1)
    wait_for("the statistics shown", lambda: statistics_shown(tandem))
    click(tandem.document_view(tandem.frame("words.txt")))
    wait_for("a click in the text puts them away", lambda: not statistics_shown(tandem))
    assert not menu_item_checked(tandem, "statistics")
