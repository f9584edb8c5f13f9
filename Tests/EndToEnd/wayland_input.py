"""A keyboard for tests on headless mutter, where xdotool has no X server to talk to: keys go
through mutter's RemoteDesktop D-Bus API (org.gnome.Mutter.RemoteDesktop), as GNOME's remote
desktop does, and reach whichever window mutter has focused.

Known behaviour of mutter 43 this works around: the first key after a session starts is
dropped, so a harmless Shift is sent first; without a keyboard device (a session) no window
ever becomes active.
"""
import time

from gi.repository import Gio, GLib

BUS_NAME = "org.gnome.Mutter.RemoteDesktop"

# xdotool's key names as X keysyms (the ones the tests use).
KEYSYMS = {
    "ctrl": 0xFFE3, "control": 0xFFE3, "shift": 0xFFE1, "alt": 0xFFE9, "super": 0xFFEB,
    "Return": 0xFF0D, "Escape": 0xFF1B, "Tab": 0xFF09, "BackSpace": 0xFF08, "Delete": 0xFFFF,
    "Home": 0xFF50, "Left": 0xFF51, "Up": 0xFF52, "Right": 0xFF53, "Down": 0xFF54,
    "Page_Up": 0xFF55, "Prior": 0xFF55, "Page_Down": 0xFF56, "Next": 0xFF56, "End": 0xFF57,
    "space": 0x20, "question": 0x3F, "grave": 0x60, "period": 0x2E, "comma": 0x2C, "slash": 0x2F,
    "minus": 0x2D, "plus": 0x2B, "equal": 0x3D, "Menu": 0xFF67, "backslash": 0x5C,
}
KEYSYMS.update({f"F{n}": 0xFFBE + n - 1 for n in range(1, 13)})


def keysym_of_character(character):
    """The keysym typing `character` gives: Latin-1 as itself, the rest as Unicode keysyms."""
    code = ord(character)
    if character == "\n":
        return KEYSYMS["Return"]
    if character == "\t":
        return KEYSYMS["Tab"]
    if 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xFF:
        return code
    return 0x01000000 + code


def keysym_of_name(name):
    if name in KEYSYMS:
        return KEYSYMS[name]
    if name.lower() in KEYSYMS:
        return KEYSYMS[name.lower()]
    if len(name) == 1:
        return keysym_of_character(name)
    raise ValueError(f"no keysym known for {name!r}")


class RemoteKeyboard:
    """One RemoteDesktop session: a keyboard device in mutter for as long as it lives."""

    def __init__(self):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        reply = self._call("/org/gnome/Mutter/RemoteDesktop", "org.gnome.Mutter.RemoteDesktop", "CreateSession",
                           None, "(o)")
        self.session = reply[0]
        self._call(self.session, "org.gnome.Mutter.RemoteDesktop.Session", "Start")
        self._keysym(KEYSYMS["shift"], True)   # the session's first key is dropped: let it be this one
        self._keysym(KEYSYMS["shift"], False)

    def _call(self, path, interface, method, parameters=None, reply=None):
        result = self.bus.call_sync(BUS_NAME, path, interface, method, parameters,
                                    GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NONE, 5000, None)
        return result.unpack() if result is not None else None

    def _keysym(self, keysym, pressed):
        self._call(self.session, "org.gnome.Mutter.RemoteDesktop.Session", "NotifyKeyboardKeysym",
                   GLib.Variant("(ub)", (keysym, pressed)))

    def key(self, *combos, delay=None):
        """Presses each combination ("ctrl+s", "Escape", "super+h") in turn, as xdotool key does."""
        for index, combo in enumerate(combos):
            if delay and index:
                time.sleep(delay / 1000)  # a typist's pace, as xdotool's --delay
            syms = [keysym_of_name(part) for part in combo.split("+")]
            for sym in syms:
                self._keysym(sym, True)
            for sym in reversed(syms):
                self._keysym(sym, False)

    def type(self, text, delay=None):
        """Types `text` character by character, `delay` ms apart."""
        for index, character in enumerate(text):
            if delay and index:
                time.sleep(delay / 1000)  # a typist's pace, as xdotool's --delay
            sym = keysym_of_character(character)
            self._keysym(sym, True)
            self._keysym(sym, False)

    def stop(self):
        try:
            self._call(self.session, "org.gnome.Mutter.RemoteDesktop.Session", "Stop")
        except GLib.Error:
            pass  # mutter already gone
