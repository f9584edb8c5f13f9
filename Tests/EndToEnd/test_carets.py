"""Many carets: a key at every caret is one batch of edits, shown in every window on
the document and undone in one step; each window keeps its own carets."""
import subprocess

import pyatspi
import pytest

from conftest import press, wait_for
from test_documents import two_windows, all_texts


def focused_caret(tandem):
    """The caret offset of the document view that has the keyboard focus, in any window."""
    views = [t for frame in tandem.frames() for t in tandem.find(frame, "text")
             if t.name == "Document text" and t.getState().contains(pyatspi.STATE_FOCUSED)]
    return views[0].queryText().caretOffset if len(views) == 1 else None


def wait_caret(tandem, offset):
    """Waits until the focused caret is at `offset`. The keys travel through the display server
    and the caret actions that follow them through D-Bus, apart: an action must not overtake the
    key that placed the caret (a late Ctrl+Home gathers the new carets back into one)."""
    wait_for(f"the caret at {offset}", lambda: focused_caret(tandem) == offset)


def caret_to_start(tandem):
    """Moves the focused caret to the start of the text and waits until it is there; it goes to
    the end first, so that reaching the start is something to see."""
    press("ctrl+End")
    wait_for("the caret at the end", lambda: focused_caret(tandem) not in (None, 0))
    press("ctrl+Home")
    wait_caret(tandem, 0)


def test_three_carets_type_in_two_windows_and_one_undo_takes_the_key_back(tandem, tmp_path):
    a, b = two_windows(tandem, tmp_path, "list.txt", "one\ntwo\nthree\n")
    # Two carets added below the first, as the menu adds them (openbox, the test's window
    # manager, takes Shift+Alt+Down for itself; GNOME's does not).
    tandem.focus(a)
    caret_to_start(tandem)
    tandem.activate_action("add-caret-below", window=1)
    tandem.activate_action("add-caret-below", window=1)
    tandem.send(a, text="X")
    wait_for("X typed at three carets, in both windows", lambda: all_texts(tandem) == ["Xone\nXtwo\nXthree\n"] * 2)
    tandem.send(a, "Y")
    wait_for("and Y", lambda: all_texts(tandem) == ["XYone\nXYtwo\nXYthree\n"] * 2)
    # Undo in the other window takes back the last key at all three carets, in one step.
    tandem.send(b, "ctrl+z")
    wait_for("Y undone at every caret", lambda: all_texts(tandem) == ["Xone\nXtwo\nXthree\n"] * 2)
    # The first window kept its carets: a BackSpace and a Delete act at each.
    tandem.send(a, "End", "BackSpace")
    wait_for("the last letter of each line gone", lambda: all_texts(tandem) == ["Xon\nXtw\nXthre\n"] * 2)
    tandem.send(a, "Home", "Delete")
    wait_for("the first of each gone", lambda: all_texts(tandem) == ["on\ntw\nthre\n"] * 2)
    # Escape: one caret again, on the first line.
    tandem.send(a, "Escape", text="Z")
    wait_for("Z typed once", lambda: all_texts(tandem) == ["Zon\ntw\nthre\n"] * 2)


