"""Making appended game logs durable off the caller's thread.

A session writes each action's line with ``os.write`` before the action changes the
state: from then on the line is the operating system's, and survives the program
crashing.  Forcing it onto the disk (``fsync``, which survives the machine losing power)
takes from half a millisecond to several on a laptop's disk, longer than the rest of a
click; it is done here, by one worker thread, a few milliseconds later.  Requests for a
file already waiting are merged (one ``fsync`` covers every line written before it).

A failed ``fsync`` is kept and handed to the session at its next write, which refuses
the action with the file's name and the system's words (``take_error``).  ``drain``
waits until every request made so far is on the disk; it runs at exit.
"""

from __future__ import annotations

import atexit
import os
import threading
from pathlib import Path


class DiskSync:
    """One worker thread that ``fsync``s the files it is asked to, in order of asking."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._waiting: dict[Path, None] = {}  # (a dict: ordered, each file once)
        self._busy = 0
        self._errors: dict[Path, str] = {}
        self._thread: threading.Thread | None = None

    def request(self, path: Path) -> None:
        """Have what was written to ``path`` so far forced onto the disk, soon."""
        with self._cond:
            self._waiting[path] = None
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="disk-sync", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def drain(self, timeout: float = 30.0) -> bool:
        """Wait until every file asked for so far is on the disk; False on a time-out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def take_error(self, path: Path) -> str | None:
        """The system's words for a failed ``fsync`` of ``path`` since the last call."""
        with self._cond:
            return self._errors.pop(path, None)

    def _work(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._waiting))
                path = next(iter(self._waiting))
                del self._waiting[path]
                self._busy += 1
            error = _fsync(path)
            with self._cond:
                if error is not None:
                    self._errors[path] = error
                self._busy -= 1
                self._cond.notify_all()


def _fsync(path: Path) -> str | None:
    """``fsync`` the file at ``path``; the system's words when it fails."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    except FileNotFoundError:
        return None  # removed since (a closed game's file): nothing left to keep
    except OSError as exc:
        return exc.strerror or str(exc)
    try:
        os.fsync(fd)
    except OSError as exc:
        return exc.strerror or str(exc)
    finally:
        os.close(fd)
    return None


#: The process's one worker (sessions share it).
DISK_SYNC = DiskSync()
atexit.register(DISK_SYNC.drain)
