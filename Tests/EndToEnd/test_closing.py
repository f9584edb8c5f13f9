"""A window's close is one decision: one question names every modified document the
window would take with it (every tab, both sides of a split, two `main.c` told apart), Cancel
leaves every tab and side as it was, and Save / Close without Saving act on the documents the user
checked. Close All asks once for every window."""
import pytest

from conftest import wait_for, press, write, WAYLAND
from test_tabs import tab_names, tab_text, page_tabs


def in_tabs(tmp_path):
    """The environment of a Tandem whose launches open files in tabs of the window last used (the default, said outright)."""
    settings = tmp_path / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "keyfile").write_text("[io/github/tandemedit/Tandem]\nopen-in-tabs=true\n")
    return {"GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": str(tmp_path / "config")}


def question(tandem, asking="before closing?"):
    """The close question's window (the dialog), once it is up; `asking`: words of its title."""
    def found():
        app = tandem.app()
        for window in (app or []):
            try:
                if window is not None and asking in " ".join(tandem.labels_of_frame(window)):
                    return window
            except Exception:  # a window closing while it is read
                pass
        return None
    return wait_for(f"the question {asking!r}", found)


def no_question(tandem):
    def gone():
        app = tandem.app()
        return not any(w is not None and "before closing?" in " ".join(tandem.labels_of_frame(w)) for w in (app or []))
    wait_for("the close question gone", gone)


def press_button(tandem, dialog, name):
    button = next(b for b in tandem.find(dialog, "push button") if b.name.replace("_", "") == name)
    button.queryAction().doAction(0)


def check_boxes(tandem, dialog):
    import pyatspi
    return [(box.name, box.getState().contains(pyatspi.STATE_CHECKED), box) for box in tandem.find(dialog, "check box")]


def close_window(tandem, title):
    """The window manager's close (the title bar's ×, Alt+F4)."""
    tandem.key(title, "alt+F4")


def test_cancel_at_a_windows_close_keeps_every_tab(tandem, tmp_path):
    """A window with a clean tab and an edited one, another window open: the window's close asks
    about the edited document only, and Cancel leaves both tabs (before, the clean tab was closed
    before the question came). Close without Saving then closes the whole window, the file as it was."""
    for name in ("a.txt", "b.txt", "c.txt"):
        (tmp_path / name).write_text(name + "\n")
    env = in_tabs(tmp_path)
    tandem.start("a.txt", env=env)
    tandem.wait_title("a.txt")
    tandem.launch("b.txt", env=env)
    wait_for("b.txt in a tab of a.txt's window", lambda: tab_names(tandem, "b.txt") == ["a.txt", "b.txt"])
    tandem.launch("--new-window", "c.txt", env=env)
    wait_for("c.txt in a window of its own", lambda: tandem.titles() == ["b.txt", "c.txt"])
    tandem.type("b.txt", "B ")
    tandem.wait_title("• b.txt")

    close_window(tandem, "• b.txt")
    dialog = question(tandem)
    labels = " ".join(tandem.labels_of_frame(dialog))
    assert "“b.txt”" in labels and "a.txt" not in labels, labels
    assert check_boxes(tandem, dialog) == [], "one document: no list to choose from"
    press_button(tandem, dialog, "Cancel")
    no_question(tandem)
    assert tandem.titles() == sorted(["• b.txt", "c.txt"])
    assert tab_names(tandem, "• b.txt") == ["a.txt", "• b.txt"], "Cancel keeps every tab"
    assert tab_text(tandem, "• b.txt", "• b.txt") == "B b.txt\n"

    close_window(tandem, "• b.txt")
    press_button(tandem, question(tandem), "Close without Saving")
    wait_for("the window gone with both tabs", lambda: tandem.titles() == ["c.txt"])
    assert (tmp_path / "b.txt").read_text() == "b.txt\n"
    assert tandem.gtk_complaints() == []


