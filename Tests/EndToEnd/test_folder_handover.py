"""A folder reaches Tandem the ways a file does: handed over by Files' "Open With" (an address,
as the desktop file's %U passes it), chosen again from Open Recent, or dropped on a window. Each
opens as a project (the files in the side panel); one a window shows already brings that window
forward."""
import pytest

from conftest import press, wait_for, write
from test_editing import drop
from test_folder import rows, tree_of


def make_project(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "a.txt").write_text("a\n")
    (project / "b.txt").write_text("b\n")
    return project


def test_a_folder_handed_over_by_the_file_manager_and_chosen_again_from_open_recent(tandem, tmp_path):
    project = make_project(tmp_path)
    (tmp_path / "notes.txt").write_text("notes\n")
    tandem.start("notes.txt")
    tandem.wait_title("notes.txt")
    result = tandem.launch(project.as_uri())
    assert result.returncode == 0, result.stderr
    tree = wait_for("the folder's window", lambda: tree_of(tandem.wait_title("Untitled Document 1")))
    wait_for("its files", lambda: rows(tree) == ["a.txt", "b.txt"])
    xbel = tmp_path / "data" / "recently-used.xbel"
    wait_for("the folder in the desktop's recent list", lambda: xbel.exists() and project.as_uri() + '"' in xbel.read_text())
    assert 'mime:mime-type type="inode/directory"' in xbel.read_text()

    assert tandem.launch(str(project)).returncode == 0
    tandem.wait_title("Untitled Document 1")
    assert sorted(tandem.titles()) == ["Untitled Document 1", "notes.txt"], "the window showing it came forward, no other"

    tandem.key("Untitled Document 1", "ctrl+w")
    wait_for("the folder's window closed", lambda: tandem.titles() == ["notes.txt"])
    tandem.activate_action("open-recent", window=1)
    chooser = tandem.wait_title("Open Recent")
    wait_for("the folder listed as one", lambda: "project/" in tandem.labels_of_frame(chooser))
    tandem.focus(tandem.window_id("Open Recent"))
    write("project/")
    press("Return")
    tree = wait_for("the folder's window again", lambda: tree_of(tandem.wait_title("Untitled Document 2")))
    wait_for("its files", lambda: rows(tree) == ["a.txt", "b.txt"])
    assert sorted(tandem.titles()) == ["Untitled Document 2", "notes.txt"]
    assert tree_of(tandem.frame("notes.txt")) is None, "the file's window keeps no panel"


@pytest.mark.x11_only("drags with the pointer, which the tests move through X only")
def test_a_folder_dropped_on_an_empty_window_shows_its_files_there(tandem, tmp_path):
    project = make_project(tmp_path)
    tandem.start()
    tandem.wait_title("Untitled Document 1")
    source = drop(tandem, project, onto="Untitled Document 1")
    try:
        tree = wait_for("the folder beside the empty document", lambda: tree_of(tandem.frame("Untitled Document 1")))
        wait_for("its files", lambda: rows(tree) == ["a.txt", "b.txt"])
        assert tandem.titles() == ["Untitled Document 1"], "the empty window took the folder: no other opened"
        assert tandem.text_of("Untitled Document 1") == "", "the folder's name was not typed into the text"
    finally:
        source.kill()
        source.wait()
