"""Document statistics: the popover over the status bar counts the document and the
selection, and follows the typing while it shows."""
from conftest import wait_for, descendants


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
