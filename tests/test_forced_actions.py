"""A forced action does what was asked, or is refused before anything is spent (#18).

Was: forcing Snik's move onto the lava logged "Snik does not get to [5, 16]. ⚠ FORCED":
he stayed where he was and the action was spent.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.rules.dice import TypedDice
from companion.rules.game import Game
from companion.rules.maps import load_map_bytes
from companion.rules.ruleset import get_ruleset
from companion.rules.session import Session, SessionError

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "tests" / "data" / "game_demo.json"
SCENARIOS = ROOT / "tests" / "scenarios"
#: Snik stands at [5, 8]; a wall runs along row 10 with a door at [5, 10], and the lava
#: runs down column 5 from row 11.
ONTO_LAVA = [[5, 9], [5, 10], [5, 11]]


@pytest.fixture
def game(tmp_path: Path) -> Game:
    doc = load_map_bytes(DEMO.read_bytes(), source=str(DEMO))
    return Game.create(tmp_path / "g.game.jsonl", doc, seed=3)


def test_brickquest_forcing_a_move_onto_lava_is_refused_and_spends_nothing(game: Game) -> None:
    before = game.snapshot()
    size = game.path.stat().st_size  # type: ignore[union-attr]
    move = {"actor": "snik", "action": "move", "path": ONTO_LAVA}
    assert "impassable_terrain" in game.check(move).codes
    with pytest.raises(SessionError, match=r"cannot be moved onto F12 \(lava\)"):
        game.act(move, force="he jumps")
    assert game.snapshot() == before
    assert game.path.stat().st_size == size  # type: ignore[union-attr]


def test_brickquest_a_forced_move_it_can_make_is_made_as_asked(game: Game) -> None:
    path = [[6, 8], [7, 8], [8, 8], [9, 8], [9, 7], [8, 7], [7, 7]]
    move = {"actor": "snik", "action": "move", "path": path}
    assert "insufficient_movement" in game.check(move).codes
    out = game.act(move, force="a long stride")
    assert out.forced
    assert game.figures()["snik"].at == (7, 7)


def _cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "companion", "game", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_game_act_force_onto_lava_is_refused_and_writes_nothing(game: Game) -> None:
    path = game.path
    assert path is not None
    before = path.read_bytes()
    move = json.dumps({"actor": "snik", "action": "move", "path": ONTO_LAVA})
    proc = _cli("act", path, move, "--force", "he jumps")
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "cannot be moved onto F12 (lava)" in proc.stderr
    assert path.read_bytes() == before
    # Without --force, every reason is printed, each with its square.
    proc = _cli("act", path, move)
    assert proc.returncode == 1, proc.stderr
    reasons = json.loads(proc.stdout)["reasons"]
    assert any(r["code"] == "impassable_terrain" and r["square"] == [5, 11] for r in reasons)
    assert all(r["message"] for r in reasons)


def _session(ruleset: str, name: str, **changes: Any) -> Session:
    doc = json.loads((SCENARIOS / ruleset / name).read_text(encoding="utf-8"))
    doc.update(changes)
    doc = {k: v for k, v in doc.items() if k not in ("ruleset", "title", "rule", "seed", "checks")}
    rules = get_ruleset(ruleset)
    return Session(rules, rules.scenario_setup(doc).setup)


def test_iawwbr_a_forced_move_through_a_wall_and_too_far_is_made_as_asked() -> None:
    session = _session("in_a_world_where_bricks_rule", "every_reason.json")
    move = {"actor": "bob", "action": "move", "to": [25, 4]}
    assert not session.check(move).legal
    session.act(move, TypedDice(), force=True, why="a bridge the map lacks")
    assert session.state.fighters["bob"].cell == (25, 4)


def test_iawwbr_a_forced_move_into_a_wall_is_refused_and_spends_nothing() -> None:
    session = _session("in_a_world_where_bricks_rule", "every_reason.json")
    before = session.state
    with pytest.raises(SessionError, match=r"no base can stand at K3"):
        session.act(
            {"actor": "bob", "action": "move", "to": [10, 2]}, TypedDice(), force=True, why="x"
        )
    assert session.state is before


def test_heroica_a_forced_move_too_far_past_a_locked_door_is_made_as_asked() -> None:
    session = _session("heroica", "every_reason.json")
    move = {"actor": "kn", "action": "move", "path": [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]}
    assert not session.check(move).legal
    session.act(move, TypedDice(), force=True, why="the door was ajar")
    assert session.state.heroes["kn"].at == (5, 0)


def test_heroica_a_forced_move_onto_a_monster_is_refused_and_spends_nothing() -> None:
    session = _session("heroica", "every_reason.json")
    before = session.state
    path = [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0]]
    with pytest.raises(SessionError, match=r"cannot end a move on G1"):
        session.act({"actor": "kn", "action": "move", "path": path}, TypedDice(), force=True)
    assert session.state is before
