#!/usr/bin/python3
"""Trial runner (not a test) for the edit journal and disk following, on the release binary:
- bytes Tandem writes (/proc/PID/io wchar) while 40 characters are typed into a 20 MB and a 100 MB file;
- CPU Tandem spends following 30 appends (one every 200 ms) to a clean 20 MB log, and how soon
  each append is shown (read over AT-SPI);
- the worst main-loop stall (TANDEM_STALL_LOG) while a 100 MB document is saved.

    xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- \\
        sh -c 'openbox & sleep 1; /usr/bin/python3 Tests/Benchmarks/follow_and_type.py .build/release/tandem'
"""
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "EndToEnd"))
import conftest  # noqa: E402
from conftest import Tandem, wait_for  # noqa: E402
from side_by_side import cpu_seconds  # noqa: E402

LINE = "lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod\n"


def written(pid):
    """(bytes sent to storage, bytes passed to write(2) on any descriptor: files, X11, eventfds)."""
    with open(f"/proc/{pid}/io") as f:
        io = dict((k, int(v)) for k, v in (line.split(": ") for line in f.read().splitlines()))
    return io["write_bytes"], io["wchar"]


def wait_idle(pid, flat=1.0, timeout=180):
    """Until the process's CPU time stays flat for `flat` seconds."""
    started, last, since = time.monotonic(), cpu_seconds(pid), time.monotonic()
    while time.monotonic() - started < timeout:
        time.sleep(0.1)
        now = cpu_seconds(pid)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= flat:
            return time.monotonic() - started
    return None


def big_file(folder, name, size):
    path = folder / name
    with open(path, "w") as f:
        f.write(LINE * (size // len(LINE)))
    return path


def typing(folder, size_mb):
    big_file(folder, "typed.txt", size_mb * 1_000_000)
    tandem = Tandem(folder).start("typed.txt")
    tandem.wait_title("typed.txt")
    wait_idle(tandem.proc.pid, flat=0.5, timeout=20)   # the store has the whole file (GTK may still lay out)
    before = written(tandem.proc.pid)
    tandem.activate("typed.txt")
    subprocess.run(["xdotool", "type", "--delay", "25", "x" * 40], check=True)
    time.sleep(1.0)
    after = written(tandem.proc.pid)
    title = tandem.titles()
    journals = sum(p.stat().st_size for p in (tandem.state_home / "tandem" / "journals").glob("*"))
    tandem.stop()
    print(f"{size_mb} MB: 40 characters typed ({title}): {after[0] - before[0]} bytes to storage, journal {journals} bytes; "
          f"write(2) on every descriptor {after[1] - before[1]} bytes")


def follow(folder):
    path = big_file(folder, "app.log", 20_000_000)
    tandem = Tandem(folder).start("app.log")
    tandem.wait_title("app.log")
    idle = wait_idle(tandem.proc.pid, flat=1.0)
    pid = tandem.proc.pid
    cpu = cpu_seconds(pid)
    with open(path, "a") as log:
        for n in range(30):
            log.write(f"appended line {n}\n")
            log.flush()
            time.sleep(0.2)
    time.sleep(0.5)
    used = cpu_seconds(pid) - cpu
    # Shown within: one more append, read back over AT-SPI.
    text = Tandem.text_in(tandem.frames()[0])
    with open(path, "a") as log:
        log.write("the last line\n")
    started = time.monotonic()
    wait_for("the last line", lambda: text.getText(text.characterCount - 14, text.characterCount) == "the last line\n", timeout=5)
    shown = time.monotonic() - started
    tandem.stop()
    print(f"20 MB log (idle after {idle:.1f} s): 30 appends followed with {used:.2f} s of CPU; an append shown within {shown * 1000:.0f} ms")


def save(folder):
    big_file(folder, "saved.txt", 100_000_000)
    stalls = folder / "stalls.log"
    tandem = Tandem(folder).start("saved.txt", env={"TANDEM_STALL_LOG": str(stalls)})
    tandem.wait_title("saved.txt")
    time.sleep(3)
    tandem.type("saved.txt", "x")
    tandem.wait_title("• saved.txt", timeout=30)
    time.sleep(0.5)
    mark = time.clock_gettime(time.CLOCK_MONOTONIC)
    subprocess.run(["xdotool", "key", "ctrl+s"], check=True)
    tandem.wait_title("saved.txt", timeout=60)
    end = time.clock_gettime(time.CLOCK_MONOTONIC)
    worst = max([float(gap) for at, gap in (line.split() for line in stalls.read_text().splitlines())
                 if mark <= float(at) <= end + 0.1] or [0])
    tandem.stop()
    print(f"100 MB save: {end - mark:.2f} s from Ctrl+S to the clean title; worst main-loop stall meanwhile {worst:.1f} ms")


def main():
    conftest.TANDEM = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else conftest.TANDEM
    # Each measurement in its own folder and state, so none restores another's windows.
    for measurement in (lambda folder: typing(folder, 20), lambda folder: typing(folder, 100), follow, save):
        with tempfile.TemporaryDirectory(prefix="tandem-follow-") as tmp:
            measurement(Path(tmp))


if __name__ == "__main__":
    main()
