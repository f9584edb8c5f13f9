"""A folder opened as a project: `tandem DIR` opens a window whose side panel holds the folder's
files (folders first, hidden ones left out, a folder listed when first expanded), and a file
activated there opens as a tab of that window in place of its untouched empty one; Quick Open
finds a file of it by a few letters. (Find and Replace in Files: test_find_in_files.py.)"""
import subprocess

import pyatspi

from conftest import Tandem, press, wait_for, write


def tree_of(frame):
    """The side panel's tree ("Files") in `frame`, or None."""
    return next((t for t in Tandem.find(frame, "tree table") if t.name == "Files"), None) if frame else None


def rows(tree):
    """The names the tree shows, top to bottom (a row is a cell holding an icon and a name)."""
    return [cell.name for row in tree if row is not None for cell in row if cell is not None and cell.name]


def row_named(tree, name):
    return next(row for row in tree if row is not None and any(cell is not None and cell.name == name for cell in row))


def act(row, action):
    actions = row.queryAction()
    actions.doAction(next(i for i in range(actions.nActions) if actions.getName(i) == action))


def start_on_folder(tandem, tmp_path, files):
    """Starts Tandem on a folder holding `files` (name: text); returns the folder and the tree in
    the window that opens on it."""
    project = tmp_path / "project"
    project.mkdir()
    for name, text in files.items():
        (project / name).write_text(text)
    tandem.start(str(project))
    return project, wait_for("the folder's files", lambda: tree_of(tandem.wait_title("Untitled Document 1")))


def test_a_folder_opens_with_its_files_beside_and_a_file_opens_as_a_tab(tandem, tmp_path):
    project = tmp_path / "project"
    (project / "src" / "deep").mkdir(parents=True)
    (project / "docs").mkdir()
    (project / "README.md").write_text("hello\n")
    (project / "src" / "main.c").write_text("int main;\n")
    (project / "src" / "deep" / "file10.txt").write_text("ten\n")
    (project / "src" / "deep" / "file9.txt").write_text("nine\n")
    (project / ".hidden").write_text("secret\n")
    tandem.start(str(project))
    frame = tandem.wait_title("Untitled Document 1")
    tree = wait_for("the folder's files", lambda: tree_of(frame))
    wait_for("folders first, then files, hidden ones left out", lambda: rows(tree) == ["docs", "src", "README.md"])
    assert str(project) in tandem.labels_of_frame(frame), "the empty document says the folder under its title"

    act(row_named(tree, "src"), "expand or contract")
    wait_for("src listed once expanded", lambda: rows(tree) == ["docs", "src", "deep", "main.c", "README.md"])
    act(row_named(tree, "deep"), "expand or contract")
    wait_for("numbers in names sorted as the file manager does",
             lambda: rows(tree) == ["docs", "src", "deep", "file9.txt", "file10.txt", "main.c", "README.md"])

    act(row_named(tree, "README.md"), "activate")
    frame = tandem.wait_title("README.md")
    wait_for("the file's text", lambda: tandem.text_of("README.md") == "hello\n")
    wait_for("the untouched empty tab gave way", lambda: tandem.titles() == ["README.md"])
    tree = tree_of(frame)
    act(row_named(tree, "main.c"), "activate")
    tandem.wait_title("main.c")
    wait_for("a second tab in the same window, the panel beside it",
             lambda: tandem.titles() == ["main.c"] and tree_of(tandem.frame("main.c")) is not None)

    showing = lambda: tree_of(tandem.frame("main.c")).getState().contains(pyatspi.STATE_SHOWING)
    assert showing()
    tandem.key("main.c", "F9")
    wait_for("F9 hides the panel", lambda: not showing())
    tandem.key("main.c", "F9")
    wait_for("and shows it again", showing)


