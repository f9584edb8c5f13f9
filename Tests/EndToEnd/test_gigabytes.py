"""A file past 2 GiB, as a user reaches for an editor with a log nothing else opens: it opens as
pieces of itself (memory follows the screen, not the file), takes typing at its end, keeps it
through a kill -9, saves, and opens again with the typing in it."""
import os
import time

import pyatspi
from conftest import wait_for

LINE = b"2026-12-04T05:00:00Z INFO a request was served in 12 ms from 10.0.0.1, all fine\n"
LAST = b"the last line of three gibibytes"
TYPED = " and a few words typed at its end"


def position(tandem, title):
    """The status bar's "Ln X, Col Y"."""
    return next((b.name for b in tandem.find(tandem.frame(title), "push button") if b.name.startswith("Ln ")), None)


def loading_bar(tandem, title):
    """The loading bar's words when it is shown, else None."""
    frame = tandem.frame(title)
    labels = tandem.find(frame, "label") if frame else []
    return next((label.name for label in labels if label.name.startswith("Loading")
                 and label.getState().contains(pyatspi.STATE_SHOWING)), None)


def drop_pages(path):
    """Reads of `path` come from the disk again. Only this file's pages are dropped: the other
    backend's tests run beside these."""
    with open(path, "rb") as f:
        os.fsync(f.fileno())
        os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)


def peak_memory_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) // 1024


def test_a_3_gib_file_is_typed_into_at_its_end_kept_through_a_kill_saved_and_opened_again(tandem, tmp_path):
    block = LINE * ((4 << 20) // len(LINE))
    blocks = (3 << 30) // len(block) + 1
    path = tmp_path / "huge.log"
    with open(path, "wb") as f:
        for _ in range(blocks):
            f.write(block)
        f.write(LAST + b"\n")
    size = os.path.getsize(path)
    assert size > 3 << 30
    lines = blocks * (len(block) // len(LINE)) + 1
    # Read from the disk, as a log this big usually is: the index takes seconds, and the window
    # says so with its loading bar, gone once the whole file is counted.
    drop_pages(path)
    tandem.start("huge.log")
    tandem.wait_title("huge.log", timeout=30)
    shown = wait_for("the loading bar", lambda: loading_bar(tandem, "huge.log"), timeout=30, interval=0.1)
    assert shown == "Loading “huge.log”…"
    # Ctrl+End once, while it is read: the caret keeps to the end as the rest comes in.
    tandem.key("huge.log", "ctrl+End")
    wait_for("the loading bar gone", lambda: loading_bar(tandem, "huge.log") is None, timeout=120, interval=0.5)
    wait_for("the caret on the last line", lambda: position(tandem, "huge.log") == f"Ln {lines}, Col {len(LAST) + 1}",
             timeout=10, interval=0.5)
    since = time.time()
    tandem.type("huge.log", TYPED)
    tandem.wait_title("• huge.log")
    typed_end = f"Ln {lines}, Col {len(LAST) + len(TYPED) + 1}"
    wait_for("the typing in", lambda: position(tandem, "• huge.log") == typed_end, timeout=30)
    # Killed with the typing unsaved: the journal keeps the edits and which file they go over,
    # never a copy of it, and the relaunch puts them back over the file's pieces.
    tandem.wait_journaled(since, timeout=30)
    assert sum(p.stat().st_size for p in (tandem.state_home / "tandem" / "journals").glob("*")) < 1 << 20
    tandem.kill()
    # The relaunch reads the file from the disk again: the window is there meanwhile, saying
    # what it waits for, and the edits come back over the file once it is all read.
    drop_pages(path)
    tandem.restart()
    tandem.wait_title("huge.log", timeout=30)
    restoring = wait_for("the loading bar of the restore", lambda: loading_bar(tandem, "huge.log"), timeout=30, interval=0.1)
    assert restoring == "Loading “huge.log” to put your unsaved changes back over it…"
    tandem.wait_title("• huge.log", timeout=120)

    def at_typed_end():
        tandem.key("• huge.log", "ctrl+End")
        return position(tandem, "• huge.log") == typed_end
    wait_for("the typing back after the kill", at_typed_end, timeout=60, interval=1)
    assert os.path.getsize(path) == size, "the file itself untouched until saved"
    tandem.key("• huge.log", "ctrl+s")

    def saved():
        if os.path.getsize(path) != size + len(TYPED):
            return False
        with open(path, "rb") as f:
            f.seek(-200, os.SEEK_END)
            return f.read().endswith(LAST + TYPED.encode() + b"\n")
    wait_for("the file saved", saved, timeout=180, interval=0.5)
    tandem.wait_title("huge.log", timeout=30)
    with open(path, "rb") as f:
        assert f.read(len(block)) == block, "the head is the file's own"
        f.seek(len(block) * (blocks // 2))
        assert f.read(len(block)) == block, "and so is its middle"
    # The text stays in the file: what is in memory is its index, the screen and the typing.
    assert peak_memory_mb(tandem.proc.pid) < 400
    assert tandem.gtk_complaints() == []

    tandem.key("huge.log", "ctrl+q")
    tandem.wait_exit(timeout=30)
    tandem.restart("huge.log")
    tandem.wait_title("huge.log", timeout=30)

    def at_new_end():
        tandem.key("huge.log", "ctrl+End")
        return position(tandem, "huge.log") == f"Ln {lines}, Col {len(LAST) + len(TYPED) + 1}"
    wait_for("the typing there after a relaunch", at_new_end, timeout=120, interval=1)
    assert tandem.titles() == ["huge.log"], "opened clean"
