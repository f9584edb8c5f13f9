#!/usr/bin/python3
"""Tandem beside gedit and mousepad on the same inputs, under the same Xvfb (run by .ci/benchmark).

For each input (empty, 10 KB, 10 MB, 100 MB, one 5 MB line) and each editor installed it measures,
as the median of --runs launches: time to first window, time to first paint of the file's text,
time to idle (window shown and the process's CPU time flat for 250 ms), and peak RSS. For Tandem
a separate run logs main-loop stalls (TANDEM_STALL_LOG) during the load and while typing.
It prints a table and the ratios Tandem / best peer.
"""
import argparse
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from process_stats import cpu_seconds, peak_rss_mb, stop, wait_until_idle

import gi
gi.require_version("Gdk", "3.0")
gi.require_version("GdkX11", "3.0")
from gi.repository import Gdk, GdkX11  # noqa: E402



def make_inputs(folder):
    """The inputs, made once and kept in `folder`."""
    os.makedirs(folder, exist_ok=True)
    rnd = random.Random(1)
    words = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore "
             "et dolore magna aliqua").split()
    block = "".join(" ".join(rnd.choice(words) for _ in range(rnd.randint(4, 16))) + "\n" for _ in range(20000)).encode()
    inputs = []

    def text_file(name, size):
        path = os.path.join(folder, name)
        if not os.path.exists(path) or os.path.getsize(path) != size:
            with open(path, "wb") as f:
                written = 0
                while written < size:
                    piece = block[: size - written]
                    f.write(piece)
                    written += len(piece)
        inputs.append((name, path))

    text_file("empty.txt", 0)
    text_file("10kb.txt", 10_000)
    text_file("10mb.txt", 10_000_000)
    text_file("100mb.txt", 100_000_000)
    line = os.path.join(folder, "5mb-line.min.js")
    if not os.path.exists(line):
        with open(line, "w") as f:
            f.write(("var a=1;function b(c){if(c>a){return c*2}else{return a+c}};" * 90_000)[:5_000_000])
    inputs.append(("5mb-line.min.js", line))
    return inputs






def visible_window(pid):
    out = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(pid), "--name", "."],
                         capture_output=True, text=True).stdout.split()
    return int(out[-1]) if out else None


