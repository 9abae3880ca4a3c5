"""Issue #19, the leftovers: ``game new`` names the file or argument at fault; ``validate``
refuses a scenario the runner refuses (an unknown actor); a game is known by its suffix or
its first line's ``format``; a saved ``"hero_health": true`` is migrated or refused."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.commands import game as game_cmd
from companion.commands.validate import check_file, validate_files
from companion.rules.game import Game, GameFileError
from companion.rules.logchain import rechain
from companion.rules.maps import load_map_file
from companion.rules.scenario import ScenarioError, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "resources" / "dungeons"
PARTIES = ROOT / "resources" / "parties"
SCENARIOS = ROOT / "tests" / "scenarios"
DEMO = MAPS / "demo.json"
IAWWBR_MAP = MAPS / "iawwbr-demo.json"
HEROICA_MAP = MAPS / "heroica-draida-bay.json"
IAWWBR_ROSTER = PARTIES / "iawwbr-demo.roster.json"
HEROICA_ROSTER = PARTIES / "heroica-demo.roster.json"
BQ_PARTY = PARTIES / "demo.party.json"


def _new(capsys: pytest.CaptureFixture[str], *args: Any) -> tuple[int, str]:
    code = game_cmd.main(["new", *map(str, args)])
    return code, capsys.readouterr().err


# -- game new: every refusal starts with the file or the argument at fault --------------------


def _cases(tmp: Path) -> list[tuple[list[Any], str]]:
    """(arguments, what the refusal must start with after ``game new: error: ``)."""
    game = tmp / "g.game.jsonl"
    return [
        (["--map", DEMO, "--party", IAWWBR_ROSTER, game], str(IAWWBR_ROSTER)),
        (["--map", IAWWBR_MAP, "--party", HEROICA_ROSTER, game], str(HEROICA_ROSTER)),
        (["--map", HEROICA_MAP, "--party", BQ_PARTY, game], str(BQ_PARTY)),
        (["--map", IAWWBR_MAP, game], "--party"),
        (["--map", DEMO, "--ruleset", "heroica", game], "--ruleset heroica"),
        (["--map", DEMO, "--ruleset", "nosuch", game], "--ruleset nosuch"),
        (["--map", DEMO, "--choice", "brannoc.abilities=x", game], "--choice brannoc.abilities"),
        (["--map", DEMO, "--option", "nosuch=1", game], "--option"),
        (["--map", DEMO, "--seed", "-5", game], "--seed -5"),
        (["--map", DEMO, tmp / "no-such-folder" / "g.game.jsonl"], str(tmp / "no-such-folder")),
        (["--map", tmp / "missing.json", game], str(tmp / "missing.json")),
        (["--map", DEMO, DEMO], f"{DEMO}: already exists"),
    ]


@pytest.mark.parametrize("index", range(12))
def test_every_game_new_refusal_starts_with_the_file_or_argument_at_fault(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, index: int
) -> None:
    args, start = _cases(tmp_path)[index]
    code, err = _new(capsys, *args)
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    text = err.removeprefix("game new: error: ")
    assert text.startswith(start), err
    assert "new game:" not in err, err
    assert not (tmp_path / "g.game.jsonl").exists()


def test_a_party_sheet_that_does_not_fit_its_figure_names_the_party_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    party = json.loads(BQ_PARTY.read_bytes())
    a, b = party["characters"][0], party["characters"][1]
    for key in ("class_id", "hit_points", "max_hit_points", "spell_points", "max_spell_points"):
        a[key], b[key] = b[key], a[key]
    path = tmp_path / "swapped.party.json"
    path.write_text(json.dumps(party), encoding="utf-8")
    assert check_file(path) == ("party", [])  # a sound party file, not for this map
    code, err = _new(capsys, "--map", DEMO, "--party", path, tmp_path / "g.game.jsonl")
    assert code == 2 and err.startswith(f"game new: error: {path}: figures.0 (brannoc)"), err
    assert str(DEMO) in err


def test_a_map_at_fault_is_named_first(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = json.loads(DEMO.read_bytes())
    doc["figures"] = [f for f in doc["figures"] if f.get("monster")]  # no heroes left...
    for fig in doc["figures"]:
        fig["monster"] = "no_such_monster"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, err = _new(capsys, "--map", bad, tmp_path / "g.game.jsonl")
    assert code == 2 and err.startswith(f"game new: error: {bad}: "), err


# -- validate refuses what rules check refuses as bad input ------------------------------------


def _unknown_actor(tmp_path: Path, ruleset: str, name: str, expect: dict[str, Any]) -> Path:
    doc = json.loads((SCENARIOS / ruleset / name).read_bytes())
    check = next(c for c in doc["checks"] if "actor" in c and "query" not in c)
    for key in ("expect", "reason", "reasons", "then", "dice"):
        check.pop(key, None)
    check.update({"actor": "nobody", **expect})
    path = tmp_path / f"{ruleset}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


RULESET_FILES = [
    ("brickquest", "large_attack_second_square.json"),
    ("in_a_world_where_bricks_rule", "attack_in_base_contact.json"),
    ("heroica", "every_reason.json"),
]


@pytest.mark.parametrize(("ruleset", "name"), RULESET_FILES)
def test_a_check_naming_an_unknown_actor_is_bad_input_for_validate_and_rules_check(
    tmp_path: Path, ruleset: str, name: str
) -> None:
    path = _unknown_actor(tmp_path, ruleset, name, {"expect": "illegal"})
    with pytest.raises(ScenarioError) as err:
        run_scenario(load_scenario(path), str(path))
    assert "nobody" in str(err.value) and "checks." in str(err.value)
    kind, lines = check_file(path)
    assert kind == "scenario" and lines and lines[0].startswith(f"{path}: checks."), lines
    assert "nobody" in lines[0]


@pytest.mark.parametrize(("ruleset", "name"), RULESET_FILES[1:])
def test_a_check_testing_the_unknown_figure_refusal_still_passes(
    tmp_path: Path, ruleset: str, name: str
) -> None:
    path = _unknown_actor(
        tmp_path, ruleset, name, {"expect": "illegal", "reason": "unknown_figure"}
    )
    results = run_scenario(load_scenario(path), str(path))
    assert any(r.get("reasons") == ["unknown_figure"] and r["ok"] for r in results)
    assert check_file(path) == ("scenario", [])


# -- validate knows a game by its suffix or its first line's format ----------------------------


@pytest.fixture
def big_game(tmp_path: Path) -> Path:
    """A game whose header is over 64 KB (a map with a long name... and many squares)."""
    from companion.model.mapfile import FigurePlacement, new_document

    doc = new_document(300, 300, border=True, name="Big hall")
    doc.figures = [
        FigurePlacement(id="brannoc", side="party", class_id="human_warrior", at=(2, 2)),
        FigurePlacement(id="grok", side="dungeon", monster="orc", at=(9, 9)),
    ]
    path = tmp_path / "big.game.jsonl"
    Game.create(path, doc, seed=1)
    return path


def _rewritten(path: Path, name: str, header_first: list[str]) -> Path:
    """The game with its header's keys in another order (and re-chained), as ``name``."""
    lines = path.read_bytes().splitlines()
    header = json.loads(lines[0])
    ordered = {k: header[k] for k in header_first} | header
    lines[0] = json.dumps(ordered, indent=None).encode()  # spaces after ':' and ','
    out = path.with_name(name)
    out.write_bytes(rechain(lines))
    return out


