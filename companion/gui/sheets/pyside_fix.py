"""Work around PySide6 6.12.0 dropping a reference to ``None`` on CPython 3.11.

Measured in this project's venv (PySide6-Essentials 6.12.0, ``cp310-abi3``
wheel, CPython 3.11.7): every call of a Qt method that returns ``void``
(``QPainter.setPen``, ``drawEllipse``, ``QObject.setObjectName`` ...) lowers
``sys.getrefcount(None)`` by one.  CPython 3.12+ makes ``None`` immortal, so
the bug is harmless there; on 3.11 ``None`` starts with a few thousand
references and the process aborts with "Fatal Python error: none_dealloc"
after a few thousand such calls -- painting one brick sheet is enough.

:func:`protect_none` gives ``None`` a reference count so large (2**40) that
the leak cannot reach zero in any session; it does nothing on 3.12+ or on
other interpreters.  It should run once at application start-up (and in the
tests' ``conftest.py``); the sheet and export packages call it on import so
they are safe on their own.
"""

from __future__ import annotations

import ctypes
import sys

#: References given to ``None`` (far beyond what any session can leak).
_HEADROOM = 1 << 40


def needs_protection() -> bool:
    """True on CPython before 3.12, where ``None`` is reference-counted."""
    return sys.implementation.name == "cpython" and sys.version_info < (3, 12)


def protect_none() -> None:
    """Make ``None``'s reference count too large to ever reach zero (idempotent)."""
    if not needs_protection() or sys.getrefcount(None) >= _HEADROOM // 2:
        return
    # ob_refcnt is the first field of every PyObject in a release build of CPython.
    refcnt = ctypes.c_ssize_t.from_address(id(None))
    refcnt.value += _HEADROOM


protect_none()
