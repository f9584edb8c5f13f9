#!/usr/bin/python3
"""Relaunch after a long day on a big file (run by .ci/benchmark relaunch).

A 100 MB file gets 10,000 keystrokes typed into it (each one a record in the edit journal), then
Tandem quits with the text unsaved. Each relaunch is timed from the launch to its window shown
(the first screen: the document is rebuilt before the window maps) and to idle (under 1 ms of
CPU in 250 ms: the file read and compared with the journal's version off the main thread).
The floor opening the same file is measured beside it, taking turns.
"""
import argparse
import os
import shutil
import signal
import statistics
import subprocess
import tempfile
import time

from process_stats import peak_rss_mb, stop
from startup import launch, visible_windows


def write_big_file(path, megabytes):
    line = "The quick brown fox jumps over the lazy dog, again and again.\n"
    with open(path, "w") as f:
        f.write(line * (megabytes * 1_000_000 // len(line)))


def type_a_day(tandem, path, env, keystrokes):
    """Opens `path`, types `keystrokes` characters into it, and quits with them unsaved."""
    proc = subprocess.Popen([tandem, path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while visible_windows(proc.pid) < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(3)  # the load finished
    window = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(proc.pid), "--name", "."],
                            capture_output=True, text=True).stdout.split()[0]
    subprocess.run(["xdotool", "windowactivate", "--sync", window])
    words = "lorem ipsum dolor sit amet\n"
    text = (words * (keystrokes // len(words) + 1))[:keystrokes]
    for start in range(0, len(text), 500):  # xdotool's argument in pieces
        subprocess.run(["xdotool", "type", "--delay", "1", text[start:start + 500]])
    time.sleep(2)  # the journal written
    proc.send_signal(signal.SIGTERM)  # a quit: the window and its unsaved text kept for the next launch
    proc.wait(timeout=60)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tandem", required=True)
    parser.add_argument("--floor", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--keystrokes", type=int, default=10_000)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="tandem-relaunch-")
    path = os.path.join(folder, "big.txt")
    write_big_file(path, args.megabytes)
    state = tempfile.mkdtemp(prefix="tandem-relaunch-state-")
    env = dict(os.environ, XDG_STATE_HOME=state)
    try:
        started = time.monotonic()
        type_a_day(args.tandem, path, env, args.keystrokes)
        journal = sum(os.path.getsize(os.path.join(root, name))
                      for root, _, names in os.walk(state) for name in names if "journal" in root.lower())
        if os.environ.get("RELAUNCH_SHOW_STATE"):
            for root, _, names in os.walk(state):
                for name in names:
                    print(os.path.join(root, name), os.path.getsize(os.path.join(root, name)))
        print(f"{args.keystrokes} keystrokes typed into {args.megabytes} MB in {time.monotonic() - started:.0f} s; "
              f"journals on disk: {journal / 1e3:.0f} KB")
        tandem, floor = [], []
        for _ in range(args.runs):
            floor.append(launch([args.floor, path], dict(os.environ), limit=60))
            # launch() ends Tandem with SIGKILL: its records and journal stand, so the next relaunch
            # finds the same session.
            tandem.append(launch([args.tandem], env, limit=60))
        for who, runs in (("floor opening the file", floor), ("Tandem relaunched", tandem)):
            shown = statistics.median(r[0] for r in runs)
            idle = statistics.median(r[1] for r in runs)
            rss = statistics.median(r[3] for r in runs)
            print(f"{who:24} first screen {shown:.3f} s ({', '.join(f'{r[0]:.3f}' for r in runs)}); "
                  f"idle {idle:.3f} s; peak RSS {rss:.0f} MB")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(state, ignore_errors=True)


if __name__ == "__main__":
    main()
