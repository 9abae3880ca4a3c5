"""User folders: the platform's (platformdirs) by default, one folder when overridden."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion import userdirs

FOLDERS = (
    userdirs.data_dir,
    userdirs.config_dir,
    userdirs.autosave_dir,
    userdirs.recovery_dir,
    userdirs.default_documents_dir,
)


def test_override_puts_every_folder_under_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path))
    folders = [f() for f in FOLDERS]
    assert all(folder.is_relative_to(tmp_path) for folder in folders)
    assert len(set(folders)) == len(folders)
    assert userdirs.autosave_dir().parent == userdirs.data_dir()
    assert not any(folder.exists() for folder in folders)  # nothing is created on asking


def test_platform_folders_follow_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    if sys.platform != "linux":
        pytest.skip("XDG variables steer platformdirs on Linux only")
    monkeypatch.delenv(userdirs.HOME_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "docs"))
    assert userdirs.data_dir() == tmp_path / "share" / "brick-companion"
    assert userdirs.config_dir() == tmp_path / "config" / "brick-companion"
    assert userdirs.recovery_dir() == tmp_path / "share" / "brick-companion" / "recovery"
    assert userdirs.default_documents_dir() == tmp_path / "docs" / "Brick Companion"


def test_empty_override_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(userdirs.HOME_ENV, "  ")
    assert userdirs.home_override() is None


def test_ensure_creates_nested_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "home"))
    folder = userdirs.ensure(userdirs.autosave_dir())
    assert folder.is_dir() and folder == tmp_path / "home" / "data" / "autosave"
    assert userdirs.ensure(folder) == folder  # again: no error


def test_userdirs_loads_no_qt() -> None:
    code = "import sys, companion.userdirs; print(sorted(m for m in sys.modules if 'PySide' in m))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "[]"
