"""Names created in a folder, told by inotify (through ctypes: the random user needs no package):
a file that lives for microseconds (a save's temp file on tmpfs, where fsync costs nothing) is
seen as surely as a slow one, which polling the folder missed."""
import ctypes
import os
import select
import struct

IN_CREATE = 0x100
IN_MOVED_TO = 0x80
_libc = ctypes.CDLL("libc.so.6", use_errno=True)


class CreatedNames:
    """Watches `folder` from now on; `wait(prefix, timeout)` returns once a name starting with
    `prefix` was created there (True), or after `timeout` seconds (False)."""

    def __init__(self, folder):
        self.fd = _libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        if _libc.inotify_add_watch(self.fd, os.fsencode(str(folder)), IN_CREATE | IN_MOVED_TO) < 0:
            os.close(self.fd)
            raise OSError(ctypes.get_errno(), f"inotify_add_watch {folder}")

    def wait(self, prefix, timeout):
        poller = select.poll()
        poller.register(self.fd, select.POLLIN)
        remaining = timeout * 1000
        while remaining > 0:
            if not poller.poll(min(remaining, 100)):
                remaining -= 100
                continue
            data = os.read(self.fd, 65536)
            offset = 0
            while offset + 16 <= len(data):
                _, _, _, length = struct.unpack_from("iIII", data, offset)
                name = data[offset + 16:offset + 16 + length].rstrip(b"\0").decode(errors="replace")
                offset += 16 + length
                if name.startswith(prefix):
                    return True
        return False

    def close(self):
        os.close(self.fd)
