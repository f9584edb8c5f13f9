"""End-to-end helpers: start the built `tandem`, drive it like a person, read it over AT-SPI.

The runner (.ci/test) provides Xvfb, a D-Bus session and openbox; without them these tests
fail rather than skip. With TANDEM_TEST_BACKEND=wayland the same tests run on GNOME's own
compositor instead (headless mutter, started once for the run): keys go through mutter's
RemoteDesktop API (wayland_input.py) and windows are found by their titles over AT-SPI. Tests
that are X11 by nature (the pointer, window geometry, minimizing through the window manager,
X window ids) are marked `x11_only` with the reason, and are not run there.
"""
import base64
import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TANDEM = os.environ.get("TANDEM_BIN", str(ROOT / ".build" / "debug" / "tandem"))


WAYLAND = os.environ.get("TANDEM_TEST_BACKEND") == "wayland"

GTK_COMPLAINT = re.compile(r"(Gtk|Gdk|GLib-GObject|GLib|Pango|GtkSourceView)-(CRITICAL|WARNING)")


def wait_for(what, condition, timeout=10.0, interval=0.05):
    """Polls `condition` until it returns something truthy; fails the test after `timeout`."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = condition()
        except Exception as error:  # AT-SPI objects vanish while windows close
            last = error
        if last and not isinstance(last, Exception):
            return last
        time.sleep(interval)  # the poll's pace: AT-SPI and files give no event for most of what is waited on
    pytest.fail(f"timed out waiting for {what} (last: {last!r})")


class _XKeyboard:
    """Keys and text through the X server (XTest), as a person types."""

    @staticmethod
    def key(*combos, delay=None):
        subprocess.run(["xdotool", "key", *(["--delay", str(delay)] if delay else []), *combos], check=True)

    @staticmethod
    def type(text, delay=20):
        subprocess.run(["xdotool", "type", "--delay", str(delay), text], check=True)


KEYBOARD = _XKeyboard()   # replaced by mutter's remote keyboard when the run is on Wayland


def press(*combos, delay=None):
    """Presses each key combination ("ctrl+s", "Escape") in turn, into the focused window."""
    KEYBOARD.key(*combos, delay=delay)


def write(text, delay=20):
    """Types `text` into the focused window, `delay` ms between characters (X11)."""
    KEYBOARD.type(text, delay=delay)


def hold_still(seconds):
    """Lets `seconds` pass before a check that something did NOT happen (no window opened, no
    banner came back, nothing underlined, the process still running): an absence sends no event
    to wait for, so the check can only be made after a while in which it would have happened."""
    time.sleep(seconds)


APP_ID = "io.github.tandemedit.Tandem"


def wait_name_released(timeout=10):
    """Waits until no process owns Tandem's D-Bus name, so the next launch becomes the primary
    instance instead of handing its files to one that is going away."""
    def released():
        out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus",
                              "--object-path", "/org/freedesktop/DBus", "--method",
                              "org.freedesktop.DBus.NameHasOwner", APP_ID], capture_output=True, text=True).stdout
        return "false" in out
    wait_for("Tandem's D-Bus name released", released, timeout)


def descendants(node):
    """Every accessible under `node`, depth first."""
    for child in node:
        if child is None:
            continue
        yield child
        yield from descendants(child)


class Tandem:
    """One primary Tandem instance plus helpers to launch more `tandem` commands at it."""

    def __init__(self, tmp_path):
        self.tmp = tmp_path
        self.stderr_path = tmp_path / "primary.stderr"
        self.proc = None
        self.launched_stderr = []

    @property
    def state_home(self):
        """Each test keeps its sessions and drafts in its own folder."""
        return self.tmp / "state"

    def wait_exit(self, timeout=10):
        """Waits for the primary instance to end by itself (after a quit); returns its exit code."""
        code = self.proc.wait(timeout=timeout)
        self.stderr_file.close()
        return code

    def kill(self, signal_number=signal.SIGKILL):
        """Ends the primary instance with a signal, as a crash or the session manager would."""
        self.proc.send_signal(signal_number)
        code = self.proc.wait(timeout=10)
        self.stderr_file.close()
        wait_name_released()
        return code

    def restart(self, *args, **kwargs):
        """Starts Tandem again with the same state folder (the previous run must have ended)."""
        assert self.proc.poll() is not None, "the previous instance is still running"
        self.runs = getattr(self, "runs", 1) + 1
        self.stderr_path = self.tmp / f"primary{self.runs}.stderr"
        return self.start(*args, **kwargs)

    def start(self, *args, cwd=None, env=None):
        # Settings in a key file of the test's own: the tests written for a window per file keep
        # it (Tandem's default gathers files opened together as tabs); a test that writes the
        # file first, or passes its own backend, says otherwise.
        keyfile = self.tmp / "config" / "glib-2.0" / "settings" / "keyfile"
        if not keyfile.exists():
            keyfile.parent.mkdir(parents=True, exist_ok=True)
            keyfile.write_text("[io/github/tandemedit/Tandem]\nopen-in-tabs=false\n")
        environment = {**os.environ, "TANDEM_TRACE_LIFECYCLE": "1", "XDG_STATE_HOME": str(self.state_home),
                       "XDG_DATA_HOME": str(self.tmp / "data"), "XDG_CONFIG_HOME": str(self.tmp / "config"),
                       "GSETTINGS_BACKEND": "keyfile", **(env or {})}
        self.stderr_file = open(self.stderr_path, "w")
        self.proc = subprocess.Popen([TANDEM, *args], cwd=cwd or self.tmp, env=environment,
                                     stdout=subprocess.DEVNULL, stderr=self.stderr_file)
        return self

    def launch(self, *args, cwd=None, env=None, timeout=10):
        """Runs a second `tandem …` (which hands its arguments to the primary) and returns it."""
        environment = dict(os.environ, XDG_STATE_HOME=str(self.state_home), **(env or {}))
        started = time.monotonic()
        result = subprocess.run([TANDEM, *args], cwd=cwd or self.tmp, env=environment,
                                capture_output=True, text=True, timeout=timeout)
        result.seconds = time.monotonic() - started
        self.launched_stderr.append(result.stderr)
        return result

    def recorded_paths(self):
        """The file each open window's restoration record names on disk (None: untitled or unreadable)."""
        import base64, json
        folder = self.state_home / "tandem"
        try:
            index = json.loads((folder / "sessions.json").read_text())
        except (OSError, ValueError):
            return []
        paths = []
        for id in index.get("open", []):
            try:
                payload = json.loads((folder / f"session-{id}.json").read_text())["record"]["payload"]
                paths.append(json.loads(base64.b64decode(payload)).get("path"))
            except (OSError, ValueError, KeyError, TypeError):
                paths.append(None)
        return paths

    @property
    def trace(self):
        return self.stderr_path.read_text()

    # ---- AT-SPI ----

    def app(self):
        import pyatspi
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.get_process_id() == self.proc.pid:
                return app
        return None

    def frames(self):
        app = self.app()
        if app is None:
            return []
        found = []
        for f in app:
            try:
                if f is not None and f.getRoleName() == "frame":
                    found.append(f)
            except Exception:  # AT-SPI objects vanish as their windows close
                pass
        return found

    def titles(self):
        names = []
        for f in self.frames():
            try:
                names.append(f.name)
            except Exception:  # a window closing while it is read
                pass
        return sorted(names)

    def frame(self, title):
        return next((f for f in self.frames() if f.name == title), None)

    @staticmethod
    def find(node, role):
        """Every descendant of `node` with the given AT-SPI role name."""
        found = []
        for child in node:
            if child is None:
                continue
            if child.getRoleName() == role:
                found.append(child)
            found.extend(Tandem.find(child, role))
        return found

    def text_of(self, title):
        frame = self.frame(title)
        return self.text_in(frame).getText(0, -1) if frame else None

    def caret_of(self, title):
        return self.text_in(self.frame(title)).caretOffset

    def labels_of_frame(self, frame):
        return [l.name for l in self.find(frame, "label")]

    def labels_of(self, title):
        frame = self.frame(title)
        return [l.name for l in self.find(frame, "label")] if frame else []

    def activate_action(self, name, window=None, target=None):
        """Activates an app action ("about") or, with `window` (GtkApplicationWindow id, from 1),
        a window action ("new-window-on-document"), as a menu item would, over GApplication's D-Bus API;
        `target`, a string, is the item's target ("win.session('Work')")."""
        path = "/io/github/tandemedit/Tandem" + (f"/window/{window}" if window else "")
        parameter = "[]" if target is None else "[<%s>]" % json.dumps(target)
        subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.tandemedit.Tandem", "--object-path", path,
                        "--method", "org.gtk.Actions.Activate", name, parameter, "{}"], check=True, capture_output=True)

    def wait_save_question(self):
        """Waits for the "Save changes … before closing?" dialog."""
        return wait_for("the save-changes question", lambda: [
            f for f in self.app() if f is not None and "Save changes" in " ".join(self.labels_of_frame(f))])

    def wait_no_save_question(self):
        """Waits until the save-changes question is gone (answered or cancelled)."""
        wait_for("the save-changes question gone", lambda: not [
            f for f in self.app() if f is not None and "Save changes" in " ".join(self.labels_of_frame(f))])

    def records(self):
        """The editor part (EditorState, a dict) of every window's restoration record on disk."""
        states = []
        for path in (self.state_home / "tandem").glob("session-*.json"):
            try:
                payload = json.loads(path.read_text()).get("record", {}).get("payload")
                states.append(json.loads(base64.b64decode(payload)) if payload else {})
            except (OSError, ValueError, AttributeError):
                continue  # being replaced right now, or not a record: the next poll reads it
        return states

    def wait_recorded(self, timeout=10, **fields):
        """Waits until a window's restoration record on disk holds `fields` (EditorState's keys,
        e.g. caretColumn=8): records follow the typing within a second, so a kill before then
        would bring the window back where it was. A record's time says nothing: the first change
        starts the second, so the record can be written before the last key is seen over AT-SPI,
        and a record that would not change is not written again."""
        assert fields, "say what the record should hold"
        wait_for(f"a window record holding {fields}",
                 lambda: any(all(state.get(k) == v for k, v in fields.items()) for state in self.records()), timeout)

    def wait_journaled(self, since, timeout=10):
        """Waits until a journal was written after `since` (a time.time() taken before the last
        input): what was typed is then on disk, whatever kills Tandem next."""
        folder = self.state_home / "tandem" / "journals"
        wait_for("the typing journaled", lambda: any(p.stat().st_mtime >= since for p in folder.glob("*.journal")), timeout)

    def wait_loaded(self, title, length, timeout=20):
        """Waits until the window titled `title` serves all `length` characters of its document:
        a big file streams in, and the store takes edits once the whole of it is in."""
        wait_for(f"{title} loaded", lambda: self.frame(title) is not None
                 and self.text_in(self.frame(title)).characterCount == length, timeout)

    def wait_field_focused(self, title, timeout=10):
        """Waits until a field of the window titled `title` other than the text (Find's, Go to
        Line's) has the keyboard focus, so the next keys go there."""
        import pyatspi
        return wait_for(f"a field focused in {title}", lambda: next(
            (t for t in self.find(self.frame(title), "text") if t.name != "Document text"
             and t.getState().contains(pyatspi.STATE_FOCUSED)), None), timeout)

    def wait_title(self, title, timeout=10):
        return wait_for(f"a window titled {title!r} (have {self.titles()})", lambda: self.frame(title), timeout)

    # ---- keyboard, through the X server like a person ----

    def window_id(self, title):
        """The X id of the visible window titled `title`; on Wayland, where clients have no ids
        of one another's windows, its AT-SPI frame (which `send`, `focus`, `frame_of` take,
        and which stays the window's as its title changes)."""
        if WAYLAND:  # a dialog (Save As, Open Files) as well as a frame
            return wait_for(f"a window titled {title!r} (have {self.titles()})", lambda: next(
                (f for f in (self.app() or []) if f is not None and f.name == title), None))
        # --all: every criterion must match (xdotool ORs them by default). --onlyvisible: GTK also leaves an unmapped client-leader window with the same pid,
        # which the window manager cannot activate.
        pattern = "^" + re.sub(r"([][.*+?(){}|^$\\])", r"\\\1", title) + "$"  # xdotool takes a regular expression
        out = wait_for(f"X window {title!r}", lambda: subprocess.run(
            ["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.proc.pid), "--name", pattern],
            capture_output=True, text=True).stdout.split())
        return out[0]

    def window_ids(self, title, count):
        """The X ids of the `count` visible windows on the document titled `title` (the first
        window says just its name, the others "title (2)", "title (3)"…), in that order."""
        return [self.window_id(title)] + [self.window_id(f"{title} ({n})") for n in range(2, count + 1)]

    def frame_of(self, wid):
        """The AT-SPI frame of X window `wid`: the one that is active once `wid` is activated.
        AT-SPI learns of focus changes a little after X does, so wait for the same answer twice."""
        import pyatspi
        if WAYLAND:
            self.focus(wid)
            return wid
        subprocess.run(["xdotool", "windowactivate", "--sync", wid], check=True)
        wait_for(f"X focus on {wid}", lambda: subprocess.run(
            ["xdotool", "getactivewindow"], capture_output=True, text=True).stdout.strip() == wid)
        previous = [None]

        def settled():
            active = [i for i, f in enumerate(self.frames()) if f.getState().contains(pyatspi.STATE_ACTIVE)]
            index = active[0] if len(active) == 1 else None
            stable = index is not None and index == previous[0]
            previous[0] = index
            return self.frames()[index] if stable else None
        return wait_for(f"the active frame for {wid}", settled, interval=0.15)

    @staticmethod
    def document_view(frame):
        """The window's document text view (not the find bar's entries)."""
        return next(t for t in Tandem.find(frame, "text") if t.name == "Document text")

    @staticmethod
    def is_editor(frame):
        """Whether `frame` is an editor window (the Windows menu lists those), not Preferences or a dialog."""
        try:
            return frame.getRoleName() == "frame" and any(t.name == "Document text" for t in Tandem.find(frame, "text"))
        except Exception:  # a window closing while it is read
            return False

    @staticmethod
    def text_in(frame):
        return Tandem.document_view(frame).queryText()

    def wait_gtk_focus(self, wid):
        """X has made `wid` active (windowactivate --sync); waits until GTK has taken its focus-in
        too (the window's frame says ACTIVE over AT-SPI), so the keys sent next reach its focused
        widget rather than the window before it. (On Wayland `wid` is the window's title.)"""
        import pyatspi
        if WAYLAND:
            deadline = time.monotonic() + 5
            while not wid.getState().contains(pyatspi.STATE_ACTIVE):
                if time.monotonic() > deadline:
                    active = [f.name for f in self.app() if f is not None and f.getState().contains(pyatspi.STATE_ACTIVE)]
                    pytest.fail(f"timed out waiting for GTK's focus in {wid.name!r} (active: {active}, windows: {self.titles()})")
                time.sleep(0.05)  # polled, as in wait_for
            return
        name = subprocess.run(["xdotool", "getwindowname", wid], capture_output=True, text=True).stdout.rstrip("\n")
        wait_for(f"GTK's focus in {name!r}", lambda: any(
            f is not None and f.name == name and f.getState().contains(pyatspi.STATE_ACTIVE) for f in self.app()), 5)

    def focus(self, wid):
        """Makes window `wid` the active one, as a click on it would, and waits until GTK knows."""
        if WAYLAND:
            import pyatspi

            def active():
                """Whether `wid` itself, and no other window, is active, twice in a row (AT-SPI
                hears of focus late; a window of the same name is not `wid`)."""
                for _ in range(2):
                    names = [f.name for f in self.app() if f is not None and f.getState().contains(pyatspi.STATE_ACTIVE)]
                    if names != [wid.name] or not wid.getState().contains(pyatspi.STATE_ACTIVE):
                        return False
                    time.sleep(0.05)  # the second look, a moment later
                return True
            # As a person without a pointer would: an editor window is picked from the Windows
            # menu (F10) of the editor window that has the focus (Tandem asks mutter through
            # xdg-activation); with none focused, or for a dialog, mutter's Alt+Escape cycles
            # the windows (between the two most recent only, so it is the menu's job after one).
            is_editor = self.is_editor(wid)
            for _ in range(12):
                if active():
                    break
                if is_editor and self.menu_to(wid.name):
                    deadline = time.monotonic() + 5
                else:
                    press("alt+Escape")
                    deadline = time.monotonic() + 1
                while not active() and time.monotonic() < deadline:
                    time.sleep(0.05)  # mutter says nothing when the focus moved: polled, as AT-SPI is
        else:
            subprocess.run(["xdotool", "windowactivate", "--sync", wid], check=True)
        self.wait_gtk_focus(wid)

    def menu_to(self, title):
        """Picks window `title` from the Windows menu of the editor window that has the focus;
        False when no editor window has it (Wayland's way to focus a window without a pointer)."""
        import pyatspi
        editors = [f for f in self.app() if f is not None and f.getState().contains(pyatspi.STATE_ACTIVE)
                   and self.is_editor(f)]
        if not editors:
            return False
        press("F10")

        def showing_items():
            return [n for n in descendants(self.app())
                    if n.getRoleName() == "menu item" and n.getState().contains(pyatspi.STATE_SHOWING)]
        # The menu lists editor windows only: a frame such as Preferences is not in it, and is
        # then reached as a dialog is (the menu is closed again first).
        items = wait_for("the window menu open", lambda: showing_items() if any(n.name == "New Window" for n in showing_items()) else None)
        item = next((n for n in items if n.name == title or n.name.startswith(title + " — ")), None)
        if item is None:
            press("Escape")
            wait_for("the window menu closed", lambda: not any(n.name == "New Window" for n in showing_items()))
            return False
        item.queryAction().doAction(0)
        return True

    def send(self, wid, *keys, text=None):
        """Activates window `wid`, sends it `keys`, then types `text`."""
        self.focus(wid)
        if keys:
            press(*keys, delay=30)
        if text is not None:
            write(text)

    def activate(self, title):
        wid = self.window_id(title)
        self.focus(wid)
        return wid

    def type(self, title, text):
        self.activate(title)
        write(text)

    def key(self, title, *keys):
        self.activate(title)
        press(*keys)

    def gtk_complaints(self):
        """GTK's criticals and warnings on any stderr of this test: each is a bug in Tandem."""
        texts = [path.read_text(errors="replace") for path in self.tmp.glob("primary*.stderr")] + self.launched_stderr
        return [line for text in texts for line in text.splitlines() if GTK_COMPLAINT.search(line)]

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)
        if self.proc and not self.stderr_file.closed:
            self.stderr_file.close()


