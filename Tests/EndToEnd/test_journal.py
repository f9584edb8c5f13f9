"""The edit journal end to end: after kill -9 or a quit, the text and its undo history come back;
a file changed while Tandem was closed is said and merged, never silently overwritten."""
import os
import signal
import time

from conftest import wait_for


def test_kill_9_then_undo_and_redo_go_on_where_they_were(tandem, tmp_path):
    (tmp_path / "k.txt").write_text("")
    tandem.start("k.txt")
    tandem.wait_title("k.txt")
    tandem.type("k.txt", "one two")                # two undo steps: "one", " two"
    wait_for("typed", lambda: tandem.text_of("• k.txt") == "one two")
    tandem.wait_recorded(caretColumn=7)            # the window's own record (its place) follows within a second
    tandem.kill(signal.SIGKILL)
    tandem.restart()
    wait_for("the window back", lambda: tandem.titles() == ["• k.txt"])
    assert tandem.text_of("• k.txt") == "one two"
    tandem.key("• k.txt", "ctrl+z")
    wait_for("the last word undone", lambda: tandem.text_of("• k.txt") == "one")
    tandem.key("• k.txt", "ctrl+z")
    wait_for("undone to the file as it is on disk, so clean", lambda: tandem.titles() == ["k.txt"])
    assert tandem.text_of("k.txt") == ""
    tandem.key("k.txt", "ctrl+shift+z")
    wait_for("redone", lambda: tandem.text_of("• k.txt") == "one")
    # What happens after the relaunch is journaled too: a second kill keeps it.
    tandem.type("• k.txt", " more")
    wait_for("typed after the relaunch", lambda: tandem.text_of("• k.txt") == "one more")
    tandem.wait_recorded(caretColumn=8)
    tandem.kill(signal.SIGKILL)
    tandem.restart()
    wait_for("the window back again", lambda: tandem.titles() == ["• k.txt"])
    assert tandem.text_of("• k.txt") == "one more"
    tandem.key("• k.txt", "ctrl+z")
    wait_for("the word typed after the first relaunch undone", lambda: tandem.text_of("• k.txt") == "one")


def test_undo_crosses_a_save_after_a_quit(tandem, tmp_path):
    (tmp_path / "s.txt").write_text("")
    tandem.start("s.txt")
    tandem.wait_title("s.txt")
    tandem.type("s.txt", "saved")
    tandem.key("• s.txt", "ctrl+s")
    tandem.wait_title("s.txt")
    tandem.type("s.txt", " later")
    wait_for("typed after the save", lambda: tandem.text_of("• s.txt") == "saved later")
    tandem.key("• s.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    assert (tmp_path / "s.txt").read_text() == "saved"
    tandem.restart()
    wait_for("the window back", lambda: tandem.titles() == ["• s.txt"])
    tandem.key("• s.txt", "ctrl+z")
    wait_for("back to what is saved: clean", lambda: tandem.titles() == ["s.txt"])
    assert tandem.text_of("s.txt") == "saved"
    tandem.key("s.txt", "ctrl+z")
    wait_for("before the save: modified again", lambda: tandem.titles() == ["• s.txt"])
    assert tandem.text_of("• s.txt") == ""


def test_a_file_changed_while_closed_is_merged_with_the_text_kept_and_both_sides_marked(tandem, tmp_path):
    (tmp_path / "c.txt").write_text("base\n")
    tandem.start("c.txt")
    tandem.wait_title("c.txt")
    tandem.type("c.txt", "mine ")
    wait_for("typed", lambda: tandem.text_of("• c.txt") == "mine base\n")
    tandem.key("• c.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    (tmp_path / "c.txt").write_text("theirs\n")
    tandem.restart()
    wait_for("the window back", lambda: tandem.titles() == ["• c.txt"])
    # Both changed the one line: both stay, mine first, and nothing is on disk until a save.
    wait_for("both sides kept", lambda: tandem.text_of("• c.txt") == "mine base\ntheirs\n")
    wait_for("the change on disk said", lambda: any("changed on disk while Tandem was closed" in label
                                                    for label in tandem.labels_of("• c.txt")))
    assert (tmp_path / "c.txt").read_text() == "theirs\n"
    frame = tandem.frame("• c.txt")
    next(b for b in tandem.find(frame, "push button") if b.name == "Use Mine").queryAction().doAction(0)
    wait_for("mine kept", lambda: tandem.text_of("• c.txt") == "mine base\n")
    tandem.key("• c.txt", "ctrl+s")                # the file's version was seen: no question
    wait_for("saved", lambda: (tmp_path / "c.txt").read_text() == "mine base\n")


def test_a_journal_that_cannot_be_written_is_said_and_the_banner_goes_once_it_can(tandem, tmp_path):
    (tmp_path / "j.txt").write_text("text\n")
    tandem.start("j.txt")
    tandem.wait_title("j.txt")
    journals = tandem.state_home / "tandem" / "journals"
    wait_for("the journal folder made at launch", journals.is_dir)
    os.rmdir(journals)                              # as a user cleaning up, or a disk unmounted
    tandem.type("j.txt", "mine ")
    wait_for("said in the window", lambda: any("cannot be protected against a crash" in label
                                               for label in tandem.labels_of("• j.txt")))
    assert "could not keep the unsaved text" in tandem.stderr_path.read_text()
    journals.mkdir(mode=0o700)
    wait_for("gone once the journal is written", lambda: not any("cannot be protected" in label
                                                                 for label in tandem.labels_of("• j.txt")))
    wait_for("the journal on disk", lambda: any(journals.glob("*.journal")))
    # And it holds everything typed: a kill loses none of it.
    since = time.time()
    tandem.type("• j.txt", "more ")
    wait_for("typed", lambda: tandem.text_of("• j.txt") == "mine more text\n")
    tandem.wait_journaled(since)
    tandem.kill(signal.SIGKILL)
    tandem.restart()
    wait_for("back after the kill", lambda: tandem.titles() == ["• j.txt"])
    assert tandem.text_of("• j.txt") == "mine more text\n"
