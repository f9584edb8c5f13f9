#!/usr/bin/python3
"""A big file on a server (run by `.ci/benchmark remote`): a real sshd on 127.0.0.1, reached as
sftp:// through GVfs, as the end-to-end tests reach it (Tests/EndToEnd/test_remote.py's `Server`).

Times, per run, from the launch to the file read (the window takes a key: it is read-only while
the file is read), and from Ctrl+S to the file on the server replaced (the title's mark gone and
the server's file holding the key). GVfs's own cost is timed beside it: `gio cat` of the file,
and `gio save` of it to the server (GIO's replace, as Tandem's save). The window is found by its process and title with xdotool.
"""
import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd"))
from test_remote import Server  # noqa: E402  (the same server the tests use)


def window_of(pid, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid), "--name", "big"],
                               capture_output=True, text=True).stdout.split()
        if found:
            return found[0]
        time.sleep(0.02)
    sys.exit("remote_file: no window")


def title(window):
    return subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True).stdout.strip()


def one_run(tandem, uri, on_server, size, env):
    started = time.monotonic()
    proc = subprocess.Popen([tandem, "--new-window", uri], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = window_of(proc.pid)
        shown = time.monotonic() - started
        subprocess.run(["xdotool", "windowactivate", "--sync", window], check=True)
        # A key is refused until the whole file is here; the first one taken marks the title.
        while not title(window).startswith("•"):
            if time.monotonic() - started > 120:
                sys.exit("remote_file: the file was never read")
            subprocess.run(["xdotool", "key", "x"], check=True)
            time.sleep(0.02)
        read = time.monotonic() - started
        saving = time.monotonic()
        subprocess.run(["xdotool", "key", "ctrl+s"], check=True)
        # (A key or two may have been taken: the file grows by what was.)
        while title(window).startswith("•") or os.path.getsize(on_server) == size:
            if time.monotonic() - saving > 120:
                sys.exit(f"remote_file: never saved ({os.path.getsize(on_server)} bytes, title {title(window)!r})")
            time.sleep(0.02)
        return shown, read, time.monotonic() - saving
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tandem", required=True)
    parser.add_argument("--megabytes", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="tandem-remote-")
    os.chmod(folder, 0o755)  # sshd serves files below it
    server_folder = os.path.join(folder, "server")
    os.mkdir(server_folder)
    server = Server(pathlib.Path(server_folder))
    try:
        line = "The quick brown fox jumps over the lazy dog, again and again.\n"
        text = line * (args.megabytes * 1_000_000 // len(line))
        local = os.path.join(folder, "big.txt")
        with open(local, "w") as f:
            f.write(text)
        on_server = str(server.files / "big.txt")
        uri = server.uri("big.txt")
        times = {"window shown": [], "file read (takes a key)": [], "Ctrl+S to saved": [], "gio cat": [], "gio save": []}
        for run in range(args.runs):
            shutil.copy(local, on_server)
            env = dict(os.environ, XDG_STATE_HOME=os.path.join(folder, f"state-{run}"),
                       XDG_CONFIG_HOME=os.path.join(folder, "config"), XDG_DATA_HOME=os.path.join(folder, "data"))
            shown, read, saved = one_run(args.tandem, uri, on_server, os.path.getsize(local), env)
            times["window shown"].append(shown)
            times["file read (takes a key)"].append(read)
            times["Ctrl+S to saved"].append(saved)
            start = time.monotonic()
            subprocess.run(["gio", "cat", uri], stdout=subprocess.DEVNULL, check=True)
            times["gio cat"].append(time.monotonic() - start)
            start = time.monotonic()
            with open(local, "rb") as source:  # through GIO's replace, as a save goes (gio copy has the backend read the file itself)
                subprocess.run(["gio", "save", uri], stdin=source, check=True)
            times["gio save"].append(time.monotonic() - start)
        print(f"{args.megabytes} MB over sftp on 127.0.0.1, {args.runs} runs (median, min-max):")
        for name, values in times.items():
            print(f"  {name:26s} {statistics.median(values):6.2f} s  ({min(values):.2f}-{max(values):.2f})")
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
