"""TANDEM_TRACE_LIFECYCLE=1: what each scene delegate sees as a person minimizes, focuses and closes."""
import re
import subprocess
import time
import pytest

from conftest import wait_for, hold_still


def sequences(trace):
    by_session = {}
    for session, callback in re.findall(r"^tandem-lifecycle (\S+) (\S+)$", trace, re.M):
        if callback != "discarded":  # the app's session event, not a scene callback
            by_session.setdefault(session, []).append(callback)
    return by_session


@pytest.mark.x11_only("minimizes through the window manager (test_wayland.py covers the same on Wayland)")
def test_minimize_focus_close(tandem, tmp_path):
    (tmp_path / "one.txt").write_text("1\n")
    (tmp_path / "two.txt").write_text("2\n")
    tandem.start("one.txt")
    tandem.wait_title("one.txt")
    wait_for("one active", lambda: sequences(tandem.trace) and list(sequences(tandem.trace).values())[0][-1] == "didBecomeActive")
    one = list(sequences(tandem.trace))[0]
    assert tandem.launch("two.txt").returncode == 0
    tandem.wait_title("two.txt")
    wait_for("two active", lambda: len(sequences(tandem.trace)) == 2
             and sequences(tandem.trace)[[s for s in sequences(tandem.trace) if s != one][0]][-1] == "didBecomeActive")
    two = [s for s in sequences(tandem.trace) if s != one][0]
    assert sequences(tandem.trace)[one] == ["willConnect", "willEnterForeground", "didBecomeActive", "willResignActive"]
    assert sequences(tandem.trace)[two] == ["willConnect", "willEnterForeground", "didBecomeActive"]

    subprocess.run(["xdotool", "windowminimize", "--sync", tandem.window_id("two.txt")], check=True)
    wait_for("two in background", lambda: sequences(tandem.trace)[two][-1] == "didEnterBackground")
    hold_still(0.3)  # and nothing more follows
    assert sequences(tandem.trace)[two][3:] == ["willResignActive", "didEnterBackground"]

    tandem.activate("one.txt")
    wait_for("one active again", lambda: sequences(tandem.trace)[one][-1] == "didBecomeActive")

    tandem.key("one.txt", "ctrl+w")
    wait_for("one disconnected", lambda: sequences(tandem.trace)[one][-1] == "didDisconnect")
    hold_still(0.3)  # and nothing more follows
    assert sequences(tandem.trace)[one][4:] == ["didBecomeActive", "willResignActive", "didEnterBackground", "didDisconnect"]
    assert f"tandem-lifecycle {one} discarded" not in tandem.trace, "a closed window goes to recently closed"
    assert sequences(tandem.trace)[two][-1] == "didEnterBackground", "the minimized window saw nothing more"
    assert tandem.titles() == ["two.txt"]
