"""A QUBQST game's party sheet on paper without a window: ``brick-companion game`` builds
the catacomb and fights (typed cubes), then ``brick-companion sheets GAME -o PDF`` prints
the party sheet as the game has it (read back with pdftotext), as the window's Party tab
does; a game file that is not one says so in one line."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def act(game: Path, action: dict[str, object], dice: str | None = None) -> dict[str, object]:
    extra = ["--dice", dice] if dice is not None else []
    done = cli("game", "act", str(game), json.dumps({"actor": "@acting", **action}), *extra)
    assert done.returncode == 0, done.stdout + done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler)")
def test_a_played_qubqst_game_prints_its_party_sheet(tmp_path: Path) -> None:
    game = tmp_path / "run.game.jsonl"
    made = cli(
        "game", "new", "--ruleset", "qubqst", "--choice", "_game.party=war+wiz",
        "--option", "sample=all", "--dice", "typed", str(game),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    act(game, {"action": "start_item"}, "ant")
    act(game, {"action": "draw"}, "S/yellow+orange")
    act(game, {"action": "draw", "cube": "black3"}, "NS/orange")
    act(game, {"action": "join", "cube": "black3", "path": "N", "to": "golden", "to_path": "S"})
    state = json.loads(cli("game", "state", str(game)).stdout)
    assert "black3" in json.dumps(state)
    out = tmp_path / "party.pdf"
    done = cli("sheets", str(game), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "sheets" in done.stdout and out.is_file()
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    for word in ("Warrior", "Wizard", "Hit Power", "Casting Points", "Party", "Gold", "Gems"):
        assert word in text, (word, text)
    assert "ANT" in text.upper()  # the first item rolled, on the sheet


def test_a_broken_game_file_is_one_line(tmp_path: Path) -> None:
    game = tmp_path / "bad.game.jsonl"
    game.write_text('{"format": "brick-companion-game", "ruleset": "qubqst"}\n')
    done = cli("sheets", str(game), "-o", str(tmp_path / "x.pdf"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert str(game) in done.stderr and "Traceback" not in done.stderr