@pytest.mark.parametrize("name", ["big.game.jsonl", "big.jsonl", "big.log"])
def test_a_long_hand_written_header_is_known_as_a_game(big_game: Path, name: str) -> None:
    other = big_game.with_name("x-" + name)
    path = _rewritten(big_game, other.name, ["version", "ruleset", "map"])
    assert len(path.read_bytes().splitlines()[0]) > 64 * 1024
    assert not path.read_bytes().startswith(b'{"format"')
    assert check_file(path) == ("game", [])


def test_a_game_named_as_one_is_checked_as_one(tmp_path: Path) -> None:
    path = tmp_path / "notes.game.jsonl"
    path.write_text('{"format": "brick-companion-map"}\n', encoding="utf-8")
    kind, lines = check_file(path)
    assert kind == "game" and lines and lines[0].startswith(f"{path}: line 1"), lines


# -- "hero_health": true in a game saved before option kinds -----------------------------------


def _heroica_game(tmp_path: Path, version: int, value: Any) -> Path:
    path = tmp_path / "h.game.jsonl"
    game = Game.create(path, load_map_file(HEROICA_MAP), seed=5)
    game.act({"actor": game.turn().acting, "action": "roll_move"})
    docs = [json.loads(line) for line in path.read_bytes().splitlines()]
    for record in docs[1:]:
        record.pop("chain", None)
    docs[0]["version"] = version
    docs[0]["options"] = {"hero_health": value}
    lines = [json.dumps(d).encode() for d in docs]
    path.write_bytes(rechain(lines) if version >= 2 else b"\n".join(lines) + b"\n")
    return path


