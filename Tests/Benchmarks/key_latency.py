#!/usr/bin/python3
"""Keystroke to screen, Tandem beside the C floor (and gedit, mousepad where installed), under
Xvfb + openbox (run by `.ci/benchmark latency`; issue 32).

Each key is sent with XTest by `key_latency` (Tests/Benchmarks/key_latency.c), which then reads
the few pixels where the key's glyph must appear (beside the caret, found over AT-SPI) until they
change. Keys are interleaved across the editors, one key each in turn, so a disturbance of the
machine falls on all of them alike. Before each case, every editor is probed once with no key
sent: the probe must time out, or what it would measure is not the key. Prints min / median /
p95 / max in ms per case and editor, and each median over the floor's.

Cases: an empty file; a 10 MB file with the caret at its end; a 2,000-line Python file,
highlighted (the floor guesses the language from the name as Tandem does); and Tandem alone with
8 windows on the 10 MB file, tiled so none hides another, measured in the window typed in and in
another one.
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import pyatspi

HERE = os.path.dirname(os.path.abspath(__file__))


def make_inputs(folder):
    rnd = random.Random(1)
    words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor".split()
    paths = {}
    paths["empty"] = os.path.join(folder, "empty.txt")
    open(paths["empty"], "w").close()
    paths["10mb"] = os.path.join(folder, "10mb.txt")
    with open(paths["10mb"], "w") as f:
        written = 0
        while written < 10_000_000:
            line = " ".join(rnd.choice(words) for _ in range(rnd.randint(4, 14))) + "\n"
            f.write(line)
            written += len(line)
    paths["python"] = os.path.join(folder, "code.py")
    with open(paths["python"], "w") as f:
        for n in range(400):
            f.write(f"def function_{n}(value, count=3):\n    \"\"\"Doc {n}.\"\"\"\n"
                    f"    total = value * {n} + count  # a comment\n    return str(total) + 'text'\n\n")
    return paths


class Editor:
    """One editor process showing one or more windows on a file."""

    def __init__(self, name, argv, env):
        self.name = name
        self.proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def app(self):
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.get_process_id() == self.proc.pid:
                return app
        return None

    def frames(self):
        app = self.app()
        return [f for f in (app or []) if f is not None and f.getRoleName() == "frame"]

    def xids(self):
        out = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.proc.pid), "--name", "."],
                             capture_output=True, text=True).stdout.split()
        return out


def find_text(node):
    """The editor's text view under `node` (the one big text, not a field)."""
    best = None
    stack = [node]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        if current.getRoleName() == "text":
            try:
                count = current.queryText().characterCount
            except NotImplementedError:
                count = -1
            if best is None or count > best[0]:
                best = (count, current)
        stack.extend(current[i] for i in range(current.childCount))
    return best[1].queryText() if best else None


