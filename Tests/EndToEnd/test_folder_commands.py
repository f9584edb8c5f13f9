"""The Files panel's commands, as the file manager's: its context menu (the Menu key or
Shift+F10, a right click) renames a file (an open document follows it), makes a new file and
opens it, copies a path; Delete moves a file to the Trash and the toast's Undo puts it back;
its check shows hidden and git-ignored files greyed, or leaves them out. By keyboard on both
backends, and by the pointer on X11."""
import subprocess

import pyatspi
import pytest

from conftest import WAYLAND, Tandem, press, wait_for, write
from test_folder import act, row_named, rows, start_on_folder, tree_of


def showing(tandem, role, name):
    """The widget of `role` called `name` shown anywhere in Tandem, or None."""
    def find():
        for frame in tandem.app() or []:
            if frame is None:
                continue
            for node in Tandem.find(frame, role):
                if node.name == name and node.getState().contains(pyatspi.STATE_SHOWING):
                    return node
        return None
    return find()


# Shift+F10 on X11; the Menu key on Wayland, where a popup's grab must name the last key
# pressed, or a key released that was pressed last: the test's Shift goes up at once, and GTK
# may ask with that release's serial, which mutter refuses (a hand holds Shift longer).
MENU_KEY = "Menu" if WAYLAND else "shift+F10"


def menu_item(tandem, name):
    return wait_for(f"the menu's {name}", lambda: showing(tandem, "menu item", name) or showing(tandem, "check menu item", name))


def focus_row(tandem, title, tree, name):
    """Gives the tree the keyboard, its cursor on the row `name` (the first row, then down)."""
    tandem.focus(tandem.window_id(title))
    if not tree.getState().contains(pyatspi.STATE_FOCUSED):
        press("F6")  # GtkPaned's key: the focus to the next pane
    wait_for("the tree has the keyboard", lambda: tree.getState().contains(pyatspi.STATE_FOCUSED))
    press("Home")
    for _ in range(rows(tree).index(name)):
        press("Down")


def shown_text(frame):
    """The text of the tab `frame` shows (its other tabs' views are there too, not showing)."""
    return next(t for t in Tandem.find(frame, "text") if t.name == "Document text"
                and t.getState().contains(pyatspi.STATE_SHOWING)).queryText().getText(0, -1)


def answer_name(tandem, title, name):
    """Types `name` into the name question titled `title` (its field holds the old name, all
    selected) and confirms it."""
    dialog = wait_for(f"the {title} question", lambda: next((f for f in tandem.app() if f is not None and title in tandem.labels_of_frame(f)), None))
    field = wait_for("its field with the keyboard", lambda: next((t for t in Tandem.find(dialog, "text")
                                                                  if t.getState().contains(pyatspi.STATE_FOCUSED)), None))
    assert field is not None
    write(name)
    press("Return")


def test_rename_new_file_and_copy_path_from_the_menu_and_an_open_document_follows(tandem, tmp_path):
    project, tree = start_on_folder(tandem, tmp_path, {"a.txt": "alpha\n", "b.txt": "bee\n"})
    act(wait_for("listed", lambda: rows(tree) == ["a.txt", "b.txt"] and row_named(tree, "a.txt")), "activate")
    tandem.wait_title("a.txt")
    tree = tree_of(tandem.frame("a.txt"))

    focus_row(tandem, "a.txt", tree, "a.txt")
    press(MENU_KEY)
    menu_item(tandem, "Rename…")
    assert showing(tandem, "menu item", "Open").getState().contains(pyatspi.STATE_SENSITIVE), "a file can be opened"
    press("r")
    answer_name(tandem, "Rename", "renamed.txt")
    wait_for("the tree follows", lambda: rows(tree) == ["b.txt", "renamed.txt"])
    assert (project / "renamed.txt").read_text() == "alpha\n" and not (project / "a.txt").exists()
    tandem.wait_title("renamed.txt")  # the open document went with its file

    focus_row(tandem, "renamed.txt", tree, "b.txt")
    press(MENU_KEY)
    menu_item(tandem, "New File…")
    press("f")
    answer_name(tandem, "New File", "b.txt")
    wait_for("a name taken is said, and asked again", lambda: showing(tandem, "label", "“b.txt” exists already."))
    press("ctrl+a")
    answer_name(tandem, "New File", "made.txt")
    tandem.wait_title("made.txt")
    assert (project / "made.txt").read_text() == "" and (project / "b.txt").read_text() == "bee\n"
    wait_for("and listed", lambda: rows(tree) == ["b.txt", "made.txt", "renamed.txt"])

    focus_row(tandem, "made.txt", tree, "b.txt")
    press("Menu")
    menu_item(tandem, "Copy Path")
    press("c")
    tandem.key("made.txt", "F6")  # back to the text
    press("ctrl+v")
    wait_for("the path pasted", lambda: shown_text(tandem.frame("• made.txt")) == str(project / "b.txt"))


