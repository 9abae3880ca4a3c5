"""The Brickmasters of the Unknown demo (File → Open Demo's "Goblin Ford Skirmish")
played to its end through ``brick-companion game`` commands, dice typed: initiative for
the encounter, a shot that strips armour to broken, a spell begun and resolved in its
phase, moves that must stop at the enemy's reach (a move too far and past the reach refused
with both reasons),
a final shot, a gang-up whose winner splits the hits, poltroonery, and the last fight
("ends when all but one of the opponents is broken or flees"): the last
raider fled, the table declares it over.

The game starts and ends as separate processes (the console entry point); the actions
between go through the same ``main`` in this process, to keep the test quick."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

from companion.cli import main
from companion.datafiles import resource_dir
from companion.rules.game import Game

ROOT = Path(__file__).resolve().parents[1]
MAP = resource_dir() / "dungeons" / "bmotu-goblin-ford.json"
ROSTER = resource_dir() / "parties" / "bmotu-goblin-ford.roster.json"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``brick-companion game ...`` in its own process."""
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


def game(*args: str | Path) -> tuple[int, str]:
    """``brick-companion game ...`` through its entry function: exit status and output."""
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["game", *map(str, args)])
    return code, out.getvalue()


def act(path: Path, action: dict[str, Any], *faces: int) -> dict[str, Any]:
    extra = ["--dice", ",".join(map(str, faces))] if faces else []
    code, out = game("act", path, json.dumps(action), *extra)
    result: dict[str, Any] = json.loads(out)
    assert code == (0 if result["legal"] else 1), out
    return result


def legal(path: Path, action: dict[str, Any], *faces: int) -> str:
    result = act(path, action, *faces)
    assert result["legal"], result
    return str(result["text"])


def state(path: Path) -> dict[str, Any]:
    code, out = game("state", path)
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    return data


def pass_until(path: Path, *, phase: str | None = None, acting: str | None = None) -> None:
    """Everyone whose turn comes passes, until the phase (or the figure) named."""
    for _ in range(40):
        s = state(path)
        if (phase is None or s["phase"] == phase) and (acting is None or s["acting"] == acting):
            return
        legal(path, {"actor": "@acting", "action": "pass"})
    raise AssertionError(f"never reached {phase or acting}: {state(path)['headline']}")


