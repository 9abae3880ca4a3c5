"""A whole Brickmasters of the Unknown encounter headless: from a table map whose figures
are a class and a mook, through ``brick-companion game`` (initiative, a move that stops
where the enemy's reach begins, a refused one, a fight in combat resolution), to its end
("ends when all but one of the opponents is broken"), reopened identical."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.model.dungeon import Terrain
from companion.model.mapfile import FigurePlacement, MapOptions, dump_map, new_document
from companion.rules.game import Game

ROOT = Path(__file__).resolve().parents[1]
BMOTU = "brickmasters_of_the_unknown"


def table(tmp_path: Path) -> Path:
    doc = new_document(24, 8, border=False, name="Skirmish table")
    doc.dungeon.terrain[0, :] = int(Terrain.WALL)
    doc.figures = [
        FigurePlacement(id="ann", name="Ann", side="red", class_id="fighter", at=(4, 4)),
        FigurePlacement(id="gob", name="Grub", side="blue", monster="orc", at=(14, 4)),
    ]
    doc.options = MapOptions(ruleset=BMOTU)
    path = tmp_path / "skirmish.json"
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


def state(path: Path) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(game("state", path).stdout)
    return out


def test_an_encounter_to_its_end_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "skirmish.game.jsonl"
    made = game("new", "--map", table(tmp_path), "--dice", "typed", path)
    assert made.returncode == 0, made.stderr
    s = state(path)
    assert s["ruleset"] == BMOTU and s["needs_initiative"]
    # The fighter's kit: sword, three pieces and a printed torso (armour track 3/3).
    assert s["figures"]["ann"]["tracks"]["armour"]["value"] == 3
    # Initiative, 1d6 + current move: Ann 6 + 7 (three pieces) = 13, Grub 1 + 8 = 9.
    rolled = act(path, {"actor": "table", "action": "roll_initiative"}, 6, 1)
    assert rolled.returncode == 0, rolled.stdout + rolled.stderr
    s = state(path)
    assert s["acting"] == "ann" and s["phase"] == "Action"
    assert act(path, {"actor": "ann", "action": "move", "to": [8, 4]}).returncode == 0
    # Grub must stop where Ann's sword reaches (cell 12), not run on to 11.
    refused = act(path, {"actor": "gob", "action": "move", "to": [11, 4]})
    assert refused.returncode == 1 and "must_stop" in refused.stdout
    assert act(path, {"actor": "gob", "action": "move", "to": [12, 4]}).returncode == 0
    s = state(path)
    # No final shots (no bows): straight to combat resolution, Ann first.
    assert s["phase"] == "Combat resolution" and s["acting"] == "ann"
    fought = act(path, {"actor": "ann", "action": "fight", "target": "gob"}, 10, 1)
    assert fought.returncode == 0, fought.stdout
    s = state(path)
    assert s["figures"]["gob"]["dead"] is True
    assert s["outcome"] == "The encounter is over: red wins"
    over = act(path, {"actor": "ann", "action": "pass"})
    assert over.returncode == 1 and "game_over" in over.stdout
    again = Game.open(path)
    assert again.snapshot() == state(path)
    log = game("log", path).stdout
    assert "Grub is broken" in log and "Ann fights Grub: 10 against 1" in log
