"""Merge: a file changed by another program under unsaved edits takes both sides' changes, in
every window, the file's as the other program's edits (Ctrl+Z takes back only the user's); lines both changed stay twice, marked, until the user settles them;
edits left when Tandem quit are carried onto a file changed while it was closed."""

from conftest import wait_for
from test_documents import all_texts, two_windows
from test_real_programs import banner_text, press_button, run


def test_merge_takes_both_sides_in_every_window_and_undo_takes_back_only_mine(tandem, tmp_path):
    a, b = two_windows(tandem, tmp_path, "m.txt", "one\ntwo\nthree\n")
    tandem.send(a, "ctrl+Home", text="my ")
    wait_for("dirty", lambda: tandem.titles() == ["• m.txt", "• m.txt (2)"])
    run("sed", "-i", "s/three/THREE/", "m.txt", cwd=tmp_path)
    wait_for("Merge offered in both windows", lambda: all("Merge its changes" in t for t in banner_text(tandem)))
    press_button(tandem, b, "Merge")
    wait_for("both changes in both windows", lambda: all_texts(tandem) == ["my one\ntwo\nTHREE\n"] * 2)
    wait_for("the question gone in both", lambda: not any("changed on disk" in t for t in banner_text(tandem)))
    assert tandem.titles() == ["• m.txt", "• m.txt (2)"], "my change is not on disk yet"
    # Typing goes on in the text after the button, and undoes on its own.
    tandem.send(b, text="!")
    wait_for("typed after the merge", lambda: all("!" in t for t in all_texts(tandem)))
    tandem.send(b, "ctrl+z")
    wait_for("the typing undone", lambda: all_texts(tandem) == ["my one\ntwo\nTHREE\n"] * 2)
    # Saving asks nothing: the file's version was taken in.
    tandem.send(a, "ctrl+s")
    wait_for("saved", lambda: tandem.titles() == ["m.txt", "m.txt (2)"])
    assert (tmp_path / "m.txt").read_text() == "my one\ntwo\nTHREE\n"
    # Ctrl+Z takes back what I typed before the merge ("my", then the space: two steps), in both
    # windows; the file's change stays.
    tandem.send(a, "ctrl+z", "ctrl+z")
    wait_for("my typing undone, theirs kept", lambda: all_texts(tandem) == ["one\ntwo\nTHREE\n"] * 2)


def test_lines_both_changed_are_marked_and_settled_from_the_banner(tandem, tmp_path):
    a, b = two_windows(tandem, tmp_path, "c.txt", "head\nmiddle\ntail\n")
    tandem.send(a, "ctrl+Home", "Down", "End", text=" mine")
    wait_for("dirty", lambda: tandem.titles() == ["• c.txt", "• c.txt (2)"])
    run("sed", "-i", "s/middle/theirs/", "c.txt", cwd=tmp_path)
    wait_for("Merge offered", lambda: all("Merge its changes" in t for t in banner_text(tandem)))
    press_button(tandem, a, "Merge")
    wait_for("both sides kept, mine first", lambda: all_texts(tandem) == ["head\nmiddle mine\ntheirs\ntail\n"] * 2)
    wait_for("the place said in both windows", lambda: all("changed both here and on disk" in t for t in banner_text(tandem)))
    press_button(tandem, b, "Use Theirs")
    wait_for("theirs kept", lambda: all_texts(tandem) == ["head\ntheirs\ntail\n"] * 2)
    wait_for("nothing left to settle", lambda: not any("changed both here" in t for t in banner_text(tandem)))
    tandem.send(b, "ctrl+z")
    wait_for("the choice undone", lambda: all_texts(tandem) == ["head\nmiddle mine\ntheirs\ntail\n"] * 2)


def test_edits_left_at_a_quit_are_carried_onto_a_file_changed_while_closed(tandem, tmp_path):
    (tmp_path / "q.txt").write_text("first\nsecond\nthird\n")
    tandem.start("q.txt")
    tandem.wait_title("q.txt")
    tandem.type("q.txt", "mine ")
    wait_for("dirty", lambda: tandem.titles() == ["• q.txt"])
    tandem.key("• q.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    (tmp_path / "q.txt").write_text("first\nsecond\nthird, theirs\n")
    tandem.restart()
    wait_for("both changes", lambda: tandem.text_of("• q.txt") == "mine first\nsecond\nthird, theirs\n")
    wait_for("said", lambda: any("merged into its new version" in label for label in tandem.labels_of("• q.txt")))
    tandem.key("• q.txt", "ctrl+s")
    wait_for("saved without asking", lambda: tandem.titles() == ["q.txt"])
    assert (tmp_path / "q.txt").read_text() == "mine first\nsecond\nthird, theirs\n"
