#!/usr/bin/python3
"""Keystroke to screen, Tandem beside the C floor, the editor floor (floor.c with FLOOR_EDITOR=1:
gedit's header bar with the caret's place updated on every key, monospace text) and gedit and
mousepad where installed (mousepad told to show line numbers and the caret's line and column, as
Tandem and gedit do by default: `editor_env`), under Xvfb + openbox (run by `.ci/benchmark latency`).

Each key is sent with XTest by `key_latency` (Tests/Benchmarks/key_latency.c), which then reads
the few pixels where the key's glyph must appear until they change; where that is, is found once
per editor by typing an "x" and comparing its text view (where AT-SPI says it is) before and after, and the keys then
alternate "x" and BackSpace there, so the caret stays put and nothing scrolls. Keys are interleaved across the editors, one key each in turn, so a disturbance of the
machine falls on all of them alike. Before each case, every editor is probed once with no key
sent: the probe must time out, or what it would measure is not the key. Prints min / median /
p95 / max in ms per case and editor, and each median over the floor's.

Cases: an empty file; a 10 MB file with the caret at its end; a 2,000-line Python file,
highlighted (the floor guesses the language from the name as Tandem does); the end of a 2,000-
and a 10,000-character paragraph of a Markdown book, every view wrapped; and Tandem alone with
8 windows on the 10 MB file, tiled so none hides another, measured in the window typed in and in
another one; and Tandem alone on a folder, typed into idle and while Find in Files searches it
on both cores (`typing_while_searching`). With KEY_LATENCY_DEBUG=1, a calibration that finds more than a glyph changed
saves a screenshot to /tmp/key-latency-failed.png.
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

import gi
import pyatspi

gi.require_version("Gdk", "3.0")

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message):
    """Ends the run with `message` on standard output: `.ci/benchmark` hides standard error, where
    GTK's warnings go, and a run that stops must say why."""
    print(message)
    sys.exit(1)


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
        # The keys go at the end of the last line but one (Ctrl+End, Up, End): a short line, so
        # that an "x" never wraps it whatever the window's width. Two short lines, because an
        # editor that hides the final line break (Tandem, gedit) has no empty line after the
        # last: its Up lands one line higher than the floor's and mousepad's, and with one
        # short line that was an 85-character line that wraps, every word of it misspelt.
        f.write("the end\nthe end\n")
    paths["python"] = os.path.join(folder, "code.py")
    with open(paths["python"], "w") as f:
        for n in range(400):
            f.write(f"def function_{n}(value, count=3):\n    \"\"\"Doc {n}.\"\"\"\n"
                    f"    total = value * {n} + count  # a comment\n    return str(total) + 'text'\n\n")
        f.write("# the end\n# the end\n")  # two like lines, as above; no bracket beside the caret
    # A book's chapters, the last paragraph long (Tests/Benchmarks/typing_cpu.py types at its end);
    # the file ends with it and no line break, so Ctrl+End puts every editor's caret there.
    prose = "the quiet river ran past old houses where children played and mothers called them home".split()
    for length in (2_000, 10_000):
        paths[f"paragraph-{length // 1000}k"] = os.path.join(folder, f"book-{length // 1000}k.md")
        with open(paths[f"paragraph-{length // 1000}k"], "w") as f:
            for chapter in range(20):
                f.write(f"# Chapter {chapter}\n\n")
                for _ in range(8):
                    f.write(" ".join(rnd.choice(prose) for _ in range(rnd.randint(40, 80))).capitalize() + ".\n\n")
            paragraph = ""
            while len(paragraph) < length:
                paragraph += rnd.choice(prose) + " "
            f.write(paragraph.capitalize() + "and the end")
    return paths



class Editor:
    """One editor process showing one or more windows on a file."""

    def __init__(self, name, argv, env, place_keys=("ctrl+End", "Up", "End")):
        self.name = name
        # The keys that put the caret where the keys go (see go_near_the_end).
        self.place_keys = list(place_keys)
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
    found = find_text_view(node)
    return found.queryText() if found else None


def find_text_view(node):
    """The accessible of the editor's text view under `node`: of the texts on screen, the one
    with the most characters, then the biggest (an empty file ties with the fields)."""
    best = None
    stack = [node]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        if current.getRoleName() == "text" and current.getState().contains(pyatspi.STATE_SHOWING):
            try:
                count = current.queryText().characterCount
            except NotImplementedError:
                count = -1
            box = current.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            rank = (count, box.width * box.height)
            if best is None or rank > best[0]:
                best = (rank, current)
        stack.extend(current[i] for i in range(current.childCount))
    return best[1] if best else None


