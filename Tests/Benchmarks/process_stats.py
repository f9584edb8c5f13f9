"""What the benchmarks read of a process they started: CPU time, peak RSS; and how they stop it."""
import os
import signal
import time

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User + system CPU time of `pid` so far, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def cpu_seconds_fine(pid):
    """CPU time of `pid`'s live threads in seconds, to the nanosecond (the scheduler's own count,
    /proc/PID/task/*/schedstat), where /proc/PID/stat counts 10 ms ticks; threads that have
    already exited are not in it."""
    total = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[0])
            except (FileNotFoundError, ProcessLookupError):
                pass
    except FileNotFoundError:
        pass
    return total / 1e9


def peak_rss_mb(pid):
    """The peak resident set of `pid` (VmHWM), in MB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def wait_until_idle(pid, deadline, flat=0.25):
    """Waits until `pid`'s CPU time has not moved for `flat` seconds (or `deadline`, a
    time.monotonic() value, passes); returns when it last moved."""
    last, flat_since = -1.0, time.monotonic()
    while time.monotonic() < deadline:
        cpu = cpu_seconds(pid)
        if cpu != last:
            last, flat_since = cpu, time.monotonic()
        elif time.monotonic() - flat_since > flat:
            break
        time.sleep(0.02)
    return flat_since


def stop(proc):
    """Kills a benchmarked process and everything it started (its own session)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
