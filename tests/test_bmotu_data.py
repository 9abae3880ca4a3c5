"""Brickmasters of the Unknown's data: the TOML files against the text, and their errors.

The expected numbers below are copied from ``brickmasters-of-the-unknown.txt`` by hand,
independently of the data files, each test quoting the sentence it checks, so a typo in
either shows up here.
"""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from data_edits import edit, load_error_of
from pydantic import BaseModel, ValidationError
from shared_texts import SHARED

from companion.datafiles import UnknownIdError
from companion.rulesets.brickmasters_of_the_unknown import dtypes
from companion.rulesets.brickmasters_of_the_unknown.catalog import (
    BmotuCatalog,
    data_dir,
    default_catalog,
    load_catalog,
)
from companion.rulesets.brickmasters_of_the_unknown.dtypes import (
    Dtype,
    DtypeError,
    bump,
    bump_down,
    bump_up,
    gang_up,
    parse_dtype,
)

RULE_TEXT = SHARED / "seeds" / "brickmasters-of-the-unknown.txt"


@pytest.fixture(scope="module")
def cat() -> BmotuCatalog:
    return default_catalog()


# -------------------------------------------------------------------- dtypes


def test_the_ladder_is_the_texts_sequence_read_upwards() -> None:
    # "Dice sequence for bumps is: d20, d12, d10, d8, d6, d4, d3, d2 ." (L15)
    assert dtypes.LADDER == (2, 3, 4, 6, 8, 10, 12, 20)
    assert bump_up(4) == 6 and bump_up(12) == 20 and bump_up(3, 2) == 6
    assert bump_down(6) == 4 and bump_down(4) == 3 and bump(20, -3) == 8


def test_bumps_clamp_at_both_ends_of_the_ladder() -> None:
    # "D2 is the lowest dtype possible." (L15); nothing above d20.
    assert bump_down(2) == 2 and bump(3, -5) == 2
    assert bump_up(20) == 20 and bump(10, 9) == 20


def test_gang_up_bumps_once_per_extra_figure() -> None:
    # "gaining +1 bump per extra figure" (L92)
    assert gang_up(6, 1) == 6
    assert gang_up(6, 2) == 8
    assert gang_up(6, 3) == 10
    assert gang_up(12, 4) == 20


def test_dtypes_parse_and_refuse_clearly() -> None:
    assert parse_dtype("d10") == 10 and parse_dtype("D3") == 3 and parse_dtype(20) == 20
    with pytest.raises(DtypeError, match="d5 is not on the bump ladder"):
        parse_dtype("d5")
    with pytest.raises(DtypeError, match="not a die type"):
        parse_dtype("ten")
    with pytest.raises(DtypeError):
        parse_dtype(True)

    class Holder(BaseModel):
        die: Dtype

    assert Holder.model_validate({"die": "d8"}).die == 8
    assert Holder.model_validate({"die": "d8"}).model_dump(mode="json") == {"die": "d8"}
    with pytest.raises(ValidationError, match="d7 is not on the bump ladder"):
        Holder.model_validate({"die": "d7"})


# ------------------------------------------------------------------- classes


def test_every_class_row_of_the_text(cat: BmotuCatalog) -> None:
    # L23-31: Class Fight Shoot Cast Adventure Move
    rows = {
        "fighter": (10, 6, 4, 4, 8),
        "mage": (4, 4, 10, 6, 10),
        "rogue": (4, 8, 4, 8, 12),
        "adventurer": (6, 6, 6, 6, 10),
        "dwarf": (12, 4, 4, 4, 6),
        "elf": (4, 4, 12, 4, 12),
        "hobbit": (4, 4, 4, 12, 6),
        "goblin": (4, 12, 4, 4, 10),
    }
    assert tuple(cat.classes) == tuple(rows)
    for ident, row in rows.items():
        c = cat.get_class(ident)
        assert (c.fight, c.shoot, c.cast, c.adventure, c.move) == row, ident
    # "Fey: Dwarf ..."
    assert [c for c, d in cat.classes.items() if d.fey] == ["dwarf", "elf", "hobbit", "goblin"]