def pytest_configure(config):
    config.addinivalue_line("markers", "gtk_own_bug(pattern): a GTK message this test provokes in GTK itself, not in Tandem")
    config.addinivalue_line("markers", "x11_only(reason): X11 by nature (the pointer, window geometry, the window manager); not run on Wayland")


def pytest_runtest_setup(item):
    marker = item.get_closest_marker("x11_only")
    if WAYLAND and marker:
        pytest.skip("X11 by nature: " + marker.args[0])


@pytest.fixture(autouse=True)
def display_server(tmp_path):
    """On a Wayland run, a headless mutter for each test (as a fresh login: a compositor that
    has seen the user type would not focus the next new window without an activation token),
    and its remote keyboard; the environment of every process the test starts points at it,
    and at no X server."""
    global KEYBOARD
    if not WAYLAND:
        yield
        return
    from wayland_input import RemoteKeyboard
    runtime = tmp_path / "wayland-runtime"
    runtime.mkdir(mode=0o700)
    log = open(tmp_path / "mutter.log", "w")
    os.environ.pop("DISPLAY", None)
    os.environ.update(XDG_RUNTIME_DIR=str(runtime), WAYLAND_DISPLAY="wayland-0", GDK_BACKEND="wayland")
    mutter = subprocess.Popen(["mutter", "--headless", "--virtual-monitor", "1600x1000", "--wayland", "--no-x11"],
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for("mutter's Wayland socket", lambda: (runtime / "wayland-0").exists())
        KEYBOARD = wait_for("mutter's remote desktop", RemoteKeyboard)
        yield
        KEYBOARD.stop()
    finally:
        mutter.terminate()
        mutter.wait(timeout=10)
        log.close()


@pytest.fixture
def tandem(tmp_path, request):
    assert WAYLAND or os.environ.get("DISPLAY"), "no DISPLAY: run the end-to-end tests through .ci/test (Xvfb, D-Bus, openbox)"
    assert os.environ.get("DBUS_SESSION_BUS_ADDRESS"), "no session bus: run through .ci/test"
    assert Path(TANDEM).exists(), f"{TANDEM} is not built"
    instance = Tandem(tmp_path)
    yield instance
    instance.stop()
    tolerated = [re.compile(m.args[0]) for m in request.node.iter_markers("gtk_own_bug")]
    complaints = [c for c in instance.gtk_complaints() if not any(t.search(c) for t in tolerated)]
    assert not complaints, "GTK complained on stderr:\n" + "\n".join(complaints[:10])
    # The next test starts its own primary instance.
    wait_name_released()
