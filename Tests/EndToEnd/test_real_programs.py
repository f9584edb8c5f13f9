"""Real programs save an open file in their own ways: Tandem follows each (clean) or asks (edited),
never takes a backup for the file, never adopts what it has not read, and every change it makes to
the text for the disk is one Ctrl+Z from coming back."""
import os
import shutil
import subprocess
import time

import pytest

from conftest import wait_for, hold_still, press, write
from test_documents import all_texts, two_windows


def run(*command, cwd):
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, timeout=30)


def banner_text(tandem):
    return [" ".join(tandem.labels_of_frame(f)) for f in tandem.frames()]


def press_button(tandem, wid, label):
    """Presses the banner button `label` in X window `wid`, as a click would."""
    buttons = [b for b in tandem.find(tandem.frame_of(wid), "push button") if b.name == label]
    assert buttons, f"no {label} button in {banner_text(tandem)}"
    buttons[0].queryAction().doAction(0)


def open_one(tandem, tmp_path, name, content):
    (tmp_path / name).write_text(content)
    tandem.start(name)
    tandem.wait_title(name)
    return tandem.window_id(name)


def edit_and_wait(tandem, wid, name, text):
    tandem.send(wid, "ctrl+Home", text=text)
    tandem.wait_title(f"• {name}")


def test_an_emacs_save_is_a_change_of_the_file_never_a_rename_to_its_backup(tandem, tmp_path):
    emacs = shutil.which("emacs")
    assert emacs, "emacs-nox is installed by .ci/install-deps"
    wid = open_one(tandem, tmp_path, "notes.txt", "first\nsecond\n")
    # Emacs renames notes.txt to notes.txt~ and writes a new notes.txt (its first save of a session;
    # backups are inhibited under /tmp unless asked for).
    run(emacs, "--batch", "-Q", "notes.txt", "--eval",
        '(progn (setq make-backup-files t backup-inhibited nil backup-by-copying nil backup-enable-predicate (lambda (name) t)) (goto-char (point-max)) (insert "third\\n") (save-buffer))',
        cwd=tmp_path)
    assert (tmp_path / "notes.txt~").read_text() == "first\nsecond\n", "emacs made its backup by renaming"
    wait_for("the new text", lambda: all_texts(tandem) == ["first\nsecond\nthird\n"])
    assert tandem.titles() == ["notes.txt"], "the window stays on notes.txt, clean"
    # Edited, then saved by Emacs again: asked, and Save never writes into the backup.
    os.remove(tmp_path / "notes.txt~")
    edit_and_wait(tandem, wid, "notes.txt", "mine ")
    run(emacs, "--batch", "-Q", "notes.txt", "--eval",
        '(progn (setq make-backup-files t backup-inhibited nil backup-by-copying nil backup-enable-predicate (lambda (name) t)) (goto-char (point-max)) (insert "fourth\\n") (save-buffer))',
        cwd=tmp_path)
    wait_for("the question", lambda: "changed on disk" in banner_text(tandem)[0])
    assert all_texts(tandem) == ["mine first\nsecond\nthird\n"]
    assert tandem.titles() == ["• notes.txt"]
    assert (tmp_path / "notes.txt~").read_text() == "first\nsecond\nthird\n"


@pytest.mark.parametrize("backupcopy", ["no", "yes"])
def test_vim_saves_are_followed_whichever_way_it_writes(tandem, tmp_path, backupcopy):
    wid = open_one(tandem, tmp_path, "v.txt", "alpha\nbeta\n")
    inode = os.stat(tmp_path / "v.txt").st_ino
    # backupskip= : Vim skips backups under /tmp otherwise.
    vim = ("vim", "-Es", "-u", "NONE", "-c", f"set backup backupcopy={backupcopy} backupskip=")
    run(*vim, "-c", "%s/beta/BETA/", "-c", "wq", "v.txt", cwd=tmp_path)
    assert (tmp_path / "v.txt~").read_text() == "alpha\nbeta\n"
    assert (os.stat(tmp_path / "v.txt").st_ino != inode) == (backupcopy == "no"), "no: renamed to the backup; yes: in place"
    wait_for("vim's change", lambda: all_texts(tandem) == ["alpha\nBETA\n"])
    assert tandem.titles() == ["v.txt"]
    edit_and_wait(tandem, wid, "v.txt", "mine ")
    run(*vim, "-c", "%s/alpha/ALPHA/", "-c", "wq", "v.txt", cwd=tmp_path)
    wait_for("the question", lambda: "changed on disk" in banner_text(tandem)[0])
    assert all_texts(tandem) == ["mine alpha\nBETA\n"]
    assert tandem.titles() == ["• v.txt"], "never renamed to vim's backup"