def test_free_gimmicks_of_the_classes(cat: BmotuCatalog) -> None:
    # "Dwarves get tough for free, elf's get ranger, hobbits get nimble and goblins get
    # cunning. Adventurers get any one for free." (L33)
    free = {c: d.free_gimmicks for c, d in cat.classes.items() if d.free_gimmicks}
    assert free == {
        "dwarf": ("tough",),
        "elf": ("ranger",),
        "hobbit": ("nimble",),
        "goblin": ("cunning",),
    }
    assert [c for c, d in cat.classes.items() if d.free_any_gimmicks] == ["adventurer"]
    assert cat.gimmicks_per_adventure_bump_down == 1


def test_armour_slows_each_class_as_the_text_says(cat: BmotuCatalog) -> None:
    # "For fighters, move is reduced by one for every two armor pieces worn after the
    # first. For Rogues, move is reduced by two for each piece worn after the first. All
    # else, move is reduced 1:1." (L17)
    fighter = cat.get_class("fighter").move_penalty
    assert [fighter.penalty(n) for n in range(6)] == [0, 0, 0, 1, 1, 2]
    rogue = cat.get_class("rogue").move_penalty
    assert [rogue.penalty(n) for n in range(5)] == [0, 0, 2, 4, 6]
    mage = cat.get_class("mage").move_penalty
    assert [mage.penalty(n) for n in range(5)] == [0, 0, 1, 2, 3]


# ------------------------------------------------------------------ gimmicks


def test_eighteen_gimmicks_with_their_effects(cat: BmotuCatalog) -> None:
    assert len(cat.gimmicks) == 18
    g = cat.get_gimmick
    # "Strong ; +1 to all hits inflicted when fighting ; add 1d6 for feats of strength"
    assert g("strong").fight_hits_bonus == 1 and g("strong").adventure_d6
    # "Tough All hits taken are reduced by 1."
    assert g("tough").hits_taken_change == -1
    # "Berserker ; +2 to fight roll; any hits taken increased by 2; Max armor =2"
    assert (g("berserker").fight_roll_bonus, g("berserker").hits_taken_change) == (2, 2)
    # "Marksmen ; +2 hits when shooting"
    assert g("marksmen").shoot_hits_bonus == 2
    # "Fast +2 move"
    assert g("fast").move_bonus == 2
    # "Parthian shot Figure has a 360 degree arc of fire for shooting."
    assert g("parthian_shot").shoot_arc_degrees == 360
    # "Whirlwind once/day ... Gun-Fu once/day"
    assert [i for i, d in cat.gimmicks.items() if d.once_per_day] == ["whirlwind", "gun_fu"]
    assert g("whirlwind").extra_attacks == "fight" and g("gun_fu").extra_attacks == "shoot"
    # "Magus +2 initial spells; +1 effect on spellcasting"
    assert (g("magus").extra_spells_known, g("magus").spell_effect_bonus) == (2, 1)
    # "Healer: add heal spell for free, use d8 to cast unless cast dtype better"
    assert g("healer").free_spells == ("heal",) and g("healer").free_spells_cast_die == 8
    # "Generalist May exchange a d10 and a d6 stats for two d8 stats."
    exchange = g("generalist").exchange
    assert exchange is not None and (exchange.give, exchange.take) == ((10, 6), (8, 8))
    # "Kung-Fu figure always counts as having a standard weapon."
    kung_fu = g("kung_fu").counts_as_weapon
    assert kung_fu is not None and cat.damage_class(kung_fu).id == "standard"


