"""Tandem on Wayland: GNOME's own compositor (mutter 43, headless, one virtual monitor), keys
through mutter's RemoteDesktop API (wayland_input.py). The rest of the suite runs on X11 only
for now; these tests cover what differs on Wayland."""
import os
import subprocess
import time

import pytest

import conftest
from conftest import wait_for
from test_background import LowMemoryMonitor, session_of
from test_place import numbered
from wayland_input import RemoteKeyboard


@pytest.fixture
def wayland(tmp_path):
    """A headless mutter on the test's session bus, with a keyboard; yields the environment a
    client needs to draw on it (on a Wayland run, the run's own mutter)."""
    if conftest.WAYLAND:
        yield {}, conftest.KEYBOARD
        return
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime))
    env.pop("DISPLAY", None)
    log = open(tmp_path / "mutter.log", "w")
    mutter = subprocess.Popen(["mutter", "--headless", "--virtual-monitor", "1600x1000", "--wayland", "--no-x11"],
                              env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for("mutter's Wayland socket", lambda: (runtime / "wayland-0").exists())
        keyboard = wait_for("mutter's remote desktop", lambda: RemoteKeyboard())
        yield {"XDG_RUNTIME_DIR": str(runtime), "WAYLAND_DISPLAY": "wayland-0", "GDK_BACKEND": "wayland"}, keyboard
        keyboard.stop()
    finally:
        mutter.terminate()
        mutter.wait(timeout=10)
        log.close()


def test_a_minimized_window_on_wayland_gives_its_text_back(tandem, tmp_path, wayland):
    """GTK 3 reports no minimized state on Wayland: Tandem finds it from the frames mutter stops
    asking for, so the window enters the background and a memory warning takes its buffer."""
    env, keyboard = wayland
    monitor = LowMemoryMonitor()
    try:
        (tmp_path / "b.txt").write_text(numbered(3000))
        tandem.start("b.txt:1500", env={**env, "DBUS_SYSTEM_BUS_ADDRESS": monitor.address})
        tandem.wait_title("b.txt")
        tandem.launch("--new-window", "b.txt:200", env=env)
        tandem.wait_title("b.txt (2)")
        away = session_of(tandem.trace, 1)
        # The last change of focus is the new window's (a line of another kind may follow it:
        # the first window's visibility probe, a buffer released).
        focus = lambda: [line for line in tandem.trace.splitlines() if line.endswith(("didBecomeActive", "willResignActive"))]
        new_window_active = lambda: focus() and focus()[-1].endswith(f"tandem-lifecycle {away} didBecomeActive")
        # Loaded CI runs saw mutter leave the focus on the first window now and then (this test is
        # about minimizing, not about who gets the focus): mutter's own Alt+Escape then moves it.
        deadline = time.monotonic() + 5
        while not new_window_active() and time.monotonic() < deadline:
            time.sleep(0.05)  # the poll's pace: the trace is a file
        if not new_window_active():
            keyboard.key("alt+Escape")
        wait_for("the new window active", new_window_active)
        # mutter under load has lost the key now and then (the window kept the focus): it is pressed
        # again only while the window still has the focus, so the other window, focused once this
        # one is minimized, is never minimized too. The probe's looks back off to 8 s apart, hence
        # the long wait for the background.
        still_active = lambda: focus()[-1].endswith(f"{away} didBecomeActive")
        minimized = lambda: f"tandem-lifecycle {away} didEnterBackground" in tandem.trace
        deadline = time.monotonic() + 30
        while not minimized() and time.monotonic() < deadline:
            if still_active():
                keyboard.key("super+h")   # mutter's Minimize
                pressed = time.monotonic()
                while still_active() and time.monotonic() < pressed + 3:
                    time.sleep(0.05)  # the poll's pace: the trace is a file
            time.sleep(0.05)  # the poll's pace: the trace is a file
        if not minimized():
            tail = "\n".join(tandem.trace.splitlines()[-40:])
            pytest.fail(f"the minimized window never entered the background; the trace ends:\n{tail}")
        wait_for("the warning heard", lambda: monitor.warn() or f"tandem-lifecycle {away} buffer released" in tandem.trace)
        # The other window, focused by mutter, takes typing; the document changes under the hidden one.
        # Typing waits for that focus, and a loaded mutter that still loses the keys gets them again
        # (a half-typed first try leaves the whole phrase after it all the same).
        # Two CI runs saw a loaded mutter give the focus to no window after the minimize: its own
        # Alt+Escape then hands it to a window (either is fine, both show the one document).
        first = session_of(tandem.trace, 0)
        first_active = lambda: focus()[-1].endswith(f"tandem-lifecycle {first} didBecomeActive")
        deadline = time.monotonic() + 5
        while not first_active() and time.monotonic() < deadline:
            time.sleep(0.05)  # the poll's pace: the trace is a file
        if not first_active():
            keyboard.key("alt+Escape")
        wait_for("a window active", lambda: focus()[-1].endswith("didBecomeActive"))
        typed = lambda: "typed on wayland " in (tandem.text_of("• b.txt") or "")
        for _ in range(3):
            keyboard.type("typed on wayland ")
            deadline = time.monotonic() + 4
            while not typed() and time.monotonic() < deadline:
                time.sleep(0.05)  # the poll's pace: AT-SPI gives no event for it
            if typed():
                break
        wait_for("typed", typed)
        assert tandem.gtk_complaints() == []
    finally:
        monitor.stop()
