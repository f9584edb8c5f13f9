"""When the machine runs out: real small disks (tmpfs, the tests run as root) under the state
folder and under a saved file. A quit never drops unsaved text its journal could not keep; a
file saved in place on a full disk keeps its old bytes; a journal waiting for room catches up
once there is room."""
import os
import subprocess
import time
from pathlib import Path

import pytest

from conftest import wait_for
from test_closing import close_window, press_button, question


@pytest.fixture
def small_disk(tmp_path):
    """Mounts tmpfs disks where asked; each one is unmounted when the test ends."""
    mounted = []

    def mount(path, size="1m"):
        path.mkdir(parents=True, exist_ok=True)
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(path)], check=True)
        mounted.append(path)
        return path

    yield mount
    for path in reversed(mounted):
        subprocess.run(["umount", "-l", str(path)], check=False)


def fill(disk, leaving=0):
    """Fills `disk` up to `leaving` bytes of room with a file of its own; returns that file."""
    filler = disk / ".filler"
    stats = os.statvfs(disk)
    room = stats.f_bavail * stats.f_frsize
    size = filler.stat().st_size if filler.exists() else 0
    try:
        with open(filler, "ab") as out:
            out.write(b"\0" * max(0, room - leaving))
    except OSError:
        pass  # full: that was the point
    return filler


def open_on_small_state_disk(tandem, tmp_path, small_disk, name, text):
    """Writes `name`, starts Tandem on it with its state folder on a 1 MB disk of its own, and
    returns the disk once the journals' folder is made."""
    (tmp_path / name).write_text(text)
    disk = small_disk(tandem.state_home, size="1m")
    tandem.start(name)
    tandem.wait_title(name)
    wait_for("the journal folder made at launch", (tandem.state_home / "tandem" / "journals").is_dir)
    return disk


def quit_question(tandem):
    return question(tandem, "before quitting?")


def test_a_full_state_folder_makes_quit_ask_and_cancel_keeps_everything(tandem, tmp_path, small_disk):
    """The state folder on a disk that fills while a letter is typed: the window says the text is
    not protected; Ctrl+Q asks instead of quitting (the reason in the question), Cancel keeps the
    window and its text, Save saves it and then quits; the next launch has the saved words."""
    disk = open_on_small_state_disk(tandem, tmp_path, small_disk, "letter.txt", "Dear reader,\n")
    fill(disk)
    tandem.type("letter.txt", "the words typed today ")
    wait_for("said in the window", lambda: any("cannot be protected against a crash" in label
                                               for label in tandem.labels_of("• letter.txt")))
    tandem.key("• letter.txt", "ctrl+q")
    dialog = quit_question(tandem)
    labels = " ".join(tandem.labels_of_frame(dialog))
    assert "“letter.txt”" in labels and "no space left on device" in labels, labels
    press_button(tandem, dialog, "Cancel")
    time.sleep(0.5)
    assert tandem.proc.poll() is None, "Cancel: Tandem stays open"
    assert tandem.titles() == ["• letter.txt"]
    assert tandem.text_of("• letter.txt") == "the words typed today Dear reader,\n"

    tandem.key("• letter.txt", "ctrl+q")
    press_button(tandem, quit_question(tandem), "Save")
    assert tandem.wait_exit() == 0
    assert (tmp_path / "letter.txt").read_text() == "the words typed today Dear reader,\n"


def test_a_state_folder_made_read_only_makes_quit_ask_and_quit_without_saving_goes(tandem, tmp_path, small_disk):
    """The state folder's disk remounted read-only under a typed document: the window says so,
    Ctrl+Q asks with the reason, and Quit without Saving quits, the file as it was."""
    disk = open_on_small_state_disk(tandem, tmp_path, small_disk, "draft.txt", "draft\n")
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    tandem.type("draft.txt", "lost on purpose ")
    wait_for("said in the window", lambda: any("read-only file system" in label for label in tandem.labels_of("• draft.txt")))
    tandem.key("• draft.txt", "ctrl+q")
    dialog = quit_question(tandem)
    assert "read-only file system" in " ".join(tandem.labels_of_frame(dialog))
    press_button(tandem, dialog, "Quit without Saving")
    assert tandem.wait_exit() == 0
    assert (tmp_path / "draft.txt").read_text() == "draft\n"


