"""Trial runner (not a test): kill -9 Tandem at random moments while text is typed, relaunch,
and count the characters lost. Target: none typed more than a second before the kill.

    xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- \
        sh -c 'openbox & sleep 1; /usr/bin/python3 Tests/EndToEnd/kill_trials.py 50'
"""
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from conftest import Tandem, wait_for, wait_name_released  # noqa: E402

DELAY_MS = 25  # between typed characters, as a fast typist


def trial(seed):
    rng = random.Random(seed)
    tmp = Path(tempfile.mkdtemp(prefix="tandem-kill-"))
    (tmp / "t.txt").write_text("")
    tandem = Tandem(tmp).start("t.txt")
    tandem.wait_title("t.txt")
    tandem.activate("t.txt")
    text = "".join(rng.choice("abcdefghij ") for _ in range(400))
    typist = subprocess.Popen(["xdotool", "type", "--delay", str(DELAY_MS), text])
    time.sleep(rng.uniform(0.5, 3.0))  # the kill lands at a random moment of the typing: that is the trial
    frame = tandem.frames()[0]
    seen = Tandem.text_in(frame).getText(0, -1)       # what the window showed just before the kill
    tandem.proc.send_signal(signal.SIGKILL)
    tandem.proc.wait()
    typist.kill()
    typist.wait()
    # A typist killed between key press and release leaves the key down; let it go.
    subprocess.run(["xdotool", "keyup", *sorted(set(text.replace(" ", "")))] + ["space"])
    tandem.stderr_file.close()
    wait_name_released()
    tandem.restart()
    wait_for("the window back", lambda: tandem.frames())
    # The journal's text is in the window when it is first shown; a moment more lets a slow
    # restore show it (no event says a restore is complete: what is shown is what is checked).
    time.sleep(0.3)
    restored = Tandem.text_in(tandem.frames()[0]).getText(0, -1)
    tandem.stop()
    if not (text.startswith(seen) and text.startswith(restored)):
        print(f"trial {seed}: typed {text[:12]!r}…, window showed {seen[:12]!r}…, restored {restored[:12]!r}…")
    lost = max(0, len(seen) - len(restored))
    return len(seen), lost


def main():
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    subprocess.run(["xset", "r", "off"])  # no auto-repeat from a key the kill left pressed
    results = [trial(seed) for seed in range(trials)]
    lost = [l for _, l in results]
    worst_age_ms = max(lost) * DELAY_MS
    print(f"{trials} kills while typing at {1000 // DELAY_MS} chars/s: "
          f"characters lost per kill: median {sorted(lost)[len(lost) // 2]}, max {max(lost)} "
          f"(oldest lost character typed ≤ {worst_age_ms} ms before the kill); "
          f"trials losing anything older than 1 s: {sum(1 for l in lost if l * DELAY_MS > 1000)}")


if __name__ == "__main__":
    main()