def test_sed_in_place_while_edited_asks_and_reload_is_one_undo_away_in_every_window(tandem, tmp_path):
    """Reload takes the typing back as the user's one step; Ctrl+Z brings it back beside sed's change."""
    a, b = two_windows(tandem, tmp_path, "s.txt", "one\ntwo\nthree\n")
    tandem.send(a, "ctrl+End", text="my line")
    wait_for("dirty", lambda: tandem.titles() == ["• s.txt", "• s.txt (2)"])
    run("sed", "-i", "s/two/TWO/", "s.txt", cwd=tmp_path)
    wait_for("the question in both windows", lambda: all("changed on disk" in t for t in banner_text(tandem)))
    button = [btn for btn in tandem.find(tandem.frame_of(b), "push button") if btn.name == "Reload"][0]
    button.queryAction().doAction(0)
    wait_for("sed's text in both", lambda: all_texts(tandem) == ["one\nTWO\nthree\n"] * 2)
    wait_for("the question gone in both", lambda: not any("changed on disk" in t for t in banner_text(tandem)))
    tandem.send(a, "ctrl+z")
    wait_for("my line back in both, sed's change kept", lambda: all_texts(tandem) == ["one\nTWO\nthreemy line\n"] * 2)


def test_keep_mine_in_one_window_answers_the_question_in_all(tandem, tmp_path):
    a, b = two_windows(tandem, tmp_path, "k.txt", "base\n")
    tandem.send(a, text="mine ")
    wait_for("dirty", lambda: tandem.titles() == ["• k.txt", "• k.txt (2)"])
    run("sed", "-i", "s/base/theirs/", "k.txt", cwd=tmp_path)
    wait_for("the question in both windows", lambda: all("changed on disk" in t for t in banner_text(tandem)))
    press_button(tandem, a, "Keep Mine")
    wait_for("the question gone in both", lambda: not any("changed on disk" in t for t in banner_text(tandem)))
    tandem.send(b, "ctrl+s")
    wait_for("saved without asking", lambda: tandem.titles() == ["k.txt", "k.txt (2)"])
    assert (tmp_path / "k.txt").read_text() == "mine base\n"


