"""Find and Replace (Ctrl+F, Ctrl+H) and Go to Line (Ctrl+L); replacements reach every window."""
import subprocess
import time

from conftest import wait_for, hold_still, press, write
from test_documents import all_texts, two_windows


def labels(tandem, frame):
    return " ".join(tandem.labels_of_frame(frame))


def test_find_count_replace_all_reaches_the_other_window(tandem, tmp_path):
    a, b = two_windows(tandem, tmp_path, "f.txt", "one two One three one\n")
    frame_a = tandem.frame_of(a)
    tandem.send(a, "ctrl+f", text="one")
    wait_for("3 matches (case-insensitive), the first selected", lambda: "1 of 3" in labels(tandem, frame_a))
    case = [c for c in tandem.find(frame_a, "check box") if c.name == "Match Case"][0]
    case.queryAction().doAction(0)
    wait_for("2 matches with case", lambda: "1 of 2" in labels(tandem, frame_a))
    press("Return")   # Enter: select the next match
    wait_for("the next match selected", lambda: "2 of 2" in labels(tandem, frame_a))
    tandem.send(a, "ctrl+h")
    texts = tandem.find(frame_a, "text")
    replace_entry = [t for t in texts if t.queryText().getText(0, -1) == "" and t.name != "Document text"][0]
    replace_entry.queryEditableText().setTextContents("1")
    [btn for btn in tandem.find(frame_a, "push button") if btn.name == "Replace All"][0].queryAction().doAction(0)
    wait_for("replaced in both windows", lambda: all_texts(tandem) == ["1 two One three 1\n"] * 2)
    # One step to undo, from the other window.
    tandem.send(b, "Escape", "ctrl+z")
    wait_for("undone in both", lambda: all_texts(tandem) == ["one two One three one\n"] * 2)


def test_go_to_line(tandem, tmp_path):
    (tmp_path / "g.txt").write_text("l1\nline2\nl3\n")
    tandem.start("g.txt")
    tandem.wait_title("g.txt")
    tandem.key("g.txt", "ctrl+l")
    tandem.wait_field_focused("g.txt")
    press("ctrl+a")
    write("2:4", delay=12)
    press("Return")
    wait_for("caret at 2:4", lambda: tandem.caret_of("g.txt") == len("l1\n") + 3)


def test_escape_closes_the_bars_from_any_field(tandem, tmp_path):
    import pyatspi
    (tmp_path / "e.txt").write_text("find me\n")
    tandem.start("e.txt")
    tandem.wait_title("e.txt")
    tandem.key("e.txt", "ctrl+h")
    frame = tandem.frame("e.txt")

    def entries():
        return [t for t in tandem.find(frame, "text") if t.name != "Document text" and t.getState().contains(pyatspi.STATE_SHOWING)]
    wait_for("find and replace fields", lambda: len(entries()) == 2)
    replace = [t for t in entries() if t.queryText().getText(0, -1) == ""][0]
    replace.queryComponent().grabFocus()
    wait_for("the replace field focused", lambda: replace.getState().contains(pyatspi.STATE_FOCUSED))
    press("Escape")
    wait_for("the bar closed", lambda: entries() == [])
    tandem.key("e.txt", "ctrl+l")
    wait_for("Go to Line open", lambda: len(entries()) == 1)
    press("Escape")
    wait_for("Go to Line closed", lambda: entries() == [])


def test_find_says_which_match_and_whole_words(tandem, tmp_path):
    (tmp_path / "w.txt").write_text("one ones one bone one\n")
    tandem.start("w.txt")
    tandem.wait_title("w.txt")
    frame = tandem.frame("w.txt")
    tandem.key("w.txt", "ctrl+f")
    tandem.wait_field_focused("w.txt")
    write("one", delay=12)
    wait_for("5 matches inside words, the first selected as typed", lambda: "1 of 5" in labels(tandem, frame))
    whole = [c for c in tandem.find(frame, "check box") if c.name == "Whole Words"][0]
    whole.queryAction().doAction(0)
    wait_for("3 whole words", lambda: "1 of 3" in labels(tandem, frame))
    [b for b in tandem.find(frame, "push button") if b.name == "Next"][0].queryAction().doAction(0)
    wait_for("the second of three", lambda: "2 of 3" in labels(tandem, frame))
    [b for b in tandem.find(frame, "push button") if b.name == "Next"][0].queryAction().doAction(0)
    wait_for("the third of three", lambda: "3 of 3" in labels(tandem, frame))