def test_armour_maximums_of_the_gimmicks(cat: BmotuCatalog) -> None:
    # "Max armor =2" on Cunning, Berserker, Marksmen, Nimble, Kung-Fu, Burglar, Fast.
    capped = {i: d.armour_max for i, d in cat.gimmicks.items() if d.armour_max is not None}
    assert capped == dict.fromkeys(
        ["cunning", "berserker", "marksmen", "nimble", "kung_fu", "burglar", "fast"], 2
    )


def test_adventure_d6_gimmicks(cat: BmotuCatalog) -> None:
    # "Many gimmicks add a d6 to the adventure roll." (L144)
    with_d6 = [i for i, d in cat.gimmicks.items() if d.adventure_d6]
    assert with_d6 == [
        "strong", "cunning", "ranger", "nimble", "professional", "burglar", "fast",
    ]  # fmt: skip
    assert cat.get_gimmick("professional").chosen_career


# -------------------------------------------------------------------- spells


def test_eleven_spells_and_eight_gems(cat: BmotuCatalog) -> None:
    numbers = [s.number for s in cat.spells.values()]
    assert numbers == list(range(1, 12))
    gems = {g.id: g.spell for g in cat.gems.values()}
    # L118-125: Red Green Blue Yellow Clear Pink Orange Purple
    assert gems == {
        "red": "zap_blast", "green": "web_wall", "blue": "sleep_stun",
        "yellow": "curse_bless", "clear": "heal", "pink": "haste_slow",
        "orange": "turn", "purple": "raise",
    }  # fmt: skip
    assert cat.gem_for_spell("charm") is None
    assert cat.get_spell("zap_blast").modes[1].range_studs == 12  # "within 12"
    assert cat.get_spell("transmogrify").modes[0].target_must_cast
    assert cat.get_spell("turn").modes[0].undead_only


def test_casting_rules(cat: BmotuCatalog) -> None:
    # "a figure must have a Cast dtype > d4" (L113)
    assert not cat.can_cast_die(4) and cat.can_cast_die(6)
    # "½ the max value of their cast stat" (L115): d10 → 5, d12 → 6; Magus +2.
    assert cat.spells_known_at_start(10) == 5
    assert cat.spells_known_at_start(12, ["magus"]) == 8
    # "Gems are worth 10yp x spell number" (L154): purple = Raise (8)
    assert cat.gem_value_yp("purple") == 80
    assert set(cat.casting_gear()) >= {"star_wand", "baton_wand", "magic_staff", "cape"}
    assert "wizard_beard" in cat.casting_gear()


# --------------------------------------------------------------------- mooks


def test_every_mook_row_with_u_and_worn_plus_inherent(cat: BmotuCatalog) -> None:
    # L159-177: Fight Shoot Cast Adventure Move Armor (u = unarmed roll)
    rows = {
        "knight": ("10 3 4 4", 6, (4, 1)),
        "soldier": ("8 3u 3 3", 8, (2, 1)),
        "archer": ("3 6 3 3", 10, (1, 1)),
        "pirate": ("6 6 3 6", 10, (0, 1)),
        "ninja": ("8 4 3 4", 12, (1, 0)),
        "viking": ("8 3 3 4", 10, (3, 1)),
        "orc": ("8 4 2 3", 8, (2, 1)),
        "goblin": ("4 8 2 3", 1, (1, 1)),
        "dwarf": ("10 2 3 4", 12, (3, 1)),
        "elf": ("3 4 10 4", 12, (0, 0)),
        "townfolk": ("3 3 3 4", 8, (0, 0)),
        "native": ("6 4 2 3", 10, (1, 0)),
        "yeoman": ("4 6 3 4", 8, (1, 0)),
        "troll": ("20 8u 8u 2", 8, (1, 0)),
        "small_beast": ("6 8u 3 4", 12, (0, 2)),
        "medium_beast": ("8 6u 4 6", 10, (1, 1)),
        "huge_beast": ("12 4u 8 3", 8, (3, 0)),
        "joe_skeleton": ("6 3u 2 2", 6, (1, 0)),
        "horse": ("6 3u 3u 4", 12, (0, 0)),
    }
    assert tuple(cat.mooks) == tuple(rows)
    for ident, (dice, move, armour) in rows.items():
        m = cat.get_mook(ident)
        printed = " ".join(
            f"{m.stat(s).die}{'u' if m.stat(s).unarmed else ''}"
            for s in ("fight", "shoot", "cast", "adventure")
        )
        assert printed == dice, ident
        assert m.move == move, ident
        assert (m.armour_worn, m.armour_inherent) == armour, ident


