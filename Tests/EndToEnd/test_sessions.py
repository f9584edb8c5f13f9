"""Named sessions: sets of windows kept under a name, opened by name, side by side."""
import json
import signal
import time

from conftest import wait_for
from test_tabs import tab_names


def test_two_sessions_come_back_each_by_its_name(tandem, tmp_path):
    (tmp_path / "work.txt").write_text("work\n")
    (tmp_path / "notes.txt").write_text("notes\n")
    tandem.start("--session", "Work", "work.txt")
    tandem.wait_title("work.txt")
    assert tandem.launch("--session", "Notes", "notes.txt").returncode == 0
    tandem.wait_title("notes.txt")
    tandem.type("work.txt", "W ")
    tandem.type("notes.txt", "N ")
    wait_for("both typed in", lambda: tandem.titles() == ["• notes.txt", "• work.txt"])
    tandem.key("• work.txt", "ctrl+backslash")   # Work's window split: it comes back split
    tandem.wait_title("• work.txt (2)")
    listed = tandem.launch("--list-sessions")
    assert listed.returncode == 0 and listed.stdout.splitlines() == ["Notes", "Work"], listed

    # Both were open when the app quit: a plain launch brings both back.
    tandem.key("• work.txt (2)", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart()
    wait_for("both sessions back", lambda: tandem.titles() == ["• notes.txt", "• work.txt (2)"])
    tandem.key("• work.txt (2)", "ctrl+q")
    assert tandem.wait_exit() == 0

    # By name: only that session's window, split as it was, with its unsaved text.
    tandem.restart("--session", "Work")
    wait_for("Work's window", lambda: tandem.titles() == ["• work.txt (2)"])
    wait_for("both sides back", lambda: tab_names(tandem, "• work.txt (2)") == ["• work.txt", "• work.txt (2)"])
    assert tandem.text_of("• work.txt (2)") == "W work\n"
    tandem.key("• work.txt (2)", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart("--session", "Notes")
    wait_for("Notes's window", lambda: tandem.titles() == ["• notes.txt"])
    assert tandem.text_of("• notes.txt") == "N notes\n"
    # A name not seen before starts an empty session beside it.
    assert tandem.launch("--session", "Fresh").returncode == 0
    wait_for("an empty window", lambda: tandem.titles() == ["Untitled Document 1", "• notes.txt"])
    # Its index is written on the state store's queue, a moment after the window shows.
    wait_for("Fresh listed", lambda: tandem.launch("--list-sessions").stdout.splitlines() == ["Fresh", "Notes", "Work"])
    # The session files hold ids only, private to the user.
    folder = tandem.state_home / "tandem" / "sessions"
    assert sorted(p.name for p in folder.iterdir()) == ["Fresh.json", "Notes.json", "Work.json"]
    assert oct((folder / "Work.json").stat().st_mode & 0o777) == "0o600"
    assert json.loads((folder / "Work.json").read_text())["name"] == "Work"

    # Work was open when a run that showed only Notes began: that run leaves it open, and a
    # plain launch brings back all three.
    tandem.key("• notes.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart()
    wait_for("every session open at the end", lambda: tandem.titles() == ["Untitled Document 1", "• notes.txt", "• work.txt (2)"])


def test_a_file_open_in_two_sessions_is_one_document(tandem, tmp_path):
    (tmp_path / "shared.txt").write_text("shared\n")
    tandem.start("--session", "A", "shared.txt")
    tandem.wait_title("shared.txt")
    assert tandem.launch("--session", "B", "shared.txt").returncode == 0
    wait_for("a window in each session", lambda: len(tandem.frames()) == 2)
    first, second = tandem.window_ids("shared.txt", 2)
    tandem.send(first, "ctrl+End", text=" typed in A")  # the end of the last line
    texts = lambda: [tandem.text_in(f).getText(0, -1) for f in tandem.frames()]
    wait_for("both windows show it", lambda: texts() == ["shared typed in A\n"] * 2)
    # One history: undo in B's window takes back what was typed in A's, in both.
    tandem.send(second, "ctrl+z", "ctrl+z", "ctrl+z", "ctrl+z")
    wait_for("one undo for both", lambda: texts() == ["shared\n"] * 2)


def test_switch_rename_delete_and_reopen(tandem, tmp_path):
    (tmp_path / "one.txt").write_text("one\n")
    (tmp_path / "two.txt").write_text("two\n")
    tandem.start("--session", "One", "one.txt")
    tandem.wait_title("one.txt")
    tandem.type("one.txt", "kept ")
    wait_for("typed", lambda: tandem.titles() == ["• one.txt"])
    # Switch to a session not open: its windows replace this one's, nothing asked.
    assert tandem.launch("--session", "Two", "two.txt").returncode == 0
    tandem.wait_title("two.txt")
    tandem.key("two.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart("--session", "One")
    wait_for("One back", lambda: tandem.titles() == ["• one.txt"])
    tandem.activate_action("session", window=1, target="Two")
    wait_for("Two in its place", lambda: tandem.titles() == ["two.txt"])
    tandem.activate_action("session", window=2, target="One")
    wait_for("One again, its unsaved text kept", lambda: tandem.titles() == ["• one.txt"])
    assert tandem.text_of("• one.txt") == "kept one\n"

    # Rename: the window goes on, the list and the file follow.
    tandem.activate("• one.txt")
    tandem.activate_action("rename-session", window=3)
    dialog = wait_for("the name asked", lambda: next(
        (f for f in tandem.app() if f is not None and "Rename Session" in tandem.labels_of_frame(f)), None))
    field = wait_for("its field", lambda: next(iter(tandem.find(dialog, "text")), None))
    assert field.queryText().getText(0, -1) == "One"
    from conftest import press, write
    press("ctrl+a")
    write("Uno")
    press("Return")
    wait_for("renamed", lambda: tandem.launch("--list-sessions").stdout.splitlines() == ["Two", "Uno"])
    assert tandem.titles() == ["• one.txt"]

    # Delete: the windows go (the default session's come in their place), Reopen brings it back.
    tandem.activate_action("delete-session", window=3)
    question = wait_for("the delete question", lambda: next(
        (f for f in tandem.app() if f is not None and "Delete the session" in " ".join(tandem.labels_of_frame(f))), None))
    words = " ".join(tandem.labels_of_frame(question))
    assert "Its window closes." in words and "One unsaved document" in words, words
    press("Tab")  # from Cancel to Delete
    press("Return")
    wait_for("deleted", lambda: tandem.titles() == ["Untitled Document 1"])
    assert tandem.launch("--list-sessions").stdout.splitlines() == ["Two"]
    tandem.activate_action("reopen-closed-window")
    wait_for("the session back", lambda: tandem.titles() == ["Untitled Document 1", "• one.txt"])
    assert tandem.text_of("• one.txt") == "kept one\n"
    assert tandem.launch("--list-sessions").stdout.splitlines() == ["Two", "Uno"]


def test_a_damaged_session_is_said_and_set_aside(tandem, tmp_path):
    folder = tandem.state_home / "tandem" / "sessions"
    folder.mkdir(parents=True)
    (folder / "Work.json").write_text("{ this is not json")
    tandem.start("--session", "Work")
    tandem.wait_title("Untitled Document 1")
    stderr = wait_for("said on stderr", lambda: "damaged" in tandem.stderr_path.read_text() and tandem.stderr_path.read_text())
    assert "Work" in stderr
    assert (folder / "Work.json.damaged").read_text() == "{ this is not json"
    bad = tandem.launch("--session", "  ")
    assert bad.returncode != 0 and "name" in bad.stderr, bad


def test_kill_9_keeps_every_open_session(tandem, tmp_path):
    (tmp_path / "a.txt").write_text("a\n")
    (tmp_path / "b.txt").write_text("b\n")
    (tmp_path / "c.txt").write_text("c\n")
    tandem.start("c.txt")                       # the default session
    tandem.wait_title("c.txt")
    assert tandem.launch("--session", "A", "a.txt").returncode == 0
    assert tandem.launch("--session", "B", "b.txt").returncode == 0
    wait_for("three windows", lambda: tandem.titles() == ["a.txt", "b.txt", "c.txt"])
    since = time.time()
    tandem.type("b.txt", "typed ")
    wait_for("typed", lambda: tandem.text_of("• b.txt") == "typed b\n")
    tandem.wait_journaled(since)
    tandem.wait_recorded(caretColumn=len("typed "))
    tandem.kill(signal.SIGKILL)
    tandem.restart()
    wait_for("every session back", lambda: tandem.titles() == ["a.txt", "c.txt", "• b.txt"])
    assert tandem.text_of("• b.txt") == "typed b\n"
    # Each window is still in its own session: B's alone comes back by its name.
    tandem.key("a.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart("--session", "B")
    wait_for("B alone", lambda: tandem.titles() == ["• b.txt"])


def test_a_new_file_never_saved_comes_back_without_being_called_deleted(tandem, tmp_path):
    tandem.start("--session", "article", "article.md")  # no such file yet
    tandem.wait_title("article.md")
    tandem.type("article.md", "A first line")
    tandem.wait_title("• article.md")
    tandem.key("• article.md", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart("--session", "article")
    tandem.wait_title("• article.md")
    assert tandem.text_of("• article.md") == "A first line"
    time.sleep(0.5)  # the file is looked for off the main thread; what it finds would show by now
    words = " ".join(tandem.labels_of("• article.md"))
    assert "no longer on disk" not in words, words
    assert not (tmp_path / "article.md").exists()
    # A file that was on disk and went while Tandem was closed is still said gone.
    (tmp_path / "kept.md").write_text("kept\n")
    tandem.launch("--session", "article", "kept.md")
    tandem.wait_title("kept.md")
    tandem.type("kept.md", "more ")
    tandem.wait_title("• kept.md")
    tandem.key("• kept.md", "ctrl+q")
    assert tandem.wait_exit() == 0
    (tmp_path / "kept.md").unlink()
    tandem.restart("--session", "article")
    tandem.wait_title("• kept.md")
    wait_for("the file said gone", lambda: "no longer on disk" in " ".join(tandem.labels_of("• kept.md")))
    assert "no longer on disk" not in " ".join(tandem.labels_of("• article.md"))


def test_a_switch_from_the_menu_leaves_open_only_what_is_on_screen(tandem, tmp_path):
    for name in ["home.txt", "article.txt", "novel.txt"]:
        (tmp_path / name).write_text(name + "\n")
    tandem.start("home.txt")
    tandem.wait_title("home.txt")
    assert tandem.launch("--session", "article", "article.txt").returncode == 0
    assert tandem.launch("--session", "novel", "novel.txt").returncode == 0
    wait_for("three sessions open", lambda: tandem.titles() == ["article.txt", "home.txt", "novel.txt"])
    tandem.key("home.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    # One by name; the others stay open for a plain launch, until the user switches sessions.
    tandem.restart("--session", "article")
    wait_for("article's window", lambda: tandem.titles() == ["article.txt"])
    tandem.activate_action("session", window=1, target="novel")
    wait_for("novel in its place", lambda: tandem.titles() == ["novel.txt"])
    tandem.key("novel.txt", "ctrl+q")
    assert tandem.wait_exit() == 0
    tandem.restart()
    wait_for("novel's window back", lambda: tandem.titles() == ["novel.txt"])
    time.sleep(0.5)  # any other session's windows would be on screen by now
    assert tandem.titles() == ["novel.txt"], "only the session on screen at the quit comes back"


def test_files_launched_into_a_fresh_session_take_the_place_of_its_empty_tab(tandem, tmp_path):
    for name in ["outline.md", "manuscript.md"]:
        (tmp_path / name).write_text(name + "\n")
    settings = tmp_path / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True)
    (settings / "keyfile").write_text("[io/github/tandemedit/Tandem]\nopen-in-tabs=true\n")
    tandem.start("--session", "novel")
    tandem.wait_title("Untitled Document 1")
    assert tandem.launch("--session", "novel", "outline.md", "manuscript.md").returncode == 0
    wait_for("the files in the window, the empty tab gone",
             lambda: tandem.titles() == ["manuscript.md"] and tab_names(tandem, "manuscript.md") == ["outline.md", "manuscript.md"])
    # A window typed into is kept: the next file joins it.
    tandem.key("manuscript.md", "ctrl+t")
    tandem.wait_title("Untitled Document 2")
    tandem.type("Untitled Document 2", "notes")
    tandem.wait_title("• Untitled Document 2")
    (tmp_path / "later.md").write_text("later\n")
    assert tandem.launch("--session", "novel", "later.md").returncode == 0
    wait_for("later.md beside the typed tab", lambda: tab_names(tandem, "later.md") == ["outline.md", "manuscript.md", "• Untitled Document 2", "later.md"])
