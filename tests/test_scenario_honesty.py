"""Scenario checks that can only pass honestly (issue #19, item 7): spare typed dice fail
a check whatever ``expect`` says; a ``then`` on an unknown figure, or with nothing in it,
and a check with nothing to compare, are not passes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.rules.check import check_files
from companion.rules.scenario import ScenarioError, load_scenario, run_scenario

ROOM = {"terrain": ["#######", "#.....#", "#######"]}
HARRY = {"id": "harry", "side": "party", "class": "human_warrior", "at": [1, 1], "facing": "E"}
GOB = {"id": "gob", "side": "dungeon", "monster": "goblin", "at": [2, 1], "facing": "W"}
ATTACK = {"actor": "harry", "action": "attack", "target": "gob", "mode": "melee"}

HEROICA_BOARD = {
    "spaces": ["...."],
    "locations": [
        {
            "id": "bay",
            "name": "Draida Bay",
            "realm": "draida_bay",
            "cells": [[0, 0], [1, 0], [2, 0], [3, 0]],
        }
    ],
}


def _run(tmp_path: Path, doc: dict[str, Any]) -> list[dict[str, Any]]:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return run_scenario(load_scenario(path), path.name)


def _brickquest(*checks: dict[str, Any]) -> dict[str, Any]:
    return {"ruleset": "brickquest", "map": ROOM, "figures": [HARRY, GOB], "checks": list(checks)}


def _heroica(*checks: dict[str, Any]) -> dict[str, Any]:
    return {
        "ruleset": "heroica",
        "board": HEROICA_BOARD,
        "heroes": [{"id": "kn", "hero": "knight", "at": [0, 0]}],
        "monsters": [{"id": "gob", "monster": "goblin_warrior", "at": [1, 0]}],
        "turn": "kn",
        "phase": "hero_combat",
        "checks": list(checks),
    }


def test_the_exact_dice_pass(tmp_path: Path) -> None:
    # Human Warrior: 4 attack dice; goblin: its defence dice; all ones.
    lines = _run(tmp_path, _brickquest({**ATTACK, "dice": [1] * 6, "expect": "legal"}))
    assert lines[0]["ok"] is True, lines


def test_spare_typed_dice_fail_whatever_expect_says(tmp_path: Path) -> None:
    lines = _run(tmp_path, _brickquest({**ATTACK, "dice": [1] * 7, "expect": "legal"}))
    assert lines[0]["ok"] is False
    assert "not used: [1]" in lines[0]["dice"]


def test_spare_typed_dice_fail_with_a_then_that_matches(tmp_path: Path) -> None:
    spare = {**ATTACK, "dice": [1] * 8, "expect": "legal", "then": {"harry": {"hp": 12}}}
    lines = _run(tmp_path, _brickquest(spare))
    assert lines[0]["ok"] is False


def test_dice_typed_for_an_illegal_action_are_not_used(tmp_path: Path) -> None:
    move = {"actor": "harry", "action": "move", "path": [[0, 1]], "dice": [3], "expect": "illegal"}
    lines = _run(tmp_path, _brickquest(move))
    assert lines[0]["legal"] is False
    assert lines[0]["ok"] is False
    assert "not used" in lines[0]["dice"]


def test_a_check_with_nothing_to_compare_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="nothing to compare"):
        _run(tmp_path, _brickquest({"actor": "harry", "action": "end_turn"}))
    with pytest.raises(ScenarioError, match="needs 'expect'"):
        _run(tmp_path, _brickquest({"query": "distance", "from": [1, 1], "to": [3, 1]}))
    with pytest.raises(ScenarioError, match="nothing to compare"):
        _run(tmp_path, _brickquest({"actor": "harry", "action": "end_turn", "then": {}}))
    with pytest.raises(ScenarioError, match="nothing to compare"):
        _run(
            tmp_path,
            _brickquest({"actor": "harry", "action": "end_turn", "then": {"harry": {}}}),
        )


def test_rules_check_exits_2_on_a_check_with_nothing_to_compare(tmp_path: Path) -> None:
    path = tmp_path / "loose.json"
    path.write_text(json.dumps(_brickquest({"actor": "harry", "action": "end_turn"})))
    out, err = _Buffer(), _Buffer()
    assert check_files([path], out=out, err=err) == 2
    assert "loose.json" in err.text and "checks.0" in err.text


@pytest.mark.parametrize("fields", [{"defeated": True}, {"health": 3}])
def test_heroica_then_on_a_made_up_figure_fails(tmp_path: Path, fields: dict[str, Any]) -> None:
    check = {"actor": "kn", "action": "skip_move", "expect": "illegal", "then": {"ghost": fields}}
    lines = _run(tmp_path, _heroica(check))
    assert lines[0]["ok"] is False
    assert any("ghost: no such hero or monster" in p for p in lines[0]["then"])


def test_heroica_then_on_a_defeated_monster_passes(tmp_path: Path) -> None:
    fight = {
        "actor": "kn",
        "action": "fight",
        "target": "gob",
        "expect": "legal",
        "dice": ["3/Sword"],
        "then": {"gob": {"defeated": True}},
    }
    lines = _run(tmp_path, _heroica(fight))
    assert lines[0]["ok"] is True, lines


def test_heroica_a_living_monster_is_not_defeated(tmp_path: Path) -> None:
    check = {"actor": "kn", "action": "skip_move", "expect": "illegal", "then": {"gob": {}}}
    with pytest.raises(ScenarioError, match="nothing to compare"):
        _run(tmp_path, _heroica(check))
    check["then"] = {"gob": {"defeated": True}}
    lines = _run(tmp_path, _heroica(check))
    assert lines[0]["ok"] is False


class _Buffer:
    """A text stream that keeps what is written."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, s: str) -> int:
        self.text += s
        return len(s)

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("ruleset", ["brickquest", "in_a_world_where_bricks_rule"])
def test_a_ragged_terrain_row_is_refused(tmp_path: Path, ruleset: str) -> None:
    doc = {
        "ruleset": ruleset,
        "map": {"terrain": ["#######", "#....#", "#######"]},
        **({"sides": ["red", "blue"]} if ruleset != "brickquest" else {}),
        "checks": [{"query": "distance", "from": [1, 1], "to": [2, 1], "expect": 1}],
    }
    path = tmp_path / "ragged.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"map\.terrain\.1: 6 characters") as err:
        load_scenario(path)
    assert "ragged.json" in str(err.value)


def test_a_ragged_heroica_spaces_row_is_refused(tmp_path: Path) -> None:
    doc = _heroica({"actor": "kn", "action": "skip_move", "expect": "illegal"})
    doc["board"] = {**HEROICA_BOARD, "spaces": ["....", "."]}
    path = tmp_path / "ragged.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"board\.spaces\.1: 1 characters"):
        load_scenario(path)


def test_an_obstacle_stands_two_bricks_on_its_cells_height() -> None:
    """tests/scenarios/in_a_world_where_bricks_rule/README.md: `heights` raises an `o`."""
    from companion.rules.ruleset import get_ruleset

    rules = get_ruleset("in_a_world_where_bricks_rule")
    battle = rules.initial_state(
        {"map": {"terrain": ["o.o"], "heights": ["001"]}, "sides": ["red", "blue"]}
    )
    top = battle.table_layers.top
    assert [int(top[0, x]) for x in range(3)] == [2, 0, 3]
    readme = Path(__file__).parent / "scenarios" / "in_a_world_where_bricks_rule" / "README.md"
    text = " ".join(readme.read_text(encoding="utf-8").split())
    assert "2 bricks tall unless `heights` says" not in text
    assert "its top is the cell's height plus 2" in text
