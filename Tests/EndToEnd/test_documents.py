"""One document, many windows: every edit goes through the store and reaches every window."""
import os
import time

from conftest import wait_for, hold_still, press


def two_windows(tandem, tmp_path, name, content, first_args=(), second_args=()):
    (tmp_path / name).write_text(content)
    tandem.start(*first_args, name)
    tandem.wait_title(name)
    assert tandem.launch("--new-window", *second_args, name).returncode == 0
    a, b = tandem.window_ids(name, 2)
    return a, b


def all_texts(tandem):
    return [tandem.text_in(f).getText(0, -1) for f in tandem.frames()]


def test_typing_in_one_window_shows_in_the_other_and_undo_is_shared(tandem, tmp_path):
    a, b = two_windows(tandem, tmp_path, "a.txt", "start\n")
    tandem.send(a, "ctrl+End", text="hello world")  # at the end of the last line, before the final newline
    wait_for("both windows show the typing", lambda: all_texts(tandem) == ["starthello world\n"] * 2)
    assert tandem.titles() == ["• a.txt", "• a.txt (2)"], "both windows show the document is modified"
    # Undo in the other window undoes the document's last step: the last word only.
    tandem.send(b, "ctrl+z")
    wait_for("one word undone in both", lambda: all_texts(tandem) == ["starthello\n"] * 2)
    tandem.send(b, "ctrl+z")
    wait_for("back to the file", lambda: all_texts(tandem) == ["start\n"] * 2)
    wait_for("clean again in both", lambda: tandem.titles() == ["a.txt", "a.txt (2)"])
    tandem.send(a, "ctrl+shift+z")
    wait_for("redo in both", lambda: all_texts(tandem) == ["starthello\n"] * 2)
    tandem.send(b, "ctrl+s")
    wait_for("saved from the other window", lambda: tandem.titles() == ["a.txt", "a.txt (2)"])
    assert (tmp_path / "a.txt").read_text() == "starthello\n"


def test_each_window_keeps_its_own_caret(tandem, tmp_path):
    a, b = two_windows(tandem, tmp_path, "c.txt", "line1\nline2\nline3\n",
                       first_args=("+1",), second_args=("+3:2",))
    # b opened at 3:2 (offset 13); find its frame by that, not by focus.
    b_index = wait_for("b's caret at 3:2", lambda: next(
        (i + 1 for i, f in enumerate(tandem.frames()) if tandem.text_in(f).caretOffset == 13), None)) - 1
    frame_b = tandem.frames()[b_index]
    tandem.send(a, "ctrl+Home", text="ab")  # before b's caret: b's caret moves along
    wait_for("text in b", lambda: tandem.text_in(frame_b).getText(0, -1) == "abline1\nline2\nline3\n")
    assert tandem.text_in(frame_b).caretOffset == 15
    tandem.send(a, "ctrl+End", text="zz")  # after b's caret: b's caret stays
    wait_for("text in b", lambda: tandem.text_in(frame_b).getText(0, -1) == "abline1\nline2\nline3zz\n")
    frame_a = tandem.frames()[1 - b_index]
    assert tandem.text_in(frame_a).caretOffset == len("abline1\nline2\nline3zz")
    assert tandem.text_in(tandem.frames()[b_index]).caretOffset == 15


def test_cut_paste_and_composed_input_go_through_the_store(tandem, tmp_path):
    a, b = two_windows(tandem, tmp_path, "p.txt", "one two\n")
    # Select all and cut in a; both windows empty (the file's final newline stays, as in gedit).
    tandem.send(a, "ctrl+a", "ctrl+x")
    wait_for("cut in both", lambda: all_texts(tandem) == ["\n", "\n"])
    tandem.send(b, "ctrl+v", "Return", "ctrl+v")
    wait_for("pasted twice in both", lambda: all_texts(tandem) == ["one two\none two\n"] * 2)
    # GTK's input method: Ctrl+Shift+U, hex digits, space composes in a preedit, then commits
    # one character (Hangul syllable GA), as an IME does.
    tandem.send(a, "ctrl+Home", "ctrl+shift+u", "a", "c", "0", "0", "space")
    wait_for("the composed syllable in both", lambda: all_texts(tandem) == ["가one two\none two\n"] * 2)
    # A paste over a selection is one undo step.
    tandem.send(a, "ctrl+z")
    wait_for("commit undone", lambda: all_texts(tandem) == ["one two\none two\n"] * 2)


