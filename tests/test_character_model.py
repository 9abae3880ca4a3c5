"""The character and party model (pure, no Qt): bounds, errors, JSON files."""

from __future__ import annotations

import json
import os
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.character import (
    MAX_PARTY_FILE_BYTES,
    Character,
    CharacterError,
    NotACasterError,
    NotEnoughSpellPointsError,
    Party,
    PartyFileError,
)

CATALOG = default_catalog()


def make(class_id: str, name: str = "Harry", player: str = "Pat") -> Character:
    return Character.create(CATALOG.get_class(class_id), name, player)


# ------------------------------------------------------------------ creation


def test_create_takes_the_class_numbers_from_the_rules_data() -> None:
    c = make("dwarven_berserker")
    assert (c.class_id, c.hit_points, c.max_hit_points) == ("dwarven_berserker", 14, 14)
    assert c.spell_points is None and c.max_spell_points is None and not c.is_caster
    mage = make("human_mage")
    assert (mage.spell_points, mage.max_spell_points, mage.hit_points) == (14, 14, 10)
    assert mage.is_caster


def test_create_strips_names_and_refuses_blank_ones() -> None:
    assert make("human_thief", "  Harry  ", " Pat ").name == "Harry"
    with pytest.raises(CharacterError, match="character name"):
        make("human_thief", "   ", "Pat")
    with pytest.raises(CharacterError, match="player name"):
        make("human_thief", "Harry", "")


def test_ids_are_unique_and_can_be_given() -> None:
    assert make("human_thief").id != make("human_thief").id
    cdef = CATALOG.get_class("human_thief")
    assert Character.create(cdef, "A", "B", character_id="harry").id == "harry"


def test_values_are_frozen() -> None:
    c = make("human_thief")
    with pytest.raises(ValidationError):
        c.hit_points = 3  # type: ignore[misc]


# ------------------------------------------------------------------ hit points


def test_damage_stops_at_zero_and_kills() -> None:
    c = make("human_warrior")  # 12 HP
    hurt = c.damage(5)
    assert (hurt.hit_points, hurt.slot_hit_points) == (7, 5)
    assert c.hit_points == 12  # the old value is unchanged
    dead = hurt.damage(100)
    assert dead.hit_points == 0 and dead.is_dead and dead.slot_hit_points == 12


def test_heal_never_goes_above_the_starting_hit_points() -> None:
    c = make("human_warrior").damage(3)
    assert c.heal(2).hit_points == 11
    assert c.heal(50).hit_points == 12
    assert make("human_warrior").heal(1).hit_points == 12


@pytest.mark.parametrize("op", ["damage", "heal", "spend_spell_points", "restore_spell_points"])
def test_negative_amounts_are_refused(op: str) -> None:
    c = make("human_cleric")
    with pytest.raises(CharacterError, match="negative"):
        getattr(c, op)(-1)
    with pytest.raises(TypeError):
        getattr(c, op)(1.5)


def test_set_hit_points_checks_the_range() -> None:
    c = make("elven_ranger")  # 10 HP
    assert c.set_hit_points(4).hit_points == 4
    for bad in (-1, 11):
        with pytest.raises(CharacterError, match="between 0 and 10"):
            c.set_hit_points(bad)


# ---------------------------------------------------------------- spell points


def test_spending_more_than_there_is_is_an_error() -> None:
    c = make("elven_adept").spend_spell_points(10)
    assert (c.spell_points, c.slot_spell_points) == (4, 10)
    with pytest.raises(NotEnoughSpellPointsError, match="has 4 spell points, needs 5"):
        c.spend_spell_points(5)
    assert c.spend_spell_points(4).spell_points == 0


def test_non_casters_have_no_spell_points_to_spend_or_gain() -> None:
    c = make("human_thief")
    with pytest.raises(NotACasterError):
        c.spend_spell_points(1)
    with pytest.raises(NotACasterError):
        c.restore_spell_points(1, may_exceed=True)
    with pytest.raises(NotACasterError):
        c.set_spell_points(3)
    assert c.slot_spell_points == 0 and c.extra_spell_points == 0


def test_restoring_stops_at_the_start_unless_it_may_exceed() -> None:
    c = make("human_cleric").spend_spell_points(5)  # 9 / 14
    assert c.restore_spell_points(3).spell_points == 12
    assert c.restore_spell_points(30).spell_points == 14
    potion = c.restore_spell_points(8, may_exceed=True)  # mana potion
    assert (potion.spell_points, potion.extra_spell_points, potion.slot_spell_points) == (17, 3, 0)
    # recuperating while above the start does not lower the total
    assert potion.restore_spell_points(1).spell_points == 17


