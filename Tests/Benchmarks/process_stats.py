"""What the benchmarks read of a process they started: CPU time, peak RSS; and how they stop it."""
import os
import signal

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User + system CPU time of `pid` so far, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def peak_rss_mb(pid):
    """The peak resident set of `pid` (VmHWM), in MB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def stop(proc):
    """Kills a benchmarked process and everything it started (its own session)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
