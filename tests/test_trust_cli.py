"""Issue #19 (problems 1-3): what ``game new`` and ``game act`` take from the command line
and from a party file goes through the same strict, bounded loader as ``validate``; bad
input is exit 2 with the file or argument named, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.commands import game as game_cmd
from companion.commands.argtext import die_face, plain_number
from companion.commands.validate import check_file
from companion.rules.game import Game, GameFileError
from companion.rules.maps import load_map_file

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "resources" / "dungeons"
PARTIES = ROOT / "resources" / "parties"
DEMO_MAP = MAPS / "demo.json"
DEMO_PARTY = PARTIES / "demo.party.json"
GAMES = {
    "brickquest": (DEMO_MAP, DEMO_PARTY),
    "in_a_world_where_bricks_rule": (
        MAPS / "iawwbr-demo.json",
        PARTIES / "iawwbr-demo.roster.json",
    ),
    "heroica": (MAPS / "heroica-castle-fortaan.json", PARTIES / "heroica-demo.roster.json"),
}
BAD_NUMBERS = ["\u00b3", "\u0663", "\uff13", "9" * 5000, "3.0", "1e3", "\u2462"]


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    """``brick-companion game ARGS`` in-process: its exit status and its stderr."""
    try:
        code = game_cmd.main([str(a) for a in args])
    except SystemExit as exc:  # argparse
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


@pytest.fixture(scope="module")
def typed_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("games")
    out = {}
    for rid, (map_path, party) in GAMES.items():
        path = folder / f"{rid}.game.jsonl"
        code = game_cmd.main(
            ["new", "--map", str(map_path), "--party", str(party), "--dice", "typed", str(path)]
        )
        assert code == 0
        out[rid] = path
    return out


@pytest.mark.parametrize("rid", sorted(GAMES))
@pytest.mark.parametrize("face", BAD_NUMBERS)
def test_a_die_face_is_ascii_digits_only(
    capsys: pytest.CaptureFixture[str], typed_games: dict[str, Path], rid: str, face: str
) -> None:
    path = typed_games[rid]
    before = path.read_bytes()
    code, err = run(capsys, "act", path, '{"action": "roll_initiative"}', "--dice", f"{face},3")
    assert code == 2 and "ASCII digits" in err, err
    assert path.read_bytes() == before


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_an_option_value_is_ascii_digits_only(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str
) -> None:
    target = tmp_path / "o.game.jsonl"
    code, err = run(
        capsys, "new", "--map", DEMO_MAP, "--option", f"reroll_initiative={value}", target
    )
    assert code == 2 and "reroll_initiative" in err, err
    why = ("ASCII digits", "is not one of 0, 1, 3, 5", "at most 200 characters")
    assert any(w in err for w in why) and "Traceback" not in err, err
    assert not target.exists()


@pytest.mark.parametrize("seed", ["\u0663", "\uff17", "7" * 5000])
def test_a_seed_is_ascii_digits_only(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: str
) -> None:
    code, err = run(capsys, "new", "--map", DEMO_MAP, "--seed", seed, tmp_path / "s.game.jsonl")
    assert code == 2 and "--seed" in err


def test_the_small_checks() -> None:
    assert plain_number(" 12 ", "x") == 12 and plain_number("-3", "x") == -3
    assert die_face("3/Sword") == "3/Sword" and die_face("Shield") == "Shield"


def _party(**change: Any) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(DEMO_PARTY.read_bytes())
    doc.update(change)
    return doc


def _warrior_with_sp(doc: dict[str, Any]) -> dict[str, Any]:
    warrior = next(c for c in doc["characters"] if c["class_id"] == "human_warrior")
    warrior["spell_points"] = warrior["max_spell_points"] = 14
    return doc


def _hp_text(doc: dict[str, Any]) -> dict[str, Any]:
    doc["characters"][0]["hit_points"] = "12"
    return doc


def _surrogate(doc: dict[str, Any]) -> dict[str, Any]:
    doc["characters"][0]["name"] = "x\ud800y"
    return doc


def _bad_parties() -> dict[str, bytes]:
    text = DEMO_PARTY.read_text(encoding="utf-8")
    big = _party()
    big["characters"][0]["name"] = "x" * 200
    return {
        "iawwbr_roster": (PARTIES / "iawwbr-demo.roster.json").read_bytes(),
        "heroica_roster": (PARTIES / "heroica-demo.roster.json").read_bytes(),
        "version_999": json.dumps(_party(version=999)).encode(),
        "bad_utf8": text.replace("Brannoc", "Bran\udcffnoc").encode("utf-8", "surrogateescape"),
        "duplicate_key": text.replace('"version"', '"version": 1, "version"', 1).encode(),
        "hp_as_text": json.dumps(_hp_text(_party())).encode(),
        "warrior_sp": json.dumps(_warrior_with_sp(_party())).encode(),
        "surrogate_name": json.dumps(_surrogate(_party())).encode(),
        "over_the_cap": text.replace(
            '"characters"', '"pad": "' + "x" * 2_700_000 + '", "characters"'
        ).encode(),
    }


@pytest.mark.parametrize("name", sorted(_bad_parties()))
def test_game_new_reads_the_party_as_validate_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    party = tmp_path / f"{name}.party.json"
    party.write_bytes(_bad_parties()[name])
    target = tmp_path / "p.game.jsonl"
    code, err = run(capsys, "new", "--map", DEMO_MAP, "--party", party, target)
    assert code == 2 and str(party) in err, err
    assert not target.exists()
    if name not in ("iawwbr_roster", "heroica_roster"):  # sound rosters of another ruleset
        assert check_file(party)[1], f"validate accepts {name}"


def test_every_game_new_refusal_names_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = json.loads((PARTIES / "iawwbr-demo.roster.json").read_bytes())
    roster["characters"][0]["class"] = "no_such_class"
    party = tmp_path / "bad.roster.json"
    party.write_text(json.dumps(roster), encoding="utf-8")
    map_path = GAMES["in_a_world_where_bricks_rule"][0]
    code, err = run(capsys, "new", "--map", map_path, "--party", party, tmp_path / "x.game.jsonl")
    assert code == 2 and str(party) in err, err


def test_the_window_cannot_write_a_name_no_file_can_hold(tmp_path: Path) -> None:
    party = {"characters": [{"id": "brannoc", "name": "x\ud800y"}]}
    path = tmp_path / "w.game.jsonl"
    with pytest.raises(GameFileError, match="U\\+D800"):
        Game.create(path, load_map_file(DEMO_MAP), party=party, seed=1)
    assert not path.exists()


def test_a_party_sheet_beyond_its_class_card_is_refused(tmp_path: Path) -> None:
    doc = load_map_file(DEMO_MAP)
    for sheet, words in (
        ({"id": "brannoc", "hit_points": 99, "max_hit_points": 99}, "99 hit points"),
        ({"id": "brannoc", "spell_points": 14}, "14 spell points"),
        ({"id": "brannoc", "hit_points": "12"}, "whole number"),
    ):
        with pytest.raises(GameFileError, match=words):
            Game.create(tmp_path / "b.game.jsonl", doc, party={"characters": [sheet]}, seed=1)