def test_a_journal_waiting_for_room_catches_up_and_quit_goes_without_a_question(tandem, tmp_path, small_disk):
    """Room comes back (the filler deleted): the banner goes by itself, the text typed while the
    disk was full is in the journal, and Ctrl+Q quits at once; the next launch has every word."""
    disk = open_on_small_state_disk(tandem, tmp_path, small_disk, "notes.txt", "notes\n")
    filler = fill(disk)
    tandem.type("notes.txt", "full ")
    wait_for("said in the window", lambda: any("cannot be protected" in label for label in tandem.labels_of("• notes.txt")))
    filler.unlink()
    wait_for("the banner gone once there is room", lambda: not any("cannot be protected" in label
                                                                   for label in tandem.labels_of("• notes.txt")))
    tandem.key("• notes.txt", "ctrl+q")
    assert tandem.wait_exit() == 0, "nothing at risk: no question"
    tandem.restart()
    wait_for("back", lambda: tandem.titles() == ["• notes.txt"])
    assert tandem.text_of("• notes.txt") == "full notes\n"


def test_a_hard_linked_file_on_a_full_disk_keeps_its_old_bytes(tandem, tmp_path, small_disk):
    """A file with a second name is saved in place; with too little room for the new text the
    save is refused before a byte is overwritten: both names hold the old file, the window says
    the disk is full and stays modified."""
    disk = small_disk(tmp_path / "disk", size="1m")
    old = "a line of the old file, 40 bytes long.\n" * 16_000
    (disk / "big.txt").write_text(old)
    os.link(disk / "big.txt", disk / "second-name.txt")
    tandem.start(str(disk / "big.txt"))
    tandem.wait_title("big.txt")
    fill(disk, leaving=128 << 10)
    tandem.key("big.txt", "ctrl+a", "ctrl+c", "ctrl+End", "ctrl+v")
    tandem.wait_title("• big.txt")
    tandem.key("• big.txt", "ctrl+s")
    wait_for("the refusal said", lambda: any("the disk is full" in label for label in tandem.labels_of("• big.txt")))
    assert (disk / "big.txt").read_text() == old
    assert (disk / "second-name.txt").read_text() == old
    assert tandem.titles() == ["• big.txt"]


def test_closing_a_sessions_last_window_asks_about_text_that_cannot_be_kept(tandem, tmp_path, small_disk):
    """Closing every window of one session while another stays keeps them in it, as a quit
    does, without a question; with the state folder full, the document whose text could not be
    kept is asked about first, and Cancel keeps its window."""
    (tmp_path / "a.txt").write_text("a\n")
    (tmp_path / "b.txt").write_text("b\n")
    disk = small_disk(tandem.state_home, size="1m")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.launch("--session", "other", "b.txt")
    tandem.wait_title("b.txt")
    wait_for("the journal folder made at launch", (tandem.state_home / "tandem" / "journals").is_dir)
    fill(disk)
    tandem.type("a.txt", "typed while full ")
    wait_for("said in the window", lambda: any("cannot be protected" in label for label in tandem.labels_of("• a.txt")))
    close_window(tandem, "• a.txt")
    dialog = question(tandem)
    assert "no space left on device" in " ".join(tandem.labels_of_frame(dialog))
    press_button(tandem, dialog, "Cancel")
    time.sleep(0.5)
    assert sorted(tandem.titles()) == ["b.txt", "• a.txt"], "Cancel keeps the session's window"
    assert tandem.text_of("• a.txt") == "typed while full a\n"


def test_logout_is_held_off_while_unsaved_text_cannot_be_kept(tandem, tmp_path, small_disk):
    """The session manager is asked to hold logout off, naming the document, while its journal
    fails, and let go once room comes back."""
    log = tmp_path / "session-manager.log"
    manager = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "fake_session_manager.py"), str(log), "0"])
    try:
        wait_for("the session manager on the bus", lambda: log.exists() and "ready" in log.read_text())
        disk = open_on_small_state_disk(tandem, tmp_path, small_disk, "essay.txt", "essay\n")
        filler = fill(disk)
        tandem.type("essay.txt", "words ")
        wait_for("logout held off", lambda: "Unsaved changes to “essay.txt” cannot be kept until the next launch" in log.read_text())
        filler.unlink()
        wait_for("and let go once the journal is whole", lambda: "Uninhibit" in log.read_text())
    finally:
        manager.kill()
        manager.wait()
