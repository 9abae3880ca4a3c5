"""User-filled rules data (``companion.rules.user_tables``): one loader for bundled and
user files, each row with its source, problems naming file, entry, line and field, the
merge (override or add only), atomic writes, and BrickQuest's monsters in play."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from companion import userdirs
from companion.rules.ruleset import get_ruleset
from companion.rules.scenario import load_scenario, run_scenario
from companion.rules.user_tables import (
    TableFileError,
    TableSpec,
    UserTables,
    dump_table,
    load_table,
    read_table_file,
    save_user_table,
    table_specs,
    user_file,
)
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.user_tables import catalog_in_play, monsters_table
from companion.rulesets.in_a_world_where_bricks_rule.catalog import (
    default_catalog as iawwbr_default_catalog,
)
from companion.rulesets.in_a_world_where_bricks_rule.user_tables import (
    catalog_in_play as iawwbr_catalog_in_play,
)
from companion.rulesets.in_a_world_where_bricks_rule.user_tables import classes_table

GOBLIN = {
    "id": "goblin",
    "name": "Goblin",
    "move": 3,
    "defense_dice": 2,
    "initiative": 5,
    "hit_points": 6,
    "attack": {"melee_dice": 2},
}
HYDRA = {**GOBLIN, "id": "hydra", "name": "Hydra", "hit_points": 14}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's folders under ``tmp_path`` (``BRICK_COMPANION_HOME``)."""
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"


def write_monsters(entries: list[dict[str, object]], extra: str = "") -> Path:
    path = user_file(monsters_table(), "brickquest")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_table(monsters_table(), entries) + extra, "utf-8")
    return path


# -- a small table of a ruleset of nobody's: the generic machinery ---------------------


