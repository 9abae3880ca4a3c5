"""QUBQST runs played headless through ``brick-companion game``, beside
``test_qubqst_game_cli.py`` (which conquers a catacomb): here a single player's party is
worn down by traps and a fight until every character is dead, and a versus game where the
first player's party dies and the second player builds a catacomb of their own and
completes it, so the highest completed score wins.  The project's sample filling plays the
Quick Cards' numbers (``--option sample=all``); every cube is typed as the table rolled it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class Table:
    """One game file and the commands a table types at it."""

    def __init__(self, tmp_path: Path) -> None:
        self.home = tmp_path / "home"  # no user tables: the sample alone
        self.game = tmp_path / "q.game.jsonl"

    def run(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BRICK_COMPANION_HOME": str(self.home)}
        return subprocess.run(
            [sys.executable, "-m", "companion", "game", *map(str, args)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def new(self, *options: str) -> None:
        args = [f"--option={o}" for o in ("sample=all", *options)]
        made = self.run(
            "new",
            "--ruleset",
            "qubqst",
            "--seed",
            "4",
            *args,
            "--choice",
            "_game.party=war",
            self.game,
        )
        assert made.returncode == 0, made.stderr
        assert json.loads(made.stdout)["acting"] == "war"

    def act(self, action: dict[str, Any], dice: str | None = None) -> list[str]:
        extra = ["--dice", dice] if dice else []
        proc = self.run("act", self.game, json.dumps({"actor": "war", **action}), *extra)
        assert proc.returncode == 0, (action, proc.stdout, proc.stderr)
        events: list[str] = json.loads(proc.stdout)["events"]
        return events

    def refused(self, action: dict[str, Any]) -> list[str]:
        """The action is refused (exit 1) with these codes, and the file is unchanged."""
        before = self.game.read_bytes()
        proc = self.run("act", self.game, json.dumps({"actor": "war", **action}))
        assert proc.returncode == 1, (action, proc.stdout, proc.stderr)
        assert self.game.read_bytes() == before
        return [r["code"] for r in json.loads(proc.stdout)["reasons"]]

    def state(self) -> dict[str, Any]:
        proc = self.run("state", self.game)
        assert proc.returncode == 0, proc.stderr
        return dict(json.loads(proc.stdout))

    def hit_power(self) -> int:
        value: int = self.state()["figures"]["war"]["tracks"]["hit_power"]["value"]
        return value

    def build(self, golden: str, *faces: str, item: str) -> None:
        """Roll the party's item, the Golden Cube and one black cube a face, each joined
        north to the one before; enter the last by its south path."""
        self.act({"action": "start_item"}, dice=item)
        self.act({"action": "draw", "face": golden})
        before = "golden"
        for n, face in enumerate(faces, 1):
            cube = f"black{n}"
            self.act({"action": "draw", "cube": cube, "face": face})
            self.act({"action": "join", "cube": cube, "path": "N", "to": before, "to_path": "S"})
            before = cube
        self.act({"action": "enter", "cube": before, "path": "S"})


def test_a_lone_warrior_worn_down_by_traps_and_a_hobgoblin_loses(tmp_path: Path) -> None:
    t = Table(tmp_path)
    t.new()
    assert t.state()["phase"] == "Set-up"
    t.build("S/red+black", "NS/yellow", "NS/trap", "NS/trap", item="ant")
    assert t.state()["board"]["current"] == "black3"

    # A trap icon: the Warrior triggered it, cannot disarm it, and lets it go off.
    assert t.act({"action": "reveal"}, dice="rck") == ["Warrior triggers a trap: RCK"]
    assert t.refused({"action": "disarm"}) == ["not_a_thief"]
    assert t.refused({"action": "move_on", "path": "N"}) == ["encounter_unresolved"]
    t.act({"action": "spring"})
    assert t.hit_power() == 3
    t.act({"action": "move_on", "path": "N"})
    t.act({"action": "reveal"}, dice="bld")
    t.act({"action": "spring"})
    assert t.hit_power() == 1
    t.act({"action": "move_on", "path": "N"})
    assert t.act({"action": "reveal"}, dice="hob") == ["black1: HOB"]
    # 1 Hit Power: one Combat Cube against the Hobgoblin's 3; a hit beats a blank.
    events = t.act({"action": "fight", "foe": "black1_1"}, dice="blank,hit,blank,blank")
    assert "every character is dead: the quest is over" in events

    end = t.state()
    assert end["phase"] == "Over" and end["acting"] is None
    assert end["outcome"] == "every character is dead: the quest is lost"
    assert end["figures"]["war"]["dead"] is True
    assert t.refused({"action": "search_treasure", "cache": "gold"}) == ["game_over"]

    # Undo steps back before the fatal round; redo loses again.
    assert t.run("undo", t.game).returncode == 0
    back = t.state()
    assert back["outcome"] is None and back["phase"] == "Creatures"
    assert t.hit_power() == 1
    assert t.run("redo", t.game).returncode == 0
    assert t.state()["outcome"] == "every character is dead: the quest is lost"
    log = t.run("log", t.game)
    assert log.returncode == 0
    assert "the quest is over" in log.stdout.splitlines()[-1]


def test_versus_the_second_player_completes_and_wins(tmp_path: Path) -> None:
    t = Table(tmp_path)
    t.new("mode=versus", "players=ann,bob")
    assert t.refused({"action": "next_player"}) == ["run_over"]

    # Ann: two traps and a Hobgoblin, as above; her party dies with TRC (3 points).
    t.build("S/yellow+yellow", "NS/yellow", "NS/trap", "NS/trap", item="trc")
    t.act({"action": "reveal"}, dice="rck")
    t.act({"action": "spring"})
    t.act({"action": "move_on", "path": "N"})
    t.act({"action": "reveal"}, dice="bld")
    t.act({"action": "spring"})
    t.act({"action": "move_on", "path": "N"})
    t.act({"action": "reveal"}, dice="hob")
    t.act({"action": "fight", "foe": "black1_1"}, dice="blank,hit,blank,blank")
    ann = t.state()
    assert ann["outcome"] == "every character is dead: the quest is lost"  # no winner yet
    assert ann["headline"] == "Score 3"

    # Bob: a catacomb of his own, from an empty table, with a fresh Warrior.
    assert t.act({"action": "next_player"}) == ["bob sets up a catacomb of their own"]
    bob = t.state()
    assert bob["phase"] == "Set-up" and bob["outcome"] is None
    assert bob["board"]["places"] == {}
    assert t.hit_power() == 5
    t.build("S/yellow+yellow", "NS/", "NS/", "NES/", item="map")
    for _ in range(3):  # three empty cubes, each discarded as the party moves on
        t.act({"action": "reveal"})
        t.act({"action": "move_on", "path": "N"})
    assert t.state()["board"]["current"] == "golden"
    assert t.act({"action": "reveal"}, dice="kob,gob") == ["golden: KOB", "golden: GOB"]
    assert t.refused({"action": "sneak", "foe": "golden_1", "using": "clk"}) == [
        "no_such_item",
        "multiple_creatures",
    ]
    t.act({"action": "fight", "foe": "golden_1"}, dice="hit,blank,blank,blank,blank,blank")
    assert t.state()["outcome"] is None  # the Goblin is still there
    t.act(
        {"action": "fight", "foe": "golden_2"}, dice="critical,blank,blank,blank,blank,blank,blank"
    )
    end = t.state()
    # MAP 3 + 2 creatures x 2 + 1 survivor x 10 + 20 for completing = 37; Ann's 3 was no
    # completed run.
    assert end["outcome"] == "the catacombs are conquered: score 37; bob wins with 37"
    assert t.refused({"action": "next_player"}) == ["run_over"]
