"""``brick-companion sheets``: a PDF of the party's sheets without a window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pypdf

DEMO = Path(__file__).resolve().parent.parent / "resources" / "parties" / "demo.party.json"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run(
        [sys.executable, "-m", "companion", "sheets", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def test_exports_letter_pages_without_a_display(tmp_path: Path) -> None:
    out = tmp_path / "sheets.pdf"
    result = run(str(DEMO), "-o", str(out), "--paper", "letter")
    assert result.returncode == 0, result.stderr
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) >= 6
    box = reader.pages[0].mediabox
    assert round(float(box.width)) == 612 and round(float(box.height)) == 792  # 8.5 x 11 in
    assert "Brannoc" in " ".join(reader.pages[0].extract_text().split())


def test_bad_party_exits_2_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.party.json"
    bad.write_text(DEMO.read_text().replace('"healing_potion"', '"healing_potoin"'))
    out = tmp_path / "sheets.pdf"
    result = run(str(bad), "-o", str(out))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(
        "sheets: error: bad.party.json: characters[0] 'Brannoc'.swag[1]: unknown item "
        "'healing_potoin'; did you mean 'healing_potion'"
    )
    assert not out.exists()


def test_a_game_prints_the_game_s_hit_points(tmp_path: Path) -> None:
    import json

    from companion.rules.game import Game
    from companion.rules.maps import load_map_bytes

    demo_map = DEMO.parent.parent / "dungeons" / "demo.json"
    game_path = tmp_path / "g.game.jsonl"
    game = Game.create(
        game_path, load_map_bytes(demo_map.read_bytes()), party=json.loads(DEMO.read_text()), seed=7
    )
    game.act({"actor": "brickmaster", "action": "adjust", "figure": "brannoc", "hp": 4})
    out = tmp_path / "game.pdf"
    result = run(str(game_path), "-o", str(out), "--no-aids")
    assert result.returncode == 0, result.stderr
    first = " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    assert "Brannoc" in first and "4 / 12" in first
    broken = tmp_path / "broken.game.jsonl"
    broken.write_text("{not a game\n")
    bad = run(str(broken), "-o", str(tmp_path / "x.pdf"))
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "broken.game.jsonl" in bad.stderr