def test_an_old_games_hero_health_tick_is_migrated_to_the_number_it_was_played_with(
    tmp_path: Path,
) -> None:
    path = _heroica_game(tmp_path, 1, True)
    old = path.read_bytes()
    out = io.StringIO()
    assert validate_files([path], out) == 0
    assert "options.hero_health: true saved by an older version is read as 1" in out.getvalue()
    assert path.read_bytes() == old
    game = Game.open(path)
    assert "options.hero_health: true" in game.notice
    assert game.header.options == {"hero_health": 1}
    assert game.figures()["knight"].max_hp == 1
    header = json.loads(path.read_bytes().splitlines()[0])
    assert header["options"] == {"hero_health": 1} and header["version"] == 2
    assert Game.open(path).notice == ""  # migrated once, for good


def test_an_old_games_hero_health_false_is_refused_naming_the_option(tmp_path: Path) -> None:
    path = _heroica_game(tmp_path, 1, False)
    with pytest.raises(GameFileError, match=r"line 1: options\.hero_health: false .*range"):
        Game.open(path)


@pytest.mark.parametrize("value", [True, "4", 4.5, None])
def test_a_chained_games_option_of_the_wrong_kind_is_refused(tmp_path: Path, value: Any) -> None:
    path = _heroica_game(tmp_path, 2, value)
    with pytest.raises(GameFileError, match=r"line 1: options\.hero_health: "):
        Game.open(path)
    kind, lines = check_file(path)
    assert kind == "game" and "options.hero_health" in lines[0]


def test_an_option_out_of_range_in_a_header_is_refused(tmp_path: Path) -> None:
    path = _heroica_game(tmp_path, 2, 0)
    with pytest.raises(GameFileError, match=r"options\.hero_health: 0 is out of range"):
        Game.open(path)


# -- scenario checks that could pass by accident -----------------------------------------------

ROOM = {"terrain": ["#######", "#.....#", "#######"]}
HARRY = {"id": "harry", "side": "party", "class": "human_warrior", "at": [1, 1], "facing": "E"}


def _scenario(tmp_path: Path, check: dict[str, Any]) -> Path:
    doc = {"ruleset": "brickquest", "map": ROOM, "figures": [HARRY], "checks": [check]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "extra",
    [{"expect": "legal", "reason": "occupied"}, {"then": {"harry": {"hp": 4}}, "reasons": []}],
)
def test_reasons_on_a_check_that_does_not_expect_a_refusal_are_bad_input(
    tmp_path: Path, extra: dict[str, Any]
) -> None:
    path = _scenario(tmp_path, {"actor": "harry", "action": "begin_turn", **extra})
    with pytest.raises(ScenarioError, match="reason"):
        run_scenario(load_scenario(path), str(path))
    assert check_file(path)[1][0].startswith(f"{path}: checks.0: reason")


def test_a_query_expecting_an_empty_object_is_bad_input(tmp_path: Path) -> None:
    path = _scenario(tmp_path, {"query": "distance", "from": [1, 1], "to": [3, 1], "expect": {}})
    with pytest.raises(ScenarioError, match="compares nothing"):
        run_scenario(load_scenario(path), str(path))
