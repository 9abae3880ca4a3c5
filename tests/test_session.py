"""The session log: a fold over validated actions, undo/redo, crash-safe append, reload."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.rules.dice import SeededDice, TypedDice
from companion.rules.ruleset import get_ruleset
from companion.rules.session import IllegalAction, Session, SessionError

SETUP = {
    "ruleset": "brickquest",
    "map": {"terrain": ["#######", "#.....#", "#.....#", "#######"]},
    "figures": [
        {"id": "ana", "side": "party", "class": "human_warrior", "at": [1, 1], "facing": "E"},
        {"id": "orc", "side": "dungeon", "monster": "orc", "at": [4, 1], "facing": "W"},
    ],
}


@pytest.fixture
def session() -> Session:
    return Session(get_ruleset("brickquest"), SETUP)


def test_state_is_a_fold_over_the_log(session: Session) -> None:
    session.act({"action": "move", "actor": "ana", "path": [[2, 1], [3, 1]]}, SeededDice(1))
    assert session.state.figures["ana"].pos == (3, 1)
    # a straight 2-square move then an attack along it: Charge adds a fifth die
    attack = {"action": "attack", "actor": "ana", "target": "orc"}
    session.act(attack, TypedDice([6, 6, 6, 6, 6, 1, 1]))
    orc = session.state.figures["orc"]
    assert orc.dead and orc.hp == 0  # 30 against 2
    assert len(session.entries) == 2
    assert session.entries[1].rolls[0].faces == (6, 6, 6, 6, 6)


def test_illegal_actions_are_refused_unless_forced(session: Session) -> None:
    action = {"action": "attack", "actor": "ana", "target": "orc"}
    with pytest.raises(IllegalAction) as info:
        session.act(action, SeededDice(0))
    assert "not_adjacent" in info.value.verdict.codes or "not_in_arc" in info.value.verdict.codes
    assert session.entries == []
    session.act(action, TypedDice([1, 1, 1, 1, 6, 6]), force=True, why="BrickMaster ruling")
    record = session.entries[0]
    assert record.forced and record.why == "BrickMaster ruling"
    assert record.overruled and record.overruled[0].code in ("not_adjacent", "not_in_arc")


def test_undo_and_redo_step_through_the_log(session: Session) -> None:
    session.act({"action": "move", "actor": "ana", "path": [[2, 1]]}, SeededDice(0))
    session.act({"action": "move", "actor": "ana", "path": [[2, 2]]}, SeededDice(0))
    session.undo()
    assert session.state.figures["ana"].pos == (2, 1)
    session.undo()
    assert session.state.figures["ana"].pos == (1, 1)
    assert not session.can_undo
    session.redo()
    assert session.state.figures["ana"].pos == (2, 1)
    session.act({"action": "end_turn", "actor": "ana"}, SeededDice(0))
    assert not session.can_redo  # a new action drops the undone tail


def test_save_append_and_load_replays_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    session = Session.create(get_ruleset("brickquest"), SETUP, path)
    session.act({"action": "move", "actor": "ana", "path": [[2, 1], [3, 1]]}, SeededDice(2))
    session.act({"action": "attack", "actor": "ana", "target": "orc"}, SeededDice(5))
    session.undo()
    session.redo()
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "brick-companion-session"
    assert [json.loads(x)["type"] for x in lines[1:]] == ["action", "action", "undo", "redo"]
    again = Session.load(path)
    assert again.state.figures == session.state.figures


def test_a_crash_mid_write_loses_only_the_action_in_progress(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    session = Session.create(get_ruleset("brickquest"), SETUP, path)
    session.act({"action": "move", "actor": "ana", "path": [[2, 1]]}, SeededDice(2))
    with open(path, "a") as fh:
        fh.write('{"type": "action", "action": {"action": "mo')  # cut off
    again = Session.load(path)
    assert again.state.figures["ana"].pos == (2, 1)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "empty file"),
        ("{not json", "line 1"),
        (
            '{"format": "brick-companion-session", "version": 1, "ruleset": "nope", "setup": {}}',
            "unknown ruleset",
        ),
        (
            '{"format": "brick-companion-session", "version": 9, "ruleset": "brickquest",'
            ' "setup": {}}',
            "line 1",
        ),
    ],
)
def test_broken_session_files_are_refused_clearly(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(SessionError, match=message):
        Session.load(path)


def test_a_corrupt_line_in_the_middle_is_reported_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    session = Session.create(get_ruleset("brickquest"), SETUP, path)
    session.act({"action": "move", "actor": "ana", "path": [[2, 1]]}, SeededDice(2))
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], '{"type": "bogus"}', lines[1]]) + "\n")
    with pytest.raises(SessionError, match="line 2"):
        Session.load(path)
