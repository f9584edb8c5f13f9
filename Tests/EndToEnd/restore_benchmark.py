"""Benchmark (not a test): time from launching Tandem to all of 20 restored windows shown.
Target ≤ 1 s.

    xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- \
        sh -c 'openbox & sleep 1; /usr/bin/python3 Tests/EndToEnd/restore_benchmark.py'
"""
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from conftest import Tandem, wait_for  # noqa: E402

WINDOWS = 20


def shown(pid):
    out = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(pid), "--name", r"\.txt$"],
                         capture_output=True, text=True).stdout.split()
    return len(out)


def main():
    tmp = Path(tempfile.mkdtemp(prefix="tandem-restore-"))
    names = [f"file{i:02}.txt" for i in range(WINDOWS)]
    for i, name in enumerate(names):
        (tmp / name).write_text(f"file {i}\n" * 200)
    tandem = Tandem(tmp).start(*names)
    wait_for("20 windows", lambda: shown(tandem.proc.pid) == WINDOWS, timeout=30)
    tandem.key("file00.txt", "ctrl+q")
    tandem.wait_exit()
    times = []
    for _ in range(5):
        started = time.monotonic()
        tandem.restart()
        wait_for("20 restored windows", lambda: shown(tandem.proc.pid) == WINDOWS, timeout=30, interval=0.01)
        times.append(time.monotonic() - started)
        tandem.key("file00.txt", "ctrl+q")
        tandem.wait_exit()
    print(f"launch to {WINDOWS} restored windows shown: median {statistics.median(times):.2f} s "
          f"(runs: {', '.join(f'{t:.2f}' for t in times)})")


if __name__ == "__main__":
    main()
