"""A day's use beside gedit: what a new user hits in the first hour (issue 28), one test each."""
import subprocess
import time

import pyatspi

from conftest import descendants, wait_for


def click(node, button="1"):
    """Clicks the middle of an accessible, through the X server like a person."""
    component = node.queryComponent()
    x, y = component.getPosition(pyatspi.DESKTOP_COORDS)
    width, height = component.getSize()
    subprocess.run(["xdotool", "mousemove", "--sync", str(x + width // 2), str(y + height // 2), "click", button], check=True)


def dialog(tandem, title):
    return wait_for(f"the {title!r} dialog", lambda: next(
        (f for f in tandem.app() if f is not None and f.getRoleName() == "dialog" and f.name == title), None))


def test_open_recent_opens_the_file_picked_and_only_it(tandem, tmp_path):
    names = ["alpha.txt", "beta.txt", "gamma.txt"]
    for name in names:
        (tmp_path / name).write_text(name + "\n")
    tandem.start(*names)
    for name in names:
        tandem.wait_title(name)
    wait_for("the recent list written", lambda: all(
        name in (tmp_path / "data" / "recently-used.xbel").read_text() for name in names))
    tandem.key("beta.txt", "ctrl+w")
    wait_for("beta.txt closed", lambda: tandem.frame("beta.txt") is None)
    tandem.activate("gamma.txt")
    tandem.activate_action("open-recent", window=3)
    chooser = dialog(tandem, "Open Recent")
    cell = wait_for("alpha.txt listed", lambda: next(
        d for d in descendants(chooser) if d.getRoleName() == "table cell" and d.name == "alpha.txt"))
    click(cell)
    click(next(d for d in descendants(chooser) if d.getRoleName() == "push button" and d.name == "Open"))
    # alpha.txt's window is raised; the closed beta.txt stays closed.
    wait_for("alpha.txt's window active", lambda: tandem.frame("alpha.txt").getState().contains(pyatspi.STATE_ACTIVE))
    time.sleep(0.5)
    assert tandem.titles() == ["alpha.txt", "gamma.txt"]