def text_region(editor, xid):
    """Where the text view of `editor`'s window `xid` is on screen, clipped to the screen: the
    area a key's glyph is looked for in (no title bar, menu, tab strip or status bar)."""
    wx, wy, width, height = geometry(xid)
    cx, cy = wx + width // 2, wy + height // 2
    for frame in editor.frames():
        box = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        if box.x <= cx < box.x + box.width and box.y <= cy < box.y + box.height:
            view = find_text_view(frame).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            left, top = max(view.x, 0), max(view.y, 0)
            right, bottom = min(view.x + view.width, 1600), min(view.y + view.height, 1000)
            return left, top, right - left, bottom - top
    fail(f"key_latency: no window of {editor.name} at {wx},{wy}")


def wait_for(what, condition, timeout=60, last=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = condition()
        except Exception:
            value = None
        if value:
            return value
        time.sleep(0.1)
    fail(f"key_latency: timed out waiting for {what}" + (f" (last: {last()!r})" if last else ""))


def geometry(xid):
    """A window's place and size on screen."""
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", xid], capture_output=True, text=True).stdout
    values = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


def pixels(x, y, width, height):
    """The screen's pixels in that rectangle, a row of bytes each."""
    from gi.repository import Gdk
    window = Gdk.get_default_root_window()
    pixbuf = Gdk.pixbuf_get_from_window(window, x, y, width, height)
    data, stride, channels = pixbuf.get_pixels(), pixbuf.get_rowstride(), pixbuf.get_n_channels()
    return [data[row * stride: row * stride + width * channels] for row in range(height)], channels


def wait_still(xid, seconds=2, timeout=120):
    """Waits until the window's pixels stay the same for `seconds` (a big file's view goes on
    laying out, and scrolling with it, for a while after it shows)."""
    x, y, width, height = geometry(xid)
    before, _ = pixels(x, y, width, height)
    deadline, still = time.monotonic() + timeout, 0
    while time.monotonic() < deadline and still < seconds * 2:
        time.sleep(0.5)
        again, _ = pixels(x, y, width, height)
        still = still + 1 if again == before else 0
        before = again


def go_near_the_end(xid, keys=("ctrl+End", "Up", "End")):
    """The caret at the end of the last line but one (`keys`; a paragraph's cases: at the end of
    the text, which is the paragraph's), on screen: typing there never scrolls. Twice, as
    GtkTextView's first Ctrl+End goes where it estimates the end is."""
    for _ in range(2):
        activate(xid)
        subprocess.run(["xdotool", "key", *keys], check=True)
        wait_still(xid)


def area_of_glyph(typed_xid, seen_xid, editor):
    """Where an "x" typed into `typed_xid` shows in `seen_xid` (the same window, or another on the
    same document): the bounding box of what one key changed below the window's header bar,
    found by typing it, then taken back with BackSpace. The probe then watches that box while
    "x" and BackSpace alternate, so the caret stays put and the view never scrolls."""
    activate(typed_xid)  # raised first: windows of the editors may overlap
    name = editor.name
    x, y, width, height = text_region(editor, seen_xid)
    top = 0
    # A first key and its undoing, unmeasured: an editor's first edit may change more than the
    # glyph (gedit draws its current line's band and title mark only then).
    subprocess.run(["xdotool", "key", "x", "BackSpace"], check=True)
    # A view still measuring a big file's lines in the background (the floor's GtkTextView, on a
    # slow day) may scroll by a line under the key: that key is tried again once it has settled.
    for attempt in range(4):
        found = changed_box(typed_xid, seen_xid, (x, y + top, width, height - top), name)
        if found is not None:
            left, row, box_width, box_height = found
            return x + left - 1, y + top + row - 1, box_width + 2, box_height + 2
        time.sleep(2)
        go_near_the_end(typed_xid, editor.place_keys)
    if os.environ.get("KEY_LATENCY_DEBUG"):
        subprocess.run(["import", "-window", "root", "/tmp/key-latency-failed.png"])
    fail(f"key_latency: in {name}, a key changed more than a glyph's area four times (the view scrolled?)")


def changed_box(typed_xid, seen_xid, region, name):
    """What an "x" typed into `typed_xid` and taken back changed in `region` of the screen:
    (left, top, width, height) within it, or None when that was more than a glyph."""
    wait_still(seen_xid, seconds=1)
    before, channels = pixels(*region)
    activate(typed_xid)
    subprocess.run(["xdotool", "key", "x"], check=True)
    time.sleep(0.5)
    after, _ = pixels(*region)
    subprocess.run(["xdotool", "key", "BackSpace"], check=True)
    time.sleep(0.5)
    changed = [r for r in range(len(before)) if before[r] != after[r]]
    if not changed:
        if os.environ.get("KEY_LATENCY_DEBUG"):
            subprocess.run(["import", "-window", "root", "/tmp/key-latency-failed.png"])
        fail(f"key_latency: a key typed changed nothing on screen in {name}")
    # The topmost band of changed rows: the glyph's line. A status bar saying the caret's
    # column (gedit, mousepad) is a band of its own further down; the caret's line is never
    # below it.
    rows = [changed[0]]
    for row in changed[1:]:
        if row - rows[-1] > 3:
            break
        rows.append(row)
    columns = [c // channels for r in rows for c in range(0, len(before[r]), channels)
               if before[r][c:c + channels] != after[r][c:c + channels]]
    # The glyph, not the caret's line-wide highlight or a scroll bar: the columns changed, in a
    # small box (a glyph is a few pixels wide; more means something else moved).
    left, right = min(columns), max(columns)
    if right - left > 60 or rows[-1] - rows[0] > 40:
        if os.environ.get("KEY_LATENCY_DEBUG"):
            print("DEBUG rows", rows[0], rows[-1], "cols", left, right, "region", region, file=sys.stderr)
        return None
    return left, rows[0], right - left + 1, rows[-1] - rows[0] + 1


# The 8-window case tiles them 3 x 3 on the 1600 x 1000 screen: no window may hide part of
# another (the glyph watched in another window must be on screen, and X must not clip it).
TILE = (520, 300)
TILE_STEP = (530, 332)


def geometry(xid):
    """The window's frame on screen (x, y, width, height), from xwininfo."""
    out = subprocess.run(["xwininfo", "-frame", "-id", xid], capture_output=True, text=True, check=True).stdout
    value = {line.split(":")[0].strip(): line.split(":")[1].strip() for line in out.splitlines() if ":" in line}
    return (int(value["Absolute upper-left X"]), int(value["Absolute upper-left Y"]),
            int(value["Width"]), int(value["Height"]))


def overlaps(frames):
    """Pairs of frames that share pixels, as text; empty when none do."""
    pairs = []
    for i, (x1, y1, w1, h1) in enumerate(frames):
        for x2, y2, w2, h2 in frames[i + 1:]:
            if x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1:
                pairs.append(f"{(x1, y1, w1, h1)} and {(x2, y2, w2, h2)}")
    return "; ".join(pairs)


def caret_line(editor):
    """The text of the line the caret is on in `editor`'s first window, read over AT-SPI: every
    editor must type into the same line, or the case compares unlike work. In a wrapped
    paragraph GTK's views say the row, which differs with the window's font: there, what stands
    before the caret, and whether it is at the text's end."""
    text = find_text(editor.frames()[0])
    if "Up" not in editor.place_keys:
        return f"{text.getText(max(0, text.caretOffset - 40), text.caretOffset)!r}, at the end: {text.caretOffset == text.characterCount}"
    line = text.getTextAtOffset(text.caretOffset, pyatspi.TEXT_BOUNDARY_LINE_START)[0]
    return line.rstrip("\n")


def activate(xid):
    subprocess.run(["xdotool", "windowactivate", "--sync", xid], check=True)


def measure(probe, area, no_key=False, keysym="x"):
    x, y, width, height = area
    out = subprocess.run([probe, str(x), str(y), str(width), str(height), "--keysym", keysym, "--timeout-ms",
                          "300" if no_key else "1000"] + (["--no-key"] if no_key else []),
                         capture_output=True, text=True).stdout.strip()
    return None if out == "timeout" or not out else int(out) / 1000


def summary(values):
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return values[0], statistics.median(values), p95, values[-1]


def run_case(label, editors, keys, probe, settle):
    """Types `keys` keys ("x" and BackSpace in turn) into each editor's window, one editor after
    the other; returns each one's times in ms. Each key waits `settle` seconds after its window
    gets the focus: a window that gains or loses the focus runs the theme's transitions (Adwaita
    fades its header bar's buttons for 200 ms), painting every frame meanwhile, and a key typed
    then waits for the next frame of that animation, not for the editor."""
    targets = []
    lines = {}
    for editor in editors:
        xid = editor.xids()[0]
        go_near_the_end(xid, editor.place_keys)
        lines[editor.name] = caret_line(editor)
        targets.append((editor, xid, area_of_glyph(xid, xid, editor)))
    if len(set(lines.values())) > 1:
        fail(f"key_latency: the editors' carets are on different lines ({label}): {lines}")
    for editor, xid, area in targets:
        activate(xid)
        if measure(probe, area, no_key=True) is not None:
            fail(f"key_latency: {editor.name} changed on screen with no key sent ({label}): the probe is not sound")
    results = {f"{editor.name} {key}": [] for editor, *_ in targets for key in ("x", "BackSpace")}
    for index in range(keys):
        for editor, xid, area in targets:
            activate(xid)
            time.sleep(settle)
            key = "x" if index % 2 == 0 else "BackSpace"
            value = measure(probe, area, keysym=key)
            if value is not None:
                results[f"{editor.name} {key}"].append(value)
    return results


def print_results(label, results, floor_median, against="floor"):
    for name, values in results.items():
        if not values:
            print(f"{label:28} {name:22} no key reached the screen")
            continue
        low, median, p95, high = summary(values)
        ratio = f"{median / floor_median:.2f}x {against}" if floor_median else ""
        print(f"{label:28} {name:22} n={len(values):3}  min {low:5.2f}  median {median:5.2f}  p95 {p95:5.2f}  max {high:6.2f} ms  {ratio}")
    sys.stdout.flush()


def editor_env(name, env, work, wrap):
    """`env` for the editor `name`, with a GSettings key file of its own (every editor on the same
    backend): mousepad is told to show what Tandem and gedit show by default, line numbers and
    the caret's line and column (its status bar), and with `wrap` to wrap lines at words (gedit
    and Tandem do by default); the others keep their defaults."""
    config = os.path.join(work, f"config-{name.split()[0]}-{'wrapped' if wrap else 'plain'}")
    os.makedirs(os.path.join(config, "glib-2.0", "settings"), exist_ok=True)
    shutil.copytree(os.path.join(env["XDG_CONFIG_HOME"], "gtk-3.0"), os.path.join(config, "gtk-3.0"), dirs_exist_ok=True)
    with open(os.path.join(config, "glib-2.0", "settings", "keyfile"), "w") as f:
        if name == "mousepad":
            f.write("[org/xfce/mousepad/preferences/view]\nshow-line-numbers=true\n" + ("word-wrap=true\n" if wrap else "")
                    + "[org/xfce/mousepad/preferences/window]\nstatusbar-visible=true\n")
    return dict(env, XDG_CONFIG_HOME=config, GSETTINGS_BACKEND="keyfile")


def search_label(editor):
    """Find in Files' line that says how the search goes, or None."""
    frames = editor.frames()
    if not frames:
        return None
    stack = [frames[0]]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        if node.getRoleName() == "label" and ("Searching" in node.name or "match" in node.name):
            return node.name
        stack.extend(node)
    return None


def typing_while_searching(arguments, env, work):
    """Tandem on a folder of 6,000 files (600 MB), typed into idle, then while Find in Files
    searches all of it on both cores for an expression that tries every word: a search is started again (Ctrl+Shift+F, Enter, F6 back
    to the text) before every 4 keys, and a key counts only if the search still runs after it.
    Prints the median and p95 against idle's (the target: p95 within 1.5x)."""
    tree = os.path.join(work, "tree")
    rnd = random.Random(2)
    words = "static int return struct kfree spin_lock mutex_unlock page buffer inode".split()
    pool = "".join(" ".join(rnd.choice(words) for _ in range(8)) + "\n" for _ in range(40_000))
    for n in range(6000):
        folder = os.path.join(tree, f"d{n % 60}")
        os.makedirs(folder, exist_ok=True)
        start = rnd.randrange(len(pool) - 100_000)
        with open(os.path.join(folder, f"f{n}.c"), "w") as f:
            f.write(pool[start:start + 100_000])
    tandem = Editor("tandem", [arguments.tandem, "--new-window", tree], env, ("ctrl+End",))
    running = lambda: (search_label(tandem) or "").startswith("Searching")
    try:
        wait_for("tandem's window", lambda: tandem.xids() and tandem.frames())
        xid = tandem.xids()[0]
        go_near_the_end(xid, tandem.place_keys)
        area = area_of_glyph(xid, xid, tandem)

        def keys(count, first, while_searching=False):
            """Times `count` keys; `while_searching`: only those the search outlasted."""
            values = []
            for index in range(first, first + count):
                time.sleep(0.05)
                value = measure(arguments.probe, area, keysym="x" if index % 2 == 0 else "BackSpace")
                if value is not None and (not while_searching or running()):
                    values.append(value)
            return values
        activate(xid)
        idle = keys(arguments.keys, 0)
        subprocess.run(["xdotool", "key", "ctrl+shift+f"], check=True)
        # An expression with no literal to skip ahead to: every word is tried, so a search lasts
        # long enough to type in (a word alone is found at the speed of memchr, in a blink).
        subprocess.run(["xdotool", "type", "--delay", "20", "\\w+_zebra"], check=True)
        subprocess.run(["xdotool", "key", "--delay", "100", "Tab", "Tab", "Tab", "space"], check=True)
        searching, sent = [], 0
        while len(searching) < arguments.keys and sent < arguments.keys * 4:
            subprocess.run(["xdotool", "key", "ctrl+shift+f", "Return"], check=True)
            wait_for("the search running", running, timeout=10, last=lambda: search_label(tandem))
            subprocess.run(["xdotool", "key", "F6"], check=True)
            time.sleep(0.1)
            batch = keys(4, sent, while_searching=True)
            searching += batch
            sent += 4
        print_results("typing, idle", {"tandem": idle}, None)
        print_results("typing, Find in Files runs", {"tandem": searching}, statistics.median(idle) if idle else None, "idle")
        if idle and searching:
            print(f"{'typing, Find in Files runs':28} {'tandem':22} p95 {summary(searching)[2] / summary(idle)[2]:.2f}x idle's p95"
                  f" (the {len(searching)} keys of {sent} that a running search outlasted)")
    finally:
        tandem.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tandem", required=True)
    parser.add_argument("--floor", required=True)
    parser.add_argument("--probe", required=True)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--cases", default="empty,10mb,python,paragraph-2k,paragraph-10k,8-windows,find-in-files", help="which cases, comma-separated")
    parser.add_argument("--settle", type=float, default=0.4,
                        help="seconds between a window's gaining the focus and its key (0: at once, in the focus change's animation)")
    parser.add_argument("--peers", default="editor-floor,gedit,mousepad",
                        help="other editors beside Tandem, where installed (editor-floor: the floor with FLOOR_EDITOR=1; wrapped-floor: with FLOOR_WRAP=1)")
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
    names = [name for name in arguments.peers.split(",") if name]
    peers = [(name, shutil.which(name)) for name in names if name != "editor-floor" and shutil.which(name)]
    try:
        cases = arguments.cases.split(",")
        for case in [c for c in ("empty", "10mb", "python", "paragraph-2k", "paragraph-10k") if c in cases]:
            env = fresh(case)
            # A paragraph's keys go at its end, every view wrapped at words (Tandem's prose,
            # gedit's default; the floor and mousepad told to): unwrapped, a key at the end of a
            # line of thousands of characters scrolls the view sideways, and the probe sees that.
            paragraph = case.startswith("paragraph")
            place = ("ctrl+End",) if paragraph else ("ctrl+End", "Up", "End")
            editors = [Editor("floor (GtkSourceView)", [arguments.floor, paths[case]], dict(env, FLOOR_WRAP="1") if paragraph else env, place),
                       Editor("tandem", [arguments.tandem, "--new-window", paths[case]], editor_env("tandem", env, work, paragraph), place)]
            if "editor-floor" in names:
                # gedit's header bar (the caret's place updated on every key) and monospace text, in C.
                editors.append(Editor("editor floor", [arguments.floor, paths[case]],
                                      dict(env, FLOOR_EDITOR="1", **({"FLOOR_WRAP": "1"} if paragraph else {})), place))
            if "wrapped-floor" in names and not paragraph:
                # The floor with its lines wrapped at words, as Tandem's and gedit's are by default.
                editors.append(Editor("wrapped floor", [arguments.floor, paths[case]], dict(env, FLOOR_WRAP="1"), place))
            editors += [Editor(name, [path, paths[case]], editor_env(name, env, work, paragraph), place) for name, path in peers]
            try:
                for editor in editors:
                    wait_for(f"{editor.name}'s window", lambda: editor.xids() and editor.frames())
                    wait_for(f"{editor.name} idle with its text", lambda: find_text(editor.frames()[0]) is not None
                             and (case == "empty" or find_text(editor.frames()[0]).characterCount > 1000))
                results = run_case(case, editors, arguments.keys, arguments.probe, arguments.settle)
                floor = results["floor (GtkSourceView) x"] + results["floor (GtkSourceView) BackSpace"]
                print_results(case, results, statistics.median(floor) if floor else None)
                editor_floor = results.get("editor floor x", []) + results.get("editor floor BackSpace", [])
                own = results["tandem x"] + results["tandem BackSpace"]
                if editor_floor and own:
                    print(f"{case:28} {'tandem, both keys':22} {statistics.median(own) / statistics.median(editor_floor):.2f}x the editor floor")
                wrapped_floor = results.get("wrapped floor x", []) + results.get("wrapped floor BackSpace", [])
                if wrapped_floor and own:
                    print(f"{case:28} {'tandem, both keys':22} {statistics.median(own) / statistics.median(wrapped_floor):.2f}x the wrapped floor")
            finally:
                for editor in editors:
                    editor.stop()
        if "find-in-files" in cases:
            typing_while_searching(arguments, fresh("find-in-files"), work)
        # Eight windows on one 10 MB document, tiled 3 x 3 (the last place empty); typed into the first, read in it and in the second.
        if "8-windows" not in cases:
            return
        env = fresh("8-windows")
        tandem = Editor("tandem", [arguments.tandem, "--new-window", paths["10mb"]], env)
        try:
            wait_for("tandem's window", lambda: tandem.xids() and tandem.frames())
            # Its one-window figure first, measured as the eight windows are below (the same
            # window size, the same keys, no other editor between them), so the ratio compares
            # like with like: the 10mb case above interleaves editors, a focus change before each key.
            alone = tandem.xids()[0]
            subprocess.run(["xdotool", "windowsize", alone, str(TILE[0]), str(TILE[1]), "windowmove", alone, "0", "0"], check=True)
            go_near_the_end(alone)
            area = area_of_glyph(alone, alone, tandem)
            one_window = []
            for index in range(arguments.keys // 2):
                activate(alone)
                time.sleep(arguments.settle)
                value = measure(arguments.probe, area, keysym="x" if index % 2 == 0 else "BackSpace")
                if value is not None:
                    one_window.append(value)
            print_results("10mb, 1 window, same way", {"tandem": one_window}, None)
            for _ in range(7):
                subprocess.run([arguments.tandem, "--new-window", paths["10mb"]], env=env, check=True)
            wait_for("8 windows", lambda: len(tandem.xids()) == 8 and len(tandem.frames()) == 8)
            for index, xid in enumerate(tandem.xids()):
                subprocess.run(["xdotool", "windowsize", xid, str(TILE[0]), str(TILE[1]), "windowmove", xid,
                                str(TILE_STEP[0] * (index % 3)), str(TILE_STEP[1] * (index // 3))], check=True)
                go_near_the_end(xid)
            overlapping = overlaps([geometry(xid) for xid in tandem.xids()])
            if overlapping:
                fail(f"key_latency: the 8 windows overlap ({overlapping}): a window's minimum size grew")
            xids = tandem.xids()
            first, second = xids[0], xids[1]
            for label, seen in (("10mb, 8 windows: typing one", first), ("10mb, 8 windows: another", second)):
                area = area_of_glyph(first, seen, tandem)
                activate(first)
                if measure(arguments.probe, area, no_key=True) is not None:
                    fail(f"key_latency: the area changed with no key sent ({label})")
                values = []
                for index in range(arguments.keys // 2):
                    activate(first)
                    time.sleep(arguments.settle)  # the other windows done with the key before
                    value = measure(arguments.probe, area, keysym="x" if index % 2 == 0 else "BackSpace")
                    if value is not None:
                        values.append(value)
                print_results(label, {"tandem": values}, statistics.median(one_window) if one_window else None, "one window")
        finally:
            tandem.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
