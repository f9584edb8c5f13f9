"""Saving respects the file and the people around it: a change on disk is never overwritten
unasked, and a file's owner, mode and links survive a save; the permission cases run as
`nobody`, since root may write anything."""
import os
import shutil
import signal
import subprocess
import time
import pytest
from pathlib import Path

from conftest import TANDEM, wait_for, hold_still, press, write


def test_an_unanswered_change_on_disk_is_not_overwritten_by_save(tandem, tmp_path):
    path = tmp_path / "c.txt"
    path.write_text("base\n")
    tandem.start("c.txt")
    tandem.wait_title("c.txt")
    tandem.type("c.txt", "mine ")
    tandem.wait_title("• c.txt")
    path.write_text("theirs\n")
    wait_for("the question", lambda: "changed on disk" in " ".join(tandem.labels_of("• c.txt")))
    # The user closes the question with its × instead of answering, and saves.
    import pyatspi
    close = wait_for("the question's close button", lambda: next(
        (b for bar in tandem.find(tandem.frame("• c.txt"), "info bar") if bar.getState().contains(pyatspi.STATE_SHOWING)
         for b in tandem.find(bar, "push button") if b.name == "Close"), None))
    close.queryAction().doAction(0)
    wait_for("the question gone", lambda: "changed on disk" not in " ".join(tandem.labels_of("• c.txt")))
    tandem.key("• c.txt", "ctrl+s")
    dialog = wait_for("the overwrite question", lambda: [
        f for f in tandem.app() if f is not None and "since you last saw it" in " ".join(tandem.labels_of_frame(f))])
    assert path.read_text() == "theirs\n", "nothing written before the user answers"
    overwrite = [b for b in tandem.find(dialog[0], "push button") if b.name == "Overwrite"]
    overwrite[0].queryAction().doAction(0)
    tandem.wait_title("c.txt")
    assert path.read_text() == "mine base\n"


def test_saving_keeps_owner_group_mode_and_hard_links(tandem, tmp_path):
    path, other = tmp_path / "owned.txt", tmp_path / "other-name.txt"
    path.write_text("one\n")
    os.chown(path, 65534, 65534)
    os.chmod(path, 0o640)
    tandem.start("owned.txt")
    tandem.wait_title("owned.txt")
    tandem.type("owned.txt", "x")
    tandem.key("• owned.txt", "ctrl+s")
    tandem.wait_title("owned.txt")
    info = os.stat(path)
    assert (info.st_uid, info.st_gid, info.st_mode & 0o7777) == (65534, 65534, 0o640)
    assert path.read_text() == "xone\n"
    os.link(path, other)
    tandem.type("owned.txt", "y")
    tandem.key("• owned.txt", "ctrl+s")
    tandem.wait_title("owned.txt")
    assert other.read_text() == "xyone\n", "a hard link sees the save (written in place)"


def _window(name, timeout=15):
    """The X window id whose title is exactly `name`, found without AT-SPI (nobody has none)."""
    def find():
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{name}$"],
                               capture_output=True, text=True).stdout.split()
        return found[0] if found else None
    return wait_for(f"a window titled {name!r}", find, timeout)


