"""A whole In a World Where Bricks Rule battle headless: from a table map and a roster,
through ``brick-companion game``, to its end ("only one side has characters remaining"),
reopened identical; and the demo battle's files start a game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.datafiles import resource_dir
from companion.model.dungeon import Terrain
from companion.model.mapfile import FigurePlacement, MapOptions, dump_map, new_document
from companion.rules.game import Game

ROOT = Path(__file__).resolve().parents[1]
IAWWBR = "in_a_world_where_bricks_rule"

ROSTER: dict[str, Any] = {
    "format": "brick-companion-roster",
    "ruleset": IAWWBR,
    "name": "Duel",
    "sides": ["red", "blue"],
    "characters": [
        # Sword +3, level 2: d20 + 5 against blue's defense 12 (leather).
        {"id": "ann", "name": "Ann", "side": "red", "level": 2, "class": "swordsman",
         "armor": "chainmail", "weapon": "sword"},
        {"id": "bob", "name": "Bob", "side": "blue", "level": 1, "class": "vigilante",
         "armor": "leather", "weapon": "other_melee"},
    ],
}  # fmt: skip


def table(tmp_path: Path) -> Path:
    doc = new_document(24, 8, border=False, name="Duel table")
    doc.dungeon.terrain[0, :] = int(Terrain.WALL)
    doc.figures = [
        FigurePlacement(id="ann", side="red", class_id="swordsman", at=(4, 4)),
        FigurePlacement(id="bob", side="blue", class_id="vigilante", at=(14, 4)),
    ]
    doc.options = MapOptions(ruleset=IAWWBR)
    path = tmp_path / "duel.json"
    path.write_bytes(dump_map(doc))
    return path


def game(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "companion", "game", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def act(path: Path, action: dict[str, Any], *faces: int) -> subprocess.CompletedProcess[str]:
    extra = ["--dice", ",".join(map(str, faces))] if faces else []
    return game("act", path, json.dumps(action), *extra)


def test_a_battle_to_its_end_on_the_command_line(tmp_path: Path) -> None:
    roster = tmp_path / "duel.roster.json"
    roster.write_text(json.dumps(ROSTER), encoding="utf-8")
    path = tmp_path / "duel.game.jsonl"
    made = game("new", "--map", table(tmp_path), "--party", roster, "--dice", "typed", path)
    assert made.returncode == 0, made.stderr
    # The map names its ruleset: the game follows it.
    state = json.loads(game("state", path).stdout)
    assert state["ruleset"] == IAWWBR and state["needs_initiative"]
    # Round 1: a roll of 12 lets Bob (defense 12) act, not Ann (defense 14).
    assert act(path, {"action": "roll_activation"}, 3, 3, 3, 3).returncode == 0
    refused = act(path, {"actor": "ann", "action": "move", "to": [10, 4]})
    assert refused.returncode == 1
    assert "not_activated" in refused.stdout
    # Bob charges into base contact and attacks: 9 + 1 = 10 misses Ann's 14.
    assert act(path, {"actor": "bob", "action": "move", "to": [6, 4]}).returncode == 0
    assert act(path, {"actor": "bob", "action": "attack", "target": "ann"}, 9).returncode == 0
    state = json.loads(game("state", path).stdout)
    assert state["round"] == 2 and state["needs_initiative"]
    # Round 2: 20 lets both act; red (the youngest player's side) goes first.
    assert act(path, {"action": "roll_activation"}, 5, 5, 5, 5).returncode == 0
    hit = act(path, {"actor": "ann", "action": "attack", "target": "bob"}, 7)
    assert hit.returncode == 0, hit.stdout
    assert "hits Bob" in hit.stdout
    state = json.loads(game("state", path).stdout)
    assert state["figures"]["bob"]["dead"] is True
    assert state["outcome"] == "The battle is over: red wins"
    over = act(path, {"actor": "ann", "action": "end_activation"})
    assert over.returncode == 1 and "battle_over" in over.stdout
    # Reopened from the log, the same battle.
    again = Game.open(path)
    assert again.snapshot() == json.loads(game("state", path).stdout)
    log = game("log", path).stdout
    assert "the 4d6 roll is 12" in log and "Bob is knocked out" in log


def test_the_demo_battle_starts(tmp_path: Path) -> None:
    demo = resource_dir() / "dungeons" / "iawwbr-demo.json"
    roster = resource_dir() / "parties" / "iawwbr-demo.roster.json"
    from companion.rules.maps import load_map_file

    doc = load_map_file(demo)
    assert doc.options.ruleset == IAWWBR
    sides = [f.side for f in doc.figures]
    assert sides.count("red") == 5 and sides.count("blue") == 5
    party = json.loads(roster.read_text(encoding="utf-8"))
    # Every class of the text fights in the demo battle.
    assert len({c["class"] for c in party["characters"]}) == 10
    g = Game.create(tmp_path / "demo.game.jsonl", doc, party=party, seed=1)
    turn = g.turn()
    # App dice: the round's roll is made at once, and red activates first.
    assert not turn.needs_initiative and "red: activate a character" in turn.headline
    assert all(fid.startswith("red_") for fid in turn.choosable)


def test_validate_checks_a_roster_through_its_ruleset(tmp_path: Path) -> None:
    from companion.commands.validate import check_file

    good = resource_dir() / "parties" / "iawwbr-demo.roster.json"
    assert check_file(good) == ("roster", [])
    bad = tmp_path / "bad.roster.json"
    broken = {**ROSTER, "characters": [{**ROSTER["characters"][0], "class": "elf"}]}
    bad.write_text(json.dumps(broken), encoding="utf-8")
    kind, lines = check_file(bad)
    assert kind == "roster" and len(lines) == 1
    assert "characters.0.class: unknown class 'elf'" in lines[0] and str(bad) in lines[0]


def test_the_state_tells_what_lies_on_the_table(tmp_path: Path) -> None:
    """A weapon knocked from a hand lies on the table; the state says what and where."""
    roster = tmp_path / "duel.roster.json"
    roster.write_text(json.dumps(ROSTER), encoding="utf-8")
    path = tmp_path / "duel.game.jsonl"
    made = game("new", "--map", table(tmp_path), "--party", roster, "--dice", "typed", path)
    assert made.returncode == 0, made.stderr
    assert act(path, {"action": "roll_activation"}, 3, 3, 3, 3).returncode == 0
    assert act(path, {"actor": "bob", "action": "move", "to": [6, 4]}).returncode == 0
    # The Vigilante hits (13 + 1 against 14): Ann drops her sword at her feet.
    hit = act(path, {"actor": "bob", "action": "attack", "target": "ann"}, 13)
    assert hit.returncode == 0 and "drops" in hit.stdout
    state = json.loads(game("state", path).stdout)
    assert state["notes"] == ["On the table: sword (ann-sword) at E5"]