def wait_for(what, condition, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = condition()
        except Exception:
            value = None
        if value:
            return value
        time.sleep(0.1)
    sys.exit(f"key_latency: timed out waiting for {what}")


def area_at(text, offset):
    """Where a glyph typed at `offset` goes, in `text`'s window: the cell there, a little wider,
    in screen coordinates (a view of the same document as the one typed in has the same offsets)."""
    x, y, width, height = text.getCharacterExtents(offset, pyatspi.DESKTOP_COORDS)
    if height <= 0 and offset > 0:
        x, y, width, height = text.getCharacterExtents(offset - 1, pyatspi.DESKTOP_COORDS)
        x += width
    return x, y, 12, max(height, 10)


def activate(xid):
    subprocess.run(["xdotool", "windowactivate", "--sync", xid], check=True)


def measure(probe, area, no_key=False):
    x, y, width, height = area
    out = subprocess.run([probe, str(x), str(y), str(width), str(height), "--keysym", "x", "--timeout-ms",
                          "300" if no_key else "1000"] + (["--no-key"] if no_key else []),
                         capture_output=True, text=True).stdout.strip()
    return None if out == "timeout" or not out else int(out) / 1000


def summary(values):
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return values[0], statistics.median(values), p95, values[-1]


def run_case(label, editors, keys, probe, watch=None):
    """Types `keys` keys into each editor's first window in turn; `watch` names, per editor, a
    second text whose area is read instead (the other window of the same document)."""
    targets = []
    for editor in editors:
        xid = editor.xids()[0]
        activate(xid)
        subprocess.run(["xdotool", "key", "ctrl+End"], check=True)
        time.sleep(0.5)
        typed_in = find_text(editor.frames()[0])
        targets.append((editor, xid, typed_in, (watch or {}).get(editor.name, typed_in)))
    for editor, xid, typed_in, seen in targets:
        activate(xid)
        if measure(probe, area_at(seen, typed_in.caretOffset), no_key=True) is not None:
            sys.exit(f"key_latency: {editor.name} changed on screen with no key sent ({label}): the probe is not sound")
    results = {editor.name: [] for editor, *_ in targets}
    for _ in range(keys):
        for editor, xid, typed_in, seen in targets:
            activate(xid)
            value = measure(probe, area_at(seen, typed_in.caretOffset))
            if value is not None:
                results[editor.name].append(value)
    return results


def print_results(label, results, floor_median):
    for name, values in results.items():
        if not values:
            print(f"{label:28} {name:22} no key reached the screen")
            continue
        low, median, p95, high = summary(values)
        ratio = f"{median / floor_median:.2f}x floor" if floor_median else ""
        print(f"{label:28} {name:22} n={len(values):3}  min {low:5.2f}  median {median:5.2f}  p95 {p95:5.2f}  max {high:6.2f} ms  {ratio}")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tandem", required=True)
    parser.add_argument("--floor", required=True)
    parser.add_argument("--probe", required=True)
    parser.add_argument("--keys", type=int, default=200)
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix="tandem-latency-")
    config = os.path.join(work, "config")
    os.makedirs(os.path.join(config, "gtk-3.0"))
    with open(os.path.join(config, "gtk-3.0", "settings.ini"), "w") as f:
        f.write("[Settings]\ngtk-cursor-blink=false\n")  # a blinking caret would change the area by itself
    base = dict(os.environ, XDG_CONFIG_HOME=config, XDG_DATA_HOME=os.path.join(work, "data"), GSETTINGS_BACKEND="memory")

    def fresh(case):
        """Each Tandem starts with no windows of the case before to restore."""
        return dict(base, XDG_STATE_HOME=os.path.join(work, "state-" + case))
    paths = make_inputs(work)
    peers = [(name, path) for name, path in (("gedit", shutil.which("gedit")), ("mousepad", shutil.which("mousepad"))) if path]
    try:
        for case in ("empty", "10mb", "python"):
            env = fresh(case)
            editors = [Editor("floor (GtkSourceView)", [arguments.floor, paths[case]], env),
                       Editor("tandem", [arguments.tandem, "--new-window", paths[case]], env)]
            editors += [Editor(name, [path, paths[case]], env) for name, path in peers]
            try:
                for editor in editors:
                    wait_for(f"{editor.name}'s window", lambda: editor.xids() and editor.frames())
                    wait_for(f"{editor.name} idle with its text", lambda: find_text(editor.frames()[0]) is not None
                             and (case == "empty" or find_text(editor.frames()[0]).characterCount > 1000))
                results = run_case(case, editors, arguments.keys, arguments.probe)
                floor = results["floor (GtkSourceView)"]
                print_results(case, results, statistics.median(floor) if floor else None)
            finally:
                for editor in editors:
                    editor.stop()
        # Eight windows on one 10 MB document, tiled 4 x 2; typed into the first, read in it and in the second.
        env = fresh("8-windows")
        tandem = Editor("tandem", [arguments.tandem, "--new-window", paths["10mb"]], env)
        try:
            wait_for("tandem's window", lambda: tandem.xids() and tandem.frames())
            for _ in range(7):
                subprocess.run([arguments.tandem, "--new-window", paths["10mb"]], env=env, check=True)
            wait_for("8 windows", lambda: len(tandem.xids()) == 8 and len(tandem.frames()) == 8)
            for index, xid in enumerate(tandem.xids()):
                subprocess.run(["xdotool", "windowsize", xid, "390", "480", "windowmove", xid,
                                str(400 * (index % 4)), str(500 * (index // 4))], check=True)
                activate(xid)
                subprocess.run(["xdotool", "key", "ctrl+End"], check=True)
            time.sleep(1)
            first = tandem.xids()[0]
            frames = tandem.frames()
            activate(first)
            typed = find_text(next(f for f in frames if f.getState().contains(pyatspi.STATE_ACTIVE)))
            other = find_text(next(f for f in frames if not f.getState().contains(pyatspi.STATE_ACTIVE)))
            for label, seen in (("10mb, 8 windows: typing one", typed), ("10mb, 8 windows: another", other)):
                if measure(arguments.probe, area_at(seen, typed.caretOffset), no_key=True) is not None:
                    sys.exit(f"key_latency: the area changed with no key sent ({label})")
                values = []
                for _ in range(arguments.keys // 2):
                    activate(first)
                    value = measure(arguments.probe, area_at(seen, typed.caretOffset))
                    if value is not None:
                        values.append(value)
                print_results(label, {"tandem": values}, None)
        finally:
            tandem.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
