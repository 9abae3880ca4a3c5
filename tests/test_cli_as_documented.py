"""The command line as the README and ``--help`` describe it: ``game --help`` names every
subcommand, ``"actor": "@acting"`` acts as whoever acts now, ``sheets`` prints a Heroica
game's hero cards even without a roster, and a coin's worth is said once on a sheet."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.character import Character

ROOT = Path(__file__).resolve().parents[1]
RES = ROOT / "resources"


def run(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_game_help_describes_every_subcommand() -> None:
    done = run("game", "--help")
    assert done.returncode == 0
    for name in ("new", "act", "state", "undo", "redo", "log"):
        assert f"    {name} " in done.stdout, name
    assert "@acting" in done.stdout and "exit status" in done.stdout


def test_acting_stands_for_whoever_acts_now(tmp_path: Path) -> None:
    game = tmp_path / "demo.game.jsonl"
    party = RES / "parties" / "demo.party.json"
    made = run("game", "new", "--map", RES / "dungeons" / "demo.json", "--party", party,
               "--seed", "7", game)  # fmt: skip
    assert made.returncode == 0, made.stderr
    acting = json.loads(made.stdout)["acting"]
    done = run("game", "act", game, '{"actor": "@acting", "action": "end_turn"}')
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["legal"] is True
    log = run("game", "log", game).stdout
    assert acting.capitalize() in log


def test_acting_when_nobody_acts_is_bad_input(tmp_path: Path) -> None:
    game = tmp_path / "quest.game.jsonl"
    board = RES / "dungeons" / "heroica-draida-bay.json"
    assert run("game", "new", "--map", board, "--dice", "typed", game).returncode == 0
    done = run("game", "act", game, '{"actor": "@acting", "action": "roll_move"}')
    assert done.returncode == 2 and "nobody acts now" in done.stderr


def test_sheets_of_a_heroica_game_without_a_roster_are_its_hero_cards(tmp_path: Path) -> None:
    """It printed "6 pages for 0 characters" of BrickQuest aids."""
    game = tmp_path / "quest.game.jsonl"
    board = RES / "dungeons" / "heroica-draida-bay.json"
    assert run("game", "new", "--map", board, "--seed", "3", game).returncode == 0
    done = run("sheets", game, "-o", tmp_path / "cards.pdf")
    assert done.returncode == 0, done.stderr
    assert "pages for 4 characters" in done.stdout
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF")


def test_a_coins_worth_is_said_once() -> None:
    from companion.printing.rulesets.brickquest.sheet_text import swag_lines

    catalog = default_catalog()
    fresh = Character.create(next(iter(catalog.classes.values())), "Brannoc", "Ann")
    hero = fresh.model_copy(update={"swag": ["coin_20", "coin_10", "coin_10"]})
    lines = swag_lines(hero, catalog)
    assert "Coin (20 gold)" in lines and "Coin (10 gold) ×2" in lines
    assert not any(line.count("gold") > 1 for line in lines if line.startswith("Coin"))
    assert lines[-1] == "Total: 40 gold"
