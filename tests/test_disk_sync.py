"""Game logs made durable off the window's thread (``companion.rules.disk_sync``): every
action's line is in the file when ``act`` returns, the ``fsync`` follows on the worker,
and a failed ``fsync`` refuses the next action with the file's name, in the model and in
the window."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from test_session import SETUP

from companion.gui.play.new_game import GameSpec
from companion.gui.testing import (
    demo_window,
    forget_changes,
)
from companion.rules import disk_sync
from companion.rules.dice import SeededDice
from companion.rules.disk_sync import DISK_SYNC
from companion.rules.ruleset import get_ruleset
from companion.rules.session import Session, SessionError

STEP = {"action": "move", "actor": "ana", "path": [[2, 1]]}
BACK = {"action": "move", "actor": "ana", "path": [[1, 1]]}


class Syncs:
    """Every ``fsync`` made (``os`` is one module: the atomic writes' too): the file and
    the thread it ran on."""

    def __init__(self, fail: str | None = None) -> None:
        self.calls: list[tuple[str, str]] = []
        self.fail = fail
        self.real = os.fsync

    def __call__(self, fd: int) -> None:
        name = os.path.basename(os.readlink(f"/proc/self/fd/{fd}"))
        self.calls.append((name, threading.current_thread().name))
        if self.fail:
            raise OSError(5, self.fail)
        self.real(fd)


@pytest.fixture
def syncs(monkeypatch: pytest.MonkeyPatch) -> Iterator[Syncs]:
    DISK_SYNC.drain()
    spy = Syncs()
    monkeypatch.setattr(disk_sync.os, "fsync", spy)
    yield spy
    DISK_SYNC.drain()


def test_each_action_is_in_the_file_and_synced_by_the_worker(tmp_path: Path, syncs: Syncs) -> None:
    path = tmp_path / "g.game.jsonl"
    session = Session.create(get_ruleset("brickquest"), SETUP, path)
    syncs.calls.clear()  # (the atomic write of the new file fsyncs it itself)
    session.act(STEP, SeededDice(1))
    assert len(path.read_bytes().splitlines()) == 2  # the header and the move, at once
    assert DISK_SYNC.drain(5)
    assert syncs.calls and set(syncs.calls) == {("g.game.jsonl", "disk-sync")}
    assert threading.current_thread().name != "disk-sync"
    again = Session.load(path)
    assert again.state.figures["ana"].pos == (2, 1)


def test_a_failed_fsync_refuses_the_next_action_and_changes_nothing(
    tmp_path: Path, syncs: Syncs
) -> None:
    path = tmp_path / "g.game.jsonl"
    session = Session.create(get_ruleset("brickquest"), SETUP, path)
    syncs.fail = "Input/output error"
    session.act(STEP, SeededDice(1))
    assert DISK_SYNC.drain(5)
    on_disk = path.read_bytes()
    with pytest.raises(SessionError) as info:
        session.act(BACK, SeededDice(1))
    assert "g.game.jsonl" in str(info.value) and "Input/output error" in str(info.value)
    assert "not applied" in str(info.value)
    assert path.read_bytes() == on_disk and len(session.entries) == 1
    assert session.state.figures["ana"].pos == (2, 1)
    # Told once: the next action goes through (the disk may have come back).
    syncs.fail = None
    session.act(BACK, SeededDice(1))
    assert session.state.figures["ana"].pos == (1, 1)


def test_saving_the_whole_game_clears_a_failed_fsync(tmp_path: Path, syncs: Syncs) -> None:
    path = tmp_path / "g.game.jsonl"
    session = Session.create(get_ruleset("brickquest"), SETUP, path)
    syncs.fail = "Input/output error"
    session.act(STEP, SeededDice(1))
    assert DISK_SYNC.drain(5)
    syncs.fail = None
    session.save_as(path)  # written whole and fsynced by the atomic write
    session.act(BACK, SeededDice(1))
    assert session.state.figures["ana"].pos == (1, 1)


def test_a_removed_file_is_no_failure(tmp_path: Path, syncs: Syncs) -> None:
    path = tmp_path / "gone.game.jsonl"
    DISK_SYNC.request(path)
    assert DISK_SYNC.drain(5)
    assert DISK_SYNC.take_error(path) is None


def test_the_window_says_the_disk_refused_the_action(
    qtbot: object, tmp_path: Path, syncs: Syncs
) -> None:
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    shown: list[str] = []
    w.play.show_error = lambda title, text: shown.append(f"{title}: {text}")
    assert w.start_game(tmp_path / "g.game.jsonl", GameSpec(seed=3))
    syncs.fail = "Input/output error"

    def press(title: str = "") -> None:
        bar = w.action_dock.buttons
        button = bar.get(title) or next(b for b in bar.values() if b.isEnabled())
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]

    entries = len(w.play.game.session.entries)
    press()  # the round's roll, taken: its line is in the file; its fsync fails on the worker
    assert not shown and len(w.play.game.session.entries) == entries + 1
    assert DISK_SYNC.drain(5)
    before = w.play.turn()
    press("End turn")  # refused, with the file and the system's words
    assert len(shown) == 1, shown
    assert "g.game.jsonl" in shown[0] and "Input/output error" in shown[0]
    assert len(w.play.game.session.entries) == entries + 1 and w.play.turn() == before
    assert not errors, errors
    forget_changes(w)
