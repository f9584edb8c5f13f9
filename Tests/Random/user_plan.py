"""The random user's plan: which operation comes next, chosen from the model's state
with fixed weights, written down whole (window, word, place) so a run's list replays without its
seed; and whether an operation still makes sense when a shrunk list lost what led to it.
"""
WORDS = ["alpha", "beta", "gamma", "ça", "naïve", "über", "x", "zeta9", "déjà"]
DOCUMENTS = ["one.txt", "two.txt", "three.txt"]
# The document on a server. What only a local file can do is not done to it: renames and
# deletions on disk, a rewrite that keeps size and time (sftp's tag is the second of the last write:
# the server cannot tell it), git's checkouts, a write racing the save's rename (GVfs writes in
# place), Save As to a local name.
REMOTE = "remote.txt"
LOCAL_ONLY = {"rename_in_panel", "rename_save_on_disk", "delete_on_disk", "rewrite_keeping_stamp", "branch_switch", "save_raced", "save_as"}
MAX_WINDOWS = 6
MAX_DOCUMENTS = 4


def choose(rng, model):
    docs = list(model.docs.values())
    asked = [d for d in docs if d.question]
    if asked and rng.random() < 0.7:
        d = rng.choice(asked)
        buttons = ["Reload", "Keep Mine"] + (["Merge", "Merge"] if d.merge_result() else [])
        return ("answer", {"doc": d.name, "button": rng.choice(buttons)})
    doc = rng.choice(docs)
    window = rng.randrange(doc.windows)
    found = [w for w in WORDS + ["line", "one", "e"] if w in doc.text[:doc.shown_end]]
    options = [
        (30, ("type", {"doc": doc.name, "window": window, "at": rng.choice(["start", "end"]), "word": rng.choice(WORDS)})),
        (8, ("newline", {"doc": doc.name, "window": window, "word": rng.choice(WORDS)})),
        (5, ("delete_first_line", {"doc": doc.name, "window": window})),
        (8, ("undo", {"doc": doc.name, "window": window})),
        (4, ("redo", {"doc": doc.name, "window": window})),
        (6, ("save", {"doc": doc.name, "window": window})),
        (0 if doc.deleted else 5, ("append_on_disk", {"doc": doc.name, "line": rng.choice(WORDS)})),
        (0 if doc.deleted else 3, ("rewrite_on_disk", {"doc": doc.name, "word": rng.choice(WORDS)})),
        (0 if doc.deleted else 2, ("rename_save_on_disk", {"doc": doc.name, "word": rng.choice(WORDS)})),
        (0 if doc.deleted or doc.question else 1, ("delete_on_disk", {"doc": doc.name})),
        (0 if doc.deleted else 2, ("rewrite_keeping_stamp", {"doc": doc.name, "word": rng.choice(WORDS)})),
        (0 if doc.deleted or doc.question else 1, ("branch_switch", {"doc": doc.name})),
        (0 if any(d.deleted or d.question for d in docs) else 1, ("folder_switch", {})),
        (2, ("save_twice", {"doc": doc.name, "window": window})),
        (2 if doc.dirty and not doc.deleted and not doc.question else 0,
         ("save_raced", {"doc": doc.name, "window": window, "line": rng.choice(WORDS)})),
        (4, ("paste", {"source": rng.choice(docs).name, "doc": doc.name, "window": window, "at": rng.choice(["start", "end"])})),
        (3 if found else 0, ("replace_all", {"doc": doc.name, "window": window, "find": rng.choice(found or ["-"]),
                                             "replace": rng.choice(WORDS + [""])})),
        (2, ("save_as", {"doc": doc.name, "window": window, "name": fresh_name(model, rng)})),
        (2, ("memory_warning", {"doc": doc.name, "window": window})),
        (2, ("kill_and_relaunch", {})),
        (2, ("type_and_kill", {"doc": doc.name, "window": window, "word": rng.choice(WORDS),
                               "delay": rng.choice([0, 0.02, 0.05, 0.1, 0.5])})),
        (2, ("quit_and_relaunch", {})),
        (2, ("duplicate_line", {"doc": doc.name, "window": window})),
        (2, ("sort_lines", {"doc": doc.name, "window": window})),
        (2, ("join_lines", {"doc": doc.name, "window": window})),
        (2, ("type_at_occurrences", {"doc": doc.name, "window": window, "char": rng.choice(["x", "é", "7", "-"])})),
        (2, ("type_at_carets_below", {"doc": doc.name, "window": window, "char": rng.choice(["x", "é", "7", "-"])})),
    ]
    words = [w for w in WORDS if any(w in d.text for d in docs if not d.remote) or any(w in t for t in model.files.values())]
    if words and model.windows() < MAX_WINDOWS:
        options.append((1, ("replace_in_files", {"find": rng.choice(words), "replace": rng.choice(WORDS + [""])})))
    if model.windows() < MAX_WINDOWS and not doc.deleted and not doc.question and not doc.remote:
        options.append((1, ("rename_in_panel", {"doc": doc.name, "name": fresh_name(model, rng)})))
    if model.has_state_disk:
        options.append((0 if model.state_full else 1, ("state_disk_fills", {})))
        options.append((4 if model.state_full else 0, ("state_disk_empties", {})))
        options.append((2 if model.state_full else 0, ("quit_while_full", {})))
    if model.windows() < MAX_WINDOWS and not doc.deleted:
        options.append((3, ("new_window", {"doc": doc.name})))
        options.append((2, ("tab_out", {"doc": doc.name, "window": window})))
        options.append((2, ("split_out", {"doc": doc.name, "window": window, "word": rng.choice(WORDS)})))
        options.append((2, ("session_beside", {"doc": doc.name, "word": rng.choice(WORDS), "session": f"S{rng.randrange(10**6)}"})))
    if model.windows() < MAX_WINDOWS and len(docs) < MAX_DOCUMENTS:
        name = rng.choice(sorted(model.files)) if model.files and rng.random() < 0.6 else fresh_name(model, rng)
        options.append((2, ("open_file", {"name": name, "text": model.files.get(name, rng.choice(WORDS) + "\n")})))
    if doc.windows > 1:
        options.append((3, ("close_window", {"doc": doc.name, "window": window})))
    if doc.dirty and doc.windows == 1 and model.windows() > 1:
        options.append((2, ("close_and_cancel", {"doc": doc.name})))
    if model.closed and model.windows() < MAX_WINDOWS:
        options.append((2, ("reopen_closed", {"doc": doc.name, "window": window})))
    options = [(weight, op) for weight, op in options if weight > 0 and allowed(op, model)]
    total = sum(weight for weight, _ in options)
    pick = rng.uniform(0, total)
    for weight, op in options:
        pick -= weight
        if pick <= 0:
            return op
    return options[-1][1]