def test_bad_input_is_said_in_place_and_never_widens_the_window(tandem, tmp_path):
    import pyatspi
    (tmp_path / "b.txt").write_text("l1\nl2\n")
    tandem.start("b.txt")
    tandem.wait_title("b.txt")
    frame = tandem.frame("b.txt")
    width = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width
    # Go to Line with something that is not a line: the entry says so, the caret stays.
    tandem.key("b.txt", "ctrl+l")
    tandem.wait_field_focused("b.txt")
    press("ctrl+a")
    write("abc", delay=12)
    press("Return")
    entry = wait_for("the entry's complaint", lambda: next((t for t in tandem.find(frame, "text")
                                                            if "line number" in (t.description or "")), None))
    assert entry.getState().contains(pyatspi.STATE_SHOWING), "the bar stays open to fix the input"
    assert "“abc” is not a line number" in labels(tandem, frame), "said beside the entry, not only in red"
    assert tandem.caret_of("b.txt") == 0
    press("Escape")
    # A regular expression that does not compile: one short line, the window as wide as it was.
    tandem.key("b.txt", "ctrl+f")
    regex = wait_for("the regex box", lambda: next((c for c in tandem.find(frame, "check box") if c.name == "Regular Expressions"), None))
    regex.queryAction().doAction(0)
    write("(sel", delay=12)
    wait_for("the short message", lambda: "Invalid expression" in labels(tandem, frame))
    hold_still(0.3)  # the window does not grow to fit a long message
    assert frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width == width


def test_find_goes_to_the_first_match_while_typing(tandem, tmp_path):
    import pyatspi
    lines = [f"line {n}" for n in range(1, 600)]
    lines[449] = "the needle is here"
    text = "\n".join(lines) + "\n"
    (tmp_path / "far.txt").write_text(text)
    tandem.start("far.txt")
    frame = tandem.wait_title("far.txt")
    view = tandem.text_in(frame)
    scrollbar = next(s for s in tandem.find(frame, "scroll bar") if s.queryValue().maximumValue > 0)
    assert scrollbar.queryValue().currentValue == 0
    tandem.key("far.txt", "ctrl+f")
    tandem.wait_field_focused("far.txt")
    write("need", delay=40)
    start = text.index("needle")
    wait_for("the match selected as it is typed", lambda: view.getNSelections() == 1 and tuple(view.getSelection(0)) == (start, start + 4))
    wait_for("the view scrolled to it", lambda: scrollbar.queryValue().currentValue > 0)
    # Typing on keeps to the same match; the keys stay in the find entry.
    write("le", delay=40)
    wait_for("the longer match", lambda: tuple(view.getSelection(0)) == (start, start + 6))
    assert view.getText(0, -1) == text


def test_the_match_count_shows_whole_in_a_split_at_scale_two(tandem, tmp_path):
    """With GDK_SCALE=2 the find bar's count showed as "…" in a side of a split (the
    count gave way before the entry); it is as wide there as in the whole window."""
    import pyatspi
    (tmp_path / "many.txt").write_text("a " * 3000)
    tandem.start("many.txt", env={"GDK_SCALE": "2"})
    tandem.wait_title("many.txt")

    def count_width(frame):
        label = wait_for("the count", lambda: next((l for l in tandem.find(frame, "label")
                                                    if l.name == "1 of 3000" and l.getState().contains(pyatspi.STATE_SHOWING)), None))
        return label.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width
    tandem.key("many.txt", "ctrl+f")
    tandem.wait_field_focused("many.txt")
    write("a")
    whole = count_width(tandem.frame("many.txt"))
    press("Escape")
    tandem.key("many.txt", "ctrl+backslash")
    tandem.wait_title("many.txt (2)")
    press("ctrl+f")
    tandem.wait_field_focused("many.txt (2)")
    write("a")
    assert count_width(tandem.frame("many.txt (2)")) >= whole, "the count is not cut"