def test_delete_moves_a_file_to_the_trash_and_the_toast_puts_it_back(tandem, tmp_path):
    project, tree = start_on_folder(tandem, tmp_path, {"a.txt": "alpha\n", "b.txt": "bee\n"})
    wait_for("listed", lambda: rows(tree) == ["a.txt", "b.txt"])
    focus_row(tandem, "Untitled Document 1", tree, "b.txt")
    press("Delete")
    wait_for("gone from the tree", lambda: rows(tree) == ["a.txt"])
    trash = tmp_path / "data" / "Trash"
    assert not (project / "b.txt").exists() and (trash / "files" / "b.txt").read_text() == "bee\n"
    wait_for("the toast", lambda: showing(tandem, "label", "“b.txt” moved to the Trash"))
    undo = wait_for("its Undo", lambda: showing(tandem, "push button", "Undo"))
    act(undo, "click")
    wait_for("back in the tree", lambda: rows(tree) == ["a.txt", "b.txt"])
    assert (project / "b.txt").read_text() == "bee\n"
    assert not (trash / "files" / "b.txt").exists() and not (trash / "info" / "b.txt.trashinfo").exists()
    wait_for("the toast gone", lambda: not showing(tandem, "label", "“b.txt” moved to the Trash"))


def darkest(cell):
    """The darkest grey of a tree cell's pixels on screen (X11): text drawn greyed is lighter."""
    x, y, width, height = cell.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    shot = subprocess.run(["import", "-window", "root", "miff:-"], capture_output=True, check=True).stdout
    pixels = subprocess.run(["convert", "-", "-crop", f"{width}x{height}+{x}+{y}", "+repage", "-colorspace", "gray",
                             "-depth", "8", "gray:-"], input=shot, capture_output=True, check=True).stdout
    return min(pixels)