class Creature(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    hit_power: int


def creature_spec(tmp_path: Path, overrides: bool) -> TableSpec[Creature]:
    bundled = tmp_path / "creatures.toml"
    bundled.write_text(
        'format_version = 1\n\n[[creatures]]\nid = "kob"\nname = "Kobold"\nhit_power = 2\n'
        '\n[[creatures]]\nid = "gob"\nname = "Goblin"\nhit_power = 3\n',
        "utf-8",
    )
    return TableSpec(
        id="creatures", title="Creatures", row=Creature, bundled=bundled, overrides=overrides
    )


def test_bundled_and_user_rows_are_read_by_one_loader_with_their_source(
    tmp_path: Path, home: Path
) -> None:
    spec = creature_spec(tmp_path, overrides=True)
    path = user_file(spec, "quest")
    path.parent.mkdir(parents=True)
    path.write_text(
        'format_version = 1\n# mine\n\n[[creatures]]\nid = "gob"\nname = "Big Goblin"\n'
        'hit_power = 5\n\n[[creatures]]\nid = "drg"\nname = "Dragon"\nhit_power = 9\n',
        "utf-8",
    )
    assert path == home / "data" / "rulesets" / "quest" / "creatures.toml"
    table = load_table(spec, "quest")
    assert table.problems == ()
    assert [(r.key, r.row.hit_power) for r in table.rows] == [
        ("kob", 2),
        ("gob", 5),  # replaced in place
        ("drg", 9),  # added after the bundled rows
    ]
    kob, gob, drg = (r.source for r in table.rows)
    assert kob.bundled and kob.path == spec.bundled and (kob.entry, kob.line) == (0, 3)
    assert not gob.bundled and gob.path == path and (gob.entry, gob.line) == (0, 4)
    assert drg.describe().endswith("creatures.toml, entry 2 (line 9)")
    assert drg.short() == "yours #2, line 9"


def test_a_table_that_only_adds_refuses_a_user_row_with_a_bundled_key(
    tmp_path: Path, home: Path
) -> None:
    spec = creature_spec(tmp_path, overrides=False)
    path = user_file(spec, "quest")
    path.parent.mkdir(parents=True)
    path.write_text(
        'format_version = 1\n[[creatures]]\nid = "gob"\nname = "G"\nhit_power = 5\n', "utf-8"
    )
    table = load_table(spec, "quest")
    assert [r.key for r in table.rows] == ["kob", "gob"] and table.rows[1].row.hit_power == 3
    (problem,) = table.problems
    assert str(problem).startswith(f"{path}: entry 1 'gob' (line 2): id: 'gob' is a bundled")
    assert "only takes new rows" in problem.message


def test_a_broken_user_file_names_file_entry_line_and_field_and_adds_nothing(
    tmp_path: Path, home: Path
) -> None:
    spec = creature_spec(tmp_path, overrides=True)
    path = user_file(spec, "quest")
    path.parent.mkdir(parents=True)
    path.write_text(
        'format_version = 1\n[[creatures]]\nid = "drg"\nname = "Dragon"\nhit_power = 9\n\n'
        '[[creatures]]\nid = "ogr"\nname = "Ogre"\nhit_power = "lots"\ncolour = "red"\n',
        "utf-8",
    )
    table = load_table(spec, "quest")
    assert [r.key for r in table.rows] == ["kob", "gob"]  # none of the file, not half of it
    lines = [str(p) for p in table.problems]
    assert lines == [
        f"{path}: entry 2 'ogr' (line 7): hit_power: Input should be a valid integer, "
        "unable to parse string as an integer",
        f"{path}: entry 2 'ogr' (line 7): colour: Extra inputs are not permitted",
    ]
    # The user's rows are all still there for the editor, the bad one too.
    user = read_table_file(spec, path, bundled=False)
    assert user.entries is not None and [e["id"] for e in user.entries] == ["drg", "ogr"]


def test_an_unreadable_user_file_is_a_message_not_a_traceback(tmp_path: Path, home: Path) -> None:
    spec = creature_spec(tmp_path, overrides=True)
    path = user_file(spec, "quest")
    path.parent.mkdir(parents=True)
    path.write_text('format_version = 1\n[[creatures]\nid = "x"\n', "utf-8")
    table = load_table(spec, "quest")
    assert [r.key for r in table.rows] == ["kob", "gob"]
    (problem,) = table.problems
    assert str(problem).startswith(f"{path}: invalid TOML:")
    assert read_table_file(spec, path, bundled=False).entries is None
    path.write_text('format_version = 2\ncreatures = 3\nmore = "x"\n', "utf-8")
    messages = [p.message for p in load_table(spec, "quest").problems]
    assert messages == [
        "unknown key 'more'; expected 'format_version' and 'creatures'",
        "format_version: should be 1, not 2",
        "creatures: should be a list of tables ([[creatures]] entries)",
    ]


def test_saving_writes_atomically_and_only_rows_that_pass(tmp_path: Path, home: Path) -> None:
    spec = creature_spec(tmp_path, overrides=False)
    good = [{"id": "drg", "name": "Dragon", "hit_power": 9}]
    path = save_user_table(spec, "quest", good)
    before = path.read_bytes()
    assert tomllib.loads(before.decode())["creatures"] == good
    with pytest.raises(TableFileError) as caught:
        save_user_table(spec, "quest", [*good, {"id": "drg", "name": "Again", "hit_power": 1}])
    assert "entry 2 'drg': id: id 'drg' is given twice (first in entry 1)" in str(caught.value)
    assert path.read_bytes() == before  # nothing written
    assert [p.name for p in path.parent.iterdir()] == ["creatures.toml"]  # no temporary left


def test_the_written_format_is_the_bundled_format() -> None:
    """Every bundled monster written by ``dump_table`` reads back as the same rows."""
    spec = monsters_table()
    bundled = read_table_file(spec, spec.bundled, bundled=True)
    assert bundled.problems == () and bundled.entries
    text = dump_table(spec, bundled.entries)
    again = tomllib.loads(text)
    assert again["format_version"] == 1
    rows = [spec.row.model_validate(e) for e in again["monsters"]]
    assert rows == [r.row for r in bundled.rows]


# -- BrickQuest's monsters ---------------------------------------------------------------


def test_brickquest_offers_its_monsters_and_plays_the_bundled_ones_without_a_file(
    home: Path,
) -> None:
    rules = get_ruleset("brickquest")
    assert isinstance(rules, UserTables)
    assert [s.id for s in table_specs(rules)] == ["monsters"]
    assert rules.catalog is default_catalog()  # the very bundled catalog: nothing changes
    assert table_specs(get_ruleset("heroica")) == ()  # a ruleset without the capability


def test_a_homebrew_monster_is_placed_and_played(home: Path, tmp_path: Path) -> None:
    doc = json.loads(
        (Path("tests/scenarios/brickquest/attack_damage_is_difference.json")).read_text()
    )
    doc["figures"][1]["monster"] = "hydra"
    doc["checks"] = [
        {**doc["checks"][0], "target": "gob", "then": {"gob": {"hp": 12}}},
    ]
    scenario_file = tmp_path / "hydra.json"
    scenario_file.write_text(json.dumps(doc), "utf-8")
    with pytest.raises(ValueError, match="hydra"):
        run_scenario(load_scenario(scenario_file), "hydra")  # not known without the file
    write_monsters([HYDRA])
    rules = get_ruleset("brickquest")
    assert ("hydra", "Hydra") in rules.figure_kinds("monster")
    profile = rules.profile(None, "hydra")
    assert profile is not None and profile.name == "Hydra"
    results = run_scenario(load_scenario(scenario_file), "hydra")
    assert [r["ok"] for r in results] == [True], results


def test_a_user_row_replaces_a_bundled_monster_card(home: Path) -> None:
    write_monsters([{**GOBLIN, "hit_points": 9}])
    catalog = catalog_in_play()
    assert catalog.monsters["goblin"].hit_points == 9
    assert list(catalog.monsters) == list(default_catalog().monsters)  # same order
    assert default_catalog().monsters["goblin"].hit_points == 6


def test_user_monsters_get_the_bundled_cross_file_checks(home: Path) -> None:
    path = write_monsters(
        [
            HYDRA,
            {
                **HYDRA,
                "id": "wight",
                "abilities": [{"kind": "vampire_conversion", "becomes": "vampyre"}],
            },
        ]
    )
    table = load_table(monsters_table(), "brickquest")
    (problem,) = table.problems
    assert problem.path == path and problem.entry == 1 and problem.key == "wight"
    assert problem.field == "abilities.0.vampire_conversion.becomes"
    assert problem.message == "unknown monster id 'vampyre' (did you mean 'vampire'?)"
    assert "hydra" not in catalog_in_play().monsters  # the whole file is out of play


# -- In a World Where Bricks Rule's classes: a table that only adds ----------------------

PIRATE = {
    "id": "pirate",
    "name": "Pirate",
    "text": "+2 to attack rolls with a gun.",
    "abilities": [{"kind": "weapon_attack_bonus", "weapons": ["gun"], "bonus": 2}],
}


def write_classes(entries: list[dict[str, object]]) -> Path:
    spec = classes_table()
    path = user_file(spec, "in_a_world_where_bricks_rule")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_table(spec, entries), "utf-8")
    return path


