"""The random user's model: what must be true of Tandem after each operation, kept
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

    def __init__(self, name, text, remote=False):
        self.name = name
        self.remote = remote    # a file on a server (sftp://), looked at every few seconds
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
        # Undo and redo entries another program's change was carried across: state ->
        # the texts it inserted since, in order. Such an entry's text is what it was before them;
        # where Tandem put them is learned when undo or redo reaches it (`peer_fits`).
        self.peer_pieces = {}
        self.left_saved = None  # (state, text): a saved state the redo took with it

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
        """One undo step to `new_text`. A saved state that leaves with the redo steps keeps its
        text, as Tandem keeps the file's version (`keepFileVersionBeforeRedoGoes`): Merge and
        Reload still know the version the file was."""
        if self.saved is not None and any(s == self.saved for _, s in self.redo):
            self.left_saved = (self.saved, self.text_at(self.saved))
        self.undo.append((self.text, self.state))
        self.redo.clear()
        self.text, self.state = new_text, Document.next_state()
        self.settle()

    def settle(self):
        """A text that no longer ends with the break it was read with shows all of itself."""
        if not breaks_at_end(self.text):
            self.hides_break = False

    def take_file(self):
        """The text becomes the file's as one undo step of the user's (Reload when the version the
        document knew is not known); what it now shows is the saved state."""
        self.edit(self.file)
        self.became_file()

    def became_file(self):
        self.saved = self.state
        self.hides_break = breaks_at_end(self.text) > 0
        self.base = self.merged = None

    def follow(self, known):
        """Another program's change from `known` (the text now) to the file: not an undo step;
        every entry of the history is carried across the texts it inserted."""
        self.take_peer(known, self.file)
        self.became_file()

    def take_peer(self, known, new):
        """The text goes from `known` to `new` by another program's edits (a followed change, what
        Merge brings from the file): the history is carried across the texts they inserted."""
        pieces = peer_insertions(known, new)
        for _, state in self.undo + self.redo:
            self.peer_pieces[state] = None if pieces is None or self.peer_pieces.get(state, []) is None \
                else self.peer_pieces.get(state, []) + pieces
        self.text = new
        self.settle()

    def reload(self):
        """Reload: the user's changes since the version known go as their one undo step, the file's
        change since it as another program's (without that version, all of it is the user's step)."""
        if self.base is None:
            return self.take_file()
        if self.text != self.base:
            self.edit(self.base)
        self.follow(self.base)

    def reach(self, state, shown):
        """Undo or redo reached `state`, whose text the model may know only up to the peer's
        insertions: returns the text it must show, given what the window `shown` now."""
        text = next(t for t, s in self.undo + self.redo + [(self.text, self.state)] if s == state)
        if state not in self.peer_pieces:
            return text
        pieces = self.peer_pieces.pop(state)
        if pieces is None or peer_fits(shown, text, pieces):
            return shown
        return text + "".join(pieces)  # what differs is then said by the check

    def text_at(self, state):
        """The text the history holds at `state` (None: no step of it)."""
        if state == self.state:
            return self.text
        found = next((text for text, s in self.undo + self.redo if s == state), None)
        if found is None and self.left_saved is not None and self.left_saved[0] == state:
            return self.left_saved[1]
        return found

    def merge_result(self):
        """What Merge makes now, as (text, conflicts); None when it is not offered or ambiguous."""
        if not self.question or self.base is None or self.file is None:
            return None
        return merge_model.expected(self.base, self.text, self.file)


def peer_insertions(old, new):
    """The texts inserted into `old` to make `new`, when it is only a start and an end added
    (what the driver's programs do); None otherwise."""
    for start in range(len(new) - len(old) + 1):
        if new[start:start + len(old)] == old:
            return [piece for piece in (new[:start], new[start + len(old):]) if piece]
    return None


def peer_fits(shown, text, pieces):
    """Whether `shown` is `text` with each of `pieces` inserted whole somewhere, as the history
    carried across them gives (a piece may land rotated, as a diff places an insertion)."""
    if not pieces:
        return shown == text
    piece, rest = pieces[-1], pieces[:-1]
    forms = {piece[i:] + piece[:i] for i in range(len(piece))}
    for form in forms:
        at = shown.find(form)
        while at >= 0:
            if peer_fits(shown[:at] + shown[at + len(form):], text, rest):
                return True
            at = shown.find(form, at + 1)
    return False


class Model:
    def __init__(self):
        self.docs = {}
        self.closed = []  # documents of the windows closed, most recent last (Reopen Closed Window)
        self.clipboard = ""
        self.files = {}   # files no document shows (left behind by Save As): name -> text
        self.made = 0     # files made by the driver, for fresh names
        self.has_state_disk = False  # the state folder is a small disk of its own (the run is root's)
        self.state_full = False      # and it is full: a kill or a quit may lose or ask about unsaved text

    def windows(self):
        return sum(d.windows for d in self.docs.values())
