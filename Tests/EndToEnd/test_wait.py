"""`tandem --wait` for EDITOR, VISUAL and git: it returns when its windows are closed."""
import os
import subprocess
import time

from conftest import TANDEM, Tandem, wait_for


def test_wait_handed_to_a_running_instance_returns_when_its_window_closes(tandem, tmp_path):
    (tmp_path / "w.txt").write_text("w\n")
    tandem.start()
    tandem.wait_title("Untitled Document 1")
    waiting = subprocess.Popen([TANDEM, "--wait", "w.txt"], cwd=tmp_path,
                               env=dict(os.environ, XDG_STATE_HOME=str(tandem.state_home)))
    tandem.wait_title("w.txt")
    time.sleep(0.5)
    assert waiting.poll() is None, "--wait returned while its window is open"
    tandem.key("w.txt", "ctrl+w")
    assert waiting.wait(timeout=5) == 0
    assert tandem.titles() == ["Untitled Document 1"], "the running instance goes on"


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
    wid = wait_for("the commit message window", lambda: subprocess.run(
        ["xdotool", "search", "--all", "--onlyvisible", "--name", "^COMMIT_EDITMSG$"],
        capture_output=True, text=True).stdout.split())[0]
    subprocess.run(["xdotool", "windowactivate", "--sync", wid], check=True)
    time.sleep(0.2)
    subprocess.run(["xdotool", "type", "--delay", "15", "Message typed in Tandem"], check=True)
    subprocess.run(["xdotool", "key", "ctrl+s"], check=True)
    wait_for("saved", lambda: subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--name", "^COMMIT_EDITMSG$"],
                                             capture_output=True, text=True).stdout.strip())
    time.sleep(0.3)
    subprocess.run(["xdotool", "key", "ctrl+w"], check=True)
    assert commit.wait(timeout=10) == 0
    log = subprocess.run(git + ["log", "-1", "--format=%s"], capture_output=True, text=True, check=True).stdout
    assert log.strip() == "Message typed in Tandem"
