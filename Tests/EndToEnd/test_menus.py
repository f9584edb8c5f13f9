"""Menus and windows around the text: F10 and the window menu with its shortcuts, items off when they
cannot act, the text's context menu, the Preferences window."""
import subprocess
import time
import pytest

from conftest import descendants, wait_for, press


def test_f10_opens_the_window_menu(tandem, tmp_path):
    import pyatspi
    (tmp_path / "m.txt").write_text("menu\n")
    tandem.start("m.txt")
    tandem.wait_title("m.txt")

    def showing_items():
        return [node.name for node in descendants(tandem.app())
                if node.name == "New Window" and node.getState().contains(pyatspi.STATE_SHOWING)]
    assert showing_items() == []
    tandem.key("m.txt", "F10")
    wait_for("the window menu open", showing_items)


def test_escape_closes_preferences(tandem, tmp_path):
    (tmp_path / "p.txt").write_text("prefs\n")
    tandem.start("p.txt")
    tandem.wait_title("p.txt")
    tandem.key("p.txt", "ctrl+comma")
    tandem.wait_title("Preferences")
    tandem.key("Preferences", "Escape")
    wait_for("Preferences closed", lambda: tandem.titles() == ["p.txt"])


def test_preferences_have_a_header_bar_like_the_main_window(tandem, tmp_path):
    (tmp_path / "h.txt").write_text("header\n")
    tandem.start("h.txt")
    tandem.wait_title("h.txt")
    tandem.key("h.txt", "ctrl+comma")
    frame = tandem.wait_title("Preferences")
    # A header bar brings its own close button (the window manager's title bar is not in the tree).
    wait_for("the header bar's close button", lambda: any(b.name == "Close" for b in tandem.find(tandem.frame("Preferences"), "push button")))


def test_the_window_menu_shows_each_item_s_shortcut(tandem, tmp_path):
    import pyatspi
    (tmp_path / "k.txt").write_text("keys\n")
    tandem.start("k.txt")
    tandem.wait_title("k.txt")
    tandem.key("k.txt", "F10")
    item = wait_for("the menu's Save As item", lambda: next((n for n in descendants(tandem.app()) if n.name == "Save As…"
                                                              and n.getState().contains(pyatspi.STATE_SHOWING)), None))
    # ATK reports the shortcut the item shows: "mnemonic;;accelerator".
    assert item.queryAction().getKeyBinding(0).endswith(";<Primary><Shift>s"), "the shortcut is shown beside the item"


def test_menu_items_are_off_when_they_cannot_act(tandem, tmp_path):
    import pyatspi
    (tmp_path / "u.txt").write_text("undo me\n")
    (tmp_path / "v.txt").write_text("close me\n")
    tandem.start("u.txt")
    tandem.wait_title("u.txt")

    def item(name):
        return wait_for(name, lambda: next((n for n in descendants(tandem.app()) if n.name == name
                                            and n.getState().contains(pyatspi.STATE_SHOWING)), None))

    def enabled(name):
        return item(name).getState().contains(pyatspi.STATE_SENSITIVE)
    tandem.key("u.txt", "F10")
    assert not enabled("Undo") and not enabled("Redo") and not enabled("Reopen Closed Window")
    press("Escape")
    tandem.type("u.txt", "x")
    tandem.wait_title("• u.txt")
    tandem.key("• u.txt", "F10")
    assert enabled("Undo") and not enabled("Redo")
    press("Escape")
    assert tandem.launch("v.txt").returncode == 0
    tandem.wait_title("v.txt")
    tandem.key("v.txt", "ctrl+w")
    wait_for("v.txt closed", lambda: tandem.titles() == ["• u.txt"])
    tandem.key("• u.txt", "F10")
    wait_for("Reopen Closed Window on", lambda: enabled("Reopen Closed Window"))


@pytest.mark.x11_only("clicks or drags with the pointer, which the tests move through X only")
def test_the_text_s_context_menu_has_undo_and_redo(tandem, tmp_path):
    import pyatspi
    (tmp_path / "c.txt").write_text("context\n")
    tandem.start("c.txt")
    tandem.wait_title("c.txt")
    tandem.type("c.txt", "x")
    tandem.wait_title("• c.txt")
    x, y, _, _ = tandem.text_in(tandem.frame("• c.txt")).getCharacterExtents(0, pyatspi.DESKTOP_COORDS)
    subprocess.run(["xdotool", "mousemove", str(x + 20), str(y + 5), "click", "3"], check=True)

    def item(name):
        return next((n for n in descendants(tandem.app()) if n.name == name and n.getRoleName() == "menu item"
                     and n.getState().contains(pyatspi.STATE_SHOWING)), None)
    undo = wait_for("Undo in the context menu", lambda: item("Undo"))
    assert undo.getState().contains(pyatspi.STATE_SENSITIVE)
    assert not item("Redo").getState().contains(pyatspi.STATE_SENSITIVE), "nothing to redo yet"
    undo.queryAction().doAction(0)
    wait_for("undone", lambda: tandem.titles() == ["c.txt"])