def test_mook_notes_elites_and_the_goblins_move(cat: BmotuCatalog) -> None:
    knight = cat.get_mook("knight")
    # "Strong. Usually on horse. Elite adds whirlwind, fight d12"
    assert knight.gimmicks == ("strong",)
    assert knight.elite is not None
    assert knight.elite.gimmicks == ("whirlwind",) and knight.elite.fight == 12
    # "Berserk, wire-fu"
    assert cat.get_mook("viking").gimmicks == ("berserker", "wire_fu")
    # "Goblin ... 1": printed 1, read as 10 by option.
    assert cat.get_mook("goblin").move_reading == 10
    assert [i for i, m in cat.mooks.items() if m.move_reading] == ["goblin"]
    assert cat.get_mook("townfolk").always_armed
    assert cat.get_mook("joe_skeleton").undead
    assert [i for i, m in cat.mooks.items() if m.beast] == [
        "small_beast", "medium_beast", "huge_beast", "horse",
    ]  # fmt: skip


# ------------------------------------------------------------ weapons, armour


def test_weapon_ranges_of_the_text(cat: BmotuCatalog) -> None:
    # "Fighting weapons have range 2, except for daggers (1) and lances/spears (4) . Bows
    # have range 24, crossbows and muskets 20, thrown spears 6 pistols and other thrown 3."
    def rng(weapon: str, kind: str) -> int | None:
        use = cat.get_weapon(weapon).use(kind)
        return None if use is None else use.range_studs

    assert rng("sword", "fight") == 2 and rng("dagger", "fight") == 1
    assert rng("spear", "fight") == 4 and rng("lance", "fight") == 4
    assert rng("bow", "shoot") == 24
    assert rng("crossbow", "shoot") == 20 and rng("musket", "shoot") == 20
    assert rng("spear", "shoot") == 6
    assert rng("pistol", "shoot") == 3 and rng("thrown", "shoot") == 3
    assert cat.get_weapon("bow").shoots and not cat.get_weapon("bow").fights
    assert cat.get_weapon("spear").shoots and cat.get_weapon("spear").fights


def test_openings_reloads_and_damage_classes(cat: BmotuCatalog) -> None:
    # "Spears, Lances and Bows can fight/shoot from cover if a 1 stud opening" (L100)
    one = sorted(w for w, d in cat.weapons.items() if d.opening_studs == 1)
    assert one == ["bow", "lance", "mounted_lance", "spear"]
    # "other than a crossbow, pistol or musket" (L84)
    assert sorted(w for w, d in cat.weapons.items() if d.no_final_shot) == [
        "crossbow", "musket", "pistol",
    ]  # fmt: skip
    # Light 1/2, Standard 1, Heavy 2x (L109-111)
    assert cat.damage_factor("dagger") == Fraction(1, 2)
    assert cat.damage_factor("bow") == 1
    assert cat.damage_factor("crossbow") == 2
    # L154 prices: light 5, standard 10, heavy 20
    assert [cat.weapon_price_yp(w) for w in ("dagger", "sword", "musket")] == [5, 10, 20]
    assert cat.get_weapon(cat.beast_weapon).fights


