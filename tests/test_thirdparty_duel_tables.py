"""A third-party ruleset's table the user fills in: Brick Duel's places.

The duel (``tests/thirdparty/brick_duel``) declares its board's places as a user table
(``UserTables``) with no edit to ``companion/``; a place of the user's own is validated by
the same loader as the bundled ones, reported by ``validate --user-tables``, played on
through ``brick-companion game``, and a broken file is refused with its place named.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.rules.ruleset import available_rulesets

ROOT = Path(__file__).resolve().parents[1]

MOAT = """format_version = 1

[[places]]
id = "gate"
label = "Gate"
kind = "door"
at = [0, 1]
links = ["yard", "moat"]

[[places]]
id = "moat"
label = "Moat"
kind = "water"
at = [0, 2]
links = [{links}]
"""


@pytest.fixture(autouse=True)
def installed() -> None:
    assert "duel" in available_rulesets(), "pip install -e tests/thirdparty/brick_duel"


def run(home: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BRICK_COMPANION_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "companion", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def user_places(home: Path, links: str) -> Path:
    """The user's own places file, as ``validate`` names its folder."""
    proc = run(home, "validate", "--user-tables")
    assert proc.returncode == 0, proc.stderr
    folder = proc.stdout.split(" in ", 1)[1].split(" (", 1)[0].replace("<ruleset>", "duel")
    path = Path(folder) / "places.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(MOAT.format(links=links), encoding="utf-8")
    return path


def act(home: Path, game: Path, action: dict[str, Any]) -> dict[str, Any]:
    proc = run(home, "game", "act", game, json.dumps({"actor": "@acting", **action}))
    assert proc.returncode in (0, 1), proc.stderr
    return dict(json.loads(proc.stdout))


def test_a_place_of_the_users_own_is_checked_listed_and_played(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = user_places(home, '"gate"')
    checked = run(home, "validate", "--user-tables")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "moat" in checked.stdout and "replaces" in checked.stdout  # the gate, redrawn

    game = tmp_path / "duel.game.jsonl"
    made = run(home, "game", "new", "--ruleset", "duel", "--seed", "1", game)
    assert made.returncode == 0, made.stderr
    board = json.loads(run(home, "game", "state", game).stdout)["board"]
    assert "moat" in board["places"]
    assert act(home, game, {"action": "move", "place": "moat"})["legal"] is True
    board = json.loads(run(home, "game", "state", game).stdout)["board"]
    assert board["places"]["moat"] == ["red"]
    assert path.exists()


def test_a_broken_place_is_named_and_the_bundled_board_plays(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = user_places(home, '"gate", "nowhere"')
    checked = run(home, "validate", "--user-tables")
    assert checked.returncode == 2
    said = checked.stdout + checked.stderr
    assert path.name in said and "moat" in said and "links" in said and "nowhere" in said
    assert "Traceback" not in said

    game = tmp_path / "duel.game.jsonl"
    assert run(home, "game", "new", "--ruleset", "duel", "--seed", "1", game).returncode == 0
    refused = act(home, game, {"action": "move", "place": "moat"})
    assert refused["legal"] is False  # the user's file is out of play as a whole
    assert path.read_text(encoding="utf-8") == MOAT.format(links='"gate", "nowhere"')


def test_a_game_says_when_the_users_rows_it_began_with_have_changed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = user_places(home, '"gate"')
    game = tmp_path / "duel.game.jsonl"
    assert run(home, "game", "new", "--ruleset", "duel", "--seed", "1", game).returncode == 0
    header = json.loads(game.read_text(encoding="utf-8").splitlines()[0])
    assert set(header["user_tables"]) == {"places"}
    same = run(home, "game", "state", game)
    assert same.returncode == 0 and "changed" not in same.stderr

    # A change that the game survives: told, and played on.
    path.write_text(MOAT.format(links='"gate"').replace('"Moat"', '"Deep Moat"'), "utf-8")
    told = run(home, "game", "state", game)
    assert told.returncode == 0, told.stderr
    assert "your Places table(s) have changed since this game began" in told.stderr

    # A change that breaks the game's own log: refused, saying why, the file kept.
    assert act(home, game, {"action": "move", "place": "moat"})["legal"] is True
    kept = game.read_bytes()
    path.unlink()
    broken = run(home, "game", "state", game)
    assert broken.returncode != 0 and "Traceback" not in broken.stderr
    assert "Places table(s) have changed" in broken.stderr
    assert game.read_bytes() == kept