def test_the_demo_to_its_end_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "ford.game.jsonl"
    made = run("new", "--map", MAP, "--party", ROSTER, "--dice", "typed", path)
    assert made.returncode == 0, made.stderr
    s = state(path)
    assert s["needs_initiative"] and s["phases"] == [
        "Action",
        "Final shots",
        "Combat resolution",
        "Spell resolution",
    ]
    heroes = {f for f, v in s["figures"].items() if v["side"] == "blue"}
    raiders = {f for f, v in s["figures"].items() if v["side"] == "red"}
    assert len(heroes) == 8 and len(raiders) == 5
    # The roster's fighter wears three pieces; the orcs their two (mooks' worn armour).
    assert s["figures"]["brickwell"]["tracks"]["armour"]["value"] == 3
    assert s["figures"]["ugluk"]["tracks"]["armour"]["value"] == 2

    # Initiative, 1d6 + current move, one die per figure in the map's order.
    text = legal(
        path, {"actor": "table", "action": "roll_initiative"}, 1, 1, 5, 6, 2, 5, 1, 4, 4, 2, 1, 3, 6
    )
    assert text.startswith("Initiative: Rook 18, Elowen 17, Warg 16"), text
    s = state(path)
    assert s["phase"] == "Action" and s["acting"] == "rook"

    # A shot, resolved at once: 8 against 1 strips the archer's helmet, bow and dagger,
    # and breaks him.
    text = legal(path, {"actor": "rook", "action": "shoot", "target": "bowman"}, 8, 1)
    assert "Bowman is broken" in text and "discards helmet" in text, text
    pass_until(path, acting="mildred")
    # A spell begun in the action phase; it resolves in the spell phase.
    text = legal(
        path,
        {
            "actor": "mildred",
            "action": "cast",
            "spell": "zap_blast",
            "mode": "zap",
            "targets": ["bigtom"],
        },
    )
    assert "begins casting" in text
    assert state(path)["notes"] == ["Mildred the Mage is casting Zap/blast"]
    pass_until(path, acting="ugluk")
    legal(path, {"actor": "ugluk", "action": "move", "to": [18, 14]})
    pass_until(path, acting="grishnak")
    # Running on past the dwarf's reach: refused, and it says where to stop.
    refused = act(path, {"actor": "grishnak", "action": "move", "to": [15, 18]})
    assert not refused["legal"]
    assert [r["code"] for r in refused["reasons"]] == ["insufficient_movement", "must_stop"]
    assert [r["square"] for r in refused["reasons"]] == [[15, 18], [17, 18]]
    text = legal(path, {"actor": "grishnak", "action": "move", "to": [18, 16]})
    assert "enters combat with Gimbrick" in text
    pass_until(path, acting="brickwell")
    text = legal(path, {"actor": "brickwell", "action": "move", "to": [16, 9], "facing": "NE"})
    assert "facing NE" in text
    # Final shots: the goblin's bow breaks the warg; the others pass.
    pass_until(path, phase="Final shots", acting="snikt")
    text = legal(path, {"actor": "snikt", "action": "shoot", "target": "warg"}, 12, 1)
    assert "Warg is broken" in text
    # Combat resolution: two orcs gang up on the dwarf (+1 bump: d10), who wins by 11
    # and splits the hits between them.
    s = state(path)
    assert s["phase"] == "Combat resolution" and s["acting"] == "ugluk"
    text = legal(
        path,
        {"actor": "ugluk", "action": "fight", "target": "gimbrick", "with": ["grishnak"]},
        1,
        12,
    )
    assert "Gimbrick allocates 11 hits among Ugluk, Grishnak" in text
    text = legal(path, {"actor": "gimbrick", "action": "allocate", "to": ["ugluk", "grishnak"]})
    assert "6 to Ugluk, 5 to Grishnak" in text
    s = state(path)
    assert s["figures"]["ugluk"]["tracks"]["armour"]["value"] == 0
    assert s["figures"]["grishnak"]["tracks"]["armour"]["value"] == 0
    # Spell resolution: the zap's effect breaks the troll; round 2 begins.
    assert s["phase"] == "Spell resolution" and s["acting"] == "mildred"
    text = legal(path, {"actor": "mildred", "action": "resolve_spell"}, 10, 1)
    assert "Big Tom is broken" in text and "Round 2 begins" in text

    # Round 2: Ugluk flees (poltroonery, 6 + 8 against 1 + 5) and gets away.
    pass_until(path, acting="ugluk")
    text = legal(path, {"actor": "ugluk", "action": "flee", "to": [24, 13]}, 6, 1)
    assert "gets away" in text
    pass_until(path, phase="Combat resolution")
    assert state(path)["outcome"] is None
    text = legal(path, {"actor": "gimbrick", "action": "fight", "target": "grishnak"}, 12, 1)
    assert "Grishnak is broken" in text
    s = state(path)
    assert all(s["figures"][f]["dead"] for f in raiders - {"ugluk"})
    assert not s["figures"]["ugluk"]["dead"]
    # The last raider standing fled the field: the encounter is over at once, the heroes'.
    assert s["outcome"] == "The encounter is over: blue wins", s["outcome"]
    ended = act(path, {"actor": "table", "action": "end_encounter", "winner": "blue"})
    assert not ended["legal"] and ended["reasons"][0]["code"] == "game_over"
    # Nothing moves once it is over.
    over = act(path, {"actor": "rook", "action": "pass"})
    assert not over["legal"] and over["reasons"][0]["code"] == "game_over"

    # The log, read by another process, ends with the last fight; the file reopens the same.
    log = run("log", path)
    lines = log.stdout.splitlines()
    assert log.returncode == 0 and any("Gimbrick fights Grishnak" in x for x in lines[-2:]), lines[
        -3:
    ]
    # Undo takes the last fight back (the encounter goes on); redo brings it again.
    done = Game.open(path).snapshot()
    assert game("undo", path)[0] == 0 and state(path)["outcome"] is None
    assert game("redo", path)[0] == 0 and Game.open(path).snapshot() == done
