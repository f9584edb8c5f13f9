#!/usr/bin/python3
"""The CPU a typist's keys cost: Tandem beside gedit and mousepad (where installed), each alone
under the same Xvfb + openbox (run by `.ci/benchmark typing`).

Each editor opens, in turn, an empty file, a 10 MB file (the keys at the end of its last line
but one), and a Markdown book whose last paragraph is 2,000 (then 10,000) characters long and
ends the file, every view wrapped at words as a writer's is; mousepad is told to show line numbers
and the caret's line and column as Tandem and gedit do (`key_latency.editor_env`); once it is idle,
the caret goes to the end and `--keys` keys are typed there at a typist's pace (`--delay` ms apart: words and spaces, a
BackSpace now and then). What is measured is the process's CPU time (all its threads) from the
first key until it is idle again, over `--rounds` rounds, each a fresh process, the editors in turn. Prints each
editor's CPU per round and its median, and Tandem's median over the best peer's.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from process_stats import cpu_seconds_fine, stop, wait_until_idle

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from key_latency import editor_env, make_inputs  # noqa: E402  (the same inputs as the latency cases)


def window_of(pid, timeout=30):
    """The X window id of `pid`'s first mapped window."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True, text=True).stdout.split()
        if out:
            return out[0]
        time.sleep(0.1)
    sys.exit(f"typing_cpu: no window from process {pid}")


def keys(count):
    """`count` keystrokes as a typist makes them: letters, spaces, a BackSpace now and then."""
    text = "and the rain came down over the roofs of the town while they slept "
    out = []
    for index in range(count):
        if index % 23 == 22:
            out.append("BackSpace")
        else:
            character = text[index % len(text)]
            out.append("space" if character == " " else character)
    return out


# Where each case's keys go: a paragraph's end is the text's; the 10 MB file's last line but one
# is short, so no key wraps it (as in the latency cases).
PLACES = {"empty": ["ctrl+End"], "10mb": ["ctrl+End", "Up", "End"],
          "paragraph-2k": ["ctrl+End"], "paragraph-10k": ["ctrl+End"]}


def one_round(argv, env, count, delay, place):
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        xid = window_of(proc.pid)
        wait_until_idle(proc.pid, time.monotonic() + 30, flat=1.0)
        # Twice: GtkTextView's first Ctrl+End in a big file goes where it estimates the end is.
        for _ in range(2):
            subprocess.run(["xdotool", "windowactivate", "--sync", xid, "key", *place], check=True)
            wait_until_idle(proc.pid, time.monotonic() + 30, flat=1.0)
        before = cpu_seconds_fine(proc.pid)
        subprocess.run(["xdotool", "key", "--delay", str(delay), *keys(count)], check=True)
        wait_until_idle(proc.pid, time.monotonic() + 20, flat=1.0)
        return (cpu_seconds_fine(proc.pid) - before) * 1000
    finally:
        stop(proc)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tandem", required=True)
    parser.add_argument("--keys", type=int, default=110)
    parser.add_argument("--delay", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cases", default=",".join(PLACES), help="which cases, comma-separated")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="tandem-typing-")
    config = os.path.join(work, "config")
    os.makedirs(os.path.join(config, "gtk-3.0"))
    with open(os.path.join(config, "gtk-3.0", "settings.ini"), "w") as f:
        f.write("[Settings]\ngtk-cursor-blink=false\n")
    paths = make_inputs(work)
    editors = [("tandem", lambda path: [arguments.tandem, "--new-window", path])]
    if shutil.which("gedit"):
        editors.append(("gedit", lambda path: ["gedit", "--standalone", path]))
    if shutil.which("mousepad"):
        editors.append(("mousepad", lambda path: ["mousepad", path]))
    for case in [c for c in PLACES if c in arguments.cases.split(",")]:
        # Rounds taken in turn, editor by editor: the machine's speed drifts over minutes, and a
        # comparison holds only between rounds run close together.
        costs = {name: [] for name, _ in editors}
        for index in range(arguments.rounds):
            for name, argv in editors:
                env = dict(os.environ, XDG_CONFIG_HOME=config, XDG_DATA_HOME=os.path.join(work, "data"),
                           XDG_STATE_HOME=os.path.join(work, f"state-{name}-{case}-{index}"), GSETTINGS_BACKEND="memory")
                env = editor_env(name, env, work, case.startswith("paragraph"))
                costs[name].append(one_round(argv(paths[case]), env, arguments.keys, arguments.delay, PLACES[case]))
        medians = {}
        for name, _ in editors:
            medians[name] = statistics.median(costs[name])
            print(f"{case:14} {name:9} {arguments.keys} keys: " + " / ".join(f"{c:.0f}" for c in costs[name])
                  + f" ms of CPU (median {medians[name]:.0f}, {medians[name] / arguments.keys:.2f} ms a key)", flush=True)
        peers = [value for name, value in medians.items() if name != "tandem"]
        if peers:
            print(f"{case:14} tandem / best peer: {medians['tandem'] / min(peers):.2f}x", flush=True)


if __name__ == "__main__":
    main()
