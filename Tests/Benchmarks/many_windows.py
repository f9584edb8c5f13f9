#!/usr/bin/python3
"""Many windows on one big document (run by .ci/benchmark windows): Tandem opened on the file,
then N-1 `tandem --new-window FILE` launched together; and the same as N tabs of one window
(New Tab on This Document, N-1 times, through the window's actions on D-Bus). It reports, as the
median of --runs, the seconds from launch until every window is shown and the process's CPU time
has been flat for 250 ms, and the peak RSS, beside the same figures for one window."""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

from process_stats import peak_rss_mb, stop, wait_until_idle


def windows_of(pid):
    out = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(pid), "--name", "."],
                         capture_output=True, text=True).stdout.split()
    return len(out)


def new_tab_on_document():
    """New Tab on This Document in the first window, as its menu item would (over D-Bus, from
    this process: a gdbus process per tab would be most of what is measured)."""
    from gi.repository import Gio, GLib
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync("io.github.tandemedit.Tandem", "/io/github/tandemedit/Tandem/window/1", "org.gtk.Actions", "Activate",
                  GLib.Variant("(sava{sv})", ("new-tab-on-document", [], {})), None, Gio.DBusCallFlags.NONE, -1, None)


def measure(tandem, path, count, limit, tabs=False):
    """One launch with `count` windows (or tabs of one window): seconds until all are shown and
    idle; peak RSS in MB."""
    state = tempfile.mkdtemp()
    env = dict(os.environ, XDG_STATE_HOME=state, GSETTINGS_BACKEND="memory")
    started = time.monotonic()
    proc = subprocess.Popen([tandem, path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        while windows_of(proc.pid) < 1 and time.monotonic() - started < limit:
            time.sleep(0.02)
        if tabs:
            for _ in range(count - 1):
                new_tab_on_document()
        else:
            # The other windows asked for at once (each launch hands its file over D-Bus and exits).
            launches = [subprocess.Popen([tandem, "--new-window", path], env=env, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL) for _ in range(count - 1)]
            for launch in launches:
                launch.wait(timeout=limit)
            while windows_of(proc.pid) < count and time.monotonic() - started < limit:
                time.sleep(0.02)
        idle = wait_until_idle(proc.pid, started + limit) - started
        rss = peak_rss_mb(proc.pid)
    finally:
        stop(proc)
        shutil.rmtree(state, ignore_errors=True)
    return idle, rss


def make_file(folder, name, size):
    path = os.path.join(folder, name)
    if not os.path.exists(path) or os.path.getsize(path) != size:
        line = b"many windows on one document, each showing only what it shows 0123456789\n"
        with open(path, "wb") as f:
            f.write((line * (size // len(line) + 1))[:size])
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tandem", required=True)
    parser.add_argument("--inputs", default=os.path.expanduser("~/.cache/tandem-benchmark"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=float, default=300)
    parser.add_argument("--only-tabs", action="store_true", help="only 32 windows and 32 tabs on 10 MB")
    args = parser.parse_args()
    os.makedirs(args.inputs, exist_ok=True)
    print("| document | windows | all shown and idle | peak RSS |")
    print("|---|---|---|---|")
    cases = [("30mb.txt", 30_000_000, 1, False), ("30mb.txt", 30_000_000, 6, False),
             ("10mb.txt", 10_000_000, 1, False), ("10mb.txt", 10_000_000, 32, False), ("10mb.txt", 10_000_000, 32, True)]
    for name, size, count, tabs in cases:
        if args.only_tabs and count != 32:
            continue
        path = make_file(args.inputs, "windows-" + name, size)
        runs = [measure(args.tandem, path, count, args.limit, tabs) for _ in range(args.runs)]
        idle = statistics.median(r[0] for r in runs)
        rss = statistics.median(r[1] for r in runs)
        what = f"{count} tabs of one window" if tabs else f"{count}"
        print(f"| {name} | {what} | {idle:.2f} s | {rss:.0f} MB |", flush=True)


if __name__ == "__main__":
    main()
