"""Files gathered where they belong: with Tandem's default settings, files opened
together share one window as tabs and later launches join the window used last; --new-window
makes a new window (its files still together); Move Tab to Window lists the other windows; the
Windows menu has one entry per window, its other tabs beneath it; the tab of a window of one
tab is dragged to another window by the handle in its title bar."""
import subprocess

import pyatspi
import pytest

from conftest import descendants, wait_for, press, write
from test_tabs import tab_names, tab_text, drag, centre, x_windows


def default_settings(tmp_path):
    """A key file that leaves every setting at Tandem's default (the fixture's says a window per file)."""
    settings = tmp_path / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True)
    (settings / "keyfile").write_text("[io/github/tandemedit/Tandem]\n")


def test_files_opened_together_share_a_window_and_later_ones_join_the_window_used_last(tandem, tmp_path):
    for name in ("a.py", "b.c", "c.md", "d.txt", "e.txt", "f.txt"):
        (tmp_path / name).write_text(name + "\n")
    default_settings(tmp_path)
    tandem.start("a.py", "b.c", "c.md")
    wait_for("one window of three tabs", lambda: tandem.titles() == ["c.md"] and tab_names(tandem, "c.md") == ["a.py", "b.c", "c.md"])
    tandem.launch("d.txt")
    wait_for("d.txt in a tab of that window", lambda: tandem.titles() == ["d.txt"]
             and tab_names(tandem, "d.txt") == ["a.py", "b.c", "c.md", "d.txt"])
    tandem.launch("--new-window", "e.txt", "f.txt")
    wait_for("a new window with both", lambda: tandem.titles() == ["d.txt", "f.txt"] and tab_names(tandem, "f.txt") == ["e.txt", "f.txt"])
    # A file already shown is brought forward, not opened again.
    tandem.launch("b.c")
    wait_for("b.c's tab shown", lambda: tandem.titles() == ["b.c", "f.txt"])
    assert tab_names(tandem, "b.c") == ["a.py", "b.c", "c.md", "d.txt"]
    assert not tandem.gtk_complaints()


def menu_rows(tandem):
    """The Windows section of the open window menu: every row after "Switch to Window…"."""
    items = [n.name for n in descendants(tandem.app())
             if n.getRoleName() == "menu item" and n.getState().contains(pyatspi.STATE_SHOWING)]
    switch = next((i for i, name in enumerate(items) if name.startswith("Switch to Window")), None)
    return items[switch + 1:] if switch is not None else None


def test_the_windows_menu_has_one_entry_per_window_with_its_tabs_beneath(tandem, tmp_path):
    for name in ("a.txt", "b.txt", "c.txt", "d.txt"):
        (tmp_path / name).write_text(name + "\n")
    default_settings(tmp_path)
    tandem.start("a.txt", "b.txt", "c.txt")
    wait_for("one window of three tabs", lambda: tab_names(tandem, "c.txt") == ["a.txt", "b.txt", "c.txt"])
    tandem.launch("--new-window", "d.txt")
    tandem.wait_title("d.txt")
    tandem.key("c.txt", "F10")
    indent = "\u2003\u2003"
    wait_for("a row per window, the other tabs beneath", lambda: menu_rows(tandem) == [
        f"c.txt — {tmp_path}", indent + "a.txt", indent + "b.txt", f"d.txt — {tmp_path}"])
    press("Escape")
    # Another tab shown: the window's row follows it as the menu opens again.
    tandem.key("c.txt", "ctrl+Page_Up")
    tandem.wait_title("b.txt")
    tandem.key("b.txt", "F10")
    wait_for("the window called by the tab it shows", lambda: menu_rows(tandem) == [
        f"b.txt — {tmp_path}", indent + "a.txt", indent + "c.txt", f"d.txt — {tmp_path}"])
    row = next(n for n in descendants(tandem.app()) if n.getRoleName() == "menu item" and n.name == indent + "a.txt")
    row.queryAction().doAction(0)
    wait_for("a tab's row shows that tab", lambda: tandem.titles() == ["a.txt", "d.txt"])