def _as_nobody(tmp_path, *args):
    home = tmp_path / "nobody-home"
    home.mkdir(exist_ok=True)
    shutil.chown(home, "nobody")
    xauthority = tmp_path / "xauthority"
    if os.environ.get("XAUTHORITY"):
        shutil.copy(os.environ["XAUTHORITY"], xauthority)
        os.chmod(xauthority, 0o644)
    env = {"DISPLAY": os.environ["DISPLAY"], "XAUTHORITY": str(xauthority), "HOME": str(home),
           "XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "data"),
           "XDG_RUNTIME_DIR": str(home), "GSETTINGS_BACKEND": "memory", "PATH": "/usr/bin:/bin",
           "DBUS_SESSION_BUS_ADDRESS": "disabled:"}
    return subprocess.Popen(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", TANDEM, *args],
                            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _type_and_save(wid, text):
    subprocess.run(["xdotool", "windowactivate", "--sync", wid], check=True)
    # Another user's Tandem (no AT-SPI bus of ours to ask whether it has the focus).
    time.sleep(0.3)
    write(text)
    press("ctrl+s")


@pytest.mark.x11_only("another user's Tandem, on no AT-SPI bus of ours: found and typed into by X id")
def test_files_the_user_may_not_write_are_never_replaced(tmp_path):
    for folder in (tmp_path.parent.parent, tmp_path.parent, tmp_path):
        os.chmod(folder, 0o755)  # pytest makes its folders private to root
    mine = tmp_path / "mine"  # nobody's own folder, which it may write
    mine.mkdir()
    shutil.chown(mine, "nobody", "nogroup")
    roots, locked = mine / "roots.txt", mine / "locked.txt"
    roots.write_text("root's\n")        # root's file (644) in nobody's folder
    locked.write_text("locked\n")       # nobody's own file, but 444
    shutil.chown(locked, "nobody", "nogroup")
    os.chmod(locked, 0o444)
    for path, text in ((roots, "root's\n"), (locked, "locked\n")):
        before = os.stat(path)
        proc = _as_nobody(tmp_path, str(path))
        try:
            wid = _window(f"{path.name} \\[Read-Only\\]")
            _type_and_save(wid, "z")
            # Save asks where to save instead of replacing the file.
            _window("Save As")
            press("Escape")
            hold_still(0.5)  # nothing is written
            after = os.stat(path)
            assert path.read_text() == text
            assert (after.st_ino, after.st_uid, after.st_mode) == (before.st_ino, before.st_uid, before.st_mode)
        finally:
            proc.kill()
            proc.wait()


@pytest.mark.x11_only("another user's Tandem, on no AT-SPI bus of ours: found and typed into by X id")
def test_a_writable_file_in_a_folder_the_user_may_not_write_is_saved_in_place(tmp_path):
    for folder in (tmp_path.parent.parent, tmp_path.parent, tmp_path):
        os.chmod(folder, 0o755)
    shared = tmp_path / "shared"  # root's folder: nobody may not create files in it
    shared.mkdir()
    path = shared / "theirs-to-edit.txt"
    path.write_text("text\n")
    shutil.chown(path, "nobody", "nogroup")
    inode = os.stat(path).st_ino
    proc = _as_nobody(tmp_path, str(path))
    try:
        wid = _window(path.name)
        _type_and_save(wid, "w")
        wait_for("the saved text", lambda: path.read_text() == "wtext\n")
        assert os.stat(path).st_ino == inode, "written in place"
        assert sorted(os.listdir(shared)) == [path.name], "no temp file left"
    finally:
        proc.kill()
        proc.wait()


def test_typing_goes_on_while_a_big_document_saves(tandem, tmp_path):
    path = tmp_path / "big.txt"
    body = "a line of a big document that takes a moment to write\n" * 200_000   # 11 MB
    path.write_text(body)
    tandem.start("big.txt")
    tandem.wait_title("big.txt")
    tandem.wait_loaded("big.txt", len(body))        # the store takes edits once the whole file is in
    tandem.type("big.txt", "A")
    tandem.wait_title("• big.txt")
    press("ctrl+s")
    write("B")   # typed while the save is on its way
    wait_for("the save on disk", lambda: path.stat().st_size == len(body) + 1 and path.read_text().startswith("A"), timeout=20)
    wait_for("the window shows both keystrokes, still modified", lambda: tandem.titles() == ["• big.txt"]
             and tandem.text_in(tandem.frames()[0]).getText(0, 2) == "AB")
    assert path.read_text() == "A" + body, "the file holds what was there when Save was pressed"


def test_a_slow_session_manager_never_freezes_a_save(tandem, tmp_path):
    """Logout is held off during a save without waiting for the session manager's answer."""
    log = tmp_path / "session-manager.log"
    manager = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "fake_session_manager.py"), str(log), "3"])
    try:
        wait_for("the session manager on the bus", lambda: log.exists() and "ready" in log.read_text())
        (tmp_path / "i.txt").write_text("")
        tandem.start("i.txt")
        tandem.wait_title("i.txt")
        tandem.type("i.txt", "a")
        tandem.wait_title("• i.txt")
        press("ctrl+s")
        started = time.monotonic()
        write("b", delay=12)
        wait_for("typing answered while the session manager has not", lambda: tandem.text_of("• i.txt") == "ab", timeout=5)
        assert time.monotonic() - started < 1.5, "the window did not wait for the session manager"
        # The file is written off the main thread: it is there well before the manager's answer (3 s).
        wait_for("the save on disk", lambda: (tmp_path / "i.txt").read_text() == "a", timeout=2)
        wait_for("the inhibition asked for, answered and ended", lambda: "Uninhibit 41" in log.read_text(), timeout=10)
        assert "Inhibit io.github.tandemedit.Tandem Saving “i.txt” -> 41" in log.read_text()
    finally:
        manager.kill()
        manager.wait()


