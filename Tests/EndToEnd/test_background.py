"""Background windows do as little as they can: a minimized window's buffer is left alone while
the document changes in another window, and gives its text back when GLib's memory monitor warns
(a stand-in for the low-memory-monitor daemon, on a private system bus); it comes back showing
the document as it is now, at the line that was on top, with its caret where it was."""
import re
import subprocess
import pytest

from conftest import wait_for, press, write
from test_place import numbered, visible_lines


class LowMemoryMonitor:
    """A bus standing in for the system bus, with org.freedesktop.LowMemoryMonitor on it."""

    def __init__(self):
        from gi.repository import Gio
        self.daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                       stdout=subprocess.PIPE, text=True)
        self.address = self.daemon.stdout.readline().strip()
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        self.bus = Gio.DBusConnection.new_for_address_sync(self.address, flags, None, None)
        Gio.bus_own_name_on_connection(self.bus, "org.freedesktop.LowMemoryMonitor", 0, None, None)

    def warn(self, level=50):
        from gi.repository import GLib
        self.bus.emit_signal(None, "/org/freedesktop/LowMemoryMonitor", "org.freedesktop.LowMemoryMonitor",
                             "LowMemoryWarning", GLib.Variant("(y)", (level,)))
        self.bus.flush_sync(None)

    def stop(self):
        self.bus.close_sync(None)
        self.daemon.terminate()
        self.daemon.wait()


def session_of(trace, wid_title_count):
    return re.findall(r"^tandem-lifecycle (\S+) willConnect$", trace, re.M)[wid_title_count]


@pytest.mark.x11_only("minimizes through the window manager (test_wayland.py covers the same on Wayland)")
def test_a_minimized_window_gives_its_text_back_and_returns_in_place(tandem, tmp_path):
    monitor = LowMemoryMonitor()
    try:
        (tmp_path / "b.txt").write_text(numbered(3000))
        tandem.start("b.txt:1500", env={"DBUS_SYSTEM_BUS_ADDRESS": monitor.address})
        tandem.wait_title("b.txt")
        tandem.launch("--new-window", "b.txt:200")
        first, second = tandem.window_ids("b.txt", 2)
        away = session_of(tandem.trace, 1)
        top, _ = wait_for("the second window placed", lambda: visible_lines(tandem, "b.txt (2)")[0] > 150 and visible_lines(tandem, "b.txt (2)"))
        caret = tandem.text_in(tandem.frame("b.txt (2)")).caretOffset

        subprocess.run(["xdotool", "windowminimize", "--sync", second], check=True)
        wait_for("the second window in the background", lambda: f"tandem-lifecycle {away} didEnterBackground" in tandem.trace)
        # The monitor starts after launch's own work; warn until the warning is heard.
        wait_for("the warning heard", lambda: monitor.warn() or f"tandem-lifecycle {away} buffer released" in tandem.trace)
        # Lines put in above the hidden window's place, and text typed into the lines it showed.
        view = tandem.text_in(tandem.frame("b.txt"))
        tandem.key("b.txt", "ctrl+Home")
        for n in (1, 2, 3):
            write(f"new {n}", delay=12)
            press("Return")
        wait_for("three lines added", lambda: view.getText(0, 18) == "new 1\nnew 2\nnew 3\n")

        subprocess.run(["xdotool", "windowactivate", "--sync", second], check=True)
        wait_for("the second window back", lambda: tandem.trace.count(f"tandem-lifecycle {away} willEnterForeground") == 2)
        frame = tandem.frame("• b.txt (2)")
        back = tandem.text_in(frame)
        wait_for("its caret moved down with its line", lambda: back.caretOffset == caret + 18)
        shown = wait_for("the same line on top, three lines further down",
                         lambda: visible_lines(tandem, "• b.txt (2)")[0] == top + 3 or None)
        assert shown
        whole = back.getText(0, -1)
        assert whole.startswith("new 1\nnew 2\nnew 3\nline 1\n")
        x, y, width, height = tandem.document_view(frame).queryComponent().getExtents(0)
        # What the refilled buffer draws is the document's text there.
        offset = back.getOffsetAtPoint(x + 40, y + height // 2, 0)
        line = whole.count("\n", 0, offset)
        assert whole.split("\n")[line] == f"line {line - 2}"
        assert tandem.gtk_complaints() == []
    finally:
        monitor.stop()
