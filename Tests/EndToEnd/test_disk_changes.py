"""Another program changes an open file: every window follows, or asks, or says it is gone."""
import os
import time
import subprocess

from conftest import wait_for, write
from test_documents import all_texts, two_windows


def test_clean_document_reloads_in_every_window_keeping_carets(tandem, tmp_path):
    two_windows(tandem, tmp_path, "w.txt", "l1\nl2\nl3 here\n", second_args=("+3:4",))
    # The second window's caret is at 3:4 (offset 9); find it by that, not by focus.
    b_index = wait_for("a window with its caret at 3:4", lambda: next(
        (i + 1 for i, f in enumerate(tandem.frames()) if tandem.text_in(f).caretOffset == 9), None)) - 1
    started = time.monotonic()
    (tmp_path / "w.txt").write_text("L1 changed\nl2\nl3 here too\n")
    wait_for("both windows reloaded", lambda: all_texts(tandem) == ["L1 changed\nl2\nl3 here too\n"] * 2, timeout=3)
    assert time.monotonic() - started < 1.5, "reloaded within about a second"
    assert tandem.titles() == ["w.txt", "w.txt (2)"], "a reload leaves the document clean"
    # Same line and column: line 3, column 4.
    assert tandem.text_in(tandem.frames()[b_index]).caretOffset == len("L1 changed\nl2\n") + 3


def test_dirty_document_asks_in_every_window_and_reload_wins_everywhere(tandem, tmp_path):
    a, b = two_windows(tandem, tmp_path, "d.txt", "base\n")
    tandem.send(a, text="mine ")
    wait_for("dirty", lambda: tandem.titles() == ["• d.txt", "• d.txt (2)"])
    (tmp_path / "d.txt").write_text("theirs\n")
    wait_for("the question in both windows", lambda: all(
        "changed on disk" in " ".join(tandem.labels_of_frame(f)) for f in tandem.frames()) and len(tandem.frames()) == 2)
    assert all_texts(tandem) == ["mine base\n"] * 2, "nothing is replaced without asking"
    buttons = [btn for btn in tandem.find(tandem.frame_of(b), "push button") if btn.name == "Reload"]
    buttons[0].queryAction().doAction(0)
    wait_for("reloaded in both", lambda: all_texts(tandem) == ["theirs\n"] * 2)
    wait_for("clean in both", lambda: tandem.titles() == ["d.txt", "d.txt (2)"])


def test_deleted_file_is_marked_and_save_recreates_it(tandem, tmp_path):
    (tmp_path / "gone.txt").write_text("still here\n")
    tandem.start("gone.txt")
    tandem.wait_title("gone.txt")
    os.remove(tmp_path / "gone.txt")
    wait_for("the deletion notice", lambda: "no longer on disk" in " ".join(tandem.labels_of("• gone.txt")))
    assert tandem.text_of("• gone.txt") == "still here\n"
    tandem.key("• gone.txt", "ctrl+s")
    tandem.wait_title("gone.txt")
    assert (tmp_path / "gone.txt").read_text() == "still here\n"
    wait_for("the notice gone once saved", lambda: "no longer on disk" not in " ".join(tandem.labels_of("gone.txt")))


def test_an_appended_log_is_followed_by_every_window(tandem, tmp_path):
    head = "".join(f"old line {n}\n" for n in range(2000))
    two_windows(tandem, tmp_path, "app.log", head)
    with open(tmp_path / "app.log", "a") as log:
        for n in range(10):
            log.write(f"new line {n} é\n")
            log.flush()
            expected = head + "".join(f"new line {m} é\n" for m in range(n + 1))
            wait_for(f"append {n} in both windows", lambda: all_texts(tandem) == [expected] * 2, timeout=3)
            time.sleep(0.2)  # a log's pace: each line is a change of its own, not one burst
    assert tandem.titles() == ["app.log", "app.log (2)"], "following the file leaves it clean"


