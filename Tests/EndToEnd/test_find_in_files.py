"""Find in Files and Replace in Files in a folder's side panel: a word found in every file of
the folder (an open one as its window holds it, a binary one skipped), a line opening its file
at the match, the ticked lines replaced on disk and in the open windows, and one undo taking it
all back."""
import pyatspi

from conftest import Tandem, press, wait_for, write
from test_folder import act, start_on_folder


def results_tree(frame):
    """Find in Files' results in `frame`'s side panel, or None."""
    return next((t for t in Tandem.find(frame, "tree table") if t.name == "Matches in the files"), None) if frame else None


def result_rows(tree):
    """What the results show, top to bottom: a file's row, then its lines."""
    names = []
    for row in tree:
        if row is None:
            continue
        if row.name:
            names.append(row.name)
        names += [cell.name for cell in row if cell is not None and cell.name]
    return names


def status_of(frame):
    """Find in Files' line that counts the matches (not the folder's path under the title)."""
    return next((label.name for label in Tandem.find(frame, "label") if "match" in label.name and not label.name.startswith("/")), None)


def find_field_focused(frame):
    field = next((t for t in Tandem.find(frame, "text") if t.name == "Find in files"), None)
    return field if field and field.getState().contains(pyatspi.STATE_FOCUSED) else None


def find_word_beside_unsaved_d(tandem, project):
    """Adds src/c.txt, opens d.txt in a window of its own with unsaved text holding "word", then
    looks for "word" with Find in Files in the folder's window; returns that window and its results."""
    (project / "src").mkdir()
    (project / "src" / "c.txt").write_text("one\nword and word\n")
    assert tandem.launch(str(project / "d.txt")).returncode == 0
    tandem.wait_title("d.txt")
    tandem.key("d.txt", "ctrl+End")
    tandem.type("d.txt", " typed word")
    wait_for("the unsaved text", lambda: tandem.text_of("• d.txt") == "delta typed word\n")
    tandem.key("Untitled Document 1", "ctrl+shift+f")
    frame = tandem.frame("Untitled Document 1")
    wait_for("the field to find with the keyboard", lambda: find_field_focused(frame))
    write("word")
    return frame, wait_for("the results", lambda: results_tree(frame))


def test_find_in_files_finds_a_word_in_every_file_an_open_one_as_it_stands(tandem, tmp_path):
    project, _ = start_on_folder(tandem, tmp_path, {"a.txt": "alpha word\n", "b.txt": "nothing here\n",
                                                    "d.txt": "delta\n", "binary.dat": "word\0\0\n"})
    frame, tree = find_word_beside_unsaved_d(tandem, project)
    wait_for("three files, the open one as it stands, the binary one left out",
             lambda: sorted(name for name in result_rows(tree) if "(" in name) == ["a.txt  (1)", "c.txt  src  (2)", "d.txt  (1)"])
    rows_now = result_rows(tree)
    assert "1  delta typed word" in rows_now and "2  word and word" in rows_now and "1  alpha word" in rows_now, rows_now
    wait_for("counted, the binary file said", lambda: status_of(frame) == "4 matches in 3 files. 1 binary file skipped.")

    cell = wait_for("c.txt's line", lambda: next((c for row in tree if row is not None
                                                  for c in [row, *[x for x in row if x is not None]] if c.name == "2  word and word"), None))
    act(cell, "activate")
    tandem.wait_title("c.txt")
    wait_for("c.txt opened at its match", lambda: tandem.caret_of("c.txt") == len("one\n"))
    assert tandem.text_of("• d.txt") == "delta typed word\n", "the open document was only read"
    assert (project / "d.txt").read_text() == "delta\n"


def result_cells(tree):
    """Every cell of the results (a row's tick and text), top to bottom."""
    cells = []
    for row in tree:
        if row is None:
            continue
        cells.append(row)
        cells += [cell for cell in row if cell is not None]
    return cells


def button(frame, name):
    return next((b for b in Tandem.find(frame, "push button") if b.name == name), None)


def test_replace_in_files_changes_the_ticked_lines_and_one_undo_takes_it_all_back(tandem, tmp_path):
    project, _ = start_on_folder(tandem, tmp_path, {"a.txt": "alpha word\n", "d.txt": "delta\n", "e.txt": "word kept\n"})
    frame, tree = find_word_beside_unsaved_d(tandem, project)
    wait_for("four files", lambda: status_of(frame) == "5 matches in 4 files.")
    # A row is a cell holding its tick and its text: e.txt's line is unticked, and left alone.
    row = next(r for r in tree if r is not None and any(c is not None and c.name == "1  word kept" for c in r))
    assert row[0].getState().contains(pyatspi.STATE_CHECKED), "every line starts ticked"
    tree.queryComponent().grabFocus()
    order = [name for name in result_rows(tree)]
    press("Home", *["Down"] * order.index("1  word kept"), "space")  # Space ticks, as in Kate
    wait_for("unticked", lambda: not row[0].getState().contains(pyatspi.STATE_CHECKED))
    press("Return")  # and Enter opens the line's file, in place of the untouched empty tab
    tandem.wait_title("e.txt")
    assert not row[0].getState().contains(pyatspi.STATE_CHECKED), "Enter only opens"

    press("shift+ctrl+f", "Tab")  # from the field to find to the replacement's
    write("term")
    act(wait_for("Replace on", lambda: (b := button(frame, "Replace")) and b.getState().contains(pyatspi.STATE_SENSITIVE) and b), "click")
    wait_for("replaced", lambda: status_of(frame) == "4 matches replaced in 3 files.")
    assert (project / "a.txt").read_text() == "alpha term\n"
    assert (project / "src" / "c.txt").read_text() == "one\nterm and term\n"
    assert (project / "e.txt").read_text() == "word kept\n", "the unticked line left as it was"
    wait_for("the open document changed in its window, not saved", lambda: tandem.text_of("• d.txt") == "delta typed term\n")
    assert (project / "d.txt").read_text() == "delta\n"

    act(wait_for("Undo Replace in Files", lambda: button(frame, "Undo Replace in Files")), "click")
    wait_for("undone", lambda: any(label.name == "Replace in Files undone." for label in Tandem.find(frame, "label")))
    wait_for("every file back on disk", lambda: (project / "a.txt").read_text() == "alpha word\n"
             and (project / "src" / "c.txt").read_text() == "one\nword and word\n")
    wait_for("and in the window", lambda: tandem.text_of("• d.txt") == "delta typed word\n")
    assert (project / "e.txt").read_text() == "word kept\n"


def test_a_file_with_more_matching_lines_than_are_listed_says_replace_changes_only_those(tandem, tmp_path):
    start_on_folder(tandem, tmp_path, {"big.txt": "word\n" * 1_005, "small.txt": "word\n"})
    tandem.key("Untitled Document 1", "ctrl+shift+f")
    frame = tandem.frame("Untitled Document 1")
    wait_for("the field to find with the keyboard", lambda: find_field_focused(frame))
    write("word")
    wait_for("the status says what Replace would leave", lambda: (status_of(frame) or "").endswith(
        " in 2 files. 1,001 lines are listed, and only they are replaced.")
        or (status_of(frame) or "").endswith(" in 2 files. 1001 lines are listed, and only they are replaced."))
