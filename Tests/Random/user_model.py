"""The random user's model (issue 29): what must be true of Tandem after each operation, kept
as plain Python values: documents with their text, file bytes, dirty mark, undo and redo
stacks, window counts, and whether their views hide the final line break. The driver
(`random_user.py`) changes it as each operation runs and checks the real windows against it.
"""
import merge_model


def breaks_at_end(text):
    """The length of the line break `text` ends with (the driver writes LF files only)."""
    return 1 if text.endswith("\n") else 0


class Document:
    """A document as the model knows it. Undo steps carry a state number: the document is
    modified while its state is not the one last saved or read (as Tandem's undo history says)."""
    states = 0

    def __init__(self, name, text):
        self.name = name
        self.text = text
        self.file = text
        self.state = self.saved = Document.next_state()
        self.undo = []      # (text, state) before each undoable step, last on top
        self.redo = []
        self.windows = 1
        self.hides_break = breaks_at_end(text) > 0
        self.question = False   # the file changed under edits: Reload / Keep Mine asked
        self.kept_mine = False  # Keep Mine answered since the last save or reload
        self.deleted = False    # the file was deleted on disk (Save creates it again)
        self.base = None        # with a question: the version Merge merges from (None: no Merge)
        self.merged = None      # after a Merge: the file's version it took in

    @staticmethod
    def next_state():
        Document.states += 1
        return Document.states

    @property
    def dirty(self):
        return self.state != self.saved

    @property
    def shown_end(self):
        return len(self.text) - (breaks_at_end(self.text) if self.hides_break else 0)

    def edit(self, new_text):
        """One undo step to `new_text`."""
        self.undo.append((self.text, self.state))
        self.redo.clear()
        self.text, self.state = new_text, Document.next_state()
        self.settle()

    def settle(self):
        """A text that no longer ends with the break it was read with shows all of itself."""
        if not breaks_at_end(self.text):
            self.hides_break = False

    def take_file(self, undoable):
        """The text becomes the file's (a followed change, Reload): one undo step, or a history
        begun afresh; either way what it now shows is the saved state."""
        if undoable:
            self.edit(self.file)
        else:
            self.undo.clear()
            self.redo.clear()
            self.text, self.state = self.file, Document.next_state()
        self.saved = self.state
        self.hides_break = breaks_at_end(self.text) > 0
        self.base = self.merged = None

    def text_at(self, state):
        """The text the history holds at `state` (None: no step of it)."""
        if state == self.state:
            return self.text
        return next((text for text, s in self.undo + self.redo if s == state), None)

    def merge_result(self):
        """What Merge makes now, as (text, conflicts); None when it is not offered or ambiguous."""
        if not self.question or self.base is None or self.file is None:
            return None
        return merge_model.expected(self.base, self.text, self.file)


class Model:
    def __init__(self):
        self.docs = {}
        self.closed = []  # documents of the windows closed, most recent last (Reopen Closed Window)
        self.clipboard = ""
        self.files = {}   # files no document shows (left behind by Save As): name -> text
        self.made = 0     # files made by the driver, for fresh names

    def windows(self):
        return sum(d.windows for d in self.docs.values())