def test_a_home_made_class_is_offered_to_new_characters(home: Path) -> None:
    rules = get_ruleset("in_a_world_where_bricks_rule")
    assert rules.catalog is iawwbr_default_catalog()
    write_classes([PIRATE])
    rules = get_ruleset("in_a_world_where_bricks_rule")
    assert ("pirate", "Pirate") in rules.figure_kinds("class")
    values = _creation_fields(rules)
    assert ("pirate", "Pirate") in values["class"].choices
    roster = rules.add_character(rules.blank_roster(), {"name": "Anne", "class": "pirate"})
    (sheet,) = rules.sheets(roster)
    assert "Pirate" in str(sheet) and "+2 to attack rolls with a gun." in str(sheet)


def _creation_fields(rules: object) -> dict[str, Any]:
    view = rules.creation_fields(rules.blank_roster())  # type: ignore[attr-defined]
    return {f.key: f for section in view.sections for f in section.fields}


def test_the_texts_classes_cannot_be_replaced_and_weapons_must_exist(home: Path) -> None:
    path = write_classes([{**PIRATE, "id": "archer", "name": "Better Archer"}])
    (problem,) = load_table(classes_table(), "in_a_world_where_bricks_rule").problems
    assert str(problem).startswith(f"{path}: entry 1 'archer' (line 7): id: 'archer' is a bundled")
    bad = {**PIRATE, "abilities": [{"kind": "weapon_attack_bonus", "weapons": ["gnu"], "bonus": 2}]}
    write_classes([bad])
    (problem,) = load_table(classes_table(), "in_a_world_where_bricks_rule").problems
    assert problem.field == "abilities.0.weapons.0"
    assert problem.message == "unknown weapon id 'gnu' (not in weapons.toml); did you mean 'gun'?"
    assert "pirate" not in iawwbr_catalog_in_play().classes


def test_every_problem_of_a_user_file_is_told_at_once(home: Path) -> None:
    wight = {**HYDRA, "id": "wight", "abilities": [{"kind": "vampire_conversion", "becomes": "x"}]}
    write_monsters([{**HYDRA, "move": "fast"}, wight])
    problems = load_table(monsters_table(), "brickquest").problems
    assert [(p.entry, p.field) for p in problems] == [
        (0, "move"),  # the row model's check
        (1, "abilities.0.vampire_conversion.becomes"),  # the cross-file check, together
    ]