@pytest.mark.x11_only("clicks with xdotool's pointer")
def test_ctrl_click_adds_a_caret_and_a_paste_gives_each_caret_its_line(tandem, tmp_path):
    (tmp_path / "names.txt").write_text("alpha=\nbeta=\ngamma=\n1\n2\n3\n")
    tandem.start("names.txt")
    tandem.wait_title("names.txt")
    text = tandem.text_in(tandem.frame("names.txt"))
    # Copy the three numbers, one per line.
    tandem.key("names.txt", "ctrl+End", "shift+Up", "shift+Up", "shift+Home", "ctrl+c")
    # The caret at the end of "alpha=", then Ctrl+clicks at the ends of the next two lines.
    tandem.key("names.txt", "ctrl+Home", "End")
    for offset in (len("alpha=\nbeta="), len("alpha=\nbeta=\ngamma=")):
        x, y, _, height = text.getCharacterExtents(offset - 1, pyatspi.DESKTOP_COORDS)
        subprocess.run(["xdotool", "mousemove", "--sync", str(x + 6), str(y + height // 2),
                        "keydown", "ctrl", "click", "1", "keyup", "ctrl"], check=True)
    tandem.key("names.txt", "ctrl+v")
    wait_for("each caret took its line of the clipboard",
             lambda: tandem.text_of("• names.txt") == "alpha=1\nbeta=2\ngamma=3\n1\n2\n3\n")
    tandem.key("• names.txt", "ctrl+z")
    wait_for("one undo takes the paste back", lambda: tandem.text_of("names.txt") == "alpha=\nbeta=\ngamma=\n1\n2\n3\n")


def test_next_occurrences_are_selected_as_carets_cut_at_each_and_pasted_back(tandem, tmp_path):
    (tmp_path / "code.js").write_text("let a = 1\nlet b = 2\nvar c = 3\nlet d = 4\n")
    tandem.start("code.js")
    tandem.wait_title("code.js")
    tandem.key("code.js", "ctrl+Home", "Right")
    wait_caret(tandem, 1)
    for _ in range(3):  # the word at the caret, then the next "let" twice
        tandem.activate_action("add-next-occurrence", window=1)
    tandem.type("code.js", "const")
    wait_for("every let made const", lambda: tandem.text_of("• code.js") == "const a = 1\nconst b = 2\nvar c = 3\nconst d = 4\n")
    tandem.key("• code.js", "Escape", "ctrl+Home", "Right")
    wait_caret(tandem, 1)
    tandem.activate_action("add-next-occurrence", window=1)
    tandem.activate_action("add-next-occurrence", window=1)
    tandem.key("• code.js", "ctrl+x")
    wait_for("both selections cut", lambda: tandem.text_of("• code.js") == " a = 1\n b = 2\nvar c = 3\nconst d = 4\n")
    tandem.key("• code.js", "ctrl+End", "ctrl+v")
    wait_for("the clipboard holds one line per caret",
             lambda: tandem.text_of("• code.js") == " a = 1\n b = 2\nvar c = 3\nconst d = 4const\nconst\n")
    tandem.key("• code.js", "ctrl+z", "ctrl+z")
    wait_for("two undos: the paste, then the cut", lambda: tandem.text_of("• code.js") == "const a = 1\nconst b = 2\nvar c = 3\nconst d = 4\n")


def test_return_at_many_carets_indents_each_line_as_its_own(tandem, tmp_path):
    (tmp_path / "indented.txt").write_text("  a\n    b\n")
    tandem.start("indented.txt")
    tandem.wait_title("indented.txt")
    tandem.key("indented.txt", "ctrl+Home", "End")
    wait_caret(tandem, 3)
    tandem.activate_action("add-caret-below", window=1)
    tandem.key("indented.txt", "End", "Return", "x")
    wait_for("each new line indented as the one it broke", lambda: tandem.text_of("• indented.txt") == "  a\n  x\n    b\n    x\n")


def test_a_column_selection_lines_up_by_display_columns_across_a_tab(tandem, tmp_path):
    # A tab is 8 columns wide (the setting's default): "a" and the tab reach column 8.
    (tmp_path / "table.txt").write_text("a\tb\n1234567890\nxy\n")
    tandem.start("table.txt")
    tandem.wait_title("table.txt")
    tandem.activate("table.txt")
    caret_to_start(tandem)
    tandem.activate_action("add-caret-below", window=1)
    tandem.activate_action("add-caret-below", window=1)
    for _ in range(2):  # Shift+Alt+Right twice (openbox takes the key itself, as the menu does not)
        tandem.activate_action("select-column-right", window=1)
    tandem.type("table.txt", "|")
    wait_for("each line's piece up to column 8 replaced; the short line's whole",
             lambda: tandem.text_of("• table.txt") == "|b\n|90\n|\n")


def test_ctrl_backspace_deletes_each_caret_s_own_word(tandem, tmp_path):
    (tmp_path / "words.txt").write_text("ab cd\nefgh ijklm\nk lmnop\n")
    tandem.start("words.txt")
    tandem.wait_title("words.txt")
    tandem.activate("words.txt")
    caret_to_start(tandem)
    tandem.activate_action("add-caret-below", window=1)
    tandem.activate_action("add-caret-below", window=1)
    tandem.key("words.txt", "End", "ctrl+BackSpace")
    wait_for("the last word of each line gone, however long", lambda: tandem.text_of("• words.txt") == "ab \nefgh \nk \n")


def test_carets_on_one_side_of_a_split_view_type_on_both_and_the_other_side_keeps_one(tandem, tmp_path):
    from conftest import write
    from test_tabs import tab_text
    (tmp_path / "s.txt").write_text("one\ntwo\nthree\n")
    tandem.start("s.txt")
    tandem.wait_title("s.txt")
    tandem.key("s.txt", "ctrl+backslash")
    tandem.wait_title("s.txt (2)")
    caret_to_start(tandem)
    tandem.activate_action("add-caret-below", window=1)  # the side with the focus: the right one
    tandem.activate_action("add-caret-below", window=1)
    write("X")
    wait_for("X at three carets, on both sides", lambda: tab_text(tandem, "• s.txt (2)", "• s.txt") == "Xone\nXtwo\nXthree\n")
    assert tab_text(tandem, "• s.txt (2)", "• s.txt (2)") == "Xone\nXtwo\nXthree\n"
    press("F6")
    tandem.wait_title("• s.txt")
    press("ctrl+End")
    write("Y")
    wait_for("the left side typed once, at its own caret", lambda: tab_text(tandem, "• s.txt", "• s.txt (2)") == "Xone\nXtwo\nXthreeY\n")
