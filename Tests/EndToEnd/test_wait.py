"""`tandem --wait` for EDITOR, VISUAL and git: it returns when its windows are closed."""
import os
import subprocess
import time
import pytest

from conftest import TANDEM, WAYLAND, Tandem, wait_for, hold_still, press, write


def test_wait_handed_to_a_running_instance_returns_when_its_window_closes(tandem, tmp_path):
    (tmp_path / "w.txt").write_text("w\n")
    tandem.start()
    tandem.wait_title("Untitled Document 1")
    waiting = subprocess.Popen([TANDEM, "--wait", "w.txt"], cwd=tmp_path,
                               env=dict(os.environ, XDG_STATE_HOME=str(tandem.state_home)))
    tandem.wait_title("w.txt")
    hold_still(0.5)  # and --wait has not returned
    assert waiting.poll() is None, "--wait returned while its window is open"
    tandem.key("w.txt", "ctrl+w")
    assert waiting.wait(timeout=5) == 0
    assert tandem.titles() == ["Untitled Document 1"], "the running instance goes on"


def commit_message_frame():
    """The AT-SPI frame of the window on git's message, in whichever process shows it."""
    import pyatspi
    for app in pyatspi.Registry.getDesktop(0):
        for frame in app or []:
            if frame is not None and frame.name.lstrip("• ") == "COMMIT_EDITMSG":
                return frame
    return None


def test_git_commit_with_tandem_as_editor(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=Test", "-c", "user.email=test@example.org"]
    subprocess.run(git + ["init", "-q"], check=True)
    (repo / "file").write_text("x\n")
    subprocess.run(git + ["add", "file"], check=True)
    env = dict(os.environ, GIT_EDITOR=f"{TANDEM} --wait", XDG_STATE_HOME=str(tmp_path / "state"))
    commit = subprocess.Popen(git + ["commit", "-q"], env=env)
    # git starts Tandem; find it through its window.
    import pyatspi
    frame = wait_for("the commit message window", commit_message_frame)
    if WAYLAND:  # a new app's window: mutter gives it the focus
        wait_for("the commit message focused", lambda: frame.getState().contains(pyatspi.STATE_ACTIVE))
    else:
        wid = wait_for("its X window", lambda: subprocess.run(
            ["xdotool", "search", "--all", "--onlyvisible", "--name", "^COMMIT_EDITMSG$"],
            capture_output=True, text=True).stdout.split())[0]
        subprocess.run(["xdotool", "windowactivate", "--sync", wid], check=True)
        # git's own Tandem, started without the harness: a moment for GTK to take the focus X gave it.
        time.sleep(0.2)
    write("Message typed in Tandem", delay=15)
    wait_for("typed", lambda: frame.name == "• COMMIT_EDITMSG")
    press("ctrl+s")
    wait_for("saved", lambda: frame.name == "COMMIT_EDITMSG")
    press("ctrl+w")
    assert commit.wait(timeout=10) == 0
    log = subprocess.run(git + ["log", "-1", "--format=%s"], capture_output=True, text=True, check=True).stdout
    assert log.strip() == "Message typed in Tandem"


def test_a_saved_wait_window_is_not_restored_at_the_next_launch(tandem, tmp_path):
    (tmp_path / "notes.txt").write_text("notes\n")
    (tmp_path / "COMMIT_EDITMSG").write_text("\n# Please enter the commit message\n")
    tandem.start("notes.txt")
    tandem.wait_title("notes.txt")
    tandem.key("notes.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    # git starts Tandem with --wait: only the message is shown; the user writes, saves, closes.
    tandem.restart("--wait", "COMMIT_EDITMSG")
    tandem.wait_title("COMMIT_EDITMSG")
    assert tandem.titles() == ["COMMIT_EDITMSG"]
    wid = tandem.window_id("COMMIT_EDITMSG")
    tandem.send(wid, text="Fix it")
    tandem.send(wid, "ctrl+s")
    wait_for("the message saved", lambda: (tmp_path / "COMMIT_EDITMSG").read_text().startswith("Fix it"))
    tandem.send(wid, "ctrl+w")
    assert tandem.wait_exit() == 0
    # The next plain launch brings back the user's windows, not the commit message.
    tandem.restart()
    tandem.wait_title("notes.txt")
    hold_still(1)  # and no commit message window comes back
    assert tandem.titles() == ["notes.txt"]


def test_an_unsaved_wait_window_keeps_its_text_for_the_next_launch(tandem, tmp_path):
    (tmp_path / "COMMIT_EDITMSG").write_text("\n")
    tandem.start("--wait", "COMMIT_EDITMSG")
    tandem.wait_title("COMMIT_EDITMSG")
    wid = tandem.window_id("COMMIT_EDITMSG")
    tandem.send(wid, text="Half a message")
    tandem.wait_title("• COMMIT_EDITMSG")
    tandem.send(wid, "ctrl+w")  # the last window: quitting keeps everything
    assert tandem.wait_exit() == 0
    tandem.restart()
    tandem.wait_title("• COMMIT_EDITMSG")
    wait_for("the unsaved text back", lambda: tandem.text_of("• COMMIT_EDITMSG").startswith("Half a message"))