def text_painted(xid):
    """Whether the window shows text: enough dark pixels in its lower two thirds (the text area)."""
    display = GdkX11.X11Display.get_default()
    try:
        window = GdkX11.X11Window.foreign_new_for_display(display, xid)
    except TypeError:
        return False
    if window is None:
        return False
    width, height = window.get_width(), window.get_height()
    if width < 50 or height < 50:
        return False
    pixbuf = Gdk.pixbuf_get_from_window(window, 60, height // 3, width - 80, height * 2 // 3 - 10)
    if pixbuf is None:
        return False
    data, channels = pixbuf.get_pixels(), pixbuf.get_n_channels()
    dark = sum(1 for i in range(0, len(data), channels * 7) if data[i] + data[i + 1] + data[i + 2] < 300)
    return dark > (len(data) // (channels * 7)) * 0.01


def measure(command, env, path, expect_text, limit):
    """One launch: seconds to window, to painted text, to idle; peak RSS in MB."""
    started = time.monotonic()
    proc = subprocess.Popen(command + [path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    window = paint = idle = None
    xid = None
    history = []  # (time, cpu)
    try:
        while time.monotonic() - started < limit:
            now = time.monotonic() - started
            if proc.poll() is not None:
                break
            if xid is None:
                xid = visible_window(proc.pid)
                if xid is not None:
                    window = now
            if xid is not None and paint is None and expect_text and text_painted(xid):
                paint = time.monotonic() - started
            cpu = cpu_seconds(proc.pid)
            history.append((now, cpu))
            if window is not None and (paint is not None or not expect_text):
                # Idle: CPU time unchanged over the last 250 ms.
                old = [c for t, c in history if t <= now - 0.25]
                if old and cpu - old[-1] < 1e-9 and now - 0.25 >= window:
                    idle = now - 0.25
                    break
            time.sleep(0.02)
        rss = peak_rss_mb(proc.pid) if proc.poll() is None else float("nan")
    finally:
        stop(proc)
    return window, paint, idle, rss




def tandem_stalls(tandem, env, path, limit):
    """Worst main-loop stall (ms) while the file loads, and while typing into it afterwards."""
    log = tempfile.NamedTemporaryFile(delete=False, suffix=".stalls").name
    state = tempfile.mkdtemp()
    env = dict(env, TANDEM_STALL_LOG=log, XDG_STATE_HOME=state)
    started = time.monotonic()
    proc = subprocess.Popen([tandem, path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        xid = None
        while xid is None and time.monotonic() - started < limit:
            xid = visible_window(proc.pid)
            time.sleep(0.02)
        shown = time.monotonic() + 0.1  # the first frame itself is start-up, not loading
        wait_until_idle(proc.pid, started + limit)  # the load and layout done
        loaded = time.monotonic()
        subprocess.run(["xdotool", "windowactivate", "--sync", str(xid)], capture_output=True)
        subprocess.run(["xdotool", "key", "ctrl+End"], capture_output=True)
        typing = time.monotonic()
        subprocess.run(["xdotool", "type", "--delay", "40", "the quick brown fox jumps over the lazy dog " * 2],
                       capture_output=True)
        time.sleep(0.5)
        typed = time.monotonic()
    finally:
        stop(proc)
        shutil.rmtree(state, ignore_errors=True)
    gaps = []
    with open(log) as f:
        for line in f:
            at, gap = line.split()
            gaps.append((float(at), float(gap)))
    os.unlink(log)
    load = max([g for t, g in gaps if shown <= t <= loaded] or [0.0])
    typing_gap = max([g for t, g in gaps if typing <= t <= typed] or [0.0])
    return load, typing_gap


def fmt(value, unit="s"):
    if value is None or value != value:
        return "—"
    return f"{value:.2f} {unit}" if unit == "s" else f"{value:.0f} {unit}"


def median(values):
    values = [v for v in values if v is not None and v == v]
    return statistics.median(values) if values else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tandem", required=True)
    parser.add_argument("--inputs", default=os.path.expanduser("~/.cache/tandem-benchmark"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--limit", type=float, default=120, help="seconds before a launch counts as not settled")
    parser.add_argument("--only", help="comma-separated input names")
    parser.add_argument("--editors", default="Tandem,gedit,mousepad", help="comma-separated editors to run")
    args = parser.parse_args()

    inputs = make_inputs(args.inputs)
    if args.only:
        inputs = [i for i in inputs if i[0] in args.only.split(",")]
    state = tempfile.mkdtemp()
    env = dict(os.environ, XDG_STATE_HOME=state, GSETTINGS_BACKEND="memory")
    chosen = args.editors.split(",")
    editors = [("Tandem", [args.tandem])] if "Tandem" in chosen else []
    for name, binary in [("gedit", "gedit"), ("mousepad", "mousepad")]:
        if name not in chosen:
            continue
        found = shutil.which(binary)
        if found:
            editors.append((name, [found]))
        else:
            print(f"# {name} is not installed: left out", file=sys.stderr)

    print("| input | editor | window | first paint | idle | peak RSS | Tandem's worst stall: load / typing |")
    print("|---|---|---|---|---|---|---|")
    for input_name, path in inputs:
        results = {}
        for editor, command in editors:
            runs = []
            for _ in range(args.runs):
                shutil.rmtree(state, ignore_errors=True)
                os.makedirs(state)
                runs.append(measure(command, env, path, os.path.getsize(path) > 0, args.limit))
                time.sleep(0.3)
            window, paint, idle, rss = (median([r[i] for r in runs]) for i in range(4))
            unsettled = sum(1 for r in runs if r[2] is None)
            stalls = ""
            if editor == "Tandem":
                load, typing = tandem_stalls(args.tandem, env, path, args.limit)
                stalls = f"{load:.0f} ms / {typing:.0f} ms"
            results[editor] = (window, paint, idle, rss)
            idle_text = fmt(idle) if unsettled < len(runs) else f"> {args.limit:.0f} s"
            print(f"| {input_name} | {editor} | {fmt(window)} | {fmt(paint)} | {idle_text} | {fmt(rss, 'MB')} | {stalls} |",
                  flush=True)
        peers = {k: v for k, v in results.items() if k != "Tandem"}
        if peers and "Tandem" in results:
            tandem = results["Tandem"]
            ratios = []
            for index, label in [(0, "window"), (1, "paint"), (2, "idle"), (3, "RSS")]:
                best = min((v[index] for v in peers.values() if v[index] is not None), default=None)
                if best and tandem[index] is not None:
                    ratios.append(f"{label} {tandem[index] / best:.2f}x")
            print(f"| {input_name} | Tandem / best peer | {' · '.join(ratios)} | | | | |", flush=True)
    shutil.rmtree(state, ignore_errors=True)


if __name__ == "__main__":
    main()
