"""``brick-companion validate``: every problem of every file, with its place; exit 0 or 2."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from companion.commands.validate import check_file, validate_files

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "resources" / "dungeons" / "demo.json"
PARTY = ROOT / "resources" / "parties" / "demo.party.json"
SCENARIO = ROOT / "tests" / "scenarios" / "brickquest" / "move_diagonal_costs_two.json"


def test_sound_files_pass() -> None:
    out = io.StringIO()
    assert validate_files([MAP, PARTY, SCENARIO], out) == 0
    assert out.getvalue().splitlines() == [
        f"{MAP}: ok (map)",
        f"{PARTY}: ok (party)",
        f"{SCENARIO}: ok (scenario)",
    ]


def test_every_problem_is_listed_with_its_place(tmp_path: Path) -> None:
    doc = json.loads(MAP.read_bytes())
    doc["figures"][0]["class"] = "human_wariror"
    doc["figures"][1]["at"] = [0, 0]
    doc["floor"][3] = "\u212a" + doc["floor"][3][1:]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    kind, lines = check_file(bad)
    assert kind == "map" and len(lines) == 3, lines
    assert all(line.startswith(f"{bad}: ") for line in lines)
    joined = "\n".join(lines)
    assert "floor row 3, column 0" in joined
    assert "figures[0] 'brannoc'.class: unknown class 'human_wariror'" in joined
    assert "figures[1] 'lira': stands on wall at [0, 0]" in joined


def test_unknown_and_special_files(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}')
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    out = io.StringIO()
    assert validate_files([other, fifo, tmp_path, tmp_path / "gone.json"], out) == 2
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(f"{other}: not a project file")
    assert lines[1] == f"{fifo}: not a regular file (a named pipe); expected a project file"
    assert lines[2] == f"{tmp_path}: not a regular file (a folder); expected a project file"
    assert lines[3].startswith(f"{tmp_path / 'gone.json'}: cannot read the file")


def test_as_a_command(tmp_path: Path) -> None:
    bad = tmp_path / "p.party.json"
    bad.write_text(PARTY.read_text().replace('"max_hit_points": 12', '"max_hit_points": 99', 1))
    result = subprocess.run(
        [sys.executable, "-m", "companion", "validate", str(MAP), str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.splitlines() == [
        f"{MAP}: ok (map)",
        f"{bad}: characters[0] 'Brannoc'.max_hit_points: 99 is above the human_warrior "
        "maximum of 12",
    ]


def test_validate_never_changes_a_game_file(tmp_path: Path) -> None:
    from companion.rules.game import Game
    from companion.rules.maps import load_map_bytes

    demo_map = ROOT / "resources" / "dungeons" / "demo.json"
    path = tmp_path / "torn.game.jsonl"
    Game.create(path, load_map_bytes(demo_map.read_bytes()), seed=3)
    with path.open("ab") as fh:
        fh.write(b'{"type": "action", "action": {"actor"')  # a crash mid-write
    before = path.read_bytes()
    from companion.commands.validate import validate_files

    assert validate_files([path]) == 0
    assert path.read_bytes() == before
    assert Game.open(path).notice  # opening it in the app mends it, with a notice
    assert path.read_bytes() != before