def test_a_folder_launched_to_a_running_instance_opens_a_window_of_its_own(tandem, tmp_path):
    (tmp_path / "notes.txt").write_text("notes\n")
    project = tmp_path / "project"
    project.mkdir()
    (project / "a.txt").write_text("a\n")
    tandem.start(str(tmp_path / "notes.txt"))
    tandem.wait_title("notes.txt")
    result = tandem.launch(str(project))
    assert result.returncode == 0, result.stderr
    frame = tandem.wait_title("Untitled Document 1")
    tree = wait_for("the folder's files", lambda: tree_of(frame))
    wait_for("its one file", lambda: rows(tree) == ["a.txt"])
    assert tree_of(tandem.frame("notes.txt")) is None, "the file's window has no side panel"
    assert tandem.titles() == ["Untitled Document 1", "notes.txt"]


def test_the_folder_comes_back_with_its_window_after_a_quit_and_after_a_kill(tandem, tmp_path):
    _, tree = start_on_folder(tandem, tmp_path, {"a.txt": "a\n", "b.txt": "b\n"})
    act(wait_for("a.txt listed", lambda: rows(tree) == ["a.txt", "b.txt"] and row_named(tree, "a.txt")), "activate")
    tandem.wait_title("a.txt")
    tandem.key("a.txt", "ctrl+q")
    assert tandem.wait_exit() == 0

    tandem.restart()
    tree = wait_for("the folder back beside a.txt", lambda: tree_of(tandem.wait_title("a.txt")))
    wait_for("its files", lambda: rows(tree) == ["a.txt", "b.txt"])
    tandem.key("a.txt", "F9")  # hidden: it comes back hidden
    wait_for("the panel hidden", lambda: not tree.getState().contains(pyatspi.STATE_SHOWING))
    tandem.wait_recorded(folderHidden=True)
    tandem.kill()

    tandem.restart()
    frame = tandem.wait_title("a.txt")
    tree = wait_for("the folder kept, hidden", lambda: tree_of(frame))
    assert not tree.getState().contains(pyatspi.STATE_SHOWING)
    tandem.key("a.txt", "F9")
    wait_for("F9 shows it", lambda: tree.getState().contains(pyatspi.STATE_SHOWING) and rows(tree) == ["a.txt", "b.txt"])


def test_files_made_renamed_and_deleted_by_other_programs_come_and_go_in_the_tree(tandem, tmp_path):
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    (project / "src" / "main.c").write_text("int main;\n")
    (project / "notes.txt").write_text("notes\n")
    tandem.start(str(project))
    tree = wait_for("the folder's files", lambda: tree_of(tandem.wait_title("Untitled Document 1")))
    wait_for("listed", lambda: rows(tree) == ["src", "notes.txt"])
    act(row_named(tree, "src"), "expand or contract")
    wait_for("src expanded", lambda: rows(tree) == ["src", "main.c", "notes.txt"])

    (project / "src" / "util.c").write_text("")
    (project / "a-first.txt").write_text("")
    wait_for("new files at their places, src still expanded", lambda: rows(tree) == ["src", "main.c", "util.c", "a-first.txt", "notes.txt"])
    (project / "notes.txt").rename(project / "zeta.txt")
    (project / "src" / "main.c").unlink()
    wait_for("a rename and a deletion followed", lambda: rows(tree) == ["src", "util.c", "a-first.txt", "zeta.txt"])
    (project / "build").mkdir()
    (project / "build" / "out.o").write_text("")
    wait_for("a new folder among the folders", lambda: rows(tree) == ["build", "src", "util.c", "a-first.txt", "zeta.txt"])
    subprocess.run(["rm", "-r", str(project / "src")], check=True)
    wait_for("an expanded folder removed with what it held", lambda: rows(tree) == ["build", "a-first.txt", "zeta.txt"])


