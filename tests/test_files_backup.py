"""Saving keeps the previous version as FILE.bak; a failed save leaves no temporary file."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from companion import atomic
from companion.atomic import backup_path, keep_backup, write_atomic
from companion.datafiles import resource_dir
from companion.model.mapfile import new_document
from companion.rules.maps import load_map_file
from companion.rulesets.brickquest.character import Party

DEMO_PARTY_FILE = resource_dir() / "parties" / "demo.party.json"


def disk_full(*_args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- the helper ---------------------------------------------------------------------------


def test_backup_path_appends_to_the_whole_name(tmp_path: Path) -> None:
    assert backup_path(tmp_path / "crypt.json") == tmp_path / "crypt.json.bak"
    assert backup_path(tmp_path / "p.party.json").name == "p.party.json.bak"


def test_write_atomic_with_backup_keeps_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, b"one", backup=True)
    assert names(tmp_path) == ["f.json"]  # nothing to back up the first time
    write_atomic(path, b"two", backup=True)
    write_atomic(path, b"three", backup=True)
    assert path.read_bytes() == b"three"
    assert backup_path(path).read_bytes() == b"two"
    assert names(tmp_path) == ["f.json", "f.json.bak"]


def test_without_backup_no_bak_is_made(tmp_path: Path) -> None:
    path = tmp_path / "log.md"
    write_atomic(path, b"a")
    write_atomic(path, b"b")
    assert names(tmp_path) == ["log.md"]


def test_backup_is_a_copy_with_the_same_permissions(tmp_path: Path) -> None:
    path = tmp_path / "private.json"
    path.write_bytes(b"secret")
    path.chmod(0o600)
    bak = keep_backup(path)
    assert bak is not None and bak.read_bytes() == b"secret"
    assert bak.stat().st_mode & 0o777 == 0o600
    assert bak.stat().st_ino != path.stat().st_ino
    assert keep_backup(tmp_path / "missing.json") is None


class FailingFile:
    """A file whose ``write`` fails (a full disk) or is interrupted (Ctrl+C)."""

    def __init__(self, real: object, exc: BaseException) -> None:
        self.real = real
        self.exc = exc

    def __enter__(self) -> FailingFile:
        return self

    def __exit__(self, *args: object) -> None:
        self.real.close()  # type: ignore[attr-defined]

    def write(self, data: bytes) -> int:
        self.real.write(data[:3])  # type: ignore[attr-defined]
        raise self.exc


@pytest.mark.parametrize("where", ["write", "interrupt", "fsync", "chmod", "replace"])
def test_failed_write_leaves_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, b"old")
    write_atomic(path, b"current", backup=True)
    exc: BaseException = OSError(errno.ENOSPC, "No space left on device")
    if where in ("write", "interrupt"):
        exc = KeyboardInterrupt() if where == "interrupt" else exc
        real_open = open
        monkeypatch.setattr(
            atomic, "open", lambda *a: FailingFile(real_open(*a), exc), raising=False
        )
    else:
        monkeypatch.setattr(atomic.os, where, disk_full)
    with pytest.raises(type(exc)):
        write_atomic(path, b"new", backup=True)
    monkeypatch.undo()
    assert path.read_bytes() == b"current"
    assert backup_path(path).read_bytes() == b"old"
    assert names(tmp_path) == ["f.json", "f.json.bak"]


# -- parties ------------------------------------------------------------------------------


def test_party_save_keeps_a_bak_and_leaves_no_temporary_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    party = Party.load(DEMO_PARTY_FILE)
    path = tmp_path / "p.party.json"
    party.save(path)
    first = path.read_bytes()
    smaller = party.model_copy(update={"characters": party.characters[:2]})
    smaller.save(path)
    assert backup_path(path).read_bytes() == first
    assert len(Party.load(backup_path(path)).characters) == 6
    assert len(Party.load(path).characters) == 2
    monkeypatch.setattr(atomic.os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        party.save(path)
    monkeypatch.undo()
    assert len(Party.load(path).characters) == 2
    assert names(tmp_path) == ["p.party.json", "p.party.json.bak"]


# -- maps (QSaveFile) -------------------------------------------------------------------


def test_map_save_keeps_a_bak(tmp_path: Path, qapp: object) -> None:
    from companion.gui.session import MapSession

    session = MapSession(new_document(6, 5, name="First"))
    path = tmp_path / "m.json"
    session.save(path)
    assert names(tmp_path) == ["m.json"]
    session.replace(new_document(7, 5, name="Second"), path)
    session.save(path)
    assert load_map_file(backup_path(path)).name == "First"
    assert load_map_file(path).name == "Second"
    assert names(tmp_path) == ["m.json", "m.json.bak"]


def test_failed_map_save_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object
) -> None:
    from companion.gui import session as session_module
    from companion.gui.session import MapSession

    session = MapSession(new_document(6, 5, name="First"))
    path = tmp_path / "m.json"
    session.save(path)
    session.replace(new_document(7, 5, name="Second"), path)
    session.undo_stack.resetClean()
    monkeypatch.setattr(session_module, "keep_backup", disk_full)
    with pytest.raises(OSError, match="No space"):
        session.save(path)
    assert names(tmp_path) == ["m.json"]
    assert load_map_file(path).name == "First"
    assert not session.undo_stack.isClean()  # still unsaved
    monkeypatch.undo()
    # Qt cannot even open the temporary file: a clear OSError, nothing left.
    with pytest.raises(OSError, match="cannot write"):
        session.save(tmp_path / "no such folder" / "m.json")
    assert names(tmp_path) == ["m.json"]
