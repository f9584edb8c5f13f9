"""What a writer reaches for in prose, each in Preferences and the window menu's Writing
submenu, applied live to every window: smart punctuation, a triple click that selects the paragraph,
wrapping at the margin, the document font, typewriter scrolling and focus mode."""
import subprocess
import time

import pytest

from conftest import wait_for


def app_action_is_on(name):
    """Whether app action `name` (a check item of the menus) is on, as its menu item shows it."""
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.tandemedit.Tandem", "--object-path",
                          "/io/github/tandemedit/Tandem", "--method", "org.gtk.Actions.Describe", name],
                         capture_output=True, text=True, check=True).stdout
    return "[<true>]" in out


def test_smart_punctuation_in_prose_and_one_undo_gives_back_what_was_typed(tandem, tmp_path):
    (tmp_path / "chapter.md").write_text("")
    (tmp_path / "code.py").write_text("")
    tandem.start("chapter.md", "code.py")
    tandem.wait_title("chapter.md")
    tandem.wait_title("code.py")
    assert app_action_is_on("smart-punctuation"), "on by default, its menu item checked"
    tandem.type("chapter.md", "\"Wait--it's late...\" she said --")
    expected = "\u201cWait\u2013it\u2019s late\u2026\u201d she said \u2013"
    wait_for("typographic punctuation", lambda: tandem.text_of("• chapter.md") == expected)
    tandem.key("• chapter.md", "ctrl+z")
    wait_for("one undo gives back the dash as typed", lambda: tandem.text_of("• chapter.md") == expected[:-1] + "--")
    tandem.type("• chapter.md", "\"")
    wait_for("a quote after a hyphen opens", lambda: tandem.text_of("• chapter.md").endswith("--\u201c"))
    # Code is left as typed.
    tandem.type("code.py", "s = \"it's\" -- 1...")
    wait_for("straight in code", lambda: tandem.text_of("• code.py") == "s = \"it's\" -- 1...")
    # Off from the menu: every window types as typed, at once.
    tandem.activate_action("smart-punctuation")
    wait_for("the item unchecked", lambda: not app_action_is_on("smart-punctuation"))
    tandem.key("• chapter.md", "ctrl+End")
    tandem.type("• chapter.md", " \"x\"")
    wait_for("straight once off", lambda: tandem.text_of("• chapter.md").endswith(" \"x\""))


@pytest.mark.x11_only("a click at a place on screen")
def test_a_triple_click_selects_the_paragraph_in_prose_and_the_row_in_code(tandem, tmp_path):
    import pyatspi
    paragraph = " ".join(f"word{n}" for n in range(60))
    text = "Title\n\n" + paragraph + "\nits second line\n\nnext\n"
    (tmp_path / "essay.md").write_text(text)
    (tmp_path / "long.py").write_text("x = 1\n\n" + "# " + paragraph + "\n")
    tandem.start("essay.md", "long.py")
    tandem.wait_title("essay.md")
    tandem.wait_title("long.py")

    def triple_click_second_row(title):
        tandem.activate(title)
        frame = tandem.frame(title)
        text_node = tandem.text_in(frame)
        # The second row of the wrapped line: a point of character 100 of the paragraph.
        box = text_node.getCharacterExtents(len("Title\n\n") + 100, pyatspi.DESKTOP_COORDS)
        subprocess.run(["xdotool", "mousemove", "--sync", str(box[0] + 2), str(box[1] + box[3] // 2),
                        "click", "--repeat", "3", "--delay", "80", "1"], check=True)
        return text_node

    essay = triple_click_second_row("essay.md")
    start = len("Title\n\n")
    wait_for("the whole paragraph selected", lambda: essay.getNSelections() == 1
             and tuple(essay.getSelection(0)) == (start, start + len(paragraph + "\nits second line")))
    code = triple_click_second_row("long.py")
    wait_for("one row selected in code", lambda: code.getNSelections() == 1)
    low, high = code.getSelection(0)
    assert low > start and high - low < len(paragraph), "GTK's wrapped row, not the line"


def test_prose_wraps_at_the_margin_and_shows_in_the_document_font_from_the_menu(tandem, tmp_path):
    import pyatspi
    settings = tmp_path / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True)
    (settings / "keyfile").write_text("[io/github/tandemedit/Tandem]\nopen-in-tabs=false\nright-margin-position=uint32 30\n")
    line = " ".join(f"item{n}" for n in range(30))
    (tmp_path / "essay.md").write_text(line + "\n")
    (tmp_path / "code.py").write_text("# " + line + "\n")
    tandem.start("essay.md", "code.py")
    essay = tandem.text_in(tandem.wait_title("essay.md"))
    code = tandem.text_in(tandem.wait_title("code.py"))

    def row_of(text, offset):
        """Which row the character at `offset` is drawn on (0: the line's first)."""
        first = text.getCharacterExtents(0, pyatspi.WINDOW_COORDS)
        box = text.getCharacterExtents(offset, pyatspi.WINDOW_COORDS)
        return round((box[1] - first[1]) / max(1, first[3]))

    def widths(text):
        """The widths of an "i" and an "m" of the text (equal in a monospace font)."""
        content = text.getText(0, -1)
        return tuple(text.getCharacterExtents(content.index(c), pyatspi.WINDOW_COORDS)[2] for c in "im")

    assert row_of(essay, 40) == 0, "the window's edge: the first 40 characters on one row"
    assert widths(essay)[0] == widths(essay)[1], "monospace by default"
    tandem.activate_action("wrap-at-margin")
    wait_for("wrapped at column 30", lambda: row_of(essay, 40) == 1 and row_of(essay, 25) == 0)
    assert row_of(code, 40) == 0, "code wraps at the window's edge still"
    tandem.activate_action("prose-font")
    wait_for("a proportional font in prose", lambda: widths(essay)[0] < widths(essay)[1])
    assert widths(code)[0] == widths(code)[1], "code keeps the editor's font"
    tandem.activate_action("wrap-at-margin")
    wait_for("the window's edge again", lambda: row_of(essay, 40) == 0)


