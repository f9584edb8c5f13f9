"""`tandem …` from a shell: one process, many windows, positions, bad arguments."""
import os
import socket
import subprocess
import time
import pytest

from conftest import TANDEM, descendants, wait_for, hold_still


def test_version_help_and_the_list_of_sessions_need_no_display(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    version = subprocess.run([TANDEM, "--version"], capture_output=True, text=True, env=env, timeout=10)
    assert version.returncode == 0 and version.stdout.startswith("tandem ")
    help_text = subprocess.run([TANDEM, "--help"], capture_output=True, text=True, env=env, timeout=10).stdout
    for expected in ["--new-window", "--version", "--session=NAME", "--list-sessions", "FILE[:LINE[:COL]]", "+LINE[:COL]"]:
        assert expected in help_text
    # Listed from the file names alone, sorted; a file that is not a session's is left out.
    sessions = tmp_path / "tandem" / "sessions"
    sessions.mkdir(parents=True)
    for name in ["Work.json", "a%2Fb.json", "%41.json", "notes.txt"]:
        (sessions / name).write_text("{}")
    listed = subprocess.run([TANDEM, "--list-sessions"], capture_output=True, text=True, timeout=10,
                            env={**env, "XDG_STATE_HOME": str(tmp_path)})
    assert listed.returncode == 0 and listed.stdout.splitlines() == ["a/b", "Work"], listed


def test_second_launch_joins_the_running_instance(tandem, tmp_path):
    (tmp_path / "a.txt").write_text("alpha\nbeta\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    second = tandem.launch("--new-window", "a.txt")
    assert second.returncode == 0, second.stderr
    assert second.seconds < 1.0, f"the forwarding launch took {second.seconds:.2f}s"
    wait_for("two windows in the first process", lambda: tandem.titles() == ["a.txt", "a.txt (2)"])
    for frame in tandem.frames():
        assert tandem.text_in(frame).getText(0, -1) == "alpha\nbeta\n"
    # Without --new-window a file already shown raises its window instead of opening another.
    again = tandem.launch("a.txt")
    assert again.returncode == 0
    hold_still(0.5)  # no third window
    assert tandem.titles() == ["a.txt", "a.txt (2)"]


@pytest.mark.x11_only("GL visuals are a property of the X root window")
def test_gl_stays_closed_even_for_the_first_gtk_process_of_the_display(tandem, tmp_path):
    # GTK keeps the GL visuals it found on the root window; the first process without them opens
    # GL (libGL, the DRI driver, LLVM: ~50 MB). Tandem draws with cairo and never needs it.
    subprocess.run(["xprop", "-root", "-remove", "GDK_VISUALS"], check=True)
    (tmp_path / "a.txt").write_text("alpha\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    with open(f"/proc/{tandem.proc.pid}/maps") as maps:
        mapped = maps.read()
    assert "libGLX_mesa" not in mapped and "_dri.so" not in mapped, "no GL driver loaded"
    assert tandem.text_of("a.txt") == "alpha\n", "the text is drawn all the same"


def test_line_and_column_place_the_caret(tandem, tmp_path):
    (tmp_path / "b.txt").write_text("hello\nworld line two\nthird\n")
    (tmp_path / "c.txt").write_text("1\n22\n333\n4444\n")
    tandem.start("b.txt:2:3")
    tandem.wait_title("b.txt")
    wait_for("caret at 2:3", lambda: tandem.caret_of("b.txt") == len("hello\n") + 2)
    assert tandem.launch("+3:2", "c.txt").returncode == 0
    tandem.wait_title("c.txt")
    wait_for("caret at 3:2", lambda: tandem.caret_of("c.txt") == len("1\n22\n") + 1)
    # A line past the end clamps to the last line rather than failing.
    assert tandem.launch("--new-window", "c.txt:999").returncode == 0
    wait_for("second c.txt window", lambda: tandem.titles() == ["b.txt", "c.txt", "c.txt (2)"])


def test_file_whose_name_ends_in_colon_number_opens_as_itself(tandem, tmp_path):
    (tmp_path / "notes:3").write_text("literal name\n")
    tandem.start("notes:3")
    tandem.wait_title("notes:3")
    assert tandem.text_of("notes:3") == "literal name\n"


def test_relative_paths_resolve_in_the_launchers_folder(tandem, tmp_path):
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    (tmp_path / "one" / "rel.txt").write_text("from one\n")
    (tmp_path / "two" / "rel.txt").write_text("from two\n")
    tandem.start(cwd=tmp_path / "one")
    tandem.wait_title("Untitled Document 1")
    assert tandem.launch("rel.txt", cwd=tmp_path / "two").returncode == 0
    tandem.wait_title("rel.txt")
    assert tandem.text_of("rel.txt") == "from two\n"


def test_unopenable_arguments_are_reported_and_the_rest_opens(tandem, tmp_path):
    (tmp_path / "good.txt").write_text("good\n")
    os.mkfifo(tmp_path / "pipe")
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(tmp_path / "sock"))
    tandem.start()
    tandem.wait_title("Untitled Document 1")
    result = tandem.launch("pipe", "sock", "/dev/null", "good.txt", timeout=10)
    assert result.seconds < 1.0, "a FIFO must never block the launch"
    assert result.returncode == 1
    assert "named pipe" in result.stderr
    assert "socket" in result.stderr
    assert "device" in result.stderr
    tandem.wait_title("good.txt")
    assert sorted(tandem.titles()) == ["Untitled Document 1", "good.txt"], "no window for a bad argument"
    # Said in the window that carries only messages, not in good.txt's.
    labels = " ".join(tandem.labels_of("Untitled Document 1"))
    assert "named pipe" in labels and "socket" in labels, labels
    assert "named pipe" not in " ".join(tandem.labels_of("good.txt"))
    server.close()


def test_a_dash_reads_the_standard_input_into_a_new_document(tandem, tmp_path):
    """`echo text | tandem -` opened an empty document titled "-"; as gedit does, the
    pipe's text is a new untitled document, modified (no file holds it), for a first launch and
    for one handed to the running instance."""
    import subprocess
    from conftest import TANDEM
    environment = dict(os.environ, XDG_STATE_HOME=str(tandem.state_home), TANDEM_TRACE_LIFECYCLE="1",
                       XDG_DATA_HOME=str(tmp_path / "data"), GSETTINGS_BACKEND="memory")
    tandem.stderr_file = open(tandem.stderr_path, "w")
    first = subprocess.Popen([TANDEM, "-"], cwd=tmp_path, env=environment, stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=tandem.stderr_file)
    tandem.proc = first
    first.stdin.write("from a pipe\nsecond line\n".encode())
    first.stdin.close()
    wait_for("the pipe's text in a window", lambda: tandem.text_of("• Untitled Document 1") == "from a pipe\nsecond line\n")
    assert tandem.titles() == ["• Untitled Document 1"], "one window, no document called -"
    second = subprocess.run([TANDEM, "-"], cwd=tmp_path, env=environment, input="caf\u00e9 au lait\n".encode(),
                            capture_output=True, timeout=10)
    assert second.returncode == 0, second.stderr
    wait_for("the second pipe's text", lambda: tandem.text_of("• Untitled Document 2") == "caf\u00e9 au lait\n")


def test_a_first_launch_says_its_refusals_in_a_window_of_their_own(tandem, tmp_path):
    os.mkfifo(tmp_path / "fifo1")
    (tmp_path / "bin.dat").write_bytes(b"\x00\x01binary\x00" * 10)
    tandem.start("/dev/zero", "fifo1", "new.txt", "bin.dat")
    tandem.wait_title("new.txt")
    carrier = tandem.wait_title("Untitled Document 1")
    labels = wait_for("the refusals", lambda: " ".join(tandem.labels_of_frame(carrier)))
    assert "named pipe" in labels and "device" in labels, labels
    wait_for("Open Anyway beside them", lambda: any(
        b.name.replace("_", "") == "Open Anyway" for b in tandem.find(carrier, "push button")))
    # new.txt's window says nothing of other files.
    new_labels = " ".join(tandem.labels_of("new.txt"))
    assert "named pipe" not in new_labels and "bin.dat" not in new_labels, new_labels
    assert not any(b.name.replace("_", "") == "Open Anyway" for b in tandem.find(tandem.frame("new.txt"), "push button"))


def test_only_bad_arguments_still_gives_a_window_with_the_message(tandem, tmp_path):
    tandem.start("/dev/zero")
    tandem.wait_title("Untitled Document 1")
    assert "device, not a file" in " ".join(tandem.labels_of("Untitled Document 1"))
    assert "device, not a file" in tandem.trace


@pytest.mark.x11_only("without a session bus there is no AT-SPI: the window is found by its X id")
def test_runs_without_a_session_bus(tmp_path):
    (tmp_path / "solo.txt").write_text("solo\n")
    # Its own state folder: windows another run left in the user's would come back here too.
    env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent/bus", NO_AT_BRIDGE="1",
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_DATA_HOME=str(tmp_path / "data"))
    proc = subprocess.Popen([TANDEM, "solo.txt"], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for("a window without D-Bus", lambda: subprocess.run(
            ["xdotool", "search", "--all", "--pid", str(proc.pid), "--name", "^solo.txt$"],
            capture_output=True, text=True).stdout.strip())
        assert proc.poll() is None, "Tandem exited instead of running non-unique"
    finally:
        proc.kill()
        proc.wait()


def test_a_cold_launch_starts_no_process(tmp_path):
    """Nothing is compiled or generated at launch: run from the build tree with an empty cache,
    Tandem execs nothing (the interface bundle, the schema and the translations were built by the
    build). strace follows every child; each exec tried, even one that fails along PATH, counts."""
    import pyatspi
    (tmp_path / "cold.txt").write_text("a cold start\n")
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_STATE_HOME=str(tmp_path / "state"),
               XDG_DATA_HOME=str(tmp_path / "data"), GSETTINGS_BACKEND="memory", LANG="de_DE.UTF-8", LC_ALL="", LANGUAGE="")
    trace = tmp_path / "trace"
    proc = subprocess.Popen(["strace", "-f", "-qq", "-e", "trace=execve,execveat", "-o", str(trace), TANDEM, "cold.txt"],
                            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    tandem_pid = None
    try:
        app = wait_for("Tandem on the accessibility bus", lambda: next((a for a in pyatspi.Registry.getDesktop(0) if a is not None
                                                                         and any(f is not None and f.name == "cold.txt" for f in a)), None), timeout=30)
        tandem_pid = app.get_process_id()
        frame = next(f for f in app if f is not None and f.name == "cold.txt")
        # Built from the bundle and translated: the German catalogue was found, not compiled.
        wait_for("the caret's place in German", lambda: "Z. 1, Sp. 1" in [
            n.name for n in descendants(frame) if n.getRoleName() == "push button"])
        hold_still(2)  # the first frame's idles (language, spelling) and the first records run
    finally:
        # Tandem ends, and strace with it (a signal to strace would only detach it).
        os.kill(tandem_pid, 15) if tandem_pid else proc.kill()
        try:
            proc.wait(timeout=20)
        finally:
            proc.kill()
            subprocess.run(["pkill", "-9", "-f", f"{TANDEM} cold.txt"])
    execs = [line for line in trace.read_text().splitlines() if "execve" in line and "resumed" not in line]
    assert len(execs) == 1 and TANDEM in execs[0], "Tandem started processes at launch:\n" + "\n".join(execs)
    cached = {p.name for p in (tmp_path / "cache" / "tandem").glob("*")}
    assert not cached & {"tandem-ui.gresource", "schemas", "locale"}, f"nothing compiled into the cache: {cached}"


@pytest.mark.x11_only("finds the new primary's window by its X id, before AT-SPI knows it")
def test_a_launch_that_meets_a_primary_on_its_way_out_takes_its_place(tandem, tmp_path):
    """The primary stops answering (stopped here, as one that is quitting does) and then goes:
    the launch waits for it and opens its file as the new primary instead of failing."""
    import signal
    (tmp_path / "old.txt").write_text("old\n")
    (tmp_path / "new.txt").write_text("new\n")
    tandem.start("old.txt")
    tandem.wait_title("old.txt")
    old = tandem.proc
    old.send_signal(signal.SIGSTOP)
    env = dict(os.environ, XDG_STATE_HOME=str(tandem.state_home), GSETTINGS_BACKEND="memory")
    launcher = subprocess.Popen([TANDEM, "new.txt"], cwd=tmp_path, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        # The launch must be waiting on the stopped instance when that one dies; nothing outside
        # the launcher says it has begun to wait.
        time.sleep(1.0)
        old.send_signal(signal.SIGKILL)
        old.wait(timeout=10)
        found = wait_for("new.txt shown by the launch", lambda: subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(launcher.pid), "--name", "^new.txt$"],
            capture_output=True, text=True).stdout.strip() or (launcher.poll() is not None and "exited"), timeout=15)
        assert found != "exited", f"the launch gave up: {launcher.stderr.read()}"
    finally:
        launcher.kill()
        launcher.wait()


def test_a_launcher_s_activation_token_reaches_the_running_instance(tandem, tmp_path):
    """A launcher on Wayland gives `tandem FILE` an xdg-activation token (XDG_ACTIVATION_TOKEN);
    it travels with the command line to the running instance, which gives it to the display, so
    the window it presents (the file's) may take the focus."""
    (tmp_path / "t.txt").write_text("t\n")
    (tmp_path / "u.txt").write_text("u\n")
    tandem.start("t.txt")
    tandem.wait_title("t.txt")
    assert tandem.launch("u.txt", env={"XDG_ACTIVATION_TOKEN": "token-from-the-launcher"}).returncode == 0
    tandem.wait_title("u.txt")
    wait_for("the token received", lambda: "tandem-lifecycle app activation token token-from-the-launcher" in tandem.trace)
    # X11's startup notification id travels the same way (GTK applies that one itself).
    assert tandem.launch("t.txt", env={"DESKTOP_STARTUP_ID": "x11-id_TIME0"}).returncode == 0
    wait_for("the startup id received", lambda: "tandem-lifecycle app activation token x11-id_TIME0" in tandem.trace)