def test_one_question_names_every_document_of_every_tab_and_side(tandem, tmp_path):
    """Two `main.c` in tabs, both edited, one of them split with its right side typed in: closing
    the window asks once, naming both with their folders; the one left checked is saved, the
    other's changes dropped, and the window goes whole (before: a question per tab, the right side
    went without one, and "main.c" did not say which)."""
    for folder in ("src", "test"):
        (tmp_path / "repo" / folder).mkdir(parents=True)
        (tmp_path / "repo" / folder / "main.c").write_text(f"int {folder};\n")
    (tmp_path / "x.txt").write_text("x\n")
    env = in_tabs(tmp_path)
    tandem.start("repo/src/main.c", env=env)
    tandem.wait_title("main.c")
    tandem.launch("repo/test/main.c", env=env)
    # Two of one name: the titles say their folders.
    main = lambda: next((t for t in tandem.titles() if t.startswith("main.c") or t.startswith("• main.c")), None)
    wait_for("both main.c in one window", lambda: main() and len(page_tabs(tandem, main())) == 2)
    tandem.launch("--new-window", "x.txt", env=env)
    wait_for("x.txt in a window of its own", lambda: len(tandem.titles()) == 2 and "x.txt" in tandem.titles())
    tandem.activate(main())
    write("T ")                          # test/main.c, the tab shown
    wait_for("test/main.c edited", lambda: main().startswith("• main.c") and main().endswith("/test"))
    press("ctrl+Page_Up")                # src/main.c
    wait_for("src/main.c shown", lambda: main().endswith("/src"))
    press("ctrl+backslash")              # split: the right side has the keyboard
    wait_for("the split's right side", lambda: "main.c (2) — " in main())
    # Typed before the right side has the keyboard, keys would land on the left (Wayland).
    import pyatspi
    views = lambda: [t for t in tandem.find(tandem.frame(main()), "text") if t.name == "Document text"]
    wait_for("the right side with the keyboard", lambda: len(views()) >= 2 and views()[-1].getState().contains(pyatspi.STATE_FOCUSED))
    press("ctrl+End")
    write("// right")
    wait_for("src/main.c edited", lambda: main().startswith("• "))

    press("alt+F4")
    dialog = question(tandem)
    assert "2 documents" in " ".join(tandem.labels_of_frame(dialog))
    boxes = check_boxes(tandem, dialog)
    assert [(name.split(" in ")[0], checked) for name, checked, _ in boxes] == [("main.c", True), ("main.c", True)], boxes
    folders = sorted(name.rsplit("/", 1)[-1] for name, _, _ in boxes)
    assert folders == ["src", "test"], boxes
    test_box = next(box for name, _, box in boxes if name.endswith("/test"))
    test_box.queryAction().doAction(0)   # unchecked: its changes go
    wait_for("test/main.c unchecked", lambda: [checked for name, checked, _ in check_boxes(tandem, dialog) if name.endswith("/test")] == [False])
    press_button(tandem, dialog, "Save")
    wait_for("the window gone, both sides and both tabs", lambda: tandem.titles() == ["x.txt"])
    assert (tmp_path / "repo" / "src" / "main.c").read_text() == "int src;// right\n"
    assert (tmp_path / "repo" / "test" / "main.c").read_text() == "int test;\n"
    assert tandem.gtk_complaints() == []


def test_close_all_asks_once_and_cancel_keeps_every_window(tandem, tmp_path):
    """Close All with two edited documents in two windows: one question listing both; Cancel
    leaves both windows and opens nothing (before: a new window came first, then a question per
    window). Close without Saving then leaves one new empty window."""
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(name + "\n")
    tandem.start("a.txt")
    tandem.wait_title("a.txt")
    tandem.launch("--new-window", "b.txt")
    wait_for("two windows", lambda: tandem.titles() == ["a.txt", "b.txt"])
    tandem.type("a.txt", "A ")
    tandem.type("b.txt", "B ")
    wait_for("both edited", lambda: tandem.titles() == sorted(["• a.txt", "• b.txt"]))

    tandem.key("• b.txt", "ctrl+shift+w")
    dialog = question(tandem)
    assert sorted(name for name, _, _ in check_boxes(tandem, dialog)) == ["a.txt", "b.txt"]
    press_button(tandem, dialog, "Cancel")
    no_question(tandem)
    assert tandem.titles() == sorted(["• a.txt", "• b.txt"]), "every window kept, none added"

    tandem.key("• b.txt", "ctrl+shift+w")
    press_button(tandem, question(tandem), "Close without Saving")
    wait_for("one new empty window", lambda: tandem.titles() == ["Untitled Document 1"])
    assert (tmp_path / "a.txt").read_text() == "a.txt\n"
    assert (tmp_path / "b.txt").read_text() == "b.txt\n"
