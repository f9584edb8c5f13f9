"""Open Anyway shows the file where its message was, and every button can be named by a
screen reader."""
from conftest import wait_for


def test_open_anyway_takes_the_place_of_the_window_that_carried_the_message(tandem, tmp_path):
    (tmp_path / "nul.bin").write_bytes(b"\x00binary\n")
    tandem.start("nul.bin")
    frame = tandem.wait_title("Untitled Document 1")
    button = wait_for("Open Anyway", lambda: next(
        (b for b in tandem.find(frame, "push button") if b.name.replace("_", "") == "Open Anyway"), None))
    button.queryAction().doAction(0)
    tandem.wait_title("nul.bin [Read-Only]")
    wait_for("only the file's window", lambda: tandem.titles() == ["nul.bin [Read-Only]"])


def test_every_button_has_a_name(tandem, tmp_path):
    (tmp_path / "latin1.txt").write_bytes("caf\xe9\n".encode("latin-1"))
    tandem.start("latin1.txt")  # opened as Windows-1252: an info bar says so
    frame = tandem.wait_title("latin1.txt")
    wait_for("the encoding notice", lambda: "Windows-1252" in " ".join(tandem.labels_of_frame(frame)))
    buttons = [b for role in ("push button", "toggle button") for b in tandem.find(frame, role)]
    assert buttons
    unnamed = [b for b in buttons if not b.name.strip() and b.getState().contains(__import__("pyatspi").STATE_SHOWING)]
    assert not unnamed, f"{len(unnamed)} shown buttons without a name"


def test_copying_a_long_line_gives_the_documents_text(tandem, tmp_path):
    text = "abcdefghij" * 4_500 + "\n"  # shown split into rows of 5,000
    (tmp_path / "min.js").write_text(text)
    tandem.start("min.js")
    tandem.wait_title("min.js [Read-Only]")
    tandem.key("min.js [Read-Only]", "ctrl+a", "ctrl+c", "ctrl+n")
    frame = tandem.wait_title("Untitled Document 1")
    tandem.key("Untitled Document 1", "ctrl+v")
    # A line this long makes the new document read-only for it (shown split, as min.js is); the
    # document's text is the file's, without the rows' breaks.
    wait_for("the pasted text", lambda: tandem.text_in(tandem.frame("• Untitled Document 1 [Read-Only]")).getText(0, -1) == text)