def test_set_spell_points_may_exceed_the_start() -> None:
    c = make("dwarven_paladin")
    assert c.set_spell_points(20).spell_points == 20
    with pytest.raises(CharacterError):
        c.set_spell_points(-1)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["damage", "heal", "spend", "restore", "potion"]),
            st.integers(min_value=0, max_value=20),
        ),
        max_size=30,
    )
)
def test_points_stay_within_bounds_whatever_happens(ops: list[tuple[str, int]]) -> None:
    c = make("dwarven_warmage")
    for op, n in ops:
        if op == "damage":
            c = c.damage(n)
        elif op == "heal":
            c = c.heal(n)
        elif op == "spend":
            try:
                c = c.spend_spell_points(n)
            except NotEnoughSpellPointsError:
                assert c.spell_points is not None and c.spell_points < n
        elif op == "restore":
            c = c.restore_spell_points(n)
        elif c.spell_points is not None and c.spell_points + n <= 99:
            c = c.restore_spell_points(n, may_exceed=True)
        assert 0 <= c.hit_points <= c.max_hit_points
        assert c.hit_points + c.slot_hit_points == c.max_hit_points
        assert c.spell_points is not None and c.spell_points >= 0
        assert c.slot_spell_points * c.extra_spell_points == 0


# ----------------------------------------------------------------------- swag


def test_swag_goes_in_and_out_of_the_bin() -> None:
    c = make("human_thief").add_swag("ruby").add_swag("ruby").add_swag("key")
    assert c.swag == ("ruby", "ruby", "key")
    assert c.remove_swag("ruby").swag == ("ruby", "key")
    with pytest.raises(CharacterError, match="not in"):
        c.remove_swag("emerald")


def test_rename_refuses_blank_names() -> None:
    c = make("human_thief")
    assert c.rename(name="Harold").name == "Harold"
    with pytest.raises(CharacterError):
        c.rename(player="  ")


# ---------------------------------------------------------------------- party


def six() -> Party:
    spec = [
        ("human_warrior", "Brannoc", "Ann"),
        ("elven_assassin", "Sylwen", "Ben"),
        ("dwarven_warmage", "Thrain", "Cleo"),
        ("human_cleric", "Aldous", "Dev"),
        ("elven_ranger", "Faelar", "Eve"),
        ("dwarven_sapper", "Borin", "Finn"),
    ]
    return Party(characters=tuple(make(c, n, p) for c, n, p in spec))


def test_party_json_round_trip() -> None:
    party = six()
    party = party.replace(party.characters[2].damage(3).spend_spell_points(4).add_swag("ruby"))
    data = party.to_json_bytes()
    head = json.loads(data)
    assert (head["format"], head["version"], head["ruleset"]) == (
        "brick-companion-party",
        1,
        "brickquest",
    )
    back = Party.from_json_bytes(data, known_class_ids=CATALOG.classes)
    assert back == party
    assert back.characters[2].hit_points == 9 and back.characters[2].swag == ("ruby",)


def test_party_save_and_load_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "party.json"
    party = six()
    party.save(path)
    assert Party.load(path, CATALOG.classes) == party
    assert [p.name for p in tmp_path.iterdir()] == ["party.json"]  # no temp file left
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o666 & ~umask  # not a temp file's 0600


def test_party_edits() -> None:
    party = six()
    first = party.characters[0]
    assert party.get(first.id) == first
    assert party.remove(first.id).ids() == party.ids()[1:]
    new = make("human_mage", "Merla", "Gus")
    assert party.add(new, 0).ids()[0] == new.id
    with pytest.raises(KeyError):
        party.get("nobody")
    with pytest.raises(ValidationError, match="share the id"):
        Party(characters=(first, first))


def _bad(data: bytes, **kw: object) -> str:
    with pytest.raises(PartyFileError) as info:
        Party.from_json_bytes(data, **kw)  # type: ignore[arg-type]
    return str(info.value)


def test_bad_party_files_give_plain_errors() -> None:
    good = json.loads(six().to_json_bytes())
    assert "not a valid JSON file" in _bad(b"{not json")
    assert "not a Brick Companion party file" in _bad(b"{}")
    assert "not a Brick Companion party file" in _bad(json.dumps({**good, "format": "x"}).encode())
    assert "unsupported party file version 7" in _bad(json.dumps({**good, "version": 7}).encode())
    broken = json.loads(json.dumps(good))
    broken["characters"][0]["hit_points"] = 99
    assert "exceed the starting maximum" in _bad(json.dumps(broken).encode())
    broken = json.loads(json.dumps(good))
    broken["characters"][0]["class_id"] = "dragon_rider"
    assert "unknown character class: Brannoc (dragon_rider)" in _bad(
        json.dumps(broken).encode(), known_class_ids=CATALOG.classes
    )
    broken = json.loads(json.dumps(good))
    broken["characters"][1]["id"] = broken["characters"][0]["id"]
    assert "share the id" in _bad(json.dumps(broken).encode())
    assert "too large" in _bad(b" " * (MAX_PARTY_FILE_BYTES + 1))
    assert _bad(b"[" * 100_000 + b"]" * 100_000)  # deep nesting: a clean error


def test_loading_a_missing_file_is_a_party_file_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(PartyFileError, match=r"nothing\.json"):
        Party.load(tmp_path / "nothing.json")
