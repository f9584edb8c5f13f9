#!/usr/bin/python3
"""Trial runner (not a test): the worst main-loop stall (TANDEM_STALL_LOG) while Tandem saves a
200,000-line CRLF file under an .editorconfig that asks for LF, no trailing whitespace and a final
newline, with two windows on the document (every window on it takes the change).

    xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- \\
        sh -c 'openbox & sleep 1; /usr/bin/python3 Tests/Benchmarks/save_stall.py .build/release/tandem'
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
from follow_and_type import wait_idle  # noqa: E402

LINES = 200_000


def stalls_between(log, start, end):
    stalls = [(float(at) - start, float(gap)) for at, gap in (line.split() for line in log.read_text().splitlines())
              if start <= float(at) <= end]
    gaps = [gap for _, gap in stalls]
    print("  stalls over 8 ms (seconds after Ctrl+S, ms):", ", ".join(f"{at:.2f}: {gap:.1f}" for at, gap in stalls if gap > 8))
    return max(gaps or [0]), sum(gaps)


def run(folder, windows):
    path = folder / "crlf.txt"
    # Every tenth line ends in spaces, and the last has no newline: all three rules have work.
    body = "".join(f"line {n} of the CRLF file, some words to fill it{'   ' if n % 10 == 0 else ''}\r\n" for n in range(LINES))
    path.write_bytes(body.rstrip("\r\n").encode())
    (folder / ".editorconfig").write_text("root = true\n[*]\nend_of_line = lf\ntrim_trailing_whitespace = true\n"
                                          "insert_final_newline = true\n")
    stalls = folder / "stalls.log"
    tandem = Tandem(folder).start(str(path), env={"TANDEM_STALL_LOG": str(stalls)})
    tandem.wait_title("crlf.txt")
    for _ in range(windows - 1):
        tandem.activate_action("new-window-on-document", window=1)
    wait_for(f"{windows} windows", lambda: len(tandem.frames()) == windows, timeout=30)
    wait_idle(tandem.proc.pid, flat=1.0, timeout=60)
    tandem.activate("crlf.txt")
    time.sleep(0.5)
    mark = time.clock_gettime(time.CLOCK_MONOTONIC)
    subprocess.run(["xdotool", "key", "ctrl+s"], check=True)
    wait_for("the LF file on disk", lambda: b"\r" not in path.read_bytes() and path.read_bytes().endswith(b"\n"), timeout=120)
    wait_idle(tandem.proc.pid, flat=1.0, timeout=60)
    end = time.clock_gettime(time.CLOCK_MONOTONIC)
    worst, total = stalls_between(stalls, mark, end)
    # For scale: what GTK takes to lay out and draw a screen of new lines (Page Down, three times).
    page = time.clock_gettime(time.CLOCK_MONOTONIC)
    for _ in range(3):
        subprocess.run(["xdotool", "key", "Next"], check=True)
        time.sleep(0.4)
    paging, _ = stalls_between(stalls, page, time.clock_gettime(time.CLOCK_MONOTONIC))
    tandem.stop()
    print(f"{LINES:,}-line CRLF save under end_of_line = lf, {windows} window(s): worst main-loop stall {worst:.1f} ms, "
          f"stalls over 2 ms add up to {total:.0f} ms; Ctrl+S to idle {end - mark:.2f} s; worst stall of a Page Down {paging:.1f} ms")


def main():
    conftest.TANDEM = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else conftest.TANDEM
    for windows in (1, 2):
        with tempfile.TemporaryDirectory(prefix="tandem-save-") as tmp:
            run(Path(tmp), windows)


if __name__ == "__main__":
    main()
