"""Game → Open game… and File → Open… open a game file, through the real actions (the
action's ``triggered(checked)`` signal included) with the file dialog answering a path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog

from companion.datafiles import resource_dir
from companion.gui.main_window import MainWindow
from companion.gui.testing import make_settings, make_window
from companion.rules.game import Game
from companion.rules.maps import load_map_bytes


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    w.session.undo_stack.setClean()


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    doc = load_map_bytes((resource_dir() / "dungeons" / "heroica-draida-bay.json").read_bytes())
    party = json.loads((resource_dir() / "parties" / "heroica-demo.roster.json").read_text())
    path = tmp_path / "quest.game.jsonl"
    Game.create(path, doc, party=party, seed=5)
    return path


def _answer_open(monkeypatch: pytest.MonkeyPatch, path: Path) -> list[str]:
    filters: list[str] = []

    def get_open(*args: Any, **kwargs: Any) -> tuple[str, str]:
        filters.append(str(args[3] if len(args) > 3 else kwargs.get("filter", "")))
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(get_open))
    return filters


def test_game_open_game_opens_the_chosen_game(
    window: MainWindow, game_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It raised AttributeError: the action's ``checked`` flag came in as the path."""
    _answer_open(monkeypatch, game_file)
    window.open_game_action.trigger()
    assert window.errors == []  # type: ignore[attr-defined]
    assert window.play.game is not None and window.play.game.ruleset.id == "heroica"
    assert window.mode == "play"


def test_file_open_lists_and_opens_games(
    window: MainWindow, game_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    filters = _answer_open(monkeypatch, game_file)
    window.actions_.open.trigger()
    assert filters and "*.game.jsonl" in filters[0].split(";;")[0]
    assert window.errors == []  # type: ignore[attr-defined]
    assert window.play.game is not None and window.play.game.ruleset.id == "heroica"