def test_armour_pieces_and_printed_torso(cat: BmotuCatalog) -> None:
    # "Helmet or Burnoose, Breastplate or Pauldrons, Shield, Helmet Visor. Armor printed
    # torsos give+1 armor value." (L96)
    removable = [a for a, d in cat.armour.items() if d.removable]
    assert removable == ["helmet", "burnoose", "breastplate", "pauldrons", "shield", "visor"]
    assert cat.get_armour("helmet").slot == cat.get_armour("burnoose").slot
    assert cat.get_armour("visor").needs == "helmet"
    torso = cat.get_armour("printed_torso")
    assert (torso.removable, torso.value) == (False, 1)
    # "Figures may discard a cape, staff, headgear or hand weapon to absorb one hit"
    absorbers = cat.hit_absorbers()
    assert {"cape", "staff", "headgear", "sword"} <= set(absorbers)
    assert "natural_weapons" not in absorbers


def test_coins_and_demibumps(cat: BmotuCatalog) -> None:
    # "100 brown pips = 10 grey pips = 1 yellow pip" (L154)
    assert [cat.coin_value(c) for c in ("brown", "grey", "yellow")] == [1, 10, 100]
    e = cat.economy
    # "all of which cost 10 DB ... d4 or lower ... doubled ... d12 (to d20) is quadrupled"
    assert (e.demibump_cost, e.low_die_at_most, e.low_die_factor) == (10, 4, 2)
    assert (e.top_die_from, e.top_die_factor, e.repeated_gimmick_factor) == (12, 4, 2)
    assert cat.get_item("horse").price_yp == 100


def test_unknown_ids_name_near_matches(cat: BmotuCatalog) -> None:
    with pytest.raises(UnknownIdError, match="did you mean 'berserker'"):
        cat.get_gimmick("berserk")
    with pytest.raises(UnknownIdError, match="unknown mook"):
        cat.get_mook("dragon")


# --------------------------------------------------------- the text, line by line


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="shared rule texts not mounted")
def test_every_entry_names_its_line_of_the_text(cat: BmotuCatalog) -> None:
    lines = RULE_TEXT.read_text(encoding="utf-8").splitlines()

    def words(text: str) -> str:
        return text.lower().replace("-", "").replace(" ", "")

    named = (*cat.classes.values(), *cat.gimmicks.values(), *cat.mooks.values())
    for entry in named:
        assert words(entry.name) in words(lines[entry.line - 1]), (entry.id, entry.line)
    for spell in cat.spells.values():
        assert words(spell.name.split("/")[0])[:6] in words(lines[spell.line - 1]), spell.id
    for gem in cat.gems.values():
        assert gem.id in lines[gem.line - 1].lower(), gem.id
    for item in (*cat.weapons.values(), *cat.armour.values()):
        for quote in item.quote.split(" ... "):
            assert quote in lines[item.line - 1].replace("*", ""), (item.id, quote)


# -------------------------------------------------------------------- errors


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data_dir(), target)
    return target


def test_a_die_off_the_ladder_is_refused_naming_file_and_entry(folder: Path) -> None:
    edit(folder / "classes.toml", 'fight = "d10"', 'fight = "d7"')
    message = load_error_of(load_catalog, folder)
    assert "classes.toml: classes.0.fight" in message
    assert "d7 is not on the bump ladder" in message


def test_an_unknown_gimmick_on_a_mook_is_refused_with_a_hint(folder: Path) -> None:
    edit(folder / "mooks.toml", 'gimmicks = ["berserker", "wire_fu"]', 'gimmicks = ["berserk"]')
    message = load_error_of(load_catalog, folder)
    assert "mooks.toml: mooks.5.gimmicks.0: unknown id 'berserk'" in message
    assert "did you mean 'berserker'" in message


def test_a_typo_in_a_field_name_is_refused(folder: Path) -> None:
    edit(folder / "weapons.toml", "opening_studs = 2", "opening_stud = 2")
    message = load_error_of(load_catalog, folder)
    assert "weapons.toml: weapons.0.opening_stud" in message


def test_a_missing_file_is_named(folder: Path) -> None:
    (folder / "spells.toml").unlink()
    assert "spells.toml: file not found" in load_error_of(load_catalog, folder)
