"""Issue #19 (problems 4-5): a game log shows any edit (its records are chained by hashes),
its header is checked like the files it came from, its types are strict, old logs are
chained on opening, and ``validate`` reads every game the app writes."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.commands.validate import check_file, validate_files
from companion.model.dungeon import Terrain
from companion.model.mapfile import FigurePlacement, MapDocument, MapOptions, new_document
from companion.rules.game import Game, GameFileError
from companion.rules.logchain import rechain
from companion.rules.maps import load_map_file

ROOT = Path(__file__).resolve().parent.parent
DEMO_MAP = ROOT / "resources" / "dungeons" / "demo.json"
HEROICA_MAP = ROOT / "resources" / "dungeons" / "heroica-castle-fortaan.json"
PARTIES = ROOT / "resources" / "parties"
IAWWBR = "in_a_world_where_bricks_rule"
DUEL: dict[str, Any] = {
    "format": "brick-companion-roster",
    "ruleset": IAWWBR,
    "name": "Duel",
    "sides": ["red", "blue"],
    "characters": [
        {"id": "ann", "name": "Ann", "side": "red", "level": 2, "class": "swordsman",
         "armor": "chainmail", "weapon": "sword", "shield": False},
        {"id": "bob", "name": "Bob", "side": "blue", "level": 1, "class": "vigilante",
         "armor": "leather", "weapon": "other_melee"},
    ],
}  # fmt: skip


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


def parsed(path: Path) -> list[dict[str, Any]]:
    out = [json.loads(line) for line in lines(path)]
    for record in out[1:]:
        record.pop("chain", None)
    return out


def write(path: Path, docs: list[dict[str, Any]]) -> None:
    """Edited lines with the chain made anew: only the checks of the content can refuse."""
    path.write_bytes(rechain([json.dumps(d).encode() for d in docs]))


def write_unchained(path: Path, docs: list[dict[str, Any]]) -> None:
    """Edited lines as a version 1 log (no chain): the checks of the content alone refuse."""
    docs[0]["version"] = 1
    path.write_bytes(b"".join(json.dumps(d).encode() + b"\n" for d in docs))


def refused(path: Path, words: str) -> str:
    with pytest.raises(GameFileError) as info:
        Game.open(path)
    message = str(info.value)
    assert path.name in message and words in message, message
    kind, problems = check_file(path)
    assert kind == "game" and problems and str(path) in problems[0], problems
    return message


@pytest.fixture
def brickquest(tmp_path: Path) -> Path:
    """A BrickQuest game with the demo party: initiative (app dice), two turns begun."""
    path = tmp_path / "bq.game.jsonl"
    party = json.loads((PARTIES / "demo.party.json").read_bytes())
    game = Game.create(path, load_map_file(DEMO_MAP), party=party, seed=3)
    for _ in range(2):
        fid = game.turn().acting
        game.act({"actor": fid, "action": "begin_turn"})
        game.act({"actor": fid, "action": "end_turn"})
    return path


@pytest.fixture
def heroica(tmp_path: Path) -> Path:
    path = tmp_path / "h.game.jsonl"
    party = json.loads((PARTIES / "heroica-demo.roster.json").read_bytes())
    game = Game.create(path, load_map_file(HEROICA_MAP), party=party, seed=5)
    game.act({"actor": game.turn().acting, "action": "roll_move"})
    game.undo()
    game.redo()
    return path


def duel_table() -> MapDocument:
    doc = new_document(24, 8, border=False, name="Duel table")
    doc.dungeon.terrain[0, :] = int(Terrain.WALL)
    doc.figures = [
        FigurePlacement(id="ann", side="red", class_id="swordsman", at=(4, 4)),
        FigurePlacement(id="bob", side="blue", class_id="vigilante", at=(14, 4)),
    ]
    doc.options = MapOptions(ruleset=IAWWBR)
    return doc


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    """An IAWWBR duel, typed dice: the activation roll, Bob's move, Bob's attack."""
    path = tmp_path / "duel.game.jsonl"
    game = Game.create(path, duel_table(), party=DUEL, dice="typed", seed=1)
    game.act({"action": "roll_activation"}, faces=[3, 3, 3, 3])
    game.act({"actor": "bob", "action": "move", "to": [6, 4]})
    game.act({"actor": "bob", "action": "attack", "target": "ann"}, faces=[9])
    return path


# -- problem 5: edits show ------------------------------------------------------------------


@pytest.mark.parametrize("which", ["brickquest", "heroica"])
def test_a_record_deleted_in_the_middle_is_refused(which: str, request: Any) -> None:
    path: Path = request.getfixturevalue(which)
    kept = lines(path)
    assert len(kept) >= 4
    del kept[2]
    path.write_bytes(b"\n".join(kept) + b"\n")
    refused(path, "line 3: the chain hash does not match")


def test_two_moves_swapped_are_refused(duel: Path) -> None:
    kept = lines(duel)
    kept[2], kept[3] = kept[3], kept[2]
    duel.write_bytes(b"\n".join(kept) + b"\n")
    refused(duel, "line 3: the chain hash")


@pytest.mark.parametrize("index", [1, 2])  # the initiative roll, a move
def test_a_record_duplicated_is_refused(duel: Path, index: int) -> None:
    kept = lines(duel)
    kept.insert(index + 1, kept[index])
    duel.write_bytes(b"\n".join(kept) + b"\n")
    refused(duel, f"line {index + 2}: the chain hash")


def test_a_last_record_altered_is_refused(duel: Path) -> None:
    kept = lines(duel)
    kept[-1] = kept[-1].replace(b'"faces":[9]', b'"faces":[19]')
    duel.write_bytes(b"\n".join(kept) + b"\n")
    refused(duel, f"line {len(kept)}: the chain hash")


@pytest.mark.parametrize("chained", [True, False], ids=["chained", "version_1"])
def test_a_header_party_beyond_the_class_card_is_refused(brickquest: Path, chained: bool) -> None:
    docs = parsed(brickquest)
    brannoc = next(c for c in docs[0]["party"]["characters"] if c["id"] == "brannoc")
    brannoc["hit_points"] = brannoc["max_hit_points"] = 99
    (write if chained else write_unchained)(brickquest, docs)
    refused(brickquest, "line 1")


def test_a_heroica_roster_in_a_brickquest_header_is_refused(brickquest: Path) -> None:
    docs = parsed(brickquest)
    docs[0]["party"] = json.loads((PARTIES / "heroica-demo.roster.json").read_bytes())
    write(brickquest, docs)
    refused(brickquest, "heroica")


def test_a_heroica_roster_in_an_unchained_brickquest_header_is_refused(brickquest: Path) -> None:
    docs = parsed(brickquest)
    docs[0]["party"] = json.loads((PARTIES / "heroica-demo.roster.json").read_bytes())
    write_unchained(brickquest, docs)
    refused(brickquest, "heroica")


LAX = [(0, "seed", "7"), (1, "forced", "yes"), (1, "faces", ["6", "3"])]


@pytest.mark.parametrize("chained", [True, False], ids=["chained", "version_1"])
@pytest.mark.parametrize(("line", "key", "value"), LAX)
def test_lax_types_in_a_log_are_refused(
    brickquest: Path, line: int, key: str, value: Any, chained: bool
) -> None:
    docs = parsed(brickquest)
    if key == "faces":
        docs[line]["rolls"][0]["faces"] = value
    else:
        docs[line][key] = value
    (write if chained else write_unchained)(brickquest, docs)
    refused(brickquest, f"line {line + 1}")


@pytest.mark.parametrize("chained", [True, False], ids=["chained", "version_1"])
@pytest.mark.parametrize(("key", "value"), [("level", "12"), ("shield", "yes")])
def test_lax_roster_types_in_a_header_are_refused(
    duel: Path, key: str, value: str, chained: bool
) -> None:
    docs = parsed(duel)
    docs[0]["party"]["characters"][0][key] = value
    (write if chained else write_unchained)(duel, docs)
    refused(duel, "line 1")


# -- old logs, torn lines, long headers -------------------------------------------------------


def test_an_old_unchained_log_is_chained_on_opening(duel: Path) -> None:
    before = Game.open(duel).snapshot()
    docs = parsed(duel)
    docs[0]["version"] = 1
    old = b"".join(json.dumps(d).encode() + b"\n" for d in docs)
    duel.write_bytes(old)
    assert check_file(duel) == ("game", [])  # validate reads it, unchanged
    assert duel.read_bytes() == old
    game = Game.open(duel)
    assert game.snapshot() == before
    assert "brought to game file version 2" in game.notice
    assert duel.with_name(duel.name + ".bak").read_bytes() == old
    chained = lines(duel)
    assert json.loads(chained[0])["version"] == 2
    assert all(x.startswith(b'{"chain":"') for x in chained[1:])
    game.act({"action": "roll_activation"}, faces=[5, 5, 5, 5])  # appends stay chained
    assert Game.open(duel).snapshot() == game.snapshot()
    kept = lines(duel)
    del kept[2]
    duel.write_bytes(b"\n".join(kept) + b"\n")
    refused(duel, "line 3: the chain hash")


def test_validate_reports_a_torn_last_line(duel: Path) -> None:
    data = duel.read_bytes()
    duel.write_bytes(data + b'{"chain":"0123')
    out = io.StringIO()
    assert validate_files([duel], out) == 0
    assert "line 5 was cut off" in out.getvalue() and "ok (game)" in out.getvalue()
    assert duel.read_bytes() == data + b'{"chain":"0123'  # validate changes nothing


def test_validate_reads_a_game_whose_header_is_long(tmp_path: Path) -> None:
    doc = new_document(300, 300, border=True, name="Big hall")
    doc.figures = [
        FigurePlacement(id="brannoc", side="party", class_id="human_warrior", at=(2, 2)),
        FigurePlacement(id="grok", side="dungeon", monster="orc", at=(9, 9)),
    ]
    path = tmp_path / "big.game.jsonl"
    Game.create(path, doc, seed=1)
    assert len(lines(path)[0]) > 64 * 1024
    assert check_file(path) == ("game", [])


def test_a_name_longer_than_a_party_file_allows_is_refused_leaving_no_file(
    tmp_path: Path,
) -> None:
    party = {"characters": [{"id": "brannoc", "name": "B" * 10_000}]}
    path = tmp_path / "long.game.jsonl"
    with pytest.raises(GameFileError, match="at most 80 characters"):
        Game.create(path, load_map_file(DEMO_MAP), party=party, seed=1)
    assert not path.exists()


def test_a_header_under_another_ruleset_than_its_map_is_refused(brickquest: Path) -> None:
    docs = parsed(brickquest)
    docs[0]["ruleset"] = "heroica"
    write(brickquest, docs)
    refused(brickquest, "made for the ruleset 'brickquest', not 'heroica'")
