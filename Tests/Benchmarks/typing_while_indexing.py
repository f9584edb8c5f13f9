#!/usr/bin/python3
"""Keystroke to screen in one Tandem window while another indexes a big file on both cores
(`.ci/benchmark indexing [--gigabytes N] [--keys N] [--cold]`), against the same window idle.

A log (10 GB unless told) is written once, with a hard link to it for each
round: each link is a file of its own to Tandem, so each round opens a new document and indexes
it again, while the page cache stays warm (the work is then all the cores' counting, the case
that competes with typing most; `--cold` drops the cache before each round, as root). Window A,
on a short file, sits on the left; each round opens a link in a new window on the right, gives
the focus back to A, and types "x" and BackSpace in turn there until the new window's loading
bar goes. A key counts only if the bar was still shown after it. The keys are sent and seen as
in key_latency.py (XTest, then the glyph's pixels watched). Prints the idle and the indexing
figures, and the p95 against idle's: the target is within 1.5x.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from key_latency import Editor, activate, area_of_glyph, fail, go_near_the_end, measure, print_results, summary, wait_for  # noqa: E402


def write_log(path, gigabytes):
    """Log lines until `gigabytes` GB: a megabyte of them written again and again (what the lines
    say does not matter to the index, and the disk writes it at its own speed)."""
    block = "".join(f"{n:012d} 2026-12-04T05:00:00Z INFO request served in 12 ms from 10.0.0.1\n" for n in range(12_500)).encode()
    with open(path, "wb") as f:
        for _ in range(int(gigabytes * 1e9) // len(block) + 1):
            f.write(block)


def loading_shown(editor, title):
    """Whether the window whose title names `title` shows its loading bar."""
    for frame in editor.frames():
        if title not in (frame.name or ""):
            continue
        stack = [frame]
        while stack:
            node = stack.pop()
            if node is None:
                continue
            if node.getRoleName() == "label" and (node.name or "").startswith("Loading"):
                return node.getState().contains(pyatspi.STATE_SHOWING)
            stack.extend(node)
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tandem", required=True)
    parser.add_argument("--probe", required=True)
    parser.add_argument("--keys", type=int, default=100)
    parser.add_argument("--gigabytes", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=40, help="the most files opened to reach --keys")
    parser.add_argument("--cold", action="store_true", help="drop the page cache before each round (root)")
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix="tandem-indexing-", dir=os.environ.get("TANDEM_BENCH_HUGE_DIR"))
    config = os.path.join(work, "config")
    os.makedirs(os.path.join(config, "gtk-3.0"))
    with open(os.path.join(config, "gtk-3.0", "settings.ini"), "w") as f:
        f.write("[Settings]\ngtk-cursor-blink=false\n")  # a blinking caret would change the area by itself
    env = dict(os.environ, XDG_CONFIG_HOME=config, XDG_DATA_HOME=os.path.join(work, "data"),
               XDG_STATE_HOME=os.path.join(work, "state"), GSETTINGS_BACKEND="memory")
    small = os.path.join(work, "notes.txt")
    with open(small, "w") as f:
        f.write("".join(f"note {n}: nothing much to say here\n" for n in range(200)) + "the end\nthe end\n")
    big = os.path.join(work, "big.log")
    started = time.monotonic()
    write_log(big, arguments.gigabytes)
    print(f"a {arguments.gigabytes:g} GB log written in {time.monotonic() - started:.1f} s"
          f" ({'cold: the cache dropped before each round' if arguments.cold else 'warm'})")
    sys.stdout.flush()
    tandem = Editor("tandem", [arguments.tandem, "--new-window", small], env)
    try:
        wait_for("tandem's window", lambda: tandem.xids() and tandem.frames())
        typed = tandem.xids()[0]
        subprocess.run(["xdotool", "windowsize", typed, "780", "900", "windowmove", typed, "0", "0"], check=True)
        go_near_the_end(typed)
        area = area_of_glyph(typed, typed, tandem)

        def key(index):
            time.sleep(0.05)
            return measure(arguments.probe, area, keysym="x" if index % 2 == 0 else "BackSpace")

        activate(typed)
        time.sleep(0.4)
        idle = [value for value in (key(index) for index in range(arguments.keys)) if value is not None]
        indexing, sent, rounds = [], 0, 0
        while len(indexing) < arguments.keys and rounds < arguments.rounds:
            rounds += 1
            link = os.path.join(work, f"big-{rounds}.log")
            os.link(big, link)
            if arguments.cold:
                subprocess.run(["sh", "-c", "sync; echo 3 > /proc/sys/vm/drop_caches"], check=True)
            before = set(tandem.xids())
            subprocess.run([arguments.tandem, "--new-window", link], env=env, check=True)
            title = os.path.basename(link)
            new = wait_for("the new window", lambda: [x for x in tandem.xids() if x not in before], timeout=30)[0]
            subprocess.run(["xdotool", "windowsize", new, "780", "900", "windowmove", new, "800", "0"], check=True)
            activate(typed)
            time.sleep(0.4)  # the focus change's animation over
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and len(indexing) < arguments.keys:
                value = key(sent)
                sent += 1
                shown = loading_shown(tandem, title)
                if value is not None and shown:
                    indexing.append(value)
                if not shown and not loading_shown(tandem, title):
                    break
            # An odd number of keys leaves an "x": take it back, so the next round's glyph is the same.
            if sent % 2 == 1:
                key(sent)
                sent += 1
        print_results("typing, idle", {"tandem": idle}, None)
        median = summary(idle)[1] if idle else None
        print_results("typing, another indexes", {"tandem": indexing}, median, "idle")
        if idle and indexing:
            print(f"{'typing, another indexes':28} {'tandem':22} p95 {summary(indexing)[2] / summary(idle)[2]:.2f}x idle's p95"
                  f" (the {len(indexing)} keys of {sent} that an index outlasted, over {rounds} files of {arguments.gigabytes:g} GB)")
        else:
            print("typing, another indexes: no key was typed while a file was indexed (the index too quick for the loading bar?)")
    finally:
        tandem.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