def test_tab_goes_from_the_find_field_to_the_replace_field_and_on_to_its_buttons(tandem, tmp_path):
    import pyatspi
    from conftest import descendants
    (tmp_path / "t.txt").write_text("one two one\n")
    tandem.start("t.txt")
    tandem.wait_title("t.txt")
    tandem.key("t.txt", "ctrl+h")
    frame = tandem.frame("t.txt")

    def focused():
        node = next((n for n in descendants(frame) if n.getState().contains(pyatspi.STATE_FOCUSED)), None)
        if node is None:
            return None
        # A field by its text and whether it is the search field; a button by its name.
        if node.getRoleName() == "text":
            return ("find" if node.name == "Search" else "replace", node.queryText().getText(0, -1))
        return (node.getRoleName(), node.name)

    wait_for("the find field focused", lambda: focused() == ("find", ""))
    write("one", delay=12)
    wait_for("the first match found", lambda: "1 of 2" in labels(tandem, frame))
    press("Tab")
    wait_for("the replace field focused", lambda: focused() == ("replace", ""))
    write("1", delay=12)
    wait_for("typed into the replace field", lambda: focused() == ("replace", "1"))
    press("Tab")
    wait_for("then Replace", lambda: focused() == ("push button", "Replace"))
    press("Tab")
    wait_for("then Replace All", lambda: focused() == ("push button", "Replace All"))
    press("shift+Tab", "shift+Tab", "shift+Tab")
    wait_for("Shift+Tab back to the find field", lambda: focused() == ("find", "one"))
    press("shift+Tab")
    wait_for("round to the bar's last control", lambda: focused() == ("push button", "Close"))
    press("Tab")
    wait_for("and round again to the find field", lambda: focused() == ("find", "one"))
    # The find bar alone (Ctrl+F): Tab passes the hidden replace row.
    press("Escape")
    tandem.key("t.txt", "ctrl+f")
    wait_for("the find field focused", lambda: focused() == ("find", "one"))
    press("Tab")
    wait_for("Previous next", lambda: focused() == ("push button", "Previous"))
    assert tandem.text_of("t.txt") == "one two one\n"


def test_undoing_replace_all_keeps_the_spelling_underlines_on_screen(tandem, tmp_path):
    from test_everyday import underlined
    words = "the quiet river ran past old houses where children played and mothers called them home".split()
    paragraph = " ".join(("Anselm" if n % 9 == 4 else "wrold" if n % 13 == 6 else words[n % len(words)]) for n in range(300))
    text = "\n\n".join([paragraph] * 12) + "\n"
    (tmp_path / "book.md").write_text(text)
    tandem.start("book.md")
    tandem.wait_title("book.md")
    misspelt = [n for n in range(2000) if text.startswith("wrold", n)]
    shown = tandem.text_in(tandem.frame("book.md"))
    wait_for("the misspelt words on screen underlined", lambda: all(underlined(shown, n) for n in misspelt))
    tandem.key("book.md", "ctrl+h")
    write("Anselm", delay=12)
    press("Tab")
    write("Bertha", delay=12)  # as long as the name: the misspelt words keep their offsets
    frame = tandem.frame("book.md")
    wait_for("Replace All", lambda: [b for b in tandem.find(frame, "push button") if b.name == "Replace All"])[0].queryAction().doAction(0)
    wait_for("replaced", lambda: tandem.text_of("• book.md") == text.replace("Anselm", "Bertha"))
    wait_for("the words around the names still underlined", lambda: all(underlined(shown, n) for n in misspelt))
    press("Escape")
    tandem.key("• book.md", "ctrl+z")
    # Each look while the undo goes in and after: never a screen without its underlines.
    for _ in range(15):
        assert all(underlined(shown, n) for n in misspelt), "the underlines stay through the undo"
        time.sleep(0.05)
    wait_for("undone", lambda: tandem.text_of("book.md") == text)
    assert all(underlined(shown, n) for n in misspelt)