def test_an_append_after_a_save_leaves_the_users_undo_in_every_window(tandem, tmp_path):
    """Delete a line, save, `echo four >> notes.txt`, Ctrl+Z. The line
    comes back and the append stays: another program's change is never the user's to undo."""
    a, b = two_windows(tandem, tmp_path, "notes.txt", "one\ntwo\nthree\n")
    tandem.send(a, "ctrl+Home", "Down", "shift+Down", "Delete")
    wait_for("the line deleted", lambda: all_texts(tandem) == ["one\nthree\n"] * 2)
    tandem.send(a, "ctrl+s")
    wait_for("saved", lambda: tandem.titles() == ["notes.txt", "notes.txt (2)"])
    with open(tmp_path / "notes.txt", "a") as log:
        log.write("four\n")
    wait_for("the append followed in both", lambda: all_texts(tandem) == ["one\nthree\nfour\n"] * 2)
    assert tandem.titles() == ["notes.txt", "notes.txt (2)"]
    tandem.send(b, "ctrl+z")
    wait_for("the line back beside the append, in both",
             lambda: all_texts(tandem) == ["one\ntwo\nthree\nfour\n"] * 2)
    wait_for("modified: the line is not on disk", lambda: tandem.titles() == ["• notes.txt", "• notes.txt (2)"])


def test_a_growing_log_is_followed_by_a_view_at_its_end_and_left_alone_elsewhere(tandem, tmp_path):
    """With the caret at a log's end, appended lines did not scroll the view. Now a
    window whose caret is at the end follows the growth, as `tail -f` does; one whose caret is
    elsewhere stays where the user is."""
    from test_place import visible_lines, caret_line, numbered
    (tmp_path / "app.log").write_text(numbered(60))
    tandem.start("app.log")
    tandem.wait_title("app.log")
    tandem.key("app.log", "ctrl+End")
    wait_for("the caret at the end", lambda: caret_line(tandem, "app.log") == 59)

    def append(first, last):
        with open(tmp_path / "app.log", "a") as log:
            for n in range(first, last):
                log.write(f"line {n + 1}\n")
    append(60, 160)
    wait_for("the caret and the view at the new end", lambda: caret_line(tandem, "app.log") == 159
             and visible_lines(tandem, "app.log")[1] == 159)
    assert tandem.titles() == ["app.log"], "followed, not modified"

    tandem.key("app.log", "ctrl+Home")
    wait_for("the caret at the start", lambda: caret_line(tandem, "app.log") == 0)
    append(160, 260)
    wait_for("the lines in", lambda: tandem.text_of("app.log").endswith("line 260\n"))
    assert caret_line(tandem, "app.log") == 0 and visible_lines(tandem, "app.log")[0] == 0, "the user's place kept"


def test_a_file_cut_short_under_the_caret_leaves_it_on_the_last_line(tandem, tmp_path):
    """After a change on disk the status said "Ln 6, Col 1" under five lines: the
    caret was left after the hidden final break, and Ctrl+End could not bring it back."""
    from conftest import descendants
    log = tmp_path / "log.txt"
    log.write_text("".join(f"line {n}\n" for n in range(1, 9)))
    tandem.start("log.txt")
    tandem.wait_title("log.txt")
    tandem.key("log.txt", "ctrl+End")

    def status():
        return next((n.name for n in descendants(tandem.frame("log.txt")) if n.name and n.name.startswith("Ln ")), None)
    wait_for("the caret at the end", lambda: status() == "Ln 8, Col 7")
    subprocess.run(["sh", "-c", f"head -n 5 {log} > {log}.new && mv {log}.new {log}"], check=True)
    wait_for("the text followed", lambda: tandem.text_of("log.txt") == "".join(f"line {n}\n" for n in range(1, 6)))
    wait_for("the caret on the last line", lambda: status() == "Ln 5, Col 7")
    write("!")
    wait_for("typed at its end", lambda: tandem.text_of("• log.txt") == "".join(f"line {n}\n" for n in range(1, 5)) + "line 5!\n")
