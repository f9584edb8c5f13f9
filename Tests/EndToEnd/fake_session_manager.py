#!/usr/bin/python3
"""A stand-in for org.gnome.SessionManager on the session bus, for the logout-inhibit test:
it answers Inhibit only after DELAY seconds (a slow session manager) and writes every call
to LOG as a line ("Inhibit APP REASON -> COOKIE", "Uninhibit COOKIE")."""
import sys

from gi.repository import Gio, GLib

LOG, DELAY = sys.argv[1], float(sys.argv[2])
INTERFACE = """<node><interface name="org.gnome.SessionManager">
  <method name="Inhibit"><arg type="s" direction="in"/><arg type="u" direction="in"/>
    <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="u" direction="out"/></method>
  <method name="Uninhibit"><arg type="u" direction="in"/></method>
  <method name="RegisterClient"><arg type="s" direction="in"/><arg type="s" direction="in"/>
    <arg type="o" direction="out"/></method>
</interface></node>"""
# GtkApplication registers itself as a client first and listens on this object.
CLIENT = """<node><interface name="org.gnome.SessionManager.ClientPrivate">
  <method name="EndSessionResponse"><arg type="b" direction="in"/><arg type="s" direction="in"/></method>
</interface></node>"""
CLIENT_PATH = "/org/gnome/SessionManager/Client1"
cookies = iter(range(41, 10_000))


def note(line):
    with open(LOG, "a") as f:
        f.write(line + "\n")


def call(connection, sender, path, interface, method, parameters, invocation):
    if method == "RegisterClient":
        invocation.return_value(GLib.Variant("(o)", (CLIENT_PATH,)))
    elif method == "EndSessionResponse":
        invocation.return_value(None)
    elif method == "Inhibit":
        app, _xid, reason, _flags = parameters.unpack()
        cookie = next(cookies)

        def answer():
            note(f"Inhibit {app} {reason} -> {cookie}")
            invocation.return_value(GLib.Variant("(u)", (cookie,)))
            return False
        GLib.timeout_add(int(DELAY * 1000), answer)
    else:
        note(f"Uninhibit {parameters.unpack()[0]}")
        invocation.return_value(None)


def acquired(connection, name):
    connection.register_object("/org/gnome/SessionManager", Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0], call)
    connection.register_object(CLIENT_PATH, Gio.DBusNodeInfo.new_for_xml(CLIENT).interfaces[0], call)
    note("ready")


Gio.bus_own_name(Gio.BusType.SESSION, "org.gnome.SessionManager", Gio.BusNameOwnerFlags.NONE, acquired, None, None)
GLib.MainLoop().run()
