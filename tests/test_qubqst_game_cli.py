"""QUBQST headless, through ``brick-companion game``: a new game is refused while the
Character Quick Cards (the one table the default game needs) are empty, naming each entry;
once the user's file fills them, the game starts, a catacomb is built by typing the faces
the table rolled, and the party fights its way to the Golden Cube and conquers it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

CHARACTERS = """format_version = 1

[[characters]]
id = "war"
hit_power = 4
magic_attack = false
casting_points = 0
sneak_on = 0
steal_on = 0
detect_on = 0
disarm = -1
"""


def run(home: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BRICK_COMPANION_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "companion", "game", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_refused_until_the_character_cards_are_filled_then_played_to_the_golden_cube(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    game = tmp_path / "q.game.jsonl"
    refused = run(home, "new", "--ruleset", "qubqst", "--choice", "_game.party=war", game)
    assert refused.returncode == 2, refused.stdout
    # In players' words, as the window says it: the card and its fields, the dialog's
    # own choice that plays the sample numbers.
    said = " ".join(refused.stderr.split())
    assert "the Warrior's Hit Power, magic attack, Casting Points" in said, said
    assert "detect on and disarm" in said, said
    assert '"The project\'s sample filling for all (play at once)"' in said, said
    assert "war.hit_power" not in said and "sample = all" not in said, said
    assert "Wizard" not in said  # only the party's card is needed
    # The New game defaults (all three characters): each card named once.
    defaults = run(home, "new", "--ruleset", "qubqst", game)
    said = " ".join(defaults.stderr.split())
    assert defaults.returncode == 2 and said.count("Hit Power") == 3, said
    assert "the Wizard's Hit Power" in said and "the Thief's Hit Power" in said, said
    assert not game.exists()

    tables = home / "data" / "rulesets" / "qubqst"  # companion.userdirs.data_dir
    tables.mkdir(parents=True, exist_ok=True)
    (tables / "characters.toml").write_text(CHARACTERS, encoding="utf-8")
    made = run(
        home, "new", "--ruleset", "qubqst", "--seed", "5", "--choice", "_game.party=war", game
    )
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["acting"] == "war"

    def act(action: dict[str, Any], dice: str | None = None) -> dict[str, Any]:
        extra = ["--dice", dice] if dice else []
        proc = run(home, "act", game, json.dumps({"actor": "@acting", **action}), *extra)
        assert proc.returncode == 0, (action, proc.stdout, proc.stderr)
        return dict(json.loads(proc.stdout))

    def state() -> dict[str, Any]:
        proc = run(home, "state", game)
        assert proc.returncode == 0, proc.stderr
        return dict(json.loads(proc.stdout))

    first = state()
    assert first["phase"] == "Set-up"
    assert first["figures"]["war"]["tracks"]["hit_power"]["value"] == 4  # the user's card
    # Building the catacomb: the faces typed as the table rolled them.
    act({"action": "start_item"}, dice="map")
    act({"action": "draw", "face": "S/yellow+yellow"})
    act({"action": "draw", "cube": "black3", "face": "NS/yellow"})
    refused = run(home, "act", game, json.dumps({"actor": "war", "action": "draw"}))
    assert refused.returncode == 1
    assert json.loads(refused.stdout)["reasons"][0]["code"] == "cube_not_joined"
    act({"action": "join", "cube": "black3", "path": "N", "to": "golden", "to_path": "S"})
    act({"action": "draw", "cube": "black2", "face": "NES/"})
    act({"action": "join", "cube": "black2", "path": "N", "to": "black3", "to_path": "S"})
    act({"action": "draw", "cube": "black1", "face": "NS/"})
    act({"action": "join", "cube": "black1", "path": "N", "to": "black2", "to_path": "S"})
    act({"action": "enter", "cube": "black1", "path": "S"})
    board = state()["board"]
    assert board["current"] == "black1"

    # Through the catacomb, one cube at a time, discarding each.
    act({"action": "reveal"})
    act({"action": "move_on", "path": "N"})
    act({"action": "reveal"})
    assert state()["phase"] == "Rest"
    act({"action": "move_on", "path": "N"})
    out = act({"action": "reveal"}, dice="gob")
    assert out["events"] == ["black3: GOB"]
    out = act(
        {"action": "fight", "foe": "black3_1"}, dice="critical,critical,blank,blank,blank,blank"
    )
    assert "GOB is defeated" in out["events"]
    act({"action": "search_treasure", "cache": "gold"}, dice="3/GP")
    act({"action": "move_on", "path": "N"})
    act({"action": "reveal"}, dice="kob,gob")
    out = act({"action": "fight", "foe": "golden_1"}, dice="hit,blank,blank,blank,blank")
    assert "KOB is defeated" in out["events"]
    assert state()["outcome"] is None  # the Golden Cube's GOB is still to defeat
    act({"action": "fight", "foe": "golden_2"}, dice="critical,hit,blank,blank,blank,blank")
    end = state()
    assert end["outcome"] is not None and "conquered" in end["outcome"], end["outcome"]
    assert end["phase"] == "Over" and end["acting"] is None
    # The score by the sample's formula: 3 GP + MAP 3 + 3 creatures x 2 + 1 survivor x 10 + 20.
    assert end["outcome"] == "the catacombs are conquered: score 42", end["outcome"]
    log = run(home, "log", game)
    assert log.returncode == 0 and "golden" in log.stdout
    refused = run(home, "act", game, json.dumps({"actor": "war", "action": "reveal"}))
    assert json.loads(refused.stdout)["reasons"][0]["code"] == "game_over"