def test_a_tree_churned_by_a_build_ends_as_the_disk_is(tandem, tmp_path):
    project = tmp_path / "project"
    (project / "out" / "deep").mkdir(parents=True)
    (project / "out" / "deep" / "x.o").write_text("")
    tandem.start(str(project))
    tree = wait_for("the folder's files", lambda: tree_of(tandem.wait_title("Untitled Document 1")))
    act(wait_for("out", lambda: rows(tree) == ["out"] and row_named(tree, "out")), "expand or contract")
    act(wait_for("deep", lambda: rows(tree) == ["out", "deep"] and row_named(tree, "deep")), "expand or contract")
    wait_for("deep expanded", lambda: rows(tree) == ["out", "deep", "x.o"])
    # A build that cleans and remakes its output folder again and again, as fast as it can.
    for round in range(40):
        subprocess.run(["rm", "-rf", str(project / "out")], check=True)
        (project / "out" / "deep").mkdir(parents=True)
        (project / "out" / "deep" / f"{round}.o").write_text("")
        (project / f"log{round % 3}.txt").write_text("")
    # The remade folder is shown collapsed (its listing failed as it went) or listed afresh.
    as_on_disk = [["out"], ["out", "deep"], ["out", "deep", "39.o"]]
    wait_for("the tree as the disk is, nothing stale", lambda: any(rows(tree) == shown + ["log0.txt", "log1.txt", "log2.txt"] for shown in as_on_disk))
    assert tandem.proc.poll() is None, "Tandem still runs"


def quick_open_of(tandem):
    """Tandem's Quick Open window, once it shows."""
    app = tandem.app()
    return next((w for w in app if w is not None and w.name == "Quick Open"), None) if app else None


def wait_for_field(tandem):
    """Waits until Quick Open shows with its field holding the keyboard (what is typed before
    that goes to the window it opened over); returns its window."""
    def focused():
        window = quick_open_of(tandem)
        field = window and next((t for t in Tandem.find(window, "text")), None)
        return window if field and field.getState().contains(pyatspi.STATE_FOCUSED) else None
    return wait_for("Quick Open's field with the keyboard", focused)


def results_of(window):
    """Quick Open's list, and the paths it shows."""
    return next((t for t in Tandem.find(window, "table") if t.name == "Files of the folder"), None)


def shown(results):
    return [cell.name for cell in results if cell is not None and cell.getRoleName() == "table cell"]


def test_quick_open_finds_a_file_by_a_few_letters_and_goes_to_its_line(tandem, tmp_path):
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    (project / "docs").mkdir()
    (project / "src" / "main.c").write_text("one\ntwo\nthree\nfour\n")
    (project / "src" / "maintenance.txt").write_text("m\n")
    (project / "docs" / "manual.md").write_text("manual\n")
    (project / "README.md").write_text("hello\n")
    tandem.start(str(project))
    tandem.wait_title("Untitled Document 1")
    tandem.key("Untitled Document 1", "ctrl+alt+o")
    window = wait_for_field(tandem)
    results = wait_for("its list", lambda: results_of(window))
    wait_for("every file, before anything is typed", lambda: len(shown(results)) == 4)
    write("mainc:3")
    wait_for("the file name's letters first", lambda: shown(results)[:2] == ["src/main.c", "src/maintenance.txt"])
    press("Return")
    tandem.wait_title("main.c")
    wait_for("the caret on line 3", lambda: tandem.caret_of("main.c") == len("one\ntwo\n"))
    wait_for("Quick Open gone", lambda: quick_open_of(tandem) is None)

    tandem.key("main.c", "ctrl+alt+o")
    wait_for_field(tandem)
    write("rdme")
    results = results_of(quick_open_of(tandem))
    wait_for("README.md found", lambda: shown(results)[:1] == ["README.md"])
    press("Escape")
    wait_for("Escape closes it", lambda: quick_open_of(tandem) is None)
    assert tandem.titles() == ["main.c"]


def test_the_panel_is_reached_and_used_by_keyboard_alone(tandem, tmp_path):
    _, tree = start_on_folder(tandem, tmp_path, {"a.txt": "a\n", "b.txt": "bee\n"})
    wait_for("listed", lambda: rows(tree) == ["a.txt", "b.txt"])
    tandem.key("Untitled Document 1", "F6")  # GtkPaned's key: the focus to the next pane
    wait_for("the tree has the keyboard", lambda: tree.getState().contains(pyatspi.STATE_FOCUSED))
    press("Home", "Down", "Return")
    tandem.wait_title("b.txt")
    wait_for("b.txt opened from the keyboard", lambda: tandem.text_of("b.txt") == "bee\n")
