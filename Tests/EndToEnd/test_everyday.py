"""Everyday editing: what a gedit user reaches for first (syntax highlighting, the window menu's key)."""
import subprocess

from conftest import wait_for


def attributes_at(text, offset):
    attributes, start, end = text.getAttributeRun(offset, False)
    return sorted(a for a in attributes if a.startswith(("fg-color", "weight", "style")))


def test_a_python_file_is_highlighted_and_plain_text_is_not(tandem, tmp_path):
    (tmp_path / "script.py").write_text("def greet(name):\n    return name\n")
    (tmp_path / "notes.txt").write_text("def greet(name):\n    return name\n")
    tandem.start("script.py", "notes.txt")
    tandem.wait_title("script.py")
    tandem.wait_title("notes.txt")
    code = tandem.text_in(tandem.frame("script.py"))
    # "def" is a keyword, "greet" a function name, "name" a plain identifier: each styled its own way.
    wait_for("the keyword styled", lambda: attributes_at(code, 0) != [])
    assert attributes_at(code, 0) != attributes_at(code, len("def greet("))
    plain = tandem.text_in(tandem.frame("notes.txt"))
    assert attributes_at(plain, 0) == attributes_at(plain, len("def greet(")) == []


def test_a_script_without_an_extension_is_known_by_its_first_line(tandem, tmp_path):
    (tmp_path / "tool").write_text("#!/usr/bin/env python3\nimport sys\n")
    tandem.start("tool")
    tandem.wait_title("tool")
    code = tandem.text_in(tandem.frame("tool"))
    start = len("#!/usr/bin/env python3\n")
    wait_for("the import keyword styled", lambda: attributes_at(code, start) != [])
    assert attributes_at(code, start) != attributes_at(code, start + len("import "))
