"""Files on a server, as GNOME keeps them: a real sshd on 127.0.0.1 (its own host key, one
authorized key held by an ssh-agent, nothing else listening) and GVfs in the test's D-Bus session,
reached as sftp:// through GIO; and an FTP server on 127.0.0.1 that wants a password, typed
into GTK's mount dialog. The servers' folders are local ones, so the test looks at the file on
the server as the server does."""
import getpass
import os
import shutil
import socket
import subprocess
import tempfile
import time

import pytest

from conftest import wait_for, press, write, hold_still
from test_real_programs import banner_text, press_button


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def descendants_of(pid):
    """The processes under `pid`, children first."""
    found = []
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    for child in map(int, children):
        found += [child] + descendants_of(child)
    return found


class Server:
    """sshd on 127.0.0.1 serving `root` over SFTP, an agent holding its one key, and a GVfs
    daemon of the session that knows the agent."""

    def __init__(self, folder):
        self.folder = folder
        self.files = folder / "files"
        self.files.mkdir()
        self.port = free_port()
        self.user = getpass.getuser()
        self.processes = []
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(folder / "host_key")], check=True)
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(folder / "user_key")], check=True)
        shutil.copy(folder / "user_key.pub", folder / "authorized_keys")
        (folder / "sshd_config").write_text(
            f"Port {self.port}\nListenAddress 127.0.0.1\nHostKey {folder}/host_key\n"
            f"AuthorizedKeysFile {folder}/authorized_keys\nAllowUsers {self.user}\n"
            "PasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n"
            f"PidFile {folder}/sshd.pid\nStrictModes no\nUsePAM no\nSubsystem sftp internal-sftp\n")
        os.makedirs("/run/sshd", exist_ok=True)  # sshd's privilege separation folder
        self.agent_socket = str(folder / "agent.sock")
        self.processes.append(subprocess.Popen(["ssh-agent", "-D", "-a", self.agent_socket],
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        # The agent's socket exists from its bind, a moment before it listens: ssh-add is asked
        # again until the agent takes the key.
        wait_for("the ssh agent to take the key", lambda: os.path.exists(self.agent_socket) and subprocess.run(
            ["ssh-add", "-q", str(folder / "user_key")], env={**os.environ, "SSH_AUTH_SOCK": self.agent_socket},
            stderr=subprocess.DEVNULL).returncode == 0)
        self.start_sshd()
        # GVfs's daemon of this session, replaced by one that knows the agent (gvfsd-sftp runs ssh).
        # ssh's control socket goes in its runtime folder, and a socket's path has at most 107
        # bytes: the Wayland runs' runtime folder, deep in the test's, is too long, so the daemon
        # reaches that same folder through a short link (Tandem finds the daemon's socket there).
        environment = {**os.environ, "SSH_AUTH_SOCK": self.agent_socket}
        self.runtime = None
        if "XDG_RUNTIME_DIR" in os.environ:
            self.runtime = tempfile.mkdtemp(prefix="gvfs-", dir="/tmp")
            os.symlink(os.environ["XDG_RUNTIME_DIR"], self.runtime + "/r")
            environment["XDG_RUNTIME_DIR"] = self.runtime + "/r"
        self.processes.append(subprocess.Popen(["/usr/libexec/gvfsd", "--replace"], env=environment,
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for("GVfs's daemon", lambda: subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                                                           "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", "org.gtk.vfs.Daemon"],
                                                          capture_output=True, text=True).stdout.startswith("(true"))

    def start_sshd(self):
        self.sshd = subprocess.Popen(["/usr/sbin/sshd", "-D", "-f", str(self.folder / "sshd_config"), "-E", str(self.folder / "sshd.log")])
        wait_for("sshd listening", self.listening)

    def stop_sshd(self):
        # The sessions it has open end too: a connection's processes are this sshd's children
        # (and theirs), which outlive it; only these are ended, never another sshd's.
        sessions = descendants_of(self.sshd.pid)
        self.sshd.terminate()
        self.sshd.wait(timeout=10)
        for pid in sessions:
            try:
                os.kill(pid, 15)
            except ProcessLookupError:
                pass  # ended with its parent
        wait_for("sshd gone", lambda: not self.listening())

    def listening(self):
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", self.port)) == 0

    def uri(self, name):
        return f"sftp://{self.user}@127.0.0.1:{self.port}{self.files}/{name}"

    def text_of(self, name):
        """The file's text on the server, None while it is missing: GVfs's SFTP backend saves
        by removing the file and then moving its temporary in, so a look mid-save finds none."""
        try:
            return (self.files / name).read_text()
        except FileNotFoundError:
            return None

    def stop(self):
        subprocess.run(["gio", "mount", "-u", f"sftp://{self.user}@127.0.0.1:{self.port}/"], capture_output=True, timeout=20)
        if self.sshd.poll() is None:
            self.stop_sshd()
        for process in reversed(self.processes):
            process.terminate()
            process.wait(timeout=10)
        if self.runtime:
            os.unlink(self.runtime + "/r")  # the link only, never what it points to
            os.rmdir(self.runtime)


@pytest.fixture
def server(tmp_path):
    folder = tmp_path / "server"
    folder.mkdir()
    server = Server(folder)
    try:
        yield server
    finally:
        server.stop()


def wait_editable(tandem, title):
    """Waits until the window takes typing: keys typed while it still reads its file from the
    server have no text to go into (the store refuses them), so a probe key is typed until one
    is taken, then taken back."""
    deadline = time.monotonic() + 10
    while True:
        tandem.type(title, "x")
        try:
            tandem.wait_title("• " + title, timeout=1)
            break
        except BaseException:
            if time.monotonic() > deadline:
                raise
    tandem.key("• " + title, "BackSpace")
    wait_for("the probe taken back", lambda: tandem.text_of("• " + title) == "")


def save_until(tandem, title, saved):
    """Presses Ctrl+S every few seconds until `saved()`, as a user does once the server is back:
    GVfs takes a moment to take the dead mount down before it mounts again."""
    deadline = time.monotonic() + 30
    while not saved() and time.monotonic() < deadline:
        tandem.key(title, "ctrl+s")
        pressed = time.monotonic()
        while not saved() and time.monotonic() < pressed + 4:
            time.sleep(0.1)  # the poll's pace: the file gives no event
    assert saved()


def header_labels(tandem, title):
    return tandem.labels_of(title)


def test_a_file_on_a_server_opens_in_place_is_edited_and_saved_through_gio(tandem, server):
    (server.files / "notes.txt").write_text("line one\nline two\n")
    tandem.start(server.uri("notes.txt") + ":2")
    tandem.wait_title("notes.txt")
    wait_for("the file's text", lambda: tandem.text_of("notes.txt") == "line one\nline two\n")
    # The header says where the file is: its folder on the server, and the server.
    wait_for("the server in the header", lambda: f"{server.files} on 127.0.0.1:{server.port}" in header_labels(tandem, "notes.txt"))
    tandem.key("notes.txt", "End")
    tandem.type("notes.txt", " and more")
    tandem.wait_title("• notes.txt")
    tandem.key("• notes.txt", "ctrl+s")
    tandem.wait_title("notes.txt")
    assert (server.files / "notes.txt").read_text() == "line one\nline two and more\n"
    assert tandem.gtk_complaints() == []


def test_a_change_made_on_the_server_is_followed_and_is_not_undone_by_ctrl_z(tandem, server):
    (server.files / "log.txt").write_text("first\n")
    tandem.start(server.uri("log.txt"))
    tandem.wait_title("log.txt")
    wait_for("the file's text", lambda: tandem.text_of("log.txt") == "first\n")
    tandem.key("log.txt", "ctrl+Home")
    tandem.type("log.txt", "mine")
    tandem.wait_title("• log.txt")
    tandem.key("• log.txt", "ctrl+s")
    tandem.wait_title("log.txt")
    # Another program on the server adds a line: the window follows it within a few looks.
    with open(server.files / "log.txt", "a") as log:
        log.write("theirs\n")
    wait_for("the server's change", lambda: tandem.text_of("log.txt") == "minefirst\ntheirs\n", timeout=15)
    # Ctrl+Z takes back what the user typed, never the other program's line.
    tandem.key("log.txt", "ctrl+z")
    wait_for("the user's typing undone", lambda: "mine" not in (tandem.text_of("• log.txt") or ""))
    assert tandem.text_of("• log.txt") == "first\ntheirs\n"
    assert tandem.gtk_complaints() == []


def test_a_save_over_a_change_made_on_the_server_is_refused_and_the_text_kept(tandem, server):
    (server.files / "plan.txt").write_text("draft\n")
    tandem.start(server.uri("plan.txt"))
    tandem.wait_title("plan.txt")
    wait_for("the file's text", lambda: tandem.text_of("plan.txt") == "draft\n")
    tandem.type("plan.txt", "typed ")
    tandem.wait_title("• plan.txt")
    # Someone else saves on the server; whether the next look or the save finds it first, the
    # save does not overwrite it, and the window keeps the typing.
    (server.files / "plan.txt").write_text("their version\n")
    tandem.key("• plan.txt", "ctrl+s")
    wait_for("the change said", lambda: any("changed on disk" in text for text in banner_text(tandem)), timeout=15)
    assert (server.files / "plan.txt").read_text() == "their version\n"
    assert tandem.text_of("• plan.txt") == "typed draft\n"
    assert tandem.gtk_complaints() == []


def test_a_new_file_on_a_server_is_made_by_saving_and_a_missing_folder_is_said_in_words(tandem, server):
    tandem.start(server.uri("new.txt"))
    tandem.wait_title("new.txt")
    wait_editable(tandem, "new.txt")
    tandem.type("• new.txt", "made here")
    tandem.key("• new.txt", "ctrl+s")
    wait_for("made on the server", lambda: server.text_of("new.txt") == "made here")
    tandem.launch(server.uri("missing-folder/none.txt"))
    tandem.wait_title("none.txt")
    wait_editable(tandem, "none.txt")
    tandem.type("• none.txt", "nowhere")
    tandem.key("• none.txt", "ctrl+s")
    wait_for("the reason", lambda: any("its folder does not exist on 127.0.0.1" in text for text in banner_text(tandem)))
    assert tandem.text_of("• none.txt") == "nowhere"
    assert tandem.gtk_complaints() == []


def test_a_save_while_the_server_is_down_leaves_its_file_and_the_text_and_a_later_save_works(tandem, server):
    (server.files / "notes.txt").write_text("as it was\n")
    tandem.start(server.uri("notes.txt"))
    tandem.wait_title("notes.txt")
    wait_for("the file's text", lambda: tandem.text_of("notes.txt") == "as it was\n")
    tandem.type("notes.txt", "more ")
    tandem.wait_title("• notes.txt")
    server.stop_sshd()
    tandem.key("• notes.txt", "ctrl+s")
    wait_for("the failure said", lambda: any("Could not save “notes.txt”: the server" in text and "cannot be reached" in text for text in banner_text(tandem)), timeout=20)
    assert (server.files / "notes.txt").read_text() == "as it was\n"
    assert tandem.text_of("• notes.txt") == "more as it was\n"
    server.start_sshd()
    save_until(tandem, "• notes.txt", lambda: server.text_of("notes.txt") == "more as it was\n")
    tandem.wait_title("notes.txt")
    assert tandem.gtk_complaints() == []


def test_a_window_opened_while_the_server_is_down_fills_in_once_it_answers(tandem, server):
    (server.files / "later.txt").write_text("worth the wait\n")
    server.stop_sshd()
    tandem.start(server.uri("later.txt"))
    tandem.wait_title("later.txt")
    wait_for("the reason", lambda: any("cannot be reached" in text for text in banner_text(tandem)), timeout=20)
    server.start_sshd()
    wait_for("the text", lambda: tandem.text_of("later.txt") == "worth the wait\n", timeout=20)
    wait_for("the failure gone", lambda: not any("cannot be reached" in text for text in banner_text(tandem)))
    tandem.type("later.txt", "editable ")
    tandem.wait_title("• later.txt")
    assert tandem.gtk_complaints() == []


def test_unsaved_text_on_a_server_comes_back_after_a_crash_while_the_server_is_down(tandem, server):
    (server.files / "notes.txt").write_text("kept on the server\n")
    tandem.start(server.uri("notes.txt"))
    tandem.wait_title("notes.txt")
    wait_for("the file's text", lambda: tandem.text_of("notes.txt") == "kept on the server\n")
    tandem.type("notes.txt", "unsaved ")
    tandem.wait_title("• notes.txt")
    time.sleep(1.5)  # the window's record is written a second after typing stops
    tandem.kill()
    server.stop_sshd()
    tandem.restart()
    tandem.wait_title("• notes.txt")
    wait_for("the unsaved text", lambda: tandem.text_of("• notes.txt") == "unsaved kept on the server\n")
    wait_for("the server said unreachable", lambda: any("cannot be reached" in text for text in banner_text(tandem)))
    # Save is refused while the server is away (the version there is unseen), the text kept.
    tandem.key("• notes.txt", "ctrl+s")
    wait_for("the save refused", lambda: any("Could not save" in text for text in banner_text(tandem)))
    assert (server.files / "notes.txt").read_text() == "kept on the server\n"
    # The server back: the window finds it within a few looks (Save is refused until then, as the
    # banner says), and Save writes the text there.
    server.start_sshd()
    save_until(tandem, "• notes.txt", lambda: server.text_of("notes.txt") == "unsaved kept on the server\n")
    tandem.wait_title("notes.txt")
    assert tandem.gtk_complaints() == []


def test_open_recent_offers_a_file_on_a_server_by_its_folder_and_server(tandem, server, tmp_path):
    (server.files / "notes.txt").write_text("on the server\n")
    (tmp_path / "other.txt").write_text("here\n")
    tandem.start(server.uri("notes.txt"), "other.txt")
    wait_for("both windows", lambda: sorted(tandem.titles()) == ["notes.txt", "other.txt"])
    wait_for("the recent list written", lambda: server.uri("notes.txt") in (tmp_path / "data" / "recently-used.xbel").read_text())
    tandem.key("notes.txt", "ctrl+w")
    wait_for("the server's notes.txt closed", lambda: tandem.titles() == ["other.txt"])
    tandem.activate_action("open-recent", window=2)  # other.txt's window, the second made
    chooser = tandem.wait_title("Open Recent")
    where = f"{server.files} on 127.0.0.1:{server.port}"
    wait_for("the server's file listed by its folder and server", lambda: where in tandem.labels_of_frame(chooser))
    write("notes", delay=30)
    press("Return")
    tandem.wait_title("notes.txt")
    wait_for("opened from the server again", lambda: tandem.text_of("notes.txt") == "on the server\n")


def test_an_address_handed_to_the_running_tandem_and_one_typed_into_the_file_chooser_open_and_two_notes_are_told_apart(tandem, server, tmp_path):
    (server.files / "notes.txt").write_text("on the server\n")
    (server.files / "chosen.txt").write_text("chosen on the server\n")
    (tmp_path / "notes.txt").write_text("here\n")
    tandem.start("notes.txt")
    tandem.wait_title("notes.txt")
    # A second launch hands the address over D-Bus to the instance running.
    result = tandem.launch(server.uri("notes.txt"))
    assert result.returncode == 0, result.stderr
    wait_for("two windows", lambda: len(tandem.frames()) == 2)
    wait_for("the titles told apart by folder and server", lambda: sorted(tandem.titles()) == [f"notes.txt — {tmp_path}", f"notes.txt — {server.files} on 127.0.0.1:{server.port}"])
    wait_for("the server's text", lambda: sorted(tandem.text_in(f).getText(0, -1) for f in tandem.frames()) == ["here\n", "on the server\n"])
    # The two notes.txt are told apart by where they are: the header names the folder and the server.
    where = f"{server.files} on 127.0.0.1:{server.port}"
    subtitles = [" ".join(tandem.labels_of_frame(f)) for f in tandem.frames()]
    assert sum(where in text for text in subtitles) == 1, subtitles
    assert any(str(tmp_path) in text or "~" in text for text in subtitles if where not in text), subtitles
    # The file chooser reaches servers too: an address typed into it opens as one.
    tandem.activate_action("open", window=1)
    wait_for("the Open Files dialog", lambda: any(f is not None and f.name == "Open Files" for f in tandem.app()))
    tandem.focus(tandem.window_id("Open Files"))
    press("ctrl+l")
    # Pasted, as an address usually arrives (typed, GTK 3's location completion asks a folder of
    # the server at every key and complains of a completion model not made yet: GTK's own).
    chooser = next(f for f in tandem.app() if f is not None and f.name == "Open Files")
    location = wait_for("the location field", lambda: [t for t in tandem.find(chooser, "text") if t.getState().contains(__import__("pyatspi").STATE_FOCUSED)])
    location[0].queryEditableText().setTextContents(server.uri("chosen.txt"))
    press("Return")
    tandem.wait_title("chosen.txt", timeout=20)
    wait_for("its text", lambda: tandem.text_of("chosen.txt") == "chosen on the server\n", timeout=20)
    assert tandem.gtk_complaints() == []


@pytest.mark.x11_only("drags with the pointer, which the tests move through X only")
def test_a_file_on_a_server_dropped_from_files_opens(tandem, server, tmp_path):
    from test_editing import drop
    (server.files / "dropped.txt").write_text("from the server\n")
    tandem.start()
    tandem.wait_title("Untitled Document 1")
    source = drop(tandem, server.uri("dropped.txt"), onto="Untitled Document 1")
    try:
        tandem.wait_title("dropped.txt")
        wait_for("its text", lambda: tandem.text_of("dropped.txt") == "from the server\n")
    finally:
        source.kill()
        source.wait()


class FtpServer:
    """An FTP server on 127.0.0.1 (pyftpdlib) with one user and a password: GVfs mounts it only
    once the user has typed the password into GTK's mount dialog."""
    user, password = "tester", "s3cret"

    def __init__(self, folder):
        self.files = folder / "files"
        self.files.mkdir()
        self.port = free_port()
        self.process = subprocess.Popen(["/usr/bin/python3", "-m", "pyftpdlib", "-i", "127.0.0.1", "-p", str(self.port),
                                         "-u", self.user, "-P", self.password, "-d", str(self.files), "-w"],
                                        stdout=subprocess.DEVNULL, stderr=open(folder / "ftpd.log", "w"))
        wait_for("the FTP server listening", self.listening)

    def listening(self):
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", self.port)) == 0

    def uri(self, name):
        return f"ftp://{self.user}@127.0.0.1:{self.port}/{name}"

    def stop(self):
        subprocess.run(["gio", "mount", "-u", f"ftp://{self.user}@127.0.0.1:{self.port}/"], capture_output=True, timeout=20)
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture
def ftp_server(tmp_path):
    folder = tmp_path / "ftp"
    folder.mkdir()
    server = FtpServer(folder)
    try:
        yield server
    finally:
        server.stop()


def password_dialogs(tandem):
    """GTK's mount dialogs Tandem shows: windows of its own with a password field."""
    app = tandem.app()
    found = []
    for window in app or []:
        try:
            if window is not None and window.getRoleName() == "dialog" and tandem.find(window, "password text"):
                found.append(window)
        except Exception:  # a dialog closing while it is read
            pass
    return found


def answer_password(tandem, text=None):
    """Types `text` into the one mount dialog and presses Connect; None: presses Cancel."""
    dialog = wait_for("GTK's password dialog", lambda: (password_dialogs(tandem) or [None])[0], timeout=20)
    if text is not None:
        tandem.find(dialog, "password text")[0].queryEditableText().setTextContents(text)
    label = "Connect" if text is not None else "Cancel"
    button = wait_for(f"its {label}", lambda: [b for b in tandem.find(dialog, "push button") if b.name.replace("_", "") == label])
    button[0].queryAction().doAction(0)
    wait_for("the dialog gone", lambda: not password_dialogs(tandem))


def test_a_server_asks_for_a_password_in_gtks_dialog_cancel_is_said_once_and_try_again_asks_again(tandem, ftp_server):
    (ftp_server.files / "notes.txt").write_text("behind a password\n")
    tandem.start(ftp_server.uri("notes.txt"))
    tandem.wait_title("notes.txt")
    answer_password(tandem, None)
    wait_for("the cancel said", lambda: any("Opening “notes.txt” was cancelled." in text for text in banner_text(tandem)))
    assert not any("could not be read completely" in text for text in banner_text(tandem)), "nothing was read: nothing to say of it"
    assert tandem.text_of("notes.txt") == ""
    # The server is looked at every 3 s: a look never asks again for what the user cancelled.
    hold_still(7)
    assert not password_dialogs(tandem), "asked again without being asked to"
    tandem.key("notes.txt", "x")  # refused: nothing of the file is shown
    hold_still(0.5)
    assert tandem.text_of("notes.txt") == "" and tandem.titles() == ["notes.txt"]

    press_button(tandem, tandem.window_id("notes.txt"), "Try Again")
    answer_password(tandem, ftp_server.password)
    wait_for("the file's text", lambda: tandem.text_of("notes.txt") == "behind a password\n", timeout=20)
    wait_for("the failure gone", lambda: not any("cancelled" in text for text in banner_text(tandem)))
    tandem.key("notes.txt", "ctrl+End", "Return")
    tandem.type("• notes.txt", "typed")
    tandem.key("• notes.txt", "ctrl+s")
    tandem.wait_title("notes.txt", timeout=20)
    assert (ftp_server.files / "notes.txt").read_text() == "behind a password\ntyped\n"
    assert tandem.gtk_complaints() == []


def test_after_a_crash_the_relaunch_asks_for_the_password_once_and_try_again_asks_again(tandem, ftp_server):
    (ftp_server.files / "notes.txt").write_text("kept on the server\n")
    tandem.start(ftp_server.uri("notes.txt"))
    tandem.wait_title("notes.txt")
    answer_password(tandem, ftp_server.password)
    wait_for("the file's text", lambda: tandem.text_of("notes.txt") == "kept on the server\n", timeout=20)
    tandem.type("notes.txt", "unsaved ")
    tandem.wait_title("• notes.txt")
    time.sleep(1.5)  # the window's record is written a second after typing stops
    tandem.kill()
    # The mount goes too (a logout would take it): the relaunch has to ask for the password.
    subprocess.run(["gio", "mount", "-u", f"ftp://{ftp_server.user}@127.0.0.1:{ftp_server.port}/"], capture_output=True, timeout=20)
    tandem.restart()
    tandem.wait_title("• notes.txt")
    wait_for("the unsaved text", lambda: tandem.text_of("• notes.txt") == "unsaved kept on the server\n")
    answer_password(tandem, None)
    wait_for("the password said", lambda: any("asked for a password" in text for text in banner_text(tandem)))
    hold_still(7)  # two looks of the server's, neither asking
    assert not password_dialogs(tandem), "asked again without being asked to"
    press_button(tandem, tandem.window_id("• notes.txt"), "Try Again")
    answer_password(tandem, ftp_server.password)
    wait_for("the notice gone", lambda: not any("asked for a password" in text for text in banner_text(tandem)), timeout=20)
    tandem.key("• notes.txt", "ctrl+s")
    tandem.wait_title("notes.txt", timeout=20)
    assert (ftp_server.files / "notes.txt").read_text() == "unsaved kept on the server\n"
    assert tandem.gtk_complaints() == []