def test_links_and_other_spellings_join_the_same_document(tandem, tmp_path):
    (tmp_path / "real.txt").write_text("shared\n")
    os.symlink("real.txt", tmp_path / "link.txt")
    (tmp_path / "sub").mkdir()
    tandem.start("real.txt")
    tandem.wait_title("real.txt")
    assert tandem.launch("--new-window", "link.txt").returncode == 0
    # One document, one name: the link's window shows the document it joined.
    wait_for("two windows on real.txt", lambda: tandem.titles() == ["real.txt", "real.txt (2)"])
    # Without --new-window, another spelling of an open file raises its window.
    assert tandem.launch("sub/../real.txt", cwd=tmp_path).returncode == 0
    hold_still(0.5)  # no third window
    assert tandem.titles() == ["real.txt", "real.txt (2)"]
    tandem.type(tandem.titles()[0], "X")
    wait_for("typing reaches both", lambda: sorted(all_texts(tandem)) == ["Xshared\n", "Xshared\n"])
    tandem.key(tandem.titles()[0], "ctrl+s")
    wait_for("saved", lambda: not any(t.startswith("•") for t in tandem.titles()))
    assert os.path.islink(tmp_path / "link.txt"), "the link stays a link"
    assert (tmp_path / "real.txt").read_text() == "Xshared\n"


def test_new_window_on_this_document_and_only_the_last_window_asks(tandem, tmp_path):
    import subprocess
    (tmp_path / "n.txt").write_text("n\n")
    (tmp_path / "other.txt").write_text("o\n")
    tandem.start("n.txt")
    tandem.wait_title("n.txt")
    assert tandem.launch("other.txt").returncode == 0
    tandem.wait_title("other.txt")
    tandem.type("n.txt", "q")
    tandem.wait_title("• n.txt")

    def n_texts():
        return [tandem.text_in(f).getText(0, -1) for f in tandem.frames() if f.name.startswith("• n.txt")]
    # The window menu's "New Window on This Document" activates win.new-window-on-document;
    # GtkApplication exports window 1's actions on the session bus, so call it the same way.
    tandem.activate_action("new-window-on-document", window=1)
    a, b = tandem.window_ids("• n.txt", 2)
    assert n_texts() == ["qn\n", "qn\n"]
    tandem.send(b, "ctrl+End", text="r")
    wait_for("typing in one window reaches the other", lambda: n_texts() == ["qnr\n", "qnr\n"])
    # Closing one of two windows on a modified document does not ask…
    tandem.send(a, "ctrl+w")
    wait_for("one n.txt window left", lambda: tandem.titles() == ["other.txt", "• n.txt"])
    # …closing its last window while another window stays does (Escape cancels, nothing is lost).
    tandem.key("• n.txt", "ctrl+w")
    tandem.wait_save_question()
    press("Escape")
    tandem.wait_no_save_question()
    assert tandem.titles() == ["other.txt", "• n.txt"]
    assert (tmp_path / "n.txt").read_text() == "n\n"


def test_legacy_encoding_and_crlf_are_kept_on_save(tandem, tmp_path):
    original = "caf\xe9 line\r\nsecond\r\n".encode("cp1252")
    (tmp_path / "old.txt").write_bytes(original)
    tandem.start("old.txt:1:1")
    tandem.wait_title("old.txt")
    assert "Windows-1252" in " ".join(tandem.labels_of("old.txt")), "the info bar says it is not UTF-8"
    assert tandem.text_of("old.txt") == "café line\r\nsecond\r\n"
    tandem.key("old.txt", "ctrl+End")
    tandem.type("old.txt", "third")
    tandem.key("• old.txt", "Return")
    tandem.type("• old.txt", "fourth")
    tandem.key("• old.txt", "ctrl+s")
    tandem.wait_title("old.txt")
    assert (tmp_path / "old.txt").read_bytes() == "caf\xe9 line\r\nsecondthird\r\nfourth\r\n".encode("cp1252")
