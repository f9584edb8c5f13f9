"""What a writer reaches for in prose, each in Preferences and the window menu's Writing
submenu, applied live to every window: smart punctuation."""
import subprocess

from conftest import wait_for


def app_action_is_on(name):
    """Whether app action `name` (a check item of the menus) is on, as its menu item shows it."""
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.tandemedit.Tandem", "--object-path",
                          "/io/github/tandemedit/Tandem", "--method", "org.gtk.Actions.Describe", name],
                         capture_output=True, text=True, check=True).stdout
    return "[<true>]" in out


def test_smart_punctuation_in_prose_and_one_undo_gives_back_what_was_typed(tandem, tmp_path):
    (tmp_path / "chapter.md").write_text("")
    (tmp_path / "code.py").write_text("")
    tandem.start("chapter.md", "code.py")
    tandem.wait_title("chapter.md")
    tandem.wait_title("code.py")
    assert app_action_is_on("smart-punctuation"), "on by default, its menu item checked"
    tandem.type("chapter.md", "\"Wait--it's late...\" she said --")
    expected = "\u201cWait\u2013it\u2019s late\u2026\u201d she said \u2013"
    wait_for("typographic punctuation", lambda: tandem.text_of("• chapter.md") == expected)
    tandem.key("• chapter.md", "ctrl+z")
    wait_for("one undo gives back the dash as typed", lambda: tandem.text_of("• chapter.md") == expected[:-1] + "--")
    tandem.type("• chapter.md", "\"")
    wait_for("a quote after a hyphen opens", lambda: tandem.text_of("• chapter.md").endswith("--\u201c"))
    # Code is left as typed.
    tandem.type("code.py", "s = \"it's\" -- 1...")
    wait_for("straight in code", lambda: tandem.text_of("• code.py") == "s = \"it's\" -- 1...")
    # Off from the menu: every window types as typed, at once.
    tandem.activate_action("smart-punctuation")
    wait_for("the item unchecked", lambda: not app_action_is_on("smart-punctuation"))
    tandem.key("• chapter.md", "ctrl+End")
    tandem.type("• chapter.md", " \"x\"")
    wait_for("straight once off", lambda: tandem.text_of("• chapter.md").endswith(" \"x\""))
