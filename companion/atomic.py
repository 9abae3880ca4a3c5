"""Writing files atomically: a temporary file in the same folder, then one rename.

A crash or an error half-way leaves the old file as it was, and no temporary file
behind.  With ``backup=True`` the version being replaced is kept as ``FILE.bak``
(:func:`keep_backup`; the GUI's map files use Qt's ``QSaveFile`` and call it too).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: Appended to a file's whole name for the previous version: ``map.json.bak``.
BACKUP_SUFFIX = ".bak"


def new_file_mode(target: Path) -> int:
    """The mode the file should get (mkstemp makes 0600): the old file's, or 0666 - umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where the previous version of ``path`` is kept: ``FILE.bak`` beside it."""
    target = Path(path)
    return target.with_name(target.name + BACKUP_SUFFIX)


def keep_backup(path: str | os.PathLike[str]) -> Path | None:
    """Keep the current ``path`` as ``FILE.bak`` before it is replaced; None if none exists.

    The copy is itself written atomically, so ``FILE.bak`` is always a whole earlier
    version.  (A copy, not a hard link: an editor writing ``FILE`` in place would change
    a linked backup too.)
    """
    target = Path(path)
    if not target.is_file():
        return None
    bak = backup_path(target)
    mode = target.stat().st_mode & 0o777
    with replacing(bak, mode=mode) as tmp, open(target, "rb") as src, open(tmp, "wb") as dst:
        shutil.copyfileobj(src, dst)
        dst.flush()
        os.fsync(dst.fileno())
    return bak


@contextmanager
def replacing(
    path: str | os.PathLike[str], *, backup: bool = False, mode: int | None = None
) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the block ends, it replaces ``path``.

    If the block raises, the temporary file is removed and ``path`` is untouched.  With
    ``backup``, the replaced version is kept as ``FILE.bak`` (see :func:`keep_backup`).
    The new file gets ``mode``, else the old file's mode (else the umask's).
    """
    target = Path(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        os.chmod(tmp, new_file_mode(target) if mode is None else mode)
        if backup:
            keep_backup(target)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)  # gone already when the rename succeeded


def write_atomic(path: str | os.PathLike[str], data: bytes, *, backup: bool = False) -> None:
    """Write ``data`` to ``path`` atomically, flushed to disk; ``backup`` keeps ``FILE.bak``."""
    with replacing(path, backup=backup) as tmp, open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