def _big_document_typed_into(tandem, tmp_path, key):
    """A 22 MB file (its save takes a moment) open and modified by typing `key` at its start;
    returns its path and the file's text before."""
    path = tmp_path / "big.txt"
    body = "a line of a big document that takes a moment to write\n" * 400_000
    path.write_text(body)
    tandem.start("big.txt")
    tandem.wait_title("big.txt")
    tandem.wait_loaded("big.txt", len(body))
    tandem.type("big.txt", key)
    tandem.wait_title("• big.txt")
    return path, body


def test_quit_during_a_save_quits_once_it_is_written(tandem, tmp_path):
    """Ctrl+Q while a big document is being written: the save finishes first (the quit waits for
    it on the main loop, not by blocking it), then Tandem quits with the file on disk."""
    path, body = _big_document_typed_into(tandem, tmp_path, "Q")
    press("ctrl+s", "ctrl+q")
    assert tandem.wait_exit(timeout=30) == 0
    assert path.read_text() == "Q" + body, "the save finished before the quit"


def test_sigterm_during_a_save_quits_once_it_is_written(tandem, tmp_path):
    """SIGTERM (a service manager, `kill`) while a big document is being written waits for the
    save as Ctrl+Q does, on the main loop, then quits with the file on disk."""
    path, body = _big_document_typed_into(tandem, tmp_path, "T")
    press("ctrl+s")
    wait_for("the save begun", lambda: "Saving…" in " ".join(tandem.labels_of("• big.txt")) or path.read_text()[:1] == "T")
    tandem.proc.send_signal(signal.SIGTERM)
    assert tandem.wait_exit(timeout=30) == 0
    assert path.read_text() == "T" + body, "the save finished before the quit"


def test_without_a_session_manager_a_save_holds_logout_off_through_the_portal(tandem, tmp_path):
    """Another desktop, or a sandbox: no org.gnome.SessionManager, so the save asks the desktop
    portal's Inhibit instead, and closes its request once the file is written. The document is a
    big one: a save that ends before the bus has said there is no session manager needs no
    inhibition and asks none (with a few bytes that happened on a loaded run)."""
    log = tmp_path / "portal.log"
    portal = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "fake_portal.py"), str(log)])
    try:
        wait_for("the portal on the bus", lambda: log.exists() and "ready" in log.read_text())
        path, body = _big_document_typed_into(tandem, tmp_path, "P")
        press("ctrl+s")
        tandem.wait_title("big.txt", timeout=30)
        wait_for("the save on disk", lambda: path.read_text()[:1] == "P", timeout=10)
        assert path.read_text() == "P" + body
        wait_for("the request closed", lambda: "Close " in log.read_text())
        lines = log.read_text().splitlines()
        inhibit = next(line for line in lines if line.startswith("Inhibit "))
        assert inhibit.startswith("Inhibit 1 Saving “big.txt” -> "), inhibit   # 1: logout
        assert f"Close {inhibit.split(' -> ')[1]}" in lines
    finally:
        portal.kill()
        portal.wait()
