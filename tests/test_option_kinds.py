"""Options have kinds (switch, whole number with a range, decimal, choice, text), and one
function reads a value by its spec for the New Game dialog and ``game new --option``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.rules.game import Game
from companion.rules.ruleset import get_ruleset
from companion.rules.setups import OptionError, option_value, read_options
from companion.rules.table import OptionSpec

ROOT = Path(__file__).resolve().parents[1]
HEROICA_MAP = ROOT / "resources" / "dungeons" / "heroica-draida-bay.json"
RULESETS = ("brickquest", "in_a_world_where_bricks_rule", "heroica")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_option_says_what_it_is_and_its_default_reads_back(ruleset: str) -> None:
    specs = get_ruleset(ruleset).option_specs()
    assert specs
    for spec in specs:
        assert option_value(spec, spec.default) == spec.default
        # The default as typed on the command line reads to the same value.
        typed = str(spec.default).lower() if spec.kind == "switch" else str(spec.default)
        assert option_value(spec, typed) == spec.default, spec.key


def test_heroica_counts_are_whole_numbers_with_their_range() -> None:
    specs = {s.key: s for s in get_ruleset("heroica").option_specs()}
    for key in ("hero_health", "fire_track_length", "boss_track_length", "hero_strength"):
        assert (specs[key].kind, specs[key].minimum) == ("number", 1), key
    for key in ("starting_gold", "monster_figures_per_kind", "boss_gold"):
        assert (specs[key].kind, specs[key].minimum) == ("number", 0), key
    assert specs["starting_skill_points"].maximum == 4
    assert specs["golem_retreats_undamaged"].kind == "switch"
    assert specs["hero_defeat"].kind == "choice"


def test_a_spec_whose_default_is_not_its_kind_is_refused() -> None:
    with pytest.raises(ValidationError, match="not a switch"):
        OptionSpec(key="x", label="X", kind="switch", default=4)
    with pytest.raises(ValidationError, match="out of its range"):
        OptionSpec(key="x", label="X", kind="number", default=0, minimum=1)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("x", "options.hero_health: 'x' is not a whole number 1 or more"),
        ("\u0663", "digits 0-9"),  # an Arabic-Indic three
        ("4.5", "not a whole number"),
        ("0", "out of range (1 or more)"),
        (True, "give a whole number"),
    ],
)
def test_a_bad_number_names_the_option(raw: object, words: str) -> None:
    spec = next(s for s in get_ruleset("heroica").option_specs() if s.key == "hero_health")
    with pytest.raises(OptionError) as err:
        option_value(spec, raw)
    assert words in str(err.value)


def test_read_options_reads_text_by_kind_and_refuses_an_unknown_option() -> None:
    specs = get_ruleset("heroica").option_specs()
    got = read_options(
        specs, {"hero_health": "6", "golem_retreats_undamaged": "true", "hero_defeat": "out"}
    )
    assert got == {"hero_health": 6, "golem_retreats_undamaged": True, "hero_defeat": "out"}
    with pytest.raises(OptionError, match=r"options\.bogus: .*hero_health"):
        read_options(specs, {"bogus": "1"})
    with pytest.raises(OptionError, match=r"options\.hero_defeat: 'maybe' is not one of"):
        read_options(specs, {"hero_defeat": "maybe"})


def _game_new(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "game", "new", "--map", str(HEROICA_MAP), *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_game_new_option_reads_the_spec(tmp_path: Path) -> None:
    done = _game_new(tmp_path, "--option", "hero_health=6", "q.game.jsonl")
    assert done.returncode == 0, done.stderr
    game = Game.open(tmp_path / "q.game.jsonl")
    assert game.header.options == {"hero_health": 6}
    assert {f.max_hp for f in game.figures().values() if f.is_character} == {6}


@pytest.mark.parametrize("value", ["six", "\u0666", "0", ""])
def test_game_new_bad_option_exits_2_naming_it(tmp_path: Path, value: str) -> None:
    done = _game_new(tmp_path, "--option", f"hero_health={value}", "q.game.jsonl")
    assert done.returncode == 2
    assert "options.hero_health" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "q.game.jsonl").exists()