def test_move_tab_to_window_lists_the_other_windows_and_moves_the_tab(tandem, tmp_path):
    for name in ("a.txt", "b.txt", "c.txt", "d.txt"):
        (tmp_path / name).write_text(name + "\n")
    default_settings(tmp_path)
    tandem.start("a.txt", "b.txt")
    wait_for("one window of two tabs", lambda: tab_names(tandem, "b.txt") == ["a.txt", "b.txt"])
    tandem.launch("--new-window", "c.txt")
    tandem.wait_title("c.txt")
    tandem.launch("--new-window", "d.txt")
    tandem.wait_title("d.txt")
    tandem.type("b.txt", "unsaved ")
    tandem.wait_title("• b.txt")
    tandem.key("• b.txt", "F10")
    item = wait_for("Move Tab to Window in the menu", lambda: next(
        (n for n in descendants(tandem.app()) if n.getRoleName() == "menu item" and n.name == "Move Tab to Window…"
         and n.getState().contains(pyatspi.STATE_SHOWING)), None))
    item.queryAction().doAction(0)
    chooser = tandem.wait_title("Move Tab to Window")
    wait_for("the chooser focused", lambda: chooser.getState().contains(pyatspi.STATE_ACTIVE))

    def listed():
        return [label.name for label in tandem.find(chooser, "label")
                if label.name in ("a.txt", "b.txt", "• b.txt", "c.txt", "d.txt") and label.getState().contains(pyatspi.STATE_SHOWING)]
    assert sorted(wait_for("the other windows listed", listed)) == ["c.txt", "d.txt"], "its own window is not offered"
    write("c.t", delay=30)
    wait_for("only c.txt left in the list", lambda: listed() == ["c.txt"])
    press("Return")
    wait_for("the tab in c.txt's window, shown", lambda: tab_names(tandem, "• b.txt") == ["c.txt", "• b.txt"])
    assert len(tab_names(tandem, "a.txt")) == 1 and tandem.text_of("a.txt") == "a.txt\n", "the window it left keeps its other tab"
    assert tab_text(tandem, "• b.txt", "• b.txt") == "unsaved b.txt\n", "the scene itself moved, unsaved text and all"
    # Typed after the move, it lands in the moved tab.
    write("more ")
    wait_for("typing in the moved tab", lambda: tab_text(tandem, "• b.txt", "• b.txt") == "unsaved more b.txt\n")


@pytest.mark.x11_only("drags with the pointer, which the tests move through X only")
def test_the_tab_of_a_one_tab_window_is_dragged_by_its_title_bar_handle_into_another(tandem, tmp_path):
    """A window of one tab shows no strip, so its tab could not be dragged anywhere
    (a user pressed Ctrl+T, dragged, and closed the leftover window)."""
    (tmp_path / "a.txt").write_text("alpha\n")
    (tmp_path / "b.txt").write_text("beta\n")
    tandem.start("a.txt", "b.txt")   # the fixture's setting: a window each
    tandem.wait_title("a.txt")
    tandem.wait_title("b.txt")
    tandem.type("a.txt", "typed ")
    tandem.wait_title("• a.txt")
    # Side by side, so neither covers the other.
    subprocess.run(["xdotool", "windowmove", "--sync", tandem.window_id("• a.txt"), "0", "0"], check=True)
    subprocess.run(["xdotool", "windowmove", "--sync", tandem.window_id("b.txt"), "800", "330"], check=True)
    handle = wait_for("the handle in a.txt's title bar", lambda: next(
        (n for n in descendants(tandem.frame("• a.txt")) if n.name == "Drag to move this tab to another window"
         and n.getState().contains(pyatspi.STATE_SHOWING)), None))
    text = wait_for("b.txt's text on the right", lambda: next(
        (t for t in tandem.find(tandem.frame("b.txt"), "text") if t.name == "Document text"
         and t.queryComponent().getExtents(0)[0] >= 800), None))
    drag(centre(handle), centre(text))
    wait_for("a.txt a tab of b.txt's window, shown", lambda: tandem.titles() == ["• a.txt"]
             and tab_names(tandem, "• a.txt") == ["b.txt", "• a.txt"])
    assert len(x_windows(tandem)) == 1, "the window it left is gone"
    assert tab_text(tandem, "• a.txt", "• a.txt") == "typed alpha\n", "the scene itself moved, unsaved text and all"
    assert tab_text(tandem, "• a.txt", "b.txt") == "beta\n", "nothing dropped into the text"
    # One window is left, and it has a strip: no handle takes room from its title.
    wait_for("no handle shown", lambda: not [n for n in descendants(tandem.frame("• a.txt"))
                                              if n.name == "Drag to move this tab to another window"
                                              and n.getState().contains(pyatspi.STATE_SHOWING)])
    wait_for("no drag window left", lambda: not x_windows(tandem, drag_windows=True))
    assert not tandem.gtk_complaints()
