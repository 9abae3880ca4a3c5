"""Loading off the GUI thread: a worker in ``QThreadPool``, a cancellable progress dialog.

``run_in_background(fn, parent=..., label=...)`` runs ``fn()`` in a pool thread while
the GUI thread keeps processing events (the window repaints; input reaches the dialog).
After ``delay_ms`` (300 ms) without a result a window-modal ``QProgressDialog`` appears;
its Cancel abandons the load: ``LoadCancelled`` is raised at once and the worker's
result, when it comes, is dropped.  So does a wait ended before the result for any
other reason (the application quitting ends every event loop): never a missing result.
Otherwise the result is returned, or the worker's exception is raised, in the GUI
thread.  ``fn`` must not touch Qt objects or the open document: read and parse only,
and let the caller replace the document afterwards.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

import shiboken6
from PySide6.QtCore import QEventLoop, QObject, Qt, QThreadPool, QTimer, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")

#: How long a load may take before the progress dialog appears.
SHOW_AFTER_MS = 300

#: Loads still running (some perhaps cancelled): kept alive until their worker is done.
_RUNNING: set[_Job] = set()


def is_loading() -> bool:
    """Whether a load is running (perhaps one already cancelled)."""
    return bool(_RUNNING)


class LoadCancelled(Exception):
    """The user pressed Cancel; nothing was loaded and nothing changed."""


class _Job(QObject):
    """One load: lives in the GUI thread, receives the worker's result there."""

    finished = Signal(object, object)  # result, exception

    def __init__(self, fn: Callable[[], Any]) -> None:
        super().__init__()
        self.fn = fn
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = False
        self.worker_thread: int | None = None
        self.loop: QEventLoop | None = None
        self.finished.connect(self._finish, Qt.ConnectionType.QueuedConnection)

    def run(self) -> None:
        """In the pool thread: call ``fn`` and post the outcome to the GUI thread."""
        self.worker_thread = threading.get_ident()
        try:
            result, error = self.fn(), None
        except BaseException as exc:  # handed to the GUI thread as it is
            result, error = None, exc
        self.finished.emit(result, error)

    @Slot(object, object)
    def _finish(self, result: Any, error: BaseException | None) -> None:
        self.result, self.error, self.done = result, error, True
        _RUNNING.discard(self)
        if self.loop is not None:
            self.loop.quit()


def run_in_background(
    fn: Callable[[], T],
    *,
    parent: QWidget | None,
    label: str,
    title: str = "Loading",
    delay_ms: int = SHOW_AFTER_MS,
    pool: QThreadPool | None = None,
) -> T:
    """``fn()`` run in a worker thread; the GUI stays live; Cancel raises ``LoadCancelled``."""
    job = _Job(fn)
    _RUNNING.add(job)
    loop = QEventLoop()
    job.loop = loop
    dialog = QProgressDialog(label, "Cancel", 0, 0, parent)
    dialog.setWindowTitle(title)
    dialog.setObjectName("loadingDialog")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(delay_ms)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    cancelled = False

    def cancel() -> None:
        nonlocal cancelled
        cancelled = True
        loop.quit()

    dialog.canceled.connect(cancel)
    shower = QTimer(dialog)
    shower.setSingleShot(True)
    shower.timeout.connect(dialog.show)
    shower.start(delay_ms)
    (pool or QThreadPool.globalInstance()).start(job.run)
    try:
        if not job.done:
            loop.exec()
    finally:
        job.loop = None
        shower.stop()
        dialog.canceled.disconnect(cancel)
        dialog.hide()
        # Deleted now, not later: QProgressDialog starts its own show timer when built, and
        # a deleteLater() outside the main loop (tests, nested loops) could wait past it.
        shiboken6.delete(dialog)
    if not job.done:  # Cancel, or the loop ended early (the application quitting)
        raise LoadCancelled(label)
    if job.error is not None:
        raise job.error
    return job.result
