"""Breaking a ruleset's data files on purpose: one edit, then the loader's error.

Shared by the data tests of every ruleset (``test_*_data.py``): each copies its folder,
edits one line, and checks the catalog loader refuses it naming the file and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion.datafiles import DataFileError


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in a data file by ``new`` (``old`` must be there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test anchor {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def load_error_of(load: Callable[[Path], object], folder: Path) -> str:
    """The message of the ``DataFileError`` ``load(folder)`` must raise (no traceback)."""
    with pytest.raises(DataFileError) as info:
        load(folder)
    message = str(info.value)
    assert "Traceback" not in message
    return message
