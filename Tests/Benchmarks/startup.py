#!/usr/bin/python3
"""Tandem's start-up against the floor GTK itself sets (run by .ci/benchmark startup).

The floor is Tests/Benchmarks/floor.c: a GtkApplicationWindow with a header bar and a GtkSourceView
(line numbers on) on the file, nothing else. The editor floor is the same program with FLOOR_EDITOR=1:
gedit's header bar (Open, the folder under the title, the caret's place, Save, a menu), monospace
text and the file added to the recent list; Tandem is measured against both. Tandem runs from the build tree (`--tandem`) and, with
`--installed`, as `meson install` put it; every launch has caches of its own, empty (cold: nothing
left by an earlier launch helps). For the empty file and a 10 KB file it measures, as
the median of --runs launches of each: time to window (seen by window_probe.c, given as
--window-probe, within a millisecond of the server mapping it), time to idle (under 1 ms of CPU in 250 ms),
CPU time to idle (the scheduler's nanosecond count), peak RSS. Then a restore of 5 windows (time until all 5 are shown, against the
floor opening one, and against the floor opening the same 5 files: what GTK itself pays for 5 windows)
and `tandem FILE` handed to a running instance (time until it exits).
It prints a table with Tandem's ratios to the floor.
"""
import argparse
import os
import shutil
import signal
import statistics
import subprocess
import tempfile
import time

from process_stats import cpu_seconds_fine, peak_rss_mb, stop


def visible_windows(pid):
    out = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(pid), "--name", "."],
                         capture_output=True, text=True).stdout.split()
    return len(out)


WINDOW_PROBE = None  # Tests/Benchmarks/window_probe.c, built by .ci/benchmark (--window-probe)


def launch(command, env, windows=1, limit=20.0):
    """One launch: seconds to `windows` shown windows, to idle, CPU seconds to idle, peak RSS (MB)."""
    started = time.monotonic()
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    # The window is watched by a probe that looks every millisecond (its clock is this one's:
    # CLOCK_MONOTONIC); without it, xdotool is asked every 10 ms.
    probe = subprocess.Popen([WINDOW_PROBE, str(proc.pid), str(windows), str(limit)], stdout=subprocess.PIPE,
                             text=True) if WINDOW_PROBE else None
    shown = idle = cpu_at_idle = None
    history = []
    try:
        while time.monotonic() - started < limit and proc.poll() is None:
            now = time.monotonic() - started
            if shown is None and probe is not None and probe.poll() is not None:
                seen = probe.stdout.read().strip()
                shown = float(seen) - started if seen and seen != "timeout" else float("nan")
            elif shown is None and probe is None and visible_windows(proc.pid) >= windows:
                shown = now
            cpu = cpu_seconds_fine(proc.pid)
            history.append((now, cpu))
            if shown is not None:
                old = [c for t, c in history if t <= now - 0.25]
                # Idle: under 1 ms of CPU in 250 ms (a caret blink is ~0.1 ms).
                if old and cpu - old[-1] < 0.001 and now - 0.25 >= shown:
                    idle, cpu_at_idle = now - 0.25, cpu
                    break
            time.sleep(0.01)
        rss = peak_rss_mb(proc.pid) if proc.poll() is None else float("nan")
    finally:
        stop(proc)
        if probe is not None and probe.poll() is None:
            probe.kill()
            probe.wait()
    return shown, idle, cpu_at_idle, rss


def median(values):
    values = [v for v in values if v is not None and v == v]
    return statistics.median(values) if values else float("nan")


def tandem_env(state):
    """A state folder of its own and an empty cache (a cold start)."""
    return dict(os.environ, XDG_STATE_HOME=state, XDG_CACHE_HOME=os.path.join(state, "cache"))


def measure_file(args, name, path):
    # Floor and Tandem take turns, so that whatever else the machine does weighs on both alike.
    commands = {"floor": [args.floor, path], "editor": [args.floor, path], "tandem": [args.tandem, path]}
    if args.installed:
        commands["installed"] = [args.installed, path]
    runs = {who: [] for who in commands}
    for _ in range(args.runs):
        for who, command in commands.items():
            state = tempfile.mkdtemp()
            env = tandem_env(state)
            if who == "editor":
                env["FLOOR_EDITOR"] = "1"  # the floor with gedit's header bar, monospace and the recent list
            runs[who].append(launch(command, env))
            shutil.rmtree(state, ignore_errors=True)
    return {who: [median([r[i] for r in runs[who]]) for i in range(4)] for who in commands}