def test_git_checkout_and_stash_of_an_open_file_are_followed_and_never_undone(tandem, tmp_path):
    """git's changes to a clean document are followed; Ctrl+Z undoes only what the user did."""
    run("git", "init", "-q", cwd=tmp_path)
    run("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "root", cwd=tmp_path)
    (tmp_path / "g.txt").write_text("committed\n")
    run("git", "add", "g.txt", cwd=tmp_path)
    run("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one", cwd=tmp_path)
    (tmp_path / "g.txt").write_text("work in progress\n")
    wid = open_one(tandem, tmp_path, "g.txt", "work in progress\n")
    run("git", "stash", "-q", cwd=tmp_path)
    wait_for("the stash's checkout", lambda: all_texts(tandem) == ["committed\n"])
    run("git", "stash", "pop", "-q", cwd=tmp_path)
    wait_for("the stash popped", lambda: all_texts(tandem) == ["work in progress\n"])
    run("git", "checkout", "-q", "--", "g.txt", cwd=tmp_path)
    wait_for("the checkout", lambda: all_texts(tandem) == ["committed\n"])
    assert tandem.titles() == ["g.txt"]
    edit_and_wait(tandem, wid, "g.txt", "mine ")
    tandem.send(wid, "ctrl+z", "ctrl+z", "ctrl+z")  # the space, the word, then nothing of git's
    wait_for("the typing undone, git's text kept", lambda: all_texts(tandem) == ["committed\n"])
    hold_still(0.5)
    assert all_texts(tandem) == ["committed\n"], "Ctrl+Z takes back nothing of git's"
    assert tandem.titles() == ["g.txt"], "the file's text"


@pytest.mark.parametrize("how", ["cp", "rsync", "rsync --inplace"])
def test_a_copy_over_the_file_is_followed(tandem, tmp_path, how):
    (tmp_path / "incoming.txt").write_text("from elsewhere\nsecond\n")
    wid = open_one(tandem, tmp_path, "c.txt", "original\nsecond\n")
    command = how.split() + ["incoming.txt", "c.txt"]
    if command[0] == "rsync":
        assert shutil.which("rsync"), "rsync is installed by .ci/install-deps"
        command.insert(1, "-I")  # same size and time would be skipped
    run(*command, cwd=tmp_path)
    wait_for("the copy's text", lambda: all_texts(tandem) == ["from elsewhere\nsecond\n"])
    assert tandem.titles() == ["c.txt"]
    # Edited: asked, not replaced.
    edit_and_wait(tandem, wid, "c.txt", "mine ")
    (tmp_path / "incoming.txt").write_text("third version\n")
    run(*command, cwd=tmp_path)
    wait_for("the question", lambda: "changed on disk" in banner_text(tandem)[0])
    assert all_texts(tandem) == ["mine from elsewhere\nsecond\n"]


def test_a_file_that_stops_being_text_is_said_and_save_asks_before_overwriting(tandem, tmp_path):
    wid = open_one(tandem, tmp_path, "t.txt", "text\n")
    edit_and_wait(tandem, wid, "t.txt", "mine ")
    (tmp_path / "t.txt").write_bytes(b"bin\x00ary\n")
    wait_for("the problem said", lambda: "no longer text" in banner_text(tandem)[0])
    assert all_texts(tandem) == ["mine text\n"]
    tandem.send(wid, "ctrl+s")
    wait_for("the overwrite question", lambda: [
        f for f in tandem.app() if f is not None and "Overwrite" in " ".join(b.name for b in tandem.find(f, "push button"))])
    assert (tmp_path / "t.txt").read_bytes() == b"bin\x00ary\n", "their bytes are untouched until the user says so"


def test_a_formatter_rewriting_the_file_as_it_is_saved_is_followed_never_reverted(tandem, tmp_path):
    """A format-on-save tool rewrites the file the moment Tandem's save lands (here sed -i, started
    by a watcher): Tandem knows the version it wrote, so the formatter's is a change it follows
    (the document is clean) as the formatter's edits; it never takes the formatter's text for its own save."""
    path = tmp_path / "f.txt"
    body = "a line the formatter capitalises\n" * 60_000            # 2 MB: the save takes a moment
    wid = open_one(tandem, tmp_path, "f.txt", body)
    tandem.wait_loaded("f.txt", len(body))                           # edits are taken once the file is all in
    watcher = subprocess.Popen(["/usr/bin/python3", "-c", """
import os, subprocess, sys, time
path = sys.argv[1]
while True:
    with open(path, 'rb') as f:
        if f.read(1) == b'X':
            break
    time.sleep(0.001)  # a watcher's poll, as fast as a formatter on save would be
subprocess.run(['sed', '-i', 's/^a line/A LINE/', path], check=True)
""", str(path)])
    try:
        tandem.send(wid, "ctrl+Home", text="X")
        tandem.wait_title("• f.txt")
        tandem.send(wid, "ctrl+s")
        watcher.wait(timeout=30)
    finally:
        watcher.kill()
    formatted = "Xa line the formatter capitalises\n" + "A LINE the formatter capitalises\n" * 59_999
    assert path.read_text() == formatted
    wait_for("the formatter's text followed, clean", lambda: tandem.titles() == ["f.txt"]
             and tandem.text_in(tandem.frames()[0]).getText(0, 40) == formatted[:40], timeout=20)
    hold_still(0.5)  # nothing of Tandem's writes afterwards
    assert path.read_text() == formatted, "nothing of Tandem's wrote over the formatter"
    tandem.send(wid, "ctrl+z")
    unformatted = "a line the formatter capitalises\n" + "A LINE the formatter capitalises\n"
    wait_for("one Ctrl+Z: the typing undone, the formatting kept",
             lambda: tandem.text_in(tandem.frames()[0]).getText(0, 40) == unformatted[:40])


def test_a_file_replaced_by_git_while_it_loads_ends_as_the_new_version(tandem, tmp_path):
    """git checkout replaces a 60 MB file while Tandem streams it in: the window ends on the new
    text, clean, and Save has nothing of the old version to put back."""
    line = "a line of a big file kept in git, long enough to weigh something\n"
    count = 60_000_000 // len(line)
    run("git", "init", "-q", cwd=tmp_path)
    (tmp_path / "big.txt").write_text("version one\n" + line * count)
    run("git", "add", "big.txt", cwd=tmp_path)
    run("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one", cwd=tmp_path)
    run("git", "checkout", "-q", "-b", "two", cwd=tmp_path)
    (tmp_path / "big.txt").write_text("version two\n" + line * count)
    run("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "two", cwd=tmp_path)
    run("git", "checkout", "-q", "-", cwd=tmp_path)
    assert (tmp_path / "big.txt").read_text().startswith("version one")
    tandem.start("big.txt")
    run("git", "checkout", "-q", "two", cwd=tmp_path)      # while the first version streams in
    tandem.wait_title("big.txt", timeout=30)
    wait_for("the new version shown", lambda: tandem.text_in(tandem.frames()[0]).getText(0, 11) == "version two", timeout=60)
    assert tandem.titles() == ["big.txt"], "clean: it is the file on disk"
    assert (tmp_path / "big.txt").read_text().startswith("version two")


def test_typing_while_git_replaces_a_loading_file_is_kept_and_the_change_asked(tandem, tmp_path):
    """Keys typed into a 60 MB file while it streams in, and git checkout replacing it meanwhile:
    the typing stays, the new version is asked about, and Reload is one Ctrl+Z from the typing, which
    comes back into the new version."""
    line = "a line of a big file kept in git, long enough to weigh something\n"
    count = 60_000_000 // len(line)
    run("git", "init", "-q", cwd=tmp_path)
    (tmp_path / "big.txt").write_text("version one\n" + line * count)
    run("git", "add", "big.txt", cwd=tmp_path)
    run("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one", cwd=tmp_path)
    run("git", "checkout", "-q", "-b", "two", cwd=tmp_path)
    (tmp_path / "big.txt").write_text("version two\n" + line * count)
    run("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "two", cwd=tmp_path)
    run("git", "checkout", "-q", "-", cwd=tmp_path)
    tandem.start("big.txt")
    wid = tandem.window_id("big.txt")
    tandem.focus(wid)
    press("ctrl+Home")
    write("MINE", delay=30)
    frame = tandem.wait_title("• big.txt", timeout=30)
    run("git", "checkout", "-q", "two", cwd=tmp_path)
    wait_for("the typing kept", lambda: tandem.text_in(frame).getText(0, 15) == "MINEversion one", timeout=60)
    wait_for("the new version asked about", lambda: "changed on disk" in " ".join(tandem.labels_of_frame(frame)), timeout=60)
    press_button(tandem, wid, "Reload")
    wait_for("the new version", lambda: tandem.text_in(tandem.frame("big.txt")).getText(0, 11) == "version two", timeout=60)
    tandem.send(wid, "ctrl+z")
    wait_for("the typing one undo away", lambda: tandem.text_in(tandem.frames()[0]).getText(0, 15) == "MINEversion two", timeout=60)


def test_a_save_under_editorconfig_then_sed_and_vim_on_the_file(tandem, tmp_path):
    """Save formats the CRLF file as .editorconfig asks (one batch); sed -i and vim then save over
    it, and the clean window follows each."""
    (tmp_path / ".editorconfig").write_text("root = true\n[*]\nend_of_line = lf\ntrim_trailing_whitespace = true\n")
    path = tmp_path / "notes.txt"
    path.write_bytes(b"".join(b"line %d  \r\n" % n for n in range(300)))
    tandem.start("notes.txt")
    tandem.wait_title("notes.txt")
    tandem.key("notes.txt", "ctrl+End")
    tandem.key("notes.txt", "Return")
    write("end")
    tandem.wait_title("• notes.txt")
    tandem.key("• notes.txt", "ctrl+s")
    tandem.wait_title("notes.txt")
    expected = "".join(f"line {n}\n" for n in range(300)) + "end\n"
    assert path.read_bytes() == expected.encode()
    wait_for("the window shows what was written", lambda: tandem.text_of("notes.txt") == expected)
    run("sed", "-i", "s/line 7$/line seven/", "notes.txt", cwd=tmp_path)
    wait_for("sed's change followed", lambda: "line seven\n" in (tandem.text_of("notes.txt") or ""))
    run("vim", "-Nu", "NONE", "-es", "+1s/line 0/line zero/", "+wq", "notes.txt", cwd=tmp_path)
    wait_for("vim's change followed", lambda: (tandem.text_of("notes.txt") or "").startswith("line zero\n"))
    assert path.read_text().startswith("line zero\n")
    assert tandem.gtk_complaints() == []


def test_keys_typed_in_the_other_window_after_keep_mine_reach_the_text(tandem, tmp_path):
    """Found by the random user: the question answered in one window, the keys typed in the
    other window of the document go into its text."""
    a, b = two_windows(tandem, tmp_path, "q.txt", "base\n")
    tandem.send(b, "ctrl+End", text=" mine")  # b is the active window when the question comes
    wait_for("dirty", lambda: tandem.titles() == ["• q.txt", "• q.txt (2)"])
    (tmp_path / "q.txt").write_text("theirs\n")
    wait_for("the question in both windows", lambda: all("changed on disk" in t for t in banner_text(tandem)))
    press_button(tandem, a, "Keep Mine")
    wait_for("the question gone in both", lambda: not any("changed on disk" in t for t in banner_text(tandem)))
    tandem.send(b, "ctrl+Home", text="b:")
    wait_for("the keys in the text", lambda: all_texts(tandem) == ["b:base mine\n"] * 2)


def test_keys_typed_while_the_question_comes_keep_going_into_the_text(tandem, tmp_path):
    """Found by the random user: the question about a change on disk appearing in the window
    being typed in must not take the keyboard from the text (the keys went nowhere)."""
    a, b = two_windows(tandem, tmp_path, "t.txt", "base\n")
    tandem.send(b, "ctrl+End", text=" mine")
    wait_for("dirty", lambda: tandem.titles() == ["• t.txt", "• t.txt (2)"])
    (tmp_path / "t.txt").write_text("base\nappended\n")
    wait_for("the question in both windows", lambda: all("changed on disk" in t for t in banner_text(tandem)))
    press("ctrl+Home", "shift+Down", "Delete", delay=30)
    write("kept")
    wait_for("the keys in the text", lambda: all_texts(tandem) == ["kept\n"] * 2)


@pytest.mark.parametrize("how", ["cp -p", "rsync --inplace -t -I"])  # -I: rsync itself skips a same size and time
def test_a_copy_that_keeps_size_and_time_is_still_seen(tandem, tmp_path, how):
    """cp -p and rsync --inplace -t write the file in place and put the source's time on it: with
    the same size, the file's stamp is the version known, and only its bytes tell."""
    (tmp_path / "incoming.txt").write_text("version BBB\n")
    wid = open_one(tandem, tmp_path, "p.txt", "version AAA\n")
    stamp = os.stat(tmp_path / "p.txt")
    os.utime(tmp_path / "incoming.txt", ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert shutil.which("rsync"), "rsync is installed by .ci/install-deps"
    run(*how.split(), "incoming.txt", "p.txt", cwd=tmp_path)
    after = os.stat(tmp_path / "p.txt")
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (stamp.st_ino, stamp.st_size, stamp.st_mtime_ns)
    wait_for("the copy's text", lambda: all_texts(tandem) == ["version BBB\n"])
    assert tandem.titles() == ["p.txt"]
    # Edited: asked, and Save does not overwrite it unasked.
    edit_and_wait(tandem, wid, "p.txt", "mine ")
    (tmp_path / "incoming.txt").write_text("version CCC\n")
    os.utime(tmp_path / "incoming.txt", ns=(after.st_atime_ns, after.st_mtime_ns))
    run(*how.split(), "incoming.txt", "p.txt", cwd=tmp_path)
    wait_for("the question", lambda: "changed on disk" in banner_text(tandem)[0])
    assert all_texts(tandem) == ["mine version BBB\n"]


def test_a_branch_switch_that_removes_the_folder_and_back_is_followed(tandem, tmp_path):
    """git checkout of a branch without sub/, then back: the file is back, its window says so,
    and a later change to it is followed (the watcher never goes deaf)."""
    git = lambda *args: run("git", "-c", "user.name=t", "-c", "user.email=t@t", *args, cwd=tmp_path)
    git("init", "-q")
    git("commit", "-q", "--allow-empty", "-m", "root")
    git("checkout", "-q", "-b", "bare")
    git("checkout", "-q", "-")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text("alpha\n")
    git("add", "sub/a.txt")
    git("commit", "-q", "-m", "sub")
    tandem.start("sub/a.txt")
    tandem.wait_title("a.txt")
    git("checkout", "-q", "bare")
    assert not (tmp_path / "sub").exists()
    wait_for("the file said gone", lambda: "no longer on disk" in " ".join(banner_text(tandem)))
    git("checkout", "-q", "-")
    wait_for("the file back, nothing said", lambda: not any("no longer on disk" in t for t in banner_text(tandem)))
    assert tandem.titles() == ["a.txt"]
    (tmp_path / "sub" / "a.txt").write_text("alpha\nbeta\n")
    wait_for("a later change followed", lambda: all_texts(tandem) == ["alpha\nbeta\n"])
