"""A tiny GTK 3 window that offers one file as a drag source (text/uri-list), for the DnD test.

    python3 drag_source.py /path/to/file
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

path = sys.argv[1]
window = Gtk.Window(title="drag-source")
window.set_default_size(200, 120)
window.move(1300, 50)
button = Gtk.Button(label="drag me")
window.add(button)
button.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
button.drag_source_add_uri_targets()
button.drag_source_add_text_targets()
button.connect("drag-data-get", lambda w, ctx, data, info, time: data.set_uris([path if "://" in path else GLib.filename_to_uri(path)])
               if data.get_target().name() == "text/uri-list" else data.set_text(path, -1))
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
