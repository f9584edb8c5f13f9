"""A random user that never sleeps: seeded operations on Tandem's real windows, each checked
against a plain model of what must be true afterwards.

Run inside Xvfb + openbox + a D-Bus session, as the end-to-end tests are (`.ci/random` does it):

    python3 Tests/Random/random_user.py --seed 7 --steps 40        # a fixed number of steps
    python3 Tests/Random/random_user.py --seed 7 --minutes 60      # seeds 7, 8, … for an hour
    python3 Tests/Random/random_user.py --replay run.json [--shrink]
    python3 Tests/Random/random_user.py --replay Tests/Random/known/*.json   # every failure found and fixed

Each operation is chosen from the model's state (`user_plan.py`) and written down whole (the window it goes to,
the word typed, where) before it runs, so a run's list replays exactly without the seed. A
failure prints its seed, saves the list, and `--shrink` drops operations while it still fails.

The model (`Model`, in `user_model.py`) is a dict of documents: text, the bytes of the file, whether the document is
modified, its undo and redo stacks of texts, how many windows show it, and whether its views
hide the final line break (gedit's way: a file read with one shows no empty line after it).
After every step every window's text (read over AT-SPI, the whole document) must be its
document's model text, every document must have as many windows as the model says with the
dirty mark the model says, every file's bytes must be the model's, and the process is alive.
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "EndToEnd"))
from conftest import Tandem, wait_for  # noqa: E402  (the end-to-end tests' harness)
from folder_events import CreatedNames  # noqa: E402
from _pytest.outcomes import Failed  # noqa: E402  (what wait_for raises on a time-out)
from test_background import LowMemoryMonitor  # noqa: E402
from test_remote import Server  # noqa: E402
from user_model import Document, Model, breaks_at_end  # noqa: E402
from user_plan import DOCUMENTS, REMOTE, allowed, choose  # noqa: E402

class Failure(Exception):
    """The application and the model disagree."""


class Driver:
    def __init__(self, folder):
        self.folder = Path(folder)
        self.tandem = Tandem(self.folder)
        # The documents' folder, apart from Tandem's state: a branch switch removes it whole.
        self.work = self.folder / "work"
        self.work.mkdir()
        self.model = Model()
        self.server = None
        self.minimized = {}  # X window id -> its document's name
        # Lines do not wrap, so that Down goes to the next line of the text, as the model says; each
        # file has a window of its own, as the model keeps them.
        keyfile = self.folder / "config" / "glib-2.0" / "settings" / "keyfile"
        keyfile.parent.mkdir(parents=True)
        keyfile.write_text("[io/github/tandemedit/Tandem]\nwrap=false\nopen-in-tabs=false\n")
        # Tandem's state folder on a small disk of its own, which the user fills and empties
        # (mounting needs root, as CI is; elsewhere the disk is not filled).
        self.state_disk = None
        if os.geteuid() == 0:
            self.tandem.state_home.mkdir(parents=True)
            if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", str(self.tandem.state_home)]).returncode == 0:
                self.state_disk = self.tandem.state_home
        self.model.has_state_disk = self.state_disk is not None
        self.monitor = LowMemoryMonitor()  # a private system bus with a low-memory monitor on it
        self.env = {"GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": str(self.folder / "config"),
                    "DBUS_SYSTEM_BUS_ADDRESS": self.monitor.address}

    # -- the application --

    def start(self):
        # The words' accented letters get keys of their own (spare XF86 ones): xdotool otherwise
        # maps each onto a scratch key as it types it, and under load a letter is sometimes lost.
        for keycode, keysym in zip(range(249, 256), ["eacute", "agrave", "ccedilla", "idiaeresis", "udiaeresis"]):
            subprocess.run(["xmodmap", "-e", f"keycode {keycode} = {keysym}"], check=False)
        for index, name in enumerate(DOCUMENTS[:2]):
            text = f"{name} line one\nsecond line\n" if index == 0 else "no final newline"
            (self.work / name).write_text(text)
            self.model.docs[name] = Document(name, text)
        # One document on a server: a real sshd on 127.0.0.1 and GVfs, reached as sftp://.
        (self.folder / "server").mkdir()
        self.server = Server(self.folder / "server")
        (self.server.files / REMOTE).write_text("on the server\n")
        self.model.docs[REMOTE] = Document(REMOTE, "on the server\n", remote=True)
        self.tandem.start(*map(self.argument, self.model.docs), env=self.env, cwd=self.work)
        for name in self.model.docs:
            self.tandem.wait_title(name, timeout=20)

    def path(self, name):
        """Where the document's file is on this machine (a server's file is in its folder)."""
        return self.server.files / name if self.model.docs.get(name) and self.model.docs[name].remote else self.work / name

    def argument(self, name):
        """How a launch names the document: its path, or its address on the server."""
        return self.server.uri(name) if self.model.docs[name].remote else str(self.work / name)

    def window_ids(self, doc):
        pattern = r"^(• )?" + re.escape(doc) + r"( \([0-9]+\))?( \[Read-Only\])?$"
        found = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.tandem.proc.pid),
                                "--name", pattern], capture_output=True, text=True).stdout.split()
        # A minimized window is not "visible" to xdotool; the driver knows which it minimized.
        return sorted(set(found) | {wid for wid, name in self.minimized.items() if name == doc}, key=int)

    def window(self, doc, index):
        ids = wait_for(f"{doc}'s windows", lambda: (lambda found: found if len(found) == self.model.docs[doc].windows else None)(
            self.window_ids(doc)))
        return ids[index % len(ids)]

    def keys(self, wid, *keys, text=None):
        self.minimized.pop(wid, None)  # activating a window brings it back
        self.tandem.send(wid, *keys, text=text)

    # -- each operation: act, then say what the model becomes --

    def apply(self, op):
        name, args = op
        getattr(self, "op_" + name)(**args)

    def op_type(self, doc, window, at, word):
        d = self.model.docs[doc]
        # A space first: each word is an undo step of its own (a space after a word starts one).
        self.keys(self.window(doc, window), "ctrl+Home" if at == "start" else "ctrl+End", text=" " + word)
        where = 0 if at == "start" else d.shown_end
        d.edit(d.text[:where] + " " + word + d.text[where:])

    def op_newline(self, doc, window, word):
        # A new line, its indentation and a word on it: one undo step.
        d = self.model.docs[doc]
        self.keys(self.window(doc, window), "ctrl+End", "Return", text=" " + word)
        # The new line starts with the last line's indentation (auto-indent, on by default).
        end = d.shown_end
        last_line = d.text[d.text.rfind("\n", 0, end) + 1:end]
        indent = last_line[:len(last_line) - len(last_line.lstrip(" \t"))]
        d.edit(d.text[:end] + "\n" + indent + " " + word + d.text[end:])

    def op_delete_first_line(self, doc, window):
        # The first line with its line break (shift+Down), or all there is when it is the last.
        d = self.model.docs[doc]
        brk = d.text.find("\n")
        end = brk + 1 if 0 <= brk < d.shown_end else d.shown_end
        if end == 0:
            return
        self.keys(self.window(doc, window), "ctrl+Home", "shift+Down", "Delete")
        d.edit(d.text[end:])

    def op_duplicate_line(self, doc, window):
        # Ctrl+Shift+D on the first line: a copy below it, one undo step.
        d = self.model.docs[doc]
        self.keys(self.window(doc, window), "ctrl+Home", "ctrl+shift+d")
        first = d.text.split("\n")[0]
        d.edit(first + "\n" + d.text)

    def op_sort_lines(self, doc, window):
        # Shift+F9 with nothing selected: every line the view shows, sorted by code point; the empty
        # line after a final break the view shows stays last, one the view hides is not a line.
        d = self.model.docs[doc]
        self.keys(self.window(doc, window), "ctrl+Home", "shift+F9")
        shown, rest = d.text[:d.shown_end], d.text[d.shown_end:]
        lines = shown.split("\n")
        kept_last = d.shown_end == len(d.text) and len(lines) > 1 and lines[-1] == ""
        if kept_last:
            lines.pop()
        new = "\n".join(sorted(lines)) + ("\n" if kept_last else "") + rest
        if len(lines) > 1 and new != d.text:
            d.edit(new)

    def op_join_lines(self, doc, window):
        # Ctrl+J on the first line: the second line's blanks go, one space between them.
        d = self.model.docs[doc]
        self.keys(self.window(doc, window), "ctrl+Home", "ctrl+j")
        lines = d.text[:d.shown_end].split("\n")
        if len(lines) < 2:
            return
        first, second = lines[0].rstrip(" \t"), lines[1].lstrip(" \t")
        joined = first if not second else second if not first else first + " " + second
        new = joined + d.text[len(lines[0]) + 1 + len(lines[1]):]
        if new != d.text:
            d.edit(new)

    def op_type_at_occurrences(self, doc, window, char):
        # Alt+J on the first line's first word selects it, Alt+J again its next occurrence as a
        # second caret; a key typed replaces both, one undo step; Escape: one caret.
        d = self.model.docs[doc]
        self.keys(self.window(doc, window), "ctrl+Home", "alt+j", "alt+j", text=char)
        self.keys(self.window(doc, window), "Escape")
        first = re.match(r"\w+", d.text[:d.shown_end])
        if not first:
            d.edit(char + d.text)
            return
        word = first.group(0)
        # The next occurrence as a plain, case-sensitive search finds it (not a whole word).
        after = d.text.find(word, len(word))
        if after < 0:
            d.edit(char + d.text[len(word):])
        else:
            d.edit(char + d.text[len(word):after] + char + d.text[after + len(word):])

    def op_type_at_carets_below(self, doc, window, char):
        # Shift+Alt+Down at the start adds a caret at the start of the second line (none on a
        # document of one line); a key typed at both is one undo step; Escape: one caret.
        d = self.model.docs[doc]
        self.keys(self.window(doc, window), "ctrl+Home", "shift+alt+Down", text=char)
        self.keys(self.window(doc, window), "Escape")
        brk = d.text.find("\n")
        if 0 <= brk < d.shown_end:
            d.edit(char + d.text[:brk + 1] + char + d.text[brk + 1:])
        else:
            d.edit(char + d.text)

    def op_undo(self, doc, window):
        d = self.model.docs[doc]
        self.keys(self.window(doc, window), "ctrl+z")
        if d.undo:
            d.redo.append((d.text, d.state))
            before = d.text
            d.text, d.state = d.undo.pop()
            d.text = d.reach(d.state, self.changed_text(d, before))
            d.settle()

    def op_redo(self, doc, window):
        d = self.model.docs[doc]
        self.keys(self.window(doc, window), "ctrl+shift+z")
        if d.redo:
            d.undo.append((d.text, d.state))
            before = d.text
            d.text, d.state = d.redo.pop()
            d.text = d.reach(d.state, self.changed_text(d, before))
            d.settle()

    def op_save(self, doc, window, keys=("ctrl+s",)):
        d = self.model.docs[doc]
        if d.question:
            return  # Save over a change not seen asks first: answered by `answer`
        self.keys(self.window(doc, window), *keys)
        self.saved(d)

    def op_save_twice(self, doc, window):
        # Ctrl+S pressed again while the first save is on its way: one save's text, no question.
        self.op_save(doc, window, keys=("ctrl+s", "ctrl+s"))

    def op_save_raced(self, doc, window, line):
        # Another program appends to the file the moment Tandem's temp file appears (a watcher
        # that reacts to any change in the folder): its write lands during the save. Either the
        # guarded commit sees it before its rename stands (the save stops; the change is asked
        # about) or it lands on the file just saved (followed as another program's edit). Never
        # is it overwritten, nor taken as Tandem's own.
        d = self.model.docs[doc]
        if d.question or d.deleted or not d.dirty or d.file == d.text:
            return  # nothing to write, or outcomes the file cannot tell apart
        path, old = self.path(doc), d.file
        landed = threading.Event()
        written = {}

        created = CreatedNames(self.work)  # watching before the save starts

        def race():
            if created.wait(f".{doc}.tandem-", timeout=10):
                fd = os.open(path, os.O_WRONLY | os.O_APPEND)
                os.write(fd, (line + "\n").encode())
                written["inode"] = os.fstat(fd).st_ino
                os.close(fd)
                landed.set()

        racer = threading.Thread(target=race)
        racer.start()
        self.keys(self.window(doc, window), "ctrl+s")
        racer.join()
        created.close()
        assert landed.is_set(), f"the save of {doc} made no temp file beside it"
        found = path.read_text()
        if found == d.text + line + "\n":
            # Saved, then appended to the new file: a clean document follows it.
            self.saved(d)
            d.file += line + "\n"
        elif found == d.text and written["inode"] != os.stat(path).st_ino:
            # Saved; the append went through a descriptor opened on the file being replaced and
            # landed after Tandem's last look at it (a window of microseconds, between the check
            # of the swapped-out file and its removal): it is in the replaced file, which no name
            # holds, as with any save by rename. README says so.
            self.saved(d)
        else:
            # Stopped: the file is the other program's version, asked about (the save wrote
            # nothing). The Save said so in a dialog; Cancel leaves the question in the window.
            d.file = old + line + "\n"
            assert found == d.file, f"{doc}: the other program's write was overwritten: {found!r}, text {d.text!r}, file {d.file!r}"
            dialog = wait_for("the overwrite question", lambda: [
                f for f in self.tandem.app() if f is not None and "since you last saw it" in " ".join(self.tandem.labels_of_frame(f))])
            [b for b in self.tandem.find(dialog[0], "push button") if b.name.replace("_", "") == "Cancel"][0].queryAction().doAction(0)
            wait_for("the overwrite question gone", lambda: not [
                f for f in self.tandem.app() if f is not None and "since you last saw it" in " ".join(self.tandem.labels_of_frame(f))])
        self.disk_changed(d)

    def saved(self, d):
        """The model of a save that went through: the file is the text, and nothing is asked."""
        d.file = d.text
        d.saved = d.state
        d.kept_mine = False
        d.deleted = False
        d.merged = None

    def op_rewrite_keeping_stamp(self, doc, word):
        # As cp -p and rsync --inplace -t write: in place, the same size, the old time put back.
        d = self.model.docs[doc]
        path = self.path(doc)
        old, new = d.file.encode(), word.encode()
        if len(old) < len(new) or (len(old) > len(new) and old[len(new)] & 0xC0 == 0x80):
            return  # no same-size rewrite of it that stays UTF-8
        new += old[len(new):]
        if new == old:
            return
        stamp = os.stat(path)
        with open(path, "r+b") as file:
            file.write(new)
        os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        d.file = new.decode()
        self.disk_changed(d)

    def op_branch_switch(self, doc):
        # `git checkout` of a branch without the file, then back: the file goes (Tandem says so),
        # then comes back as a new file of the very bytes it had. Nothing is left to say or ask:
        # the document is as it was before (clean, modified, or kept over a change).
        d = self.model.docs[doc]
        path = self.path(doc)
        old = path.read_bytes()
        frame = self.tandem.frame_of(self.window(doc, 0))
        path.unlink()
        wait_for(f"{doc} said gone", lambda: any("no longer on disk" in label for label in self.tandem.labels_of_frame(frame)))
        path.write_bytes(old)
        wait_for(f"{doc} back", lambda: not any("no longer on disk" in label for label in self.tandem.labels_of_frame(frame)))

    def op_folder_switch(self):
        # `git checkout` of a branch without the documents' folder, then back: every file goes
        # with the folder (each window says so), then all come back as new files of the very
        # bytes they had. Nothing is left to say or ask: each document is as it was before.
        files = {path.name: path.read_bytes() for path in self.work.iterdir() if path.is_file()}
        shutil.rmtree(self.work)
        frames = {name: self.tandem.frame_of(self.window(name, 0)) for name, d in self.model.docs.items() if not d.remote}
        for name, frame in frames.items():
            wait_for(f"{name} said gone", lambda: any("no longer on disk" in label for label in self.tandem.labels_of_frame(frame)))
        self.work.mkdir()
        for name, data in files.items():
            (self.work / name).write_bytes(data)
        for name, frame in frames.items():
            if not self.model.docs[name].deleted:
                wait_for(f"{name} back", lambda: not any("no longer on disk" in label for label in self.tandem.labels_of_frame(frame)))

    def op_delete_on_disk(self, doc):
        # The file removed (rm, git rm): the text stays, modified; Save creates the file again.
        d = self.model.docs[doc]
        self.path(doc).unlink()
        d.file = None
        d.deleted = True
        d.saved = None
        d.kept_mine = False  # no version on disk to ask about again
        d.merged = None

    def op_new_window(self, doc):
        result = self.tandem.launch("--new-window", self.argument(doc))
        if result.returncode != 0:
            raise Failure(f"tandem --new-window failed: {result.stderr}")
        self.model.docs[doc].windows += 1

    def op_tab_out(self, doc, window):
        # Another window on the document made the tabs' way: New Tab on This Document in one of
        # its windows, then Move Tab to New Window (each through that window's actions on D-Bus;
        # X11 says which GtkApplicationWindow a window is). The model sees one more window.
        wid = self.window(doc, window)
        self.activate_actions(wid, "new-tab-on-document", "move-to-new-window")
        self.model.docs[doc].windows += 1

    def op_split_out(self, doc, window, word):
        # Split View in one of the document's windows, a word typed at the end (on whichever side
        # has the keyboard by then: one document), then the right side, the one the window speaks
        # for, moved to a window of its own. The model sees the word and one more window.
        import pyatspi
        wid = self.window(doc, window)
        self.activate_actions(wid, "split-view")
        # The keyboard goes to the new side once it is on screen: typed before, the words
        # would land at the left side's caret.
        frame = self.tandem.frame_of(wid)
        wait_for("the right side with the keyboard", lambda: (lambda views: len(views) == 2 and views[1].getState().contains(
            pyatspi.STATE_FOCUSED))([t for t in Tandem.find(frame, "text") if t.name == "Document text"]))
        d = self.model.docs[doc]
        self.keys(wid, "ctrl+End", text=" " + word)
        d.edit(d.text[:d.shown_end] + " " + word + d.text[d.shown_end:])
        self.activate_actions(wid, "move-to-new-window")
        d.windows += 1

    def activate_actions(self, wid, *actions, target=None):
        """Activates each of the window's "win" actions in turn, through its D-Bus object (with
        `target`, a string, as a menu item's target)."""
        path = subprocess.run(["xprop", "-id", wid, "_GTK_WINDOW_OBJECT_PATH"], capture_output=True, text=True).stdout
        if '"' not in path:
            raise Failure(f"window {wid} has no GTK object path: {path!r}")
        parameter = "[]" if target is None else "[<%s>]" % json.dumps(target)
        for action in actions:
            subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.tandemedit.Tandem", "--object-path",
                            path.split('"')[1], "--method", "org.gtk.Actions.Activate", action, parameter, "{}"],
                           check=True, capture_output=True)

    def op_session_beside(self, doc, word, session):
        # The document opened in a named session of its own beside the others: one
        # document, so the word typed in that window is in every window; then that window's
        # session switched for the default one, which closes it (kept in its session, not
        # "recently closed"). The model sees the word, and the windows as they were.
        d = self.model.docs[doc]
        before = set(self.window_ids(doc))
        result = self.tandem.launch("--session", session, self.argument(doc))
        if result.returncode != 0:
            raise Failure(f"tandem --session {session} failed: {result.stderr}")
        new = wait_for(f"{doc}'s window in session {session}", lambda: sorted(set(self.window_ids(doc)) - before))
        self.keys(new[0], "ctrl+End", text=" " + word)
        d.edit(d.text[:d.shown_end] + " " + word + d.text[d.shown_end:])
        # Every key in before the switch (a D-Bus call may overtake X's keys).
        view = self.tandem.text_in(self.tandem.frame_of(new[0]))
        wait_for("the word in", lambda: view.getText(0, -1) == d.text)
        self.activate_actions(new[0], "session", target="")
        wait_for(f"session {session}'s window gone", lambda: new[0] not in self.window_ids(doc))

    def op_close_window(self, doc, window):
        self.keys(self.window(doc, window), "ctrl+w")
        self.model.docs[doc].windows -= 1
        self.model.closed.append(doc)

    def op_close_and_cancel(self, doc):
        # The window of a modified document's only window closed (its ×, Alt+F4): one question
        # about it, and Cancel leaves the window, its text and everything else as they were.
        wid = self.window(doc, 0)
        self.keys(wid, "alt+F4")

        def question():
            for window in (self.tandem.app() or []):
                try:
                    if window is not None and "before closing?" in " ".join(self.tandem.labels_of_frame(window)):
                        return window
                except Exception:  # a window closing while it is read
                    pass
            return None
        dialog = wait_for(f"the close question for {doc}", question)
        cancel = wait_for("its Cancel", lambda: [b for b in self.tandem.find(dialog, "push button") if b.name.replace("_", "") == "Cancel"])
        cancel[0].queryAction().doAction(0)
        wait_for("the close question gone", lambda: question() is None)

    def op_reopen_closed(self, doc, window):
        # From any window: the last window closed comes back, on its document.
        self.keys(self.window(doc, window), "ctrl+shift+t")
        self.model.docs[self.model.closed.pop()].windows += 1

    def op_paste(self, source, doc, window, at):
        # Select All and Copy in a window of `source` (all that shows), Paste at the start or end of `doc`.
        s, d = self.model.docs[source], self.model.docs[doc]
        self.keys(self.window(source, 0), "ctrl+a", "ctrl+c", "ctrl+Home")
        if s.shown_end:  # copying nothing leaves the clipboard as it was
            self.model.clipboard = s.text[:s.shown_end]
        self.keys(self.window(doc, window), "ctrl+Home" if at == "start" else "ctrl+End", "ctrl+v")
        if self.model.clipboard:
            where = 0 if at == "start" else d.shown_end
            d.edit(d.text[:where] + self.model.clipboard + d.text[where:])

    def op_paste_at_start(self, source, doc, window):  # the name runs saved before paste took `at`
        self.op_paste(source, doc, window, "start")

    def op_replace_all(self, doc, window, find, replace):
        # Ctrl+H, both fields filled over AT-SPI, Replace All, Escape. Find ignores case by
        # default; the driver's texts are lower case, so plain replacement is the model.
        import pyatspi
        d = self.model.docs[doc]
        wid = self.window(doc, window)
        self.keys(wid, "ctrl+h")
        frame = self.tandem.frame_of(wid)
        entries = wait_for("the find and replace fields", lambda: (lambda found: found if len(found) == 2 else None)(
            [t for t in self.tandem.find(frame, "text") if t.name != "Document text" and t.getState().contains(pyatspi.STATE_SHOWING)]))
        entries[0].queryEditableText().setTextContents(find)
        entries[1].queryEditableText().setTextContents(replace)
        button = [b for b in self.tandem.find(frame, "push button") if b.name.replace("_", "") == "Replace All"][0]
        # The search runs as the field changes: wait for its count before replacing.
        wait_for("the matches counted", lambda: any(" of " in label or "No" in label for label in self.tandem.labels_of_frame(frame)))
        button.queryAction().doAction(0)
        shown = d.text[:d.shown_end]
        if shown.replace(find, replace) != shown:  # matches already their replacement make no step
            d.edit(shown.replace(find, replace) + d.text[d.shown_end:])
        self.wait_text(d)
        self.keys(wid, "Escape")

    def open_work_folder(self):
        """`tandem DIR` on the documents' folder: its window (a new one), title and X id."""
        before = {f.name for f in self.tandem.frames()}
        result = self.tandem.launch(str(self.work))
        if result.returncode != 0:
            raise Failure(f"tandem on the folder failed: {result.stderr}")
        frame = wait_for("the folder's window", lambda: next((f for f in self.tandem.frames()
                                                             if f.name.startswith("Untitled Document") and f.name not in before), None))
        title = frame.name
        wid = wait_for("its X window", lambda: (subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.tandem.proc.pid),
                                                                 "--name", "^" + re.escape(title) + "$"], capture_output=True, text=True).stdout.split() or [None])[0])
        return frame, title, wid

    def op_replace_in_files(self, find, replace):
        # The documents' folder opened (`tandem DIR`: a window of its own), Find in Files with
        # Match case on, Replace: every local document holding the word changes in its windows
        # (one undo step, left unsaved), every file no window shows changes on disk; then the
        # folder's window is closed.
        import pyatspi
        frame, title, wid = self.open_work_folder()
        self.keys(wid, "ctrl+shift+f")
        field = lambda name: next((t for t in self.tandem.find(frame, "text") if t.name == name), None)
        wait_for("Find in Files' fields", lambda: field("Find in files") and field("Replace with"))
        case = next(b for b in self.tandem.find(frame, "toggle button") if b.name == "Match case")
        case.queryAction().doAction(0)
        field("Replace with").queryEditableText().setTextContents(replace)
        field("Find in files").queryEditableText().setTextContents(find)
        button = lambda: next((b for b in self.tandem.find(frame, "push button") if b.name == "Replace"
                               and b.getState().contains(pyatspi.STATE_SENSITIVE)), None)
        wait_for("the search done", button)
        button().queryAction().doAction(0)
        wait_for("replaced", lambda: any("replaced in" in label for label in self.tandem.labels_of_frame(frame)))
        for d in self.model.docs.values():
            if not d.remote and find in d.text:
                d.edit(d.text.replace(find, replace))
        for name, text in list(self.model.files.items()):
            self.model.files[name] = text.replace(find, replace)
        self.keys(wid, "ctrl+w")
        wait_for("the folder's window closed", lambda: title not in {f.name for f in self.tandem.frames()})

    def op_rename_in_panel(self, doc, name):
        # The documents' folder opened (`tandem DIR`), the document's file reached in the Files
        # panel by keyboard (F6, Home, Down), F2, the new name, Enter: the file moves, and the
        # document goes with it in every window, unsaved text and undo history too; then the
        # folder's window is closed.
        import pyatspi
        d = self.model.docs[doc]
        frame, title, wid = self.open_work_folder()
        tree = wait_for("the Files tree", lambda: next((t for t in self.tandem.find(frame, "tree table") if t.name == "Files"), None))
        names = lambda: [cell.name for row in tree if row is not None for cell in row if cell is not None and cell.name]
        wait_for(f"{doc} listed", lambda: doc in names())
        self.keys(wid, "F6")
        wait_for("the tree has the keyboard", lambda: tree.getState().contains(pyatspi.STATE_FOCUSED))
        subprocess.run(["xdotool", "key", "Home"] + ["Down"] * names().index(doc), check=True)
        # A row is a cell holding the icon's and the name's cells.
        selected = lambda: [inner.name for c in (tree.querySelection().getSelectedChild(i) for i in range(tree.querySelection().nSelectedChildren))
                            if c is not None for inner in [c, *c] if inner is not None]
        wait_for(f"the cursor on {doc}", lambda: doc in selected())
        subprocess.run(["xdotool", "key", "F2"], check=True)
        dialog = wait_for("the Rename question", lambda: next((f for f in self.tandem.app() if f is not None
                                                                and "Rename" in self.tandem.labels_of_frame(f)), None))
        wait_for("its field with the keyboard", lambda: any(t.getState().contains(pyatspi.STATE_FOCUSED) for t in self.tandem.find(dialog, "text")))
        subprocess.run(["xdotool", "type", "--delay", "20", name], check=True)
        subprocess.run(["xdotool", "key", "Return"], check=True)
        del self.model.docs[doc]
        d.name = name
        self.model.docs[name] = d
        self.model.closed = [name if n == doc else n for n in self.model.closed]
        self.minimized = {w: name if n == doc else n for w, n in self.minimized.items()}
        wait_for(f"{name}'s windows", lambda: len(self.window_ids(name)) == d.windows)
        self.keys(wid, "ctrl+w")
        wait_for("the folder's window closed", lambda: title not in {f.name for f in self.tandem.frames()})

    def op_save_as(self, doc, window, name):
        # Ctrl+Shift+S, a new name in the dialog's own folder, Enter: the document is that file now,
        # in every window; the old file stays as it was.
        d = self.model.docs[doc]
        self.keys(self.window(doc, window), "ctrl+shift+s")
        dialog = wait_for("the Save As dialog", lambda: subprocess.run(
            ["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.tandem.proc.pid), "--name", "^Save As$"],
            capture_output=True, text=True).stdout.split())[0]
        self.keys(dialog, "ctrl+a", text=name)
        time.sleep(0.2)
        subprocess.run(["xdotool", "key", "Return"], check=True)
        if d.file is not None:
            self.model.files[doc] = d.file
        del self.model.docs[doc]
        d.name = name
        self.model.docs[name] = d
        self.model.closed = [name if n == doc else n for n in self.model.closed]
        self.minimized = {wid: name if n == doc else n for wid, n in self.minimized.items()}
        d.file = d.text
        d.saved = d.state
        d.question = d.kept_mine = d.deleted = False
        d.base = d.merged = None
        wait_for(f"{name}'s windows", lambda: len(self.window_ids(name)) == d.windows)

    def op_open_file(self, name, text):
        path = self.work / name
        if name not in self.model.files:
            path.write_text(text)
        result = self.tandem.launch(str(path))
        if result.returncode != 0:
            raise Failure(f"tandem {name} failed: {result.stderr}")
        self.model.files.pop(name, None)
        self.model.docs[name] = Document(name, text)

    def op_state_disk_fills(self):
        """The state folder's disk fills (another program's log): typing goes on, each window whose
        unsaved text cannot be kept says so."""
        stats = os.statvfs(self.state_disk)
        try:
            with open(self.state_disk / ".filler", "ab") as out:
                out.write(b"\0" * (stats.f_bavail * stats.f_frsize))
        except OSError:
            pass  # full: that was the point
        self.model.state_full = True

    def op_state_disk_empties(self):
        """Room comes back: every window stops saying its text is not kept, by itself, and the
        records that could not be written are written (the next kill or quit must find them)."""
        (self.state_disk / ".filler").unlink(missing_ok=True)
        self.model.state_full = False
        for frame in self.tandem.frames():
            wait_for(f"{frame.name}: the banner gone once there is room",
                     lambda: not any("cannot be protected" in label for label in self.tandem.labels_of_frame(frame)))
        time.sleep(2.5)  # a record that failed is written again within 2 s (SessionStore.retryDelay)

    def op_quit_while_full(self):
        """Ctrl+Q while the state folder is full: a modified document whose text could not be kept
        is asked about (Cancel stays, every window as it was); with nothing at risk it quits."""
        wid = self.window(next(iter(self.model.docs)), 0)
        self.keys(wid, "ctrl+q")

        def asked_or_gone():
            if self.tandem.proc.poll() is not None:
                return "gone"
            for window in (self.tandem.app() or []):
                if window is not None and "before quitting?" in " ".join(self.tandem.labels_of_frame(window)):
                    return window
            return None
        answer = wait_for("the quit question, or the quit", asked_or_gone, timeout=15)
        if answer == "gone":
            if self.tandem.proc.returncode != 0:
                raise Failure(f"quit ended with status {self.tandem.proc.returncode}")
            return self.relaunch()
        button = next(b for b in self.tandem.find(answer, "push button") if b.name.replace("_", "") == "Cancel")
        button.queryAction().doAction(0)
        wait_for("the quit question gone", lambda: not any(
            w is not None and "before quitting?" in " ".join(self.tandem.labels_of_frame(w)) for w in (self.tandem.app() or [])))

    def op_memory_warning(self, doc, window):
        # The window minimized (a background scene), then the memory monitor warns: background
        # windows give their buffers back, and the next operation on it brings it back.
        wid = self.window(doc, window)
        subprocess.run(["xdotool", "windowminimize", "--sync", wid], check=True)
        self.minimized[wid] = doc
        for _ in range(3):  # the monitor may start after the application: warn until heard
            self.monitor.warn()
            time.sleep(0.1)

    def changed_text(self, d, before):
        """What a window of `d` shows once it no longer shows `before` (an undo or redo arrived);
        read only for a step carried across another program's change (`Document.reach`)."""
        if d.state not in d.peer_pieces:
            return None
        view = self.tandem.text_in(self.tandem.frame_of(self.window(d.name, 0)))
        try:
            return wait_for(f"{d.name} changed", lambda: (lambda t: t if t != before else None)(view.getText(0, -1)), timeout=5)
        except Failed:
            return before

    def wait_text(self, d):
        """Waits until a window of `d` shows its model text (an operation's result arrived)."""
        view = self.tandem.text_in(self.tandem.frame_of(self.window(d.name, 0)))
        try:
            wait_for(f"{d.name}'s text", lambda: view.getText(0, -1) == d.text, timeout=5)
        except Failed:
            pass  # the check after the step says what differs

    def op_rename_save_on_disk(self, doc, word):
        # As Emacs and Vim (backupcopy=no) save: the file becomes the backup, a new file takes its name.
        d = self.model.docs[doc]
        path = self.path(doc)
        path.rename(path.parent / (doc + "~"))
        new = d.file + word + "\n"
        path.write_text(new)
        d.file = new
        self.disk_changed(d)

    def op_append_on_disk(self, doc, line):
        d = self.model.docs[doc]
        with open(self.path(doc), "a") as file:
            file.write(line + "\n")
        d.file += line + "\n"
        self.disk_changed(d)

    def op_rewrite_on_disk(self, doc, word):
        d = self.model.docs[doc]
        new = word + " " + d.file  # truncate and write, as many programs save
        self.path(doc).write_text(new)
        d.file = new
        self.disk_changed(d)

    def disk_changed(self, d):
        if d.file == d.text:
            d.question = False
            d.saved = d.state  # the file now is the text: nothing to ask
            return
        # Undone steps are carried across the change, as the rest of the history.
        if d.dirty or d.question:
            if not d.question:
                # The question shows before the user goes on, as a person would see it come. (A
                # quit before Tandem has seen the change makes it a change while Tandem was closed,
                # which the relaunch merges and says so: a timing the model cannot tell.)
                self.wait_question(d)
                # The version Merge starts from: the text last saved or read (the file before this
                # change), or the version a Merge took in; a second change keeps the first base.
                d.base = d.text_at(d.saved) if d.saved is not None else d.merged
            d.question = True
            d.saved = None  # no state of the history is the file now: modified until saved or reloaded
            return
        # A clean document follows, as another program's edits: never an undo step of the user's.
        d.follow(d.text)

    def wait_question(self, d):
        """Waits until the document's first window asks about the file's new version."""
        import pyatspi
        frame = self.tandem.frame_of(self.window(d.name, 0))
        wait_for(f"the question in {d.name}", lambda: [b for b in self.tandem.find(frame, "push button")
                                                      if b.name.replace("_", "") == "Keep Mine"
                                                      and b.getState().contains(pyatspi.STATE_SHOWING)])

    def op_answer(self, doc, button):
        import pyatspi
        d = self.model.docs[doc]
        wid = self.window(doc, 0)
        frame = self.tandem.frame_of(wid)
        found = wait_for(f"{button} in {doc}", lambda: [b for b in self.tandem.find(frame, "push button")
                                                         if b.name.replace("_", "") == button
                                                         and b.getState().contains(pyatspi.STATE_SHOWING)])
        merged = d.merge_result() if button == "Merge" else None
        found[0].queryAction().doAction(0)
        d.question = False
        d.kept_mine = button == "Keep Mine"
        if button == "Reload":
            d.reload()
        elif button == "Merge":
            # Both sides' changes, the file's as another program's edits (the history carried
            # across them); modified unless that is the file (see merge_model).
            text, _ = merged
            if text != d.text:
                d.take_peer(d.text, text)
            d.saved = d.state if text == d.file else None
            d.merged = d.file
        # Keep Mine: the text stays, modified against the file it did not take.
        d.base = None
        if button == "Keep Mine":
            d.merged = None

    def op_kill_and_relaunch(self):
        time.sleep(0.3)  # the journal flushes within a frame or two of the last key
        self.tandem.kill(signal.SIGKILL)
        self.relaunch()

    def op_type_and_kill(self, doc, window, word, delay):
        # Killed at a random moment after typing: what was typed more than a journal flush before
        # (0.3 s is ample) is back whole; what was typed closer to the kill may be back in part.
        d = self.model.docs[doc]
        end, typed = d.shown_end, " " + word  # where Ctrl+End goes now (a relaunch may hide a break)
        self.keys(self.window(doc, window), "ctrl+End", text=typed)
        time.sleep(delay)
        self.tandem.kill(signal.SIGKILL)
        self.relaunch(undo_check=False)
        view = self.tandem.text_in(self.tandem.frame_of(self.window(doc, 0)))
        readings = [None]
        shown = wait_for(f"{doc} back and settled", lambda: readings.append(view.getText(0, -1)) or (
            readings[-1] if readings[-1] == readings[-2] else None), interval=0.3)
        kept = next((n for n in range(len(typed), -1, -1) if shown == d.text[:end] + typed[:n] + d.text[end:]), None)
        if kept is None or (delay >= 0.3 and kept < len(typed)):
            raise Failure(f"after the kill {doc} shows {shown!r}; typed {typed!r} at the end of {d.text!r}")
        if kept:
            d.edit(d.text[:end] + typed[:kept] + d.text[end:])
            d.left_saved = None  # the keys came before the kill: a saved version they pushed out went with it
        self.undo_check()

    def op_quit_and_relaunch(self):
        wid = self.window(next(iter(self.model.docs)), 0)
        self.keys(wid, "ctrl+q")
        code = self.tandem.wait_exit(timeout=15)
        if code != 0:
            raise Failure(f"quit ended with status {code}")
        self.relaunch()

    def relaunch(self, undo_check=True):
        self.tandem.restart(env=self.env)
        self.minimized.clear()  # windows come back shown
        # What Tandem had copied went with its process: X keeps no clipboard without a clipboard
        # manager, and Xvfb has none (found by the random user: a paste after a quit pasted nothing).
        self.model.clipboard = ""
        for d in self.model.docs.values():
            d.hides_break = breaks_at_end(d.text) > 0
            # The journal keeps the text over the file version it began from: a file that changed
            # since is asked about again at relaunch, even after Keep Mine (the answer is not journaled).
            d.question = d.question or d.kept_mine
            d.base = d.merged = None  # the version a Merge would start from is not journaled
            d.left_saved = None  # nor the saved version the redo took with it (kept in memory only)
        wait_for("every window back", lambda: len(self.tandem.frames()) == self.model.windows(), timeout=20)
        if undo_check:
            self.undo_check()

    def undo_check(self):
        """Ctrl+Z right after a relaunch undoes what the model says, and Ctrl+Shift+Z redoes it."""
        d = next((d for d in self.model.docs.values() if d.undo), None)
        if d is None:
            return
        wid = self.window(d.name, 0)
        view = self.tandem.text_in(self.tandem.frame_of(wid))
        text, state = d.undo[-1]
        for keys in ("ctrl+z", "ctrl+shift+z"):
            before = view.getText(0, -1)
            self.keys(wid, keys)
            if keys == "ctrl+z":
                if state in d.peer_pieces:
                    text = d.reach(state, wait_for("the undo", lambda: (lambda t: t if t != before else None)(view.getText(0, -1))))
                    d.undo[-1] = (text, state)
                # Undo to a text without a final break shows the break from then on, redo or not (as
                # the op_undo model says through settle): the break the model hid is shown after this check.
                if not breaks_at_end(text):
                    d.hides_break = False
            else:
                text = d.text
            try:
                wait_for(f"{keys} in {d.name}", lambda: view.getText(0, -1) == text, timeout=5)
            except Failed:
                shown = view.getText(0, -1)
                raise Failure(f"{keys} after the relaunch: {d.name} shows {shown!r}, the model {text!r}")

    # -- the check after every step --

    def check(self):
        if self.tandem.proc.poll() is not None:
            raise Failure(f"the process ended (status {self.tandem.proc.returncode})")

        def agrees():
            problems = []
            frames = self.tandem.frames()
            seen = {name: 0 for name in self.model.docs}
            for frame in frames:
                title = frame.name
                match = re.match(r"^(• )?(.+?)( \([0-9]+\))?$", title)
                if not match or match.group(2) not in self.model.docs:
                    problems.append(f"a window titled {title!r}")
                    continue
                d = self.model.docs[match.group(2)]
                seen[d.name] += 1
                text = self.tandem.text_in(frame).getText(0, -1)
                if text != d.text:
                    problems.append(f"{title}: shows {text!r}, the model {d.text!r}")
                if bool(match.group(1)) != d.dirty:
                    problems.append(f"{title}: modified mark {bool(match.group(1))}, the model {d.dirty}")
            for name, d in self.model.docs.items():
                if seen[name] != d.windows:
                    problems.append(f"{name}: {seen[name]} windows, the model {d.windows}")
                path = self.path(name)
                on_disk = path.read_text() if path.exists() else None
                if on_disk != d.file:
                    problems.append(f"{name} on disk: {on_disk!r}, the model {d.file!r}")
            for name, text in self.model.files.items():
                on_disk = (self.work / name).read_text() if (self.work / name).exists() else None
                if on_disk != text:
                    problems.append(f"{name} (no window) on disk: {on_disk!r}, the model {text!r}")
            return problems
        deadline = time.monotonic() + 8
        problems = agrees()
        while problems and time.monotonic() < deadline:
            time.sleep(0.2)
            try:
                problems = agrees()
            except Exception as error:  # a window closing while read
                problems = [repr(error)]
        if problems:
            raise Failure("; ".join(problems))
        complaints = self.tandem.gtk_complaints()
        if complaints:
            raise Failure("GTK complained: " + " | ".join(complaints[:3]))


def run(ops, folder, log=print, shot=None):
    """Runs the operations (a list, or a generator fed the model); returns the list done and the
    failure, if any (with a screenshot in `shot`)."""
    driver = Driver(folder)
    done = []
    try:
        driver.start()
        driver.check()
        for op in ops(driver.model) if callable(ops) else ops:
            if not allowed(op, driver.model):
                continue
            done.append(op)
            log(f"  {len(done):4d} {op[0]} {json.dumps(op[1], ensure_ascii=False)}")
            driver.apply(op)
            driver.check()
        return done, None
    except (Exception, Failed) as error:  # the harness's own time-outs are failures too
        if shot:
            subprocess.run(["import", "-window", "root", shot], check=False)
        return done, f"{type(error).__name__}: {error}\n" + "".join(traceback.format_exc(limit=3))
    finally:
        driver.tandem.stop()
        if driver.state_disk:
            subprocess.run(["umount", "-l", str(driver.state_disk)], check=False)
        driver.monitor.stop()
        if driver.server:
            driver.server.stop()


def seeded(seed, steps, deadline):
    def ops(model):
        rng = random.Random(seed)
        for _ in range(steps):
            if time.monotonic() > deadline:
                return
            yield choose(rng, model)
    return ops


def shrink(ops, log):
    """Drops operations (halves, then one at a time) while the run still fails."""
    chunk = max(1, len(ops) // 2)
    while chunk >= 1:
        index = 0
        while index < len(ops):
            candidate = ops[:index] + ops[index + chunk:]
            with tempfile.TemporaryDirectory(prefix="tandem-shrink-") as folder:
                _, failure = run(candidate, folder, log=lambda *_: None)
            if failure:
                log(f"shrink: {len(candidate)} operations still fail")
                ops = candidate
            else:
                index += chunk
        chunk //= 2
    return ops


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=40, help="operations per seed")
    parser.add_argument("--minutes", type=float, help="run seeds (seed, seed+1, …) for at most this long")
    parser.add_argument("--seeds", type=int, help="how many seeds, from --seed (1; with --minutes, as many as fit)")
    parser.add_argument("--replay", nargs="+", help="runs' saved operation lists (Tests/Random/known holds the fixed ones)")
    parser.add_argument("--shrink", action="store_true", help="with a failure: drop operations while it fails")
    parser.add_argument("--out", default="random-failure.json", help="where a failing run's operations go")
    parser.add_argument("--keep-going", action="store_true", help="after a failure, go on with the next seed (each failure saved apart)")
    arguments = parser.parse_args()

    total, failures = 0, 0
    if arguments.replay:
        plans = [(Path(plan).stem, [tuple(op) for op in json.loads(Path(plan).read_text())["operations"]])
                 for plan in arguments.replay]
    else:
        deadline = time.monotonic() + arguments.minutes * 60 if arguments.minutes else float("inf")
        count = arguments.seeds or (10 ** 9 if arguments.minutes else 1)
        plans = ((seed, seeded(seed, arguments.steps, deadline))
                 for seed in range(arguments.seed, arguments.seed + count))
    started = time.monotonic()
    for seed, ops in plans:
        if arguments.minutes and time.monotonic() - started > arguments.minutes * 60:
            break
        print(f"seed {seed}:")
        out = Path(arguments.out)
        if arguments.keep_going:
            out = out.with_name(f"{out.stem}-{seed}{out.suffix}")
        with tempfile.TemporaryDirectory(prefix="tandem-random-") as folder:
            done, failure = run(ops, folder, shot=str(out.with_suffix(".png")))
        total += len(done)
        if failure:
            failures += 1
            print(f"FAILED seed {seed} after {len(done)} operations:\n{failure}")
            if arguments.shrink:
                done = shrink(done, print)
                print(f"shrunk to {len(done)} operations")
            out.write_text(json.dumps({"seed": seed, "failure": failure.splitlines()[0],
                                       "operations": done}, ensure_ascii=False, indent=1))
            print(f"operations saved to {out}; replay: python3 {sys.argv[0]} --replay {out}")
            if not arguments.keep_going:
                break
    print(f"random user: {total} operations, {failures} failed, {time.monotonic() - started:.0f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
