"""A ruleset from outside ``companion/``: Brick Duel (``tests/thirdparty/brick_duel``),
installed through its entry point (``scripts/setup.sh``), found by discovery and played
through ``brick-companion game`` from start to end: a graph board and no map, a phase,
a guard track instead of hit points, and refusals with its own reasons."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from companion.rules.capabilities import GraphBoard, GridBoard, MoveHints, needs_map
from companion.rules.game import Game, GameFileError
from companion.rules.ruleset import available_rulesets, get_ruleset, ruleset_info

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "tests" / "data" / "game_demo.json"
INSTALL = "pip install -e tests/thirdparty/brick_duel (scripts/setup.sh does it)"


@pytest.fixture(scope="module", autouse=True)
def installed() -> None:
    assert "duel" in available_rulesets(), f"the duel ruleset is not installed: {INSTALL}"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "companion", "game", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def ok(*args: str | Path) -> Any:
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout) if proc.stdout.startswith(("{", "[")) else proc.stdout


def refused_by_rules(game: Path, action: dict[str, Any]) -> dict[str, Any]:
    proc = run("act", game, json.dumps(action))
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    out = json.loads(proc.stdout)
    assert out["legal"] is False and len(out["reasons"]) == 1
    return dict(out["reasons"][0])


def test_it_is_found_by_discovery_and_lives_outside_companion() -> None:
    entry = next(e for e in metadata.entry_points(group="companion.rulesets") if e.name == "duel")
    assert entry.value == "brick_duel.plugin:DuelRules"
    assert entry.dist is not None and entry.dist.name == "brick-duel"
    rules = get_ruleset("duel")
    source = Path(sys.modules[type(rules).__module__].__file__ or "").resolve()
    assert (ROOT / "companion") not in source.parents
    assert (ROOT / "tests" / "thirdparty" / "brick_duel") in source.parents
    info = ruleset_info("duel")
    assert (info.title, info.board, info.needs_map) == ("Brick Duel", "graph", False)
    assert isinstance(rules, GraphBoard) and not needs_map(rules)
    assert not isinstance(rules, GridBoard) and not isinstance(rules, MoveHints)
    assert {"not_linked", "not_face_to_face", "duel_over"} <= set(rules.reasons())


def test_a_game_played_through_the_commands_from_start_to_end(tmp_path: Path) -> None:
    game = tmp_path / "duel.game.jsonl"
    made = ok("new", "--ruleset", "duel", "--seed", "1", game)
    assert made == {"created": str(game), "acting": "red", "round": 1}
    header = json.loads(game.read_text(encoding="utf-8").splitlines()[0])
    assert header["ruleset"] == "duel" and header["map"] is None  # no map at all
    state = ok("state", game)
    assert (state["phase"], state["phases"]) == ("Move", ["Move", "Strike"])
    assert state["board"]["current"] == "gate"
    assert state["figures"]["blue"]["tracks"]["guard"] == {
        "name": "Guard",
        "value": 3,
        "maximum": 3,
    }

    # Refused with its own reasons: no link from the gate to the hall; not in this phase.
    reason = refused_by_rules(game, {"actor": "@acting", "action": "move", "place": "hall"})
    assert reason["code"] == "not_linked"
    assert reason["message"] == "no link leads there from here: from the Gate to the Hall"
    reason = refused_by_rules(game, {"actor": "red", "action": "strike", "target": "blue"})
    assert reason["code"] == "wrong_phase"
    assert "Move phase" in reason["message"]

    def act(action: dict[str, Any], dice: str | None = None) -> dict[str, Any]:
        extra = ["--dice", dice] if dice else []
        out = ok("act", game, json.dumps({"actor": "@acting", **action}), *extra)
        assert out["legal"] is True, out
        return dict(out)

    act({"action": "move", "place": "yard"})
    assert ok("state", game)["phase"] == "Strike"
    reason = refused_by_rules(game, {"actor": "red", "action": "strike", "target": "blue"})
    assert reason["code"] == "not_face_to_face"
    act({"action": "rest"})
    act({"action": "move", "place": "hall"})  # blue
    act({"action": "rest"})
    act({"action": "move", "place": "hall"})  # red, round 2: face to face
    for face, expected in (("6", 2), ("5", 1), ("4", 0)):
        act({"action": "strike", "target": "blue"}, dice=face)
        if expected:
            act({"action": "hold"})  # blue
            act({"action": "strike", "target": "red"}, dice="1")  # parried
            act({"action": "hold"})  # red
        assert ok("state", game)["figures"]["blue"]["tracks"]["guard"]["value"] == expected

    end = ok("state", game)
    assert end["outcome"] == "Red Knight wins: Blue Knight is broken"
    assert end["figures"]["blue"]["states"] == ["broken"] and end["acting"] is None
    reason = refused_by_rules(game, {"actor": "blue", "action": "rest"})
    assert reason["code"] == "duel_over"
    assert reason["message"].startswith("the duel is over")
    log = ok("log", game).splitlines()
    assert any("[Blue Knight: Guard ■■■ → ■■□]" in line for line in log), log
    assert log[-1].endswith("[Blue Knight is broken]"), log[-1]
    assert Game.open(game).snapshot() == end  # reopened: the same end


def test_the_commands_say_when_a_map_is_missing_or_out_of_place(tmp_path: Path) -> None:
    proc = run("new", tmp_path / "a.game.jsonl")
    assert proc.returncode == 2 and "give --map MAP.json, or --ruleset ID" in proc.stderr
    proc = run("new", "--ruleset", "duel", "--map", DEMO, tmp_path / "b.game.jsonl")
    assert proc.returncode == 2
    assert "'Brick Duel' (duel) is played without a map" in proc.stderr, proc.stderr
    proc = run("new", "--ruleset", "brickquest", tmp_path / "c.game.jsonl")
    assert proc.returncode == 2 and "is played on a map: give one" in proc.stderr
    assert "Traceback" not in proc.stderr
    with pytest.raises(GameFileError, match="needs its ruleset's id"):
        Game.create(tmp_path / "d.game.jsonl", None)


def test_a_game_file_whose_header_and_ruleset_disagree_about_the_map(tmp_path: Path) -> None:
    game = tmp_path / "duel.game.jsonl"
    Game.create(game, None, ruleset_id="duel", seed=3)
    lines = game.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["ruleset"] = "brickquest"
    bad = tmp_path / "bad.game.jsonl"
    bad.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(GameFileError, match="'brickquest' is played on a map"):
        Game.open(bad, mend=False)


def test_a_map_made_for_the_duel_is_refused_by_validate(tmp_path: Path) -> None:
    doc = json.loads(DEMO.read_text(encoding="utf-8"))
    doc["options"] = {**doc.get("options", {}), "ruleset": "duel"}
    doc["figures"] = []
    path = tmp_path / "duel-map.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "validate", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    out = proc.stdout + proc.stderr
    assert "options.ruleset: the ruleset 'Brick Duel' (duel) is played without a map" in out, out


def test_sheets_say_a_duel_has_none_to_print(tmp_path: Path) -> None:
    game = tmp_path / "duel.game.jsonl"
    Game.create(game, None, ruleset_id="duel", seed=3)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "sheets", str(game), "-o", str(tmp_path / "s.pdf")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2 and not (tmp_path / "s.pdf").exists()
    assert f"{game}: no ruleset prints this party" in proc.stderr, proc.stderr
