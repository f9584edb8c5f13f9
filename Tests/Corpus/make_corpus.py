#!/usr/bin/env python3
"""Generates the hostile-input corpus for Tandem's open paths (no large files live in git).

Each case is an input and what opening it must give: the file opens as text ("opens"),
opens read-only ("readonly"), is offered "Open Anyway" because it looks binary ("binary"),
opens as a folder, its files beside a new document ("folder"), or is refused with a message
("refused"). `message` is a part of the expected message, and
`stays` says the path's bytes must stay unchanged (every case: nothing is saved).

    python3 Tests/Corpus/make_corpus.py FOLDER   # builds it and prints the cases
"""
import json
import os
import random
import socket
import stat
import sys
from dataclasses import dataclass, field, asdict


@dataclass
class Case:
    name: str
    path: bytes
    expect: str                 # opens | readonly | binary | refused
    message: str = ""           # a part of the message shown and printed
    typeable: bool = True       # xdotool can type it into the file chooser's location bar (ASCII, no newline)
    unprivileged: bool = False  # must be opened as a user other than root to mean anything
    notes: str = ""


def _write(folder: bytes, name, data: bytes) -> bytes:
    path = os.path.join(folder, name.encode() if isinstance(name, str) else name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def build(folder: str) -> list:
    """Creates every input under `folder` and returns the cases."""
    root = os.fsencode(folder)
    os.makedirs(root, exist_ok=True)
    rnd = random.Random(5)
    cases = []

    def add(name, data, expect, message="", **kw):
        cases.append(Case(name, _write(root, kw.pop("filename", name), data), expect, message, **kw))

    text = "The quick brown fox jumps over the lazy dog.\n" * 20
    # Encodings and byte-order marks.
    add("empty.txt", b"", "opens")
    add("ascii.txt", text.encode(), "opens")
    add("utf8-bom.txt", b"\xef\xbb\xbf" + "naïve café\n".encode(), "opens")
    add("utf16le-bom.txt", b"\xff\xfe" + "UTF-16 text, ünïcödé\n".encode("utf-16-le"), "opens", "UTF-16LE")
    add("utf16be-bom.txt", b"\xfe\xff" + "UTF-16 text, ünïcödé\n".encode("utf-16-be"), "opens", "UTF-16BE")
    add("utf32le-bom.txt", "UTF-32 text\n".encode("utf-32"), "binary", "NUL")
    add("utf32be-bom.txt", b"\x00\x00\xfe\xff" + "UTF-32\n".encode("utf-32-be"), "binary", "NUL")
    add("gb18030-bom.txt", b"\x84\x31\x95\x33" + "中文".encode("gb18030"), "opens", "Windows-1252")
    add("utf8-bom-then-invalid.txt", b"\xef\xbb\xbfok \xff\xfe bad\n", "refused", "byte-order mark")
    add("utf16le-bom-odd-length.txt", b"\xff\xfe" + "abc".encode("utf-16-le") + b"\x41", "refused", "byte-order mark")
    add("utf16le-lone-surrogate.txt", b"\xff\xfe" + b"\x41\x00\x00\xd8\x41\x00", "refused", "byte-order mark")
    # Line endings.
    add("mixed-eol.txt", b"unix\nwindows\r\nold mac\rend\n", "opens")
    add("cr-only.txt", b"one\rtwo\rthree\r", "opens")
    add("crlf-no-final-newline.txt", b"one\r\ntwo\r\nthree", "opens")
    add("lone-cr-at-end.txt", b"text\r", "opens")
    # Invalid UTF-8 of several kinds: each opens as Windows-1252 and says so.
    for name, data in [
        ("invalid-lone-continuation.txt", b"a \x80 b\n"),
        ("invalid-overlong-slash.txt", b"a \xc0\xaf b\n"),
        ("invalid-surrogate.txt", b"a \xed\xa0\x80 b\n"),
        ("invalid-truncated-at-end.txt", b"euro sign cut: \xe2\x82"),
        ("invalid-above-max.txt", b"a \xf4\x90\x80\x80 b\n"),
        ("invalid-fe-ff.txt", b"\xfe\xfe\xff\xff text\n"),
        ("latin1.txt", "café résumé naïve\n".encode("latin-1")),
    ]:
        add(name, data, "opens", "Windows-1252")
    add("random-bytes-no-nul.bin", bytes(rnd.randrange(1, 256) for _ in range(4096)), "opens", "Windows-1252")
    # Binary signs.
    add("nul-at-start.bin", b"\x00hello\n", "binary", "NUL")
    add("nul-in-middle.txt", b"text before\n\x00\x00\x00 text after\n", "binary", "NUL")
    add("elf-header.bin", b"\x7fELF\x02\x01\x01" + bytes(rnd.randrange(0, 256) for _ in range(8192)), "binary", "NUL")
    add("png-header.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64), "binary", "NUL")
    add("gzip.gz", b"\x1f\x8b\x08\x00" + bytes(rnd.randrange(0, 256) for _ in range(2048)), "binary", "NUL")
    big_then_nul = ("abc " * 1024 + "\n").encode() * 600 + b"\x00end"  # NUL after the first screen
    add("nul-after-2mb.txt", big_then_nul, "readonly", "NUL")
    # Control characters and tricky Unicode stay text.
    add("control-chars.txt", b"bell\x07 esc\x1b[31m red\x1b[0m form\x0c feed\x7f\n", "opens")
    add("unicode-tricky.txt", "e\u0301 \u202eRTL override\u202c \u200bZWSP \U0001F600 \ufeffinner BOM\n".encode(), "opens")
    # Sizes.
    add("one-5mb-line.min.js", ("var a=1;function b(c){return c+a};" * 160_000)[:5_000_000].encode(), "readonly", "lines longer")
    add("million-short-lines.txt", b"x\n" * 1_000_000, "opens")
    add("crlf-3mb.txt", b"a windows line of text\r\n" * 130_000, "opens")
    add("12mb.txt", (text * 13_000).encode()[:12_000_000], "opens")
    # Over 2 GiB and not UTF-8 (a Latin-1 head, then a hole): its text would be held whole, so
    # it is refused (a UTF-8 file that big opens as pieces of itself).
    sparse = os.path.join(root, b"sparse-2gb.txt")
    with open(sparse, "wb") as f:
        f.write(b"caf\xe9 au lait\n")
        f.truncate(2 << 30)
    cases.append(Case("sparse-2gb.txt", sparse, "refused", "larger than 2 GiB"))
    # Names.
    add("name with spaces and ünïcödé.txt", text.encode(), "opens", typeable=False)
    add("newline-name", text.encode(), "opens", filename=b"new\nline.txt", typeable=False)
    add("invalid-utf8-name", text.encode(), "refused", "not valid UTF-8", filename=b"bad-\xff\xfe-name.txt", typeable=False)
    add("-starts-with-dash.txt", text.encode(), "opens")
    add("colon:7.txt", text.encode(), "opens", notes="a real name ending in :N")
    add("long-name", text.encode(), "opens", filename=("n" * 251 + ".txt").encode())
    deep = root
    for i in range(60):
        deep = os.path.join(deep, b"level-%02d" % i)
    os.makedirs(deep, exist_ok=True)
    cases.append(Case("deep-path.txt", _write(deep, "deep.txt", text.encode()), "opens"))
    too_deep = deep
    while len(too_deep) < 4200:
        too_deep = os.path.join(too_deep, b"d" * 200)
        try:
            os.mkdir(too_deep)
        except OSError:
            break
    cases.append(Case("path-too-long.txt", os.path.join(too_deep, b"x.txt"), "refused", "", typeable=False,
                      notes="PATH_MAX is 4096; whatever the system says is shown"))
    # Links.
    loop_a, loop_b = os.path.join(root, b"loop-a"), os.path.join(root, b"loop-b")
    os.symlink(loop_b, loop_a)
    os.symlink(loop_a, loop_b)
    cases.append(Case("symlink-loop", loop_a, "refused", "link"))
    dangling = os.path.join(root, b"dangling-link")
    os.symlink(b"/nonexistent/target.txt", dangling)
    cases.append(Case("dangling-symlink", dangling, "refused", "does not exist"))
    good_link = os.path.join(root, b"link-to-ascii")
    os.symlink(b"ascii.txt", good_link)
    cases.append(Case("symlink-to-text", good_link, "opens"))
    # Things that are not files.
    sub = os.path.join(root, b"a-folder")
    os.mkdir(sub)
    cases.append(Case("directory", sub, "folder", typeable=False, notes="the chooser enters folders"))
    fifo = os.path.join(root, b"named-pipe")
    os.mkfifo(fifo)
    cases.append(Case("fifo", fifo, "refused", "FIFO"))
    sock_path = os.path.join(root, b"socket")
    s = socket.socket(socket.AF_UNIX)
    s.bind(sock_path)
    s.close()
    cases.append(Case("socket", sock_path, "refused", "socket"))
    for dev in [b"/dev/zero", b"/dev/null", b"/dev/urandom"]:
        cases.append(Case(os.fsdecode(dev), dev, "refused", "device"))
    cases.append(Case("/proc/self/status", b"/proc/self/status", "opens", notes="size 0 in stat, text inside"))
    # Permissions: root reads everything, so these are opened as an unprivileged user.
    unreadable = _write(root, "unreadable.txt", text.encode())
    os.chmod(unreadable, 0)
    cases.append(Case("unreadable.txt", unreadable, "refused", "permission", unprivileged=True))
    locked = os.path.join(root, b"locked-folder")
    os.mkdir(locked)
    inside = _write(locked, "inside.txt", text.encode())
    os.chmod(locked, 0)
    cases.append(Case("file-in-unreadable-folder", inside, "refused", "permission", unprivileged=True))
    return cases


if __name__ == "__main__":
    cases = build(sys.argv[1])
    for case in cases:
        record = asdict(case)
        record["path"] = os.fsdecode(case.path)
        print(json.dumps(record, ensure_ascii=False))
    print(f"{len(cases)} cases", file=sys.stderr)