def test_hidden_and_ignored_files_are_left_out_or_shown_greyed(tandem, tmp_path):
    project = tmp_path / "project"
    (project / "build").mkdir(parents=True)
    (project / "build" / "out.o").write_text("")
    (project / "a.txt").write_text("a\n")
    (project / "b.txt").write_text("b\n")
    (project / "debug.log").write_text("log\n")
    (project / ".env").write_text("secret\n")
    (project / ".gitignore").write_text("build/\n*.log\n")
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    tandem.start(str(project))
    tree = wait_for("the folder's files", lambda: tree_of(tandem.wait_title("Untitled Document 1")))
    wait_for("hidden and ignored files left out", lambda: rows(tree) == ["a.txt", "b.txt"])

    focus_row(tandem, "Untitled Document 1", tree, "a.txt")
    press(MENU_KEY)
    check = menu_item(tandem, "Show Hidden and Ignored Files")
    assert not check.getState().contains(pyatspi.STATE_CHECKED)
    press("h")
    wait_for("the menu's check shows them, folders first", lambda: sorted(rows(tree)[:2]) == [".git", "build"]
             and sorted(rows(tree)) == [".env", ".git", ".gitignore", "a.txt", "b.txt", "build", "debug.log"])
    if not WAYLAND:  # the screen is read through X
        cell = lambda name: next(c for row in tree if row is not None for c in row if c is not None and c.name == name)
        wait_for("ignored and hidden ones greyed, the rest not", lambda: min(darkest(cell(name)) for name in ("build", "debug.log", ".env"))
                 > darkest(cell("b.txt")) + 40)
    # One choice for every window, kept: a relaunch shows them too.
    tandem.key("Untitled Document 1", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart()
    tree = wait_for("the folder back", lambda: tree_of(tandem.wait_title("Untitled Document 1")))
    wait_for("still shown", lambda: len(rows(tree)) == 7)
    focus_row(tandem, "Untitled Document 1", tree, "a.txt")
    press("Menu")
    assert menu_item(tandem, "Show Hidden and Ignored Files").getState().contains(pyatspi.STATE_CHECKED), "the menu says they are shown"
    press("h")
    wait_for("and leaves them out again", lambda: rows(tree) == ["a.txt", "b.txt"])


@pytest.mark.x11_only("clicks with the pointer, which the tests move through X only")
def test_a_right_click_opens_the_menu_on_the_row_under_the_pointer(tandem, tmp_path):
    project, tree = start_on_folder(tandem, tmp_path, {"a.txt": "alpha\n", "b.txt": "bee\n"})
    wait_for("listed", lambda: rows(tree) == ["a.txt", "b.txt"])

    def right_click(x, y):
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "3"], check=True)
    x, y, width, height = next(c for row in tree if row is not None for c in row
                               if c is not None and c.name == "b.txt").queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    right_click(x + width // 2, y + height // 2)
    menu_item(tandem, "Open in New Window")
    assert showing(tandem, "menu item", "Open").getState().contains(pyatspi.STATE_SENSITIVE)
    press("w")
    wait_for("b.txt in a window of its own", lambda: sorted(tandem.titles()) == ["Untitled Document 1", "b.txt"])
    assert tree_of(tandem.frame("b.txt")) is None

    tandem.activate("Untitled Document 1")
    right_click(x + width // 2, y + height * 6)  # the blank space below the rows
    menu_item(tandem, "New Folder…")
    assert not showing(tandem, "menu item", "Open").getState().contains(pyatspi.STATE_SENSITIVE), "no file to open there"
    assert not showing(tandem, "menu item", "Rename…").getState().contains(pyatspi.STATE_SENSITIVE)
    press("o")
    answer_name(tandem, "New Folder", "docs")
    wait_for("the new folder, at the top", lambda: rows(tree) == ["docs", "a.txt", "b.txt"])
    assert (project / "docs").is_dir()


def test_a_folder_renamed_takes_its_open_documents_and_their_unsaved_text_with_it(tandem, tmp_path):
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    (project / "src" / "x.txt").write_text("ex\n")
    tandem.start(str(project))
    tree = wait_for("the folder's files", lambda: tree_of(tandem.wait_title("Untitled Document 1")))
    act(wait_for("src", lambda: rows(tree) == ["src"] and row_named(tree, "src")), "expand or contract")
    act(wait_for("x.txt", lambda: rows(tree) == ["src", "x.txt"] and row_named(tree, "x.txt")), "activate")
    tandem.wait_title("x.txt")
    tree = tree_of(tandem.frame("x.txt"))
    tandem.key("x.txt", "ctrl+End")
    write("mine")
    tandem.wait_title("• x.txt")

    focus_row(tandem, "• x.txt", tree, "src")
    press("F2")
    answer_name(tandem, "Rename", "lib")
    wait_for("the tree follows", lambda: rows(tree)[:1] == ["lib"])
    assert not (project / "src").exists()
    tandem.key("• x.txt", "ctrl+s")
    tandem.wait_title("x.txt")
    assert (project / "lib" / "x.txt").read_text() == "exmine\n", "the typing saved (the final line break kept, as gedit keeps it)"
    assert not (project / "src").exists(), "the save went where the file is now"