def print_rows(name, rows):
    floor, editor = rows["floor"], rows["editor"]
    print(f"| {name} | C floor | {fmt(floor[0], 's')} | {fmt(floor[1], 's')} | {fmt(floor[2], 's')} | {fmt(floor[3], 'MB')} |")
    print(f"| {name} | C editor floor | {fmt(editor[0], 's')} | {fmt(editor[1], 's')} | {fmt(editor[2], 's')} | {fmt(editor[3], 'MB')} |")
    print(f"| {name} | editor floor / floor | {ratio(editor[0], floor[0])} | {ratio(editor[1], floor[1])} | {ratio(editor[2], floor[2])} "
          f"| +{editor[3] - floor[3]:.1f} MB |")
    for who, label in (("tandem", "Tandem (build tree)"), ("installed", "Tandem (meson install)")):
        if who not in rows:
            continue
        tandem = rows[who]
        print(f"| {name} | {label} | {fmt(tandem[0], 's')} | {fmt(tandem[1], 's')} | {fmt(tandem[2], 's')} | {fmt(tandem[3], 'MB')} |")
        print(f"| {name} | ratio | {ratio(tandem[0], floor[0])} | {ratio(tandem[1], floor[1])} | {ratio(tandem[2], floor[2])} "
              f"| +{tandem[3] - floor[3]:.1f} MB |")
        print(f"| {name} | ratio to the editor floor | {ratio(tandem[0], editor[0])} | {ratio(tandem[1], editor[1])} "
              f"| {ratio(tandem[2], editor[2])} | +{tandem[3] - editor[3]:.1f} MB |")


def restore_files(folder):
    """The 5 small files of the restored session."""
    files = []
    for n in range(5):
        path = os.path.join(folder, f"restore-{n}.txt")
        with open(path, "w") as f:
            f.write(f"file {n}\n" * 200)
        files.append(path)
    return files


def prepare_restore(args, folder):
    """A state folder whose last session had 5 windows on 5 small files."""
    state = tempfile.mkdtemp()
    files = restore_files(folder)
    # A window each: files opened together would share one window as tabs (Tandem's default).
    proc = subprocess.Popen([args.tandem, files[0]], env=tandem_env(state), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 20
    while visible_windows(proc.pid) < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    for path in files[1:]:
        subprocess.run([args.tandem, "--new-window", path], env=tandem_env(state), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=20)
    while visible_windows(proc.pid) < 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.5)  # every record written
    proc.send_signal(signal.SIGTERM)  # a quit: every window is kept for the next launch
    proc.wait(timeout=20)
    return state


def measure_restore(args, folder):
    """Tandem's restore of 5 windows, and (taking turns with it) the floor opening the same 5 files."""
    runs, floor_runs = [], []
    for _ in range(args.runs):
        state = prepare_restore(args, folder)
        runs.append(launch([args.tandem], tandem_env(state), windows=5))
        shutil.rmtree(state, ignore_errors=True)
        floor_runs.append(launch([args.floor, *restore_files(folder)], dict(os.environ), windows=5))
    return [median([r[i] for r in runs]) for i in range(4)], [median([r[i] for r in floor_runs]) for i in range(4)]


def measure_second_launch(args, path):
    state = tempfile.mkdtemp()
    env = tandem_env(state)
    proc = subprocess.Popen([args.tandem, path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while visible_windows(proc.pid) < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)
        times = []
        for _ in range(args.runs * 2):
            started = time.monotonic()
            subprocess.run([args.tandem, path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
            times.append(time.monotonic() - started)
            time.sleep(0.3)
        return median(times)
    finally:
        stop(proc)
        shutil.rmtree(state, ignore_errors=True)


def fmt(value, unit):
    if value != value:
        return "—"
    return f"{value:.3f} s" if unit == "s" else f"{value:.0f} MB"


def ratio(a, b):
    return f"{a / b:.2f}x" if a == a and b == b and b > 0 else "—"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tandem", required=True)
    parser.add_argument("--floor", required=True)
    parser.add_argument("--installed", help="the binary `meson install` put in a prefix, measured beside the build tree's")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--files-only", action="store_true", help="the empty and 10 KB files only (no restore, no second launch)")
    parser.add_argument("--window-probe", help="Tests/Benchmarks/window_probe.c built: sees a window within a millisecond")
    args = parser.parse_args()
    global WINDOW_PROBE
    WINDOW_PROBE = args.window_probe
    folder = tempfile.mkdtemp()
    empty, small = os.path.join(folder, "empty.txt"), os.path.join(folder, "10kb.txt")
    open(empty, "w").close()
    with open(small, "w") as f:
        f.write(("lorem ipsum dolor sit amet consectetur adipiscing elit\n" * 200)[:10_000])
    print(f"| file | who | window | idle | CPU to idle | peak RSS |")
    print(f"|---|---|---|---|---|---|")
    floor_window = None
    for name, path in (("empty", empty), ("10 KB", small)):
        rows = measure_file(args, name, path)
        floor_window = floor_window or rows["floor"][0]
        print_rows(name, rows)
    if args.files_only:
        return
    restore, floor5 = measure_restore(args, folder)
    print(f"| 5 windows | C floor | {fmt(floor5[0], 's')} (all shown; {ratio(floor5[0], floor_window)} its one) "
          f"| {fmt(floor5[1], 's')} | {fmt(floor5[2], 's')} | {fmt(floor5[3], 'MB')} |")
    print(f"| restore of 5 windows | Tandem | {fmt(restore[0], 's')} (all shown; {ratio(restore[0], floor_window)} the floor's one, "
          f"{ratio(restore[0], floor5[0])} its five) | {fmt(restore[1], 's')} | {fmt(restore[2], 's')} | {fmt(restore[3], 'MB')} |")
    second = measure_second_launch(args, small)
    print(f"\n`tandem FILE` to a running instance: exits after {second * 1000:.0f} ms (median of {args.runs * 2})")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