def test_typewriter_scrolling_keeps_the_line_typed_at_one_height(tandem, tmp_path):
    import pyatspi
    (tmp_path / "draft.md").write_text("".join(f"Paragraph {n} of the draft.\n\n" for n in range(80)))
    tandem.start("draft.md")
    text = tandem.text_in(tandem.wait_title("draft.md"))
    tandem.activate_action("typewriter-scrolling")
    frame = tandem.frame("draft.md")
    view = tandem.document_view(frame)
    view_box = view.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)

    def caret_y():
        return text.getCharacterExtents(text.caretOffset, pyatspi.DESKTOP_COORDS)[1]

    def still_caret_y():
        # GTK animates a scroll: the caret's place once two looks a frame or two apart agree.
        first = caret_y()
        time.sleep(0.05)
        return first if caret_y() == first else None

    tandem.key("draft.md", "ctrl+End")  # the end: the room below lets even the last line come to the middle
    heights = []
    for n in range(6):
        tandem.type("draft.md" if n == 0 else "• draft.md", "A new line\n")
        wait_for("the key shown", lambda: tandem.text_of("• draft.md").count("A new line") == n + 1)
        # The scroll follows the key once it is laid out.
        wait_for("the caret in the middle", lambda: abs(caret_y() - (view_box.y + view_box.height // 2)) < 40)
        heights.append(wait_for("the scroll ended", still_caret_y))
    # The first key brings the line to the middle; from then on it stays there.
    later = heights[1:]
    assert max(later) - min(later) <= 2, f"the line typed stays at one height: {heights}"
    # The room above the first line lets the beginning come to the middle as well.
    tandem.key("• draft.md", "ctrl+Home")
    tandem.type("• draft.md", "Top ")
    wait_for("the first line typed in the middle too", lambda: abs(caret_y() - (view_box.y + view_box.height // 2)) < 40)


@pytest.mark.x11_only("a screenshot of one window")
def test_focus_mode_dims_every_paragraph_but_the_one_being_written(tandem, tmp_path):
    import pyatspi
    (tmp_path / "draft.md").write_text("".join(f"Paragraph {n} of the draft.\n\n" for n in range(10)))
    tandem.start("draft.md")
    text = tandem.text_in(tandem.wait_title("draft.md"))
    wid = tandem.window_id("draft.md")
    content = text.getText(0, -1)

    def darkest(paragraph):
        """The darkest grey of the pixels of paragraph `paragraph`'s first words, as drawn."""
        x, y, _, h = text.getCharacterExtents(content.index(f"Paragraph {paragraph} "), pyatspi.WINDOW_COORDS)
        out = subprocess.run(["import", "-window", wid, "-crop", f"120x{h}+{x}+{y}", "+repage", "-colorspace", "gray",
                              "-depth", "8", "gray:-"], capture_output=True, check=True).stdout
        return min(out)

    tandem.key("draft.md", "ctrl+Home", "Down", "Down")  # in paragraph 1
    wait_for("the text drawn dark", lambda: darkest(1) < 80 and darkest(4) < 80)
    tandem.activate_action("focus-mode")
    wait_for("the other paragraphs dimmed", lambda: darkest(4) > 100 and darkest(0) > 100)
    assert darkest(1) < 80, "the paragraph being written is not"
    tandem.key("draft.md", "Down", "Down", "Down", "Down", "Down", "Down")  # to paragraph 4
    wait_for("the dimming follows the caret", lambda: darkest(4) < 80 and darkest(1) > 100)
    tandem.activate_action("focus-mode")
    wait_for("off: all dark again", lambda: darkest(1) < 80 and darkest(0) < 80)


@pytest.mark.x11_only("clicks or drags with the pointer, which the tests move through X only")
def test_a_paragraph_s_own_language_is_checked_in_every_window_follows_typing_and_comes_back(tandem, tmp_path):
    import pyatspi
    from conftest import descendants
    from test_everyday import underlined
    # "colour" is wrong in American English (the locale's) and right in British English.
    (tmp_path / "book.txt").write_text("The colour here\n\nThe colour there,\nand more\n")
    quoted = len("The colour here\n\nThe c")
    tandem.start("book.txt")
    tandem.wait_title("book.txt")
    tandem.launch("--new-window", "book.txt")
    tandem.wait_title("book.txt (2)")
    texts = [tandem.text_in(tandem.frame(title)) for title in ("book.txt", "book.txt (2)")]
    for text in texts:
        wait_for("both 'colour's underlined", lambda: underlined(text, 5) and underlined(text, quoted))
    x, y, _, _ = texts[0].getCharacterExtents(quoted, pyatspi.DESKTOP_COORDS)
    tandem.activate("book.txt")
    subprocess.run(["xdotool", "mousemove", str(x), str(y + 5), "click", "3"], check=True)

    def showing(role, matches):
        return next((n for n in descendants(tandem.app()) if n.getRoleName() == role and matches(n.name)
                     and n.getState().contains(pyatspi.STATE_SHOWING)), None)
    submenu = wait_for("the paragraph's language in the context menu", lambda: showing("menu", lambda name: name == "Language of This Paragraph"))
    box = submenu.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)  # hovered, as a person opens a submenu
    subprocess.run(["xdotool", "mousemove", str(box.x + box.width // 2), str(box.y + box.height // 2)], check=True)
    british = wait_for("British English offered", lambda: showing("radio menu item", lambda name: "United Kingdom" in name or name == "en_GB"))
    british.queryAction().doAction(0)
    for text in texts:
        wait_for("the paragraph's 'colour' right in both windows", lambda: not underlined(text, quoted))
        assert underlined(text, 5), "the paragraph before keeps the document's language"
    # Typed at the paragraph's end (its second line), the words are in its language.
    tandem.key("book.txt", "ctrl+End")  # the file's final break is not a line of its own
    tandem.type("book.txt", " colour colr")
    tandem.key("• book.txt", "Return")
    typed = len("The colour here\n\nThe colour there,\nand more ")
    wait_for("typed at the paragraph's end", lambda: texts[0].getText(0, -1) == "The colour here\n\nThe colour there,\nand more colour colr\n\n")
    for text in texts:
        wait_for("the typed 'colr' underlined", lambda: underlined(text, typed + 8))
        assert not underlined(text, typed + 1), "the typed 'colour' is British"
    # The Return went on in the paragraph too (as a word processor's next paragraph takes the language).
    tandem.wait_recorded(paragraphLanguages=[{"line": 2, "column": 0, "endLine": 4, "endColumn": 0, "code": "en_GB"}])
    tandem.key("• book.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart()
    tandem.wait_title("• book.txt")
    text = tandem.text_in(tandem.frame("• book.txt"))
    wait_for("the document's 'colour' underlined again", lambda: underlined(text, 5))
    wait_for("the paragraph checked ('colr' underlined)", lambda: underlined(text, typed + 8))
    assert not underlined(text, quoted) and not underlined(text, typed + 1), "the paragraph came back in British English"