def fresh_name(model, rng):
    """A file name no document and no file of the run has."""
    while True:
        name = f"f{rng.randrange(1000)}.txt"
        if name not in model.docs and name not in model.files:
            return name


# What may lose unsaved text while the state folder is full (its journal cannot keep it): done
# once there is room again.
NEEDS_ROOM = {"kill_and_relaunch", "type_and_kill", "quit_and_relaunch"}


def allowed(op, model):
    """Whether `op` makes sense in the model's state (a shrunk list may have lost what led to it)."""
    name, args = op
    if name in NEEDS_ROOM and model.state_full:
        return False
    if name in ("state_disk_fills", "state_disk_empties", "quit_while_full"):
        return model.has_state_disk and (model.state_full != (name == "state_disk_fills"))
    doc = model.docs.get(args.get("doc"))
    if "doc" in args and doc is None:
        return False
    if doc is not None and doc.remote and name in LOCAL_ONLY:
        return False
    if name == "answer":
        return doc.question and (args["button"] != "Merge" or doc.merge_result() is not None)
    if name in ("append_on_disk", "rewrite_on_disk", "rename_save_on_disk", "rewrite_keeping_stamp"):
        return not doc.deleted
    if name == "save_raced":
        return doc.dirty and not doc.deleted and not doc.question
    if name == "folder_switch":
        return not any(d.deleted or d.question for d in model.docs.values())
    if name == "rename_in_panel":
        return (model.windows() < MAX_WINDOWS and not doc.deleted and not doc.question
                and args["name"] not in model.docs and args["name"] not in model.files)
    if name == "replace_in_files":
        # A question pending, or a file gone, is the user's to settle before a replace.
        return (model.windows() < MAX_WINDOWS and args["find"] != args["replace"]
                and not any(d.deleted or d.question for d in model.docs.values()))
    if name in ("delete_on_disk", "branch_switch"):
        return not doc.deleted and not doc.question
    if name == "close_window":
        return doc.windows > 1
    if name == "close_and_cancel":
        return doc.dirty and doc.windows == 1 and model.windows() > 1
    if name in ("new_window", "tab_out", "split_out", "session_beside"):
        return model.windows() < MAX_WINDOWS and not doc.deleted
    if name == "reopen_closed":
        return bool(model.closed) and model.windows() < MAX_WINDOWS
    if name == "paste":
        return args["source"] in model.docs
    if name == "save_as":
        return args["name"] not in model.docs and args["name"] not in model.files
    if name == "open_file":
        return (args["name"] not in model.docs and model.files.get(args["name"], args["text"]) == args["text"]
                and model.windows() < MAX_WINDOWS and len(model.docs) < MAX_DOCUMENTS)
    return True
