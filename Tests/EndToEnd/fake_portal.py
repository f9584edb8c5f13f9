#!/usr/bin/python3
"""A stand-in for the desktop portal's Inhibit (org.freedesktop.portal.Desktop) on the session
bus, for the logout-inhibit test where no GNOME session manager runs: it writes every call to
LOG as a line ("Inhibit FLAGS REASON -> HANDLE", "Close HANDLE"). GtkApplication's own session
monitor (CreateMonitor) is answered and not logged."""
import sys

from gi.repository import Gio, GLib

LOG = sys.argv[1]
INHIBIT = """<node><interface name="org.freedesktop.portal.Inhibit">
  <method name="Inhibit"><arg type="s" direction="in"/><arg type="u" direction="in"/>
    <arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>
  <method name="CreateMonitor"><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/>
    <arg type="o" direction="out"/></method>
  <method name="QueryEndResponse"><arg type="o" direction="in"/></method>
</interface></node>"""
REQUEST = """<node><interface name="org.freedesktop.portal.Request">
  <method name="Close"/>
</interface></node>"""
handles = iter(range(1, 10_000))


def note(line):
    with open(LOG, "a") as f:
        f.write(line + "\n")


def call(connection, sender, path, interface, method, parameters, invocation):
    if method == "Inhibit":
        _window, flags, options = parameters.unpack()
        handle = f"/org/freedesktop/portal/desktop/request/1_{next(handles)}/tandem"
        connection.register_object(handle, Gio.DBusNodeInfo.new_for_xml(REQUEST).interfaces[0], call)
        note(f"Inhibit {flags} {options.get('reason')} -> {handle}")
        invocation.return_value(GLib.Variant("(o)", (handle,)))
    elif method == "CreateMonitor":   # GtkApplication watches the session's state through it
        invocation.return_value(GLib.Variant("(o)", ("/org/freedesktop/portal/desktop/request/1_0/monitor",)))
    elif method == "QueryEndResponse":
        invocation.return_value(None)
    else:
        note(f"Close {path}")
        invocation.return_value(None)


def acquired(connection, name):
    connection.register_object("/org/freedesktop/portal/desktop", Gio.DBusNodeInfo.new_for_xml(INHIBIT).interfaces[0], call)
    note("ready")


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE, acquired, None, None)
GLib.MainLoop().run()
