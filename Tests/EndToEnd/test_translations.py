"""A user whose desktop is in German reads Tandem in German: the status bar, a banner, the window
menu, Find's counts; the translation comes from po/de.po, compiled by the build (BuildData) for
the build tree, and installed by meson otherwise."""
import subprocess

import pytest

import pyatspi

from conftest import descendants, wait_for, press, write
from test_real_programs import banner_text

GERMAN = {"LANG": "de_DE.UTF-8", "LC_ALL": "", "LANGUAGE": ""}


def test_a_german_desktop_reads_german(tandem, tmp_path):
    (tmp_path / "brief.txt").write_text("Hallo\nWelt\n")
    tandem.start("brief.txt", env=GERMAN)
    tandem.wait_title("brief.txt")
    frame = tandem.frame("brief.txt")
    wait_for("the caret's place in German", lambda: "Z. 1, Sp. 1" in [b.name for b in tandem.find(frame, "push button")])
    assert "Dokumenttext" in [t.name for t in tandem.find(frame, "text")], "the text's accessible name too"

    # A banner: the file changes under unsaved text.
    tandem.type("brief.txt", "x")
    tandem.wait_title("• brief.txt")
    (tmp_path / "brief.txt").write_text("Hallo\nWelt\nneu\n")
    wait_for("the question in German", lambda: any("wurde auf dem Datenträger geändert" in text for text in banner_text(tandem)))
    names = [b.name for b in tandem.find(tandem.frame("• brief.txt"), "push button")]
    assert {"Zusammenführen", "Neu laden", "Meine behalten"} <= set(names), names

    # The window menu.
    tandem.key("• brief.txt", "F10")
    item = wait_for("the menu in German", lambda: next((n for n in descendants(tandem.app()) if n.name == "Speichern unter …"
                                                         and n.getState().contains(pyatspi.STATE_SHOWING)), None))
    assert item.queryAction().getKeyBinding(0).endswith(";<Primary><Shift>s")
    press("Escape")

    # The shortcuts window, filled from the shortcut table.
    tandem.key("• brief.txt", "ctrl+question")
    wait_for("the shortcuts in German", lambda: any("Geschlossenes Fenster wieder öffnen" in tandem.labels_of_frame(f)
                                                     for f in tandem.app() if f is not None))
    press("Escape")

    # Find counts in German, and Replace All says how many it replaced (a plural form).
    tandem.key("• brief.txt", "ctrl+h")
    write("l", delay=12)
    wait_for("matches counted in German", lambda: any("von 3" in label for label in tandem.labels_of("• brief.txt")))
    fields = [t for t in tandem.find(tandem.frame("• brief.txt"), "text") if t.name != "Dokumenttext"
              and t.getState().contains(pyatspi.STATE_SHOWING)]
    fields[1].queryEditableText().setTextContents("L")
    [b for b in tandem.find(tandem.frame("• brief.txt"), "push button") if b.name == "Alle ersetzen"][0].queryAction().doAction(0)
    wait_for("the replacements counted in German", lambda: "3 ersetzt" in tandem.labels_of("• brief.txt"))
    assert tandem.gtk_complaints() == []


@pytest.mark.x11_only("clicks with the pointer, which the tests move through X only")
def test_the_spelling_menu_and_a_banner_s_close_button_speak_german(tandem, tmp_path):
    """Their words come from the app (Gtk translates nothing of its own): the spelling menu's
    labels and an info bar's close button, both built inside the Gtk module."""
    from test_everyday import underlined
    (tmp_path / "brief.txt").write_text("Hallo wrod\n")
    tandem.start("brief.txt", env=GERMAN)
    tandem.wait_title("brief.txt")
    text = next(t for t in tandem.find(tandem.frame("brief.txt"), "text") if t.name == "Dokumenttext").queryText()
    wait_for("a misspelt word underlined", lambda: underlined(text, 6) or underlined(text, 0))
    offset = 6 if underlined(text, 6) else 0
    x, y, _, _ = text.getCharacterExtents(offset, pyatspi.DESKTOP_COORDS)
    tandem.activate("brief.txt")
    subprocess.run(["xdotool", "mousemove", str(x), str(y + 5), "click", "3"], check=True)

    def showing(name):
        return next((n for n in descendants(tandem.app()) if n.name == name
                     and n.getState().contains(pyatspi.STATE_SHOWING)), None)
    wait_for("Rechtschreibvorschläge in the context menu", lambda: showing("Rechtschreibvorschläge"))
    assert showing("Sprache"), "the language submenu in German"
    press("Escape")
    # A banner: its close button is named in German too.
    tandem.type("brief.txt", "x")
    tandem.wait_title("• brief.txt")
    (tmp_path / "brief.txt").write_text("Hallo\nWelt\n")
    wait_for("the banner's close button in German", lambda: "Schließen" in
             [b.name for b in tandem.find(tandem.frame("• brief.txt"), "push button")])
