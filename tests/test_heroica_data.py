"""Heroica's data (expanded rules): the TOML files against the text, and their errors.

The expected numbers below are copied from ``heroica-expanded.txt`` by hand (its second,
complete copy, lines 137-317), independently of the data files, each test quoting the
sentence it checks, so a typo in either shows up here.
"""

from __future__ import annotations

import ast
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from data_edits import edit, load_error_of
from pydantic import BaseModel, ValidationError
from shared_texts import SHARED

from companion.datafiles import DataFileError, UnknownIdError
from companion.rules.table import DieSpec
from companion.rulesets.heroica import catalog as catalog_module
from companion.rulesets.heroica.catalog import (
    RULESET_ID,
    HeroicaCatalog,
    data_dir,
    default_catalog,
    dice_specs,
    load_catalog,
)
from companion.rulesets.heroica.schema import (
    TEXT_HEROES,
    TEXT_ITEMS,
    TEXT_MONSTERS,
    AdjacentAttack,
    AdjacentMonsters,
    Bless,
    Category,
    CurseOnBlessed,
    DamageInstead,
    DamageSkill,
    DragonAfterDevouring,
    ExtraDamageInRolls,
    ExtraMove,
    ExtraMovement,
    FireAttack,
    FireTrackEnd,
    FliesOver,
    FullHealthBonus,
    GoldPiece,
    HealSkill,
    HeroDefeat,
    HeroVersusHero,
    HurtOnlyBy,
    KnightSwordStyle,
    Measure,
    MeleeSkillTrigger,
    MonsterMoveOrder,
    MoveMonster,
    NextAttackBonus,
    Options,
    PushbackBlocked,
    Rank,
    RelicAssignment,
    Reroll,
    RestoreHealth,
    RestoreSkillPoints,
    Style,
    TemporaryHealth,
    Unlocks,
)

RULE_TEXT = SHARED / "seeds" / "heroica-expanded.txt"
PACKAGE_DIR = Path(catalog_module.__file__).resolve().parent
needs_text = pytest.mark.skipif(not RULE_TEXT.exists(), reason="shared rule texts not mounted")

SHIELD, SWORD3, SKULL2, SKULL1 = "Shield", "3/Sword", "2/Skull", "1/Skull/Sword"


@pytest.fixture(scope="module")
def cat() -> HeroicaCatalog:
    return default_catalog()


def damage_skill(skill: object) -> DamageSkill:
    assert isinstance(skill, DamageSkill), skill
    return skill


def heal_skill(skill: object) -> HealSkill:
    assert isinstance(skill, HealSkill), skill
    return skill


# ------------------------------------------------------------------- loading


def test_the_data_loads_once_with_every_hero_and_monster_of_the_text(cat: HeroicaCatalog) -> None:
    assert RULESET_ID == "heroica"
    assert default_catalog() is cat
    # "Barbarian: ... Wizard: ... Druid: ... Ranger: ... Thief: ... Knight: ..."
    assert tuple(cat.heroes) == ("barbarian", "wizard", "druid", "ranger", "thief", "knight")
    assert tuple(cat.heroes) == TEXT_HEROES
    # "- Spider ... - Snake ... - Bat ... - Goblin Warrior ... - Werewolf ... - Mummy ...
    #  - Golem Guardian ... - Goblin Guardian ... - Goblin General ... - Dark Druid ...
    #  - Pharaoh Ramses ... - Golem Lord ... - Goblin King ... DRAGON"
    assert tuple(cat.monsters) == (
        "spider", "snake", "bat", "goblin_warrior",
        "werewolf", "mummy", "golem_guardian", "goblin_guardian",
        "goblin_general", "dark_druid", "pharaoh_ramses", "golem_lord", "goblin_king",
        "dragon",
    )  # fmt: skip
    assert tuple(cat.monsters) == TEXT_MONSTERS
    assert len(cat.monsters) == 14
    assert set(cat.items) == set(TEXT_ITEMS)
    assert tuple(cat.dice) == ("action", "cursed", "blessed", "character", "location", "items")


def test_the_catalog_is_immutable(cat: HeroicaCatalog) -> None:
    with pytest.raises(TypeError):
        cat.heroes["x"] = cat.get_hero("knight")  # type: ignore[index]
    with pytest.raises(ValidationError, match="frozen"):
        cat.get_hero("knight").name = "Paladin"  # type: ignore[misc]


def test_unknown_ids_suggest_near_matches(cat: HeroicaCatalog) -> None:
    with pytest.raises(UnknownIdError, match="unknown hero 'wizzard'; did you mean 'wizard'"):
        cat.get_hero("wizzard")
    with pytest.raises(UnknownIdError, match="did you mean 'werewolf'"):
        cat.get_monster("warewolf")
    with pytest.raises(UnknownIdError, match="unknown item 'lance'"):
        cat.get_item("lance")
    with pytest.raises(UnknownIdError, match="did you mean 'cursed'"):
        cat.get_die("curse")
    with pytest.raises(UnknownIdError, match="unknown realm 'mordor'"):
        cat.monsters_in("mordor")


# ---------------------------------------------------------------------- dice


def test_action_die(cat: HeroicaCatalog) -> None:
    # "Action Die: The standard die used for most movement and combat, and certain other
    #  rolls (Sides: 1 x Shield, 2 x 3/Sword, 2 x 2/Skull, 1 x 1/Skull/Sword)"
    action = cat.get_die("action")
    assert action.name == "Action Die"
    assert action.faces == (SHIELD, SWORD3, SWORD3, SKULL2, SKULL2, SKULL1)
    assert (action.count(SHIELD), action.count(SWORD3), action.count(SKULL2)) == (1, 2, 2)
    assert action.count(SKULL1) == 1
    assert action.replaces is None


def test_cursed_and_blessed_dice(cat: HeroicaCatalog) -> None:
    # "Cursed Die: If your hero is Cursed, use this die whenever you would otherwise roll
    #  the action die. (Sides: 1 x Shield, 1 x 3/Sword, 3 x 2/Skull, 1 x 1/Skull/Sword)"
    cursed = cat.get_die("cursed")
    assert cursed.faces == (SHIELD, SWORD3, SKULL2, SKULL2, SKULL2, SKULL1)
    assert (cursed.replaces, cursed.when) == ("action", "cursed")
    # "Blessed Die: ... (Sides: 1 x Shield, 3 x 3/Sword, 1 x 2/Skull, 1 x 1/Skull/Sword)"
    blessed = cat.get_die("blessed")
    assert blessed.faces == (SHIELD, SWORD3, SWORD3, SWORD3, SKULL2, SKULL1)
    assert (blessed.replaces, blessed.when) == ("action", "blessed")
    assert blessed.count(SWORD3) == 3 and cursed.count(SKULL2) == 3


def test_character_die_and_the_heroes_colours(cat: HeroicaCatalog) -> None:
    # "(Sides: 1 x yellow [Barbarian], 1 x red [Wizard], 1 x tan [Druid], 1 x blue [Ranger],
    #  1 x black [Thief], 1 x grey [Knight])"
    assert cat.get_die("character").faces == (
        "Barbarian", "Wizard", "Druid", "Ranger", "Thief", "Knight",
    )  # fmt: skip
    assert {h.id: (h.character_die_face, h.colour) for h in cat.heroes.values()} == {
        "barbarian": ("Barbarian", "yellow"),
        "wizard": ("Wizard", "red"),
        "druid": ("Druid", "tan"),
        "ranger": ("Ranger", "blue"),
        "thief": ("Thief", "black"),
        "knight": ("Knight", "grey"),
    }


def test_location_die_and_the_realm_colours(cat: HeroicaCatalog) -> None:
    # "(Sides: 1 x Shield, 1 x dark grey [Castle Fortaan], 1 x dark green [Waldurk Forest],
    #  1 x black [Caverns of Nathuz], 1 x tan [Ramses' Temple], 1 x 1/Skull/Sword)"
    assert cat.get_die("location").faces == (
        SHIELD, "Castle Fortaan", "Waldurk Forest", "Caverns of Nathuz", "Ramses' Temple", SKULL1,
    )  # fmt: skip
    assert {r.id: (r.colour, r.location_die_face) for r in cat.realms.values()} == {
        "draida_bay": (None, None),
        "castle_fortaan": ("dark grey", "Castle Fortaan"),
        "waldurk_forest": ("dark green", "Waldurk Forest"),
        "caverns_of_nathuz": ("black", "Caverns of Nathuz"),
        "ramses_temple": ("tan", "Ramses' Temple"),
        "lava_mountain": (None, None),
    }
    assert cat.get_realm("ramses_temple").name == "Ramses' Temple"
    assert set(cat.tables.space_colours) == {"dark grey", "dark green", "black", "tan"}


def test_items_die(cat: HeroicaCatalog) -> None:
    # "(Sides: 1 x Potions symbol, 1 x gold/green, 1 x brown/translucent red/blue,
    #  1 x gold/red/orange, 1 x translucent red/grey/yellow, 1 x red/brown)"
    assert cat.get_die("items").faces == (
        "Potions symbol", "gold/green", "brown/translucent red/blue",
        "gold/red/orange", "translucent red/grey/yellow", "red/brown",
    )  # fmt: skip


def test_dice_specs_for_the_rules_core(cat: HeroicaCatalog) -> None:
    specs = cat.dice_specs()
    assert all(isinstance(spec, DieSpec) for spec in specs)
    assert [spec.id for spec in specs] == list(cat.dice)
    assert dice_specs() == specs
    action = specs[0]
    assert action == DieSpec(
        id="action", name="Action Die", faces=(SHIELD, SWORD3, SWORD3, SKULL2, SKULL2, SKULL1)
    )
    assert action.sides == 6 and not action.numbered
    assert action.label(1) == "Shield" and action.label(6) == "1/Skull/Sword"
    assert action.face("3/sword") == 2
    assert action.face("1/skull/sword") == 6
    character = next(spec for spec in specs if spec.id == "character")
    assert character.face("knight") == 6
    with pytest.raises(ValueError, match="is not a face of the Items Die"):
        specs[-1].face("Sword")


# -------------------------------------------------------------------- heroes


def test_skill_points(cat: HeroicaCatalog) -> None:
    # "1. Upkeep: Restore 1 skill point." / "If you roll Shield, move up to 4 spaces and
    #  restore 1 extra skill point. If you have full (4) skill points, you may exhaust them
    #  to use a Ranged skill instead of rolling."
    points = cat.skill_points
    assert (points.full, points.upkeep_restore, points.shield_restore) == (4, 1, 1)
    for hero in cat.heroes.values():
        assert hero.skill.cost == 4, hero.id
        assert hero.with_weapon.skill.cost == 4, hero.id


def test_every_hero_has_a_ranged_or_melee_skill(cat: HeroicaCatalog) -> None:
    # "Each hero has a special Ranged or Melee skill."
    assert {h.id: h.style for h in cat.heroes.values()} == {
        "barbarian": Style.MELEE,
        "wizard": Style.RANGED,
        "druid": Style.RANGED,
        "ranger": Style.RANGED,
        "thief": Style.MELEE,
        "knight": Style.MELEE,
    }
    # The own weapons: Axe, Wand, Staff, Bow, Dagger, Sword (lines 243-258).
    assert {h.id: h.with_weapon.weapon for h in cat.heroes.values()} == {
        "barbarian": "axe",
        "wizard": "wand",
        "druid": "staff",
        "ranger": "bow",
        "thief": "dagger",
        "knight": "sword",
    }


def test_barbarian(cat: HeroicaCatalog) -> None:
    # "Barbarian: Melee - Deal 1 damage to ALL adjacent monsters and move 1 space"
    skill = damage_skill(cat.hero_skill("barbarian"))
    assert (skill.damage, skill.all_adjacent, skill.reach) == (1, True, 1)
    assert skill.move_after is not None and skill.move_after.spaces == 1
    assert not skill.move_after.up_to and skill.move_before is None
    # "(If the Barbarian has the Axe: Deal 2 damage to ALL adjacent monsters and move 1 space)"
    axe = damage_skill(cat.hero_skill("barbarian", with_own_weapon=True))
    assert (axe.damage, axe.all_adjacent, axe.style) == (2, True, Style.MELEE)
    assert axe.move_after is not None and axe.move_after.spaces == 1


def test_wizard(cat: HeroicaCatalog) -> None:
    # "Wizard: Ranged - Deal 1 damage to a monster up to 4 spaces away, even around corners"
    skill = damage_skill(cat.hero_skill("wizard"))
    assert (skill.damage, skill.targets, skill.reach, skill.measure) == (1, 1, 4, Measure.PATH)
    # "(If the Wizard has the Wand: Deal 2 damage to a monster up to 4 spaces away, even
    #  around corners)"
    wand = damage_skill(cat.hero_skill("wizard", with_own_weapon=True))
    assert (wand.damage, wand.reach, wand.measure) == (2, 4, Measure.PATH)


def test_druid(cat: HeroicaCatalog) -> None:
    # "Druid: Ranged - Restore full health to 1 hero in your location (including yourself)"
    skill = heal_skill(cat.hero_skill("druid"))
    assert (skill.amount, skill.temporary_health) == ("full", 0)
    assert skill.target == "hero_in_location" and skill.includes_self
    # "(If the Druid has the Staff: Restore full health and add 1 additional temporary
    #  health)"
    staff = heal_skill(cat.hero_skill("druid", with_own_weapon=True))
    assert (staff.amount, staff.temporary_health) == ("full", 1)


def test_ranger(cat: HeroicaCatalog) -> None:
    # "Ranger: Ranged - Move 1 space and deal 1 damage to a monster up to 5 spaces away in
    #  a straight line"
    skill = damage_skill(cat.hero_skill("ranger"))
    assert (skill.damage, skill.reach, skill.measure) == (1, 5, Measure.STRAIGHT_LINE)
    assert skill.move_before is not None
    assert (skill.move_before.spaces, skill.move_before.up_to) == (1, False)
    # "(If the Ranger has the Bow: Move 1 space and deal 2 damage to a monster up to 5
    #  spaces away in a straight line)"
    bow = damage_skill(cat.hero_skill("ranger", with_own_weapon=True))
    assert (bow.damage, bow.reach, bow.measure) == (2, 5, Measure.STRAIGHT_LINE)
    assert bow.move_before is not None and bow.move_before.spaces == 1


def test_thief(cat: HeroicaCatalog) -> None:
    # "Thief: Melee - Deal 1 damage to a monster, swap spaces with the monster and take 1
    #  extra gold from the store"
    skill = damage_skill(cat.hero_skill("thief"))
    assert (skill.damage, skill.reach, skill.swap_places, skill.extra_gold) == (1, 1, True, 1)
    # "(If the Thief has the Dagger: Deal 1 damage to a monster, swap spaces with the monster
    #  and take 2 extra gold from the store)"
    dagger = damage_skill(cat.hero_skill("thief", with_own_weapon=True))
    assert (dagger.damage, dagger.swap_places, dagger.extra_gold) == (1, True, 2)


def test_knight(cat: HeroicaCatalog) -> None:
    # "Knight: Melee - Move up to 2 spaces and deal 1 damage to an adjacent monster"
    skill = damage_skill(cat.hero_skill("knight"))
    assert (skill.damage, skill.reach, skill.style) == (1, 1, Style.MELEE)
    assert skill.move_before is not None
    assert (skill.move_before.spaces, skill.move_before.up_to) == (2, True)
    # "(If the Knight has the Sword: Move up to 2 spaces and deal 2 damage to an adjacent
    #  monster)"
    sword = damage_skill(cat.hero_skill("knight", with_own_weapon=True))
    assert sword.damage == 2 and sword.move_before is not None
    assert (sword.move_before.spaces, sword.move_before.up_to) == (2, True)


# ------------------------------------------------------------------ monsters


def test_level_1_monsters(cat: HeroicaCatalog) -> None:
    # "These monsters have 1 health level and 1 strength. Gain 1 gold when you defeat any
    #  of them."
    rank = cat.get_rank("level_1")
    assert (rank.health, rank.strength, rank.gold) == (1, 1, 1)
    assert [m.id for m in cat.monsters_of(Rank.LEVEL_1)] == [
        "spider", "snake", "bat", "goblin_warrior",
    ]  # fmt: skip
    for monster in cat.monsters_of("level_1"):
        assert cat.strength(monster.id) == 1
        assert cat.health_levels(monster.id, players=4) == 1
        assert cat.gold_for(monster.id) == 1


def test_level_2_monsters(cat: HeroicaCatalog) -> None:
    # "These monsters have 2 health levels and attack with 2 strength. ... Gain 2 gold when
    #  you defeat them."
    rank = cat.get_rank("level_2")
    assert (rank.health, rank.strength, rank.gold) == (2, 2, 2)
    assert [m.id for m in cat.monsters_of("level_2")] == [
        "werewolf", "mummy", "golem_guardian", "goblin_guardian",
    ]  # fmt: skip
    for monster in cat.monsters_of("level_2"):
        assert (cat.strength(monster.id), cat.gold_for(monster.id)) == (2, 2)
        assert cat.health_levels(monster.id, players=2, map_build=True) == 2


def test_boss_monsters(cat: HeroicaCatalog) -> None:
    # "These monsters attack with 3 Strength. In a Fixed Map game, each Boss Monster has 4
    #  health levels. In a Map Build game, ... The first Boss Monster has health levels
    #  equal to the number of players +1, the second has health levels equal to the number
    #  of players +2, etc."
    assert [m.id for m in cat.monsters_of("boss")] == [
        "goblin_general", "dark_druid", "pharaoh_ramses", "golem_lord", "goblin_king",
    ]  # fmt: skip
    assert cat.strength("goblin_king") == 3
    assert cat.health_levels("golem_lord", players=3) == 4
    assert cat.health_levels("golem_lord", players=6) == 4
    assert cat.health_levels("golem_lord", players=3, map_build=True) == 4
    assert cat.health_levels("golem_lord", players=3, map_build=True, boss_number=2) == 5
    assert cat.health_levels("dark_druid", players=5, map_build=True, boss_number=3) == 8
    # "Once a Boss Monster is reduced to 3 health levels, its first Monster Generator is
    #  sealed ... Once the Boss Monster is defeated, its second Monster Generator is sealed."
    assert cat.get_rank("boss").generators_sealed_at == (3, 0)
    # "If you defeat a Boss Monster, take their Relic." (no gold: option boss_gold)
    assert cat.get_rank("boss").holds_relic and cat.get_rank("boss").gold is None
    assert cat.gold_for("goblin_general") == 0
    assert cat.gold_for("goblin_general", cat.make_options(boss_gold=3)) == 3


def test_the_dragon(cat: HeroicaCatalog) -> None:
    # "The Dragon has health levels equal to the number of players +6. ... The first Monster
    #  Generator is sealed when the Dragon is reduced to 9 health levels, the second when it
    #  is reduced to 6 health levels, the third when it is reduced to 3 health levels, and
    #  the fourth when it is defeated."
    assert cat.health_levels("dragon", players=1) == 7
    assert cat.health_levels("dragon", players=4) == 10
    assert cat.get_rank("dragon").generators_sealed_at == (9, 6, 3, 0)
    assert cat.strength("dragon") == 3
    dragon = cat.get_monster("dragon")
    assert dragon.realms == ("lava_mountain",)
    # "The Dragon does not move like other monsters."
    assert dragon.ability("immobile") is not None
    # "The dragon awakes as soon as a hero enters Lava Mountain. Once this happens (and each
    #  round of the table after), roll the Character Die. The Dragon attacks that player
    #  with 3 Strength (normal roll, but the Dragon does not take damage on a 3 or a 1)."
    fire = dragon.ability("fire_attack")
    assert isinstance(fire, FireAttack)
    assert (fire.die, fire.strength, fire.wakes_in) == ("character", 3, "lava_mountain")
    assert fire.no_damage_on == (SWORD3, SKULL1)
    # "The dragon also makes a normal attack (Strength 3) against any hero who ends their
    #  turn on an adjacent square. If the Dragon reduces a hero to zero health, it ...
    #  DEVOURS the hero"
    adjacent = dragon.ability("adjacent_attack")
    assert isinstance(adjacent, AdjacentAttack)
    assert (adjacent.strength, adjacent.at) == (3, "end_of_turn")
    assert dragon.ability("devours") is not None
    assert cat.gold_for("dragon") == 0


def test_monster_realms(cat: HeroicaCatalog) -> None:
    # "- Spider (Waldurk Forest):" ... "- Goblin King (Castle Fortaan):"
    assert {m.id: m.realms for m in cat.monsters.values()} == {
        "spider": ("waldurk_forest",),
        "snake": ("ramses_temple",),
        "bat": ("caverns_of_nathuz",),
        "goblin_warrior": ("draida_bay", "castle_fortaan"),
        "werewolf": ("waldurk_forest",),
        "mummy": ("ramses_temple",),
        "golem_guardian": ("caverns_of_nathuz",),
        "goblin_guardian": ("castle_fortaan",),
        "goblin_general": ("draida_bay",),
        "dark_druid": ("waldurk_forest",),
        "pharaoh_ramses": ("ramses_temple",),
        "golem_lord": ("caverns_of_nathuz",),
        "goblin_king": ("castle_fortaan",),
        "dragon": ("lava_mountain",),
    }
    assert [m.id for m in cat.monsters_in("draida_bay")] == ["goblin_warrior", "goblin_general"]


def test_spider_snake_and_bat(cat: HeroicaCatalog) -> None:
    # "Moves fast, an extra space each time it moves."
    extra = cat.get_monster("spider").ability("extra_move")
    assert isinstance(extra, ExtraMove) and extra.spaces == 1
    # "Poisonous bite! Lose your next movement turn if you take damage."
    assert cat.get_monster("snake").ability("skip_move_on_damage") is not None
    # "Can fly over rocks, magic doors and locked doors." / "Can fly over obstacles like the
    #  Bat."
    for flier in ("bat", "dark_druid"):
        flies = cat.get_monster(flier).ability("flies_over")
        assert isinstance(flies, FliesOver)
        assert set(flies.obstacles) == {"rocks", "magic_door", "locked_door"}
    fliers = [m.id for m in cat.monsters.values() if m.ability("flies_over")]
    assert fliers == ["bat", "dark_druid"]


def test_goblins_push_back(cat: HeroicaCatalog) -> None:
    # "Forces heroes back 2 spaces instead of 1 on a hit." (Goblin Warrior) / "... 3 spaces
    #  instead of 1 on a hit." (Goblin Guardian) / "Forces heroes back 3 spaces instead of
    #  1." (Goblin General) / "Forces heroes back 4 spaces instead of 1 on a hit." (King)
    pushes = {m.id: m.pushback for m in cat.monsters.values() if m.pushback != 1}
    assert pushes == {
        "goblin_warrior": 2,
        "goblin_guardian": 3,
        "goblin_general": 3,
        "goblin_king": 4,
    }
    assert cat.get_monster("spider").pushback == 1


def test_werewolf_mummies_and_golems(cat: HeroicaCatalog) -> None:
    # "Lethal claws! Take 3 damage instead of 2 when hit."
    claws = cat.get_monster("werewolf").ability("damage_instead")
    assert isinstance(claws, DamageInstead) and claws.damage == 3
    # "Mummy’s curse! If you take damage, you are Cursed (or lose any Blessing you have)."
    # "Like other Mummies, if you take damage, you are Cursed ..." (Pharaoh Ramses)
    cursers = [m.id for m in cat.monsters.values() if m.ability("curse_on_damage")]
    assert cursers == ["mummy", "pharaoh_ramses"]
    # "Golems are tough and only take damage if you roll Shield or use a Skill on your
    #  attack." / "As with other Golems, ..." (Golem Lord)
    for golem in ("golem_guardian", "golem_lord"):
        tough = cat.get_monster(golem).ability("hurt_only_by")
        assert isinstance(tough, HurtOnlyBy)
        assert tough.faces == (SHIELD,) and tough.skills


# --------------------------------------------------------------------- items


def test_item_counts(cat: HeroicaCatalog) -> None:
    assert len(cat.items_of(Category.POTION)) == 5
    assert [i.id for i in cat.items_of("weapon")] == [
        "axe", "wand", "staff", "bow", "dagger", "sword", "crossbow", "spear", "ninja_sword",
    ]  # fmt: skip
    assert [i.id for i in cat.items_of("armour")] == ["helmet"]
    assert [i.id for i in cat.items_of("relic")] == [
        "helmet_of_protection", "chalice_of_luck", "sceptre_of_summoning",
        "sceptre_of_banishment", "crystal_of_deflection", "sword_of_power",
    ]  # fmt: skip


def test_shop_prices(cat: HeroicaCatalog) -> None:
    # "Potions may be collected from the map or bought for 3 gold each, and may be sold for
    #  2 gold each."
    potion = cat.price("luck_potion")
    assert potion is not None and (potion.buy, potion.sell) == (3, 2)
    # "These may be bought for 5 gold each, and sold for 3 gold each." (weapons & armour)
    for item in ("crossbow", "helmet", "ninja_sword"):
        price = cat.price(item)
        assert price is not None and (price.buy, price.sell) == (5, 3), item
    # "Relics may be used or sold for 5 gold."
    relic = cat.price("sword_of_power")
    assert relic is not None and (relic.buy, relic.sell) == (None, 5)
    # Keys, torches and gold have no price.
    assert cat.price("key") is None and cat.price("torch") is None and cat.price("gold") is None
    shop = cat.items_file.shop
    # "1. Upkeep: Restore 1 skill point. Buy and sell items."
    assert shop.phase == "upkeep"
    # "All players then sell their relics, weapons, armour and potions."
    assert shop.versus_final_sale == ("relic", "weapon", "armour", "potion")


def test_potions(cat: HeroicaCatalog) -> None:
    # "- Life (red): Restore 2 health - Skill (green): Restore full (4) skill points - Luck
    #  (orange): Re-roll the Action Die - Speed (blue): Move up to 4 extra spaces - Strength
    #  (yellow): Deal +1 damage in your next attack"
    colours = {i.id: i.colour for i in cat.items_of("potion")}
    assert colours == {
        "life_potion": "red",
        "skill_potion": "green",
        "luck_potion": "orange",
        "speed_potion": "blue",
        "strength_potion": "yellow",
    }
    life = cat.get_item("life_potion").effect("restore_health")
    assert isinstance(life, RestoreHealth) and life.amount == 2
    skill = cat.get_item("skill_potion").effect("restore_skill_points")
    assert isinstance(skill, RestoreSkillPoints) and skill.amount == "full"
    luck = cat.get_item("luck_potion").effect("reroll")
    assert isinstance(luck, Reroll) and luck.die == "action"
    speed = cat.get_item("speed_potion").effect("extra_movement")
    assert isinstance(speed, ExtraMovement) and speed.spaces == 4
    strength = cat.get_item("strength_potion").effect("next_attack_bonus")
    assert isinstance(strength, NextAttackBonus) and strength.damage == 1
    # "You may use potions during any hero phase of your turn."
    assert cat.items_file.potion_use.phases == ("upkeep", "hero_movement", "hero_combat")


def test_weapons_any_hero_may_use(cat: HeroicaCatalog) -> None:
    # "Axe: Melee: Deal 1 damage to ALL adjacent monsters."
    axe = damage_skill(cat.get_item("axe").skill)
    assert (axe.style, axe.damage, axe.all_adjacent) == (Style.MELEE, 1, True)
    assert axe.move_after is None
    # "Wand: Ranged: Deal 1 damage to a monster up to 3 spaces away, even around corners."
    wand = damage_skill(cat.get_item("wand").skill)
    assert (wand.style, wand.damage, wand.reach, wand.measure) == (
        Style.RANGED, 1, 3, Measure.PATH,
    )  # fmt: skip
    # "Staff: Ranged: Restore up to 2 health to 1 hero in your location (including
    #  yourself)."
    staff = heal_skill(cat.get_item("staff").skill)
    assert (staff.amount, staff.up_to, staff.includes_self) == (2, True, True)
    # "Bow: Ranged: Deal 1 damage to a monster up to 5 spaces away in a straight line."
    bow = damage_skill(cat.get_item("bow").skill)
    assert (bow.damage, bow.reach, bow.measure, bow.move_before) == (
        1, 5, Measure.STRAIGHT_LINE, None,
    )  # fmt: skip
    # "Dagger: Melee: Deal 1 damage to a monster and take 1 extra gold from the store."
    dagger = damage_skill(cat.get_item("dagger").skill)
    assert (dagger.style, dagger.damage, dagger.extra_gold, dagger.swap_places) == (
        Style.MELEE, 1, 1, False,
    )  # fmt: skip
    # "Sword: Ranged: Move 1 space and deal 1 damage to an adjacent monster."
    sword = damage_skill(cat.get_item("sword").skill)
    assert (sword.style, sword.damage, sword.reach) == (Style.RANGED, 1, 1)
    assert sword.move_before is not None and sword.move_before.spaces == 1
    # "Crossbow: Ranged: Deal 1 damage to up to 2 monsters up to 4 spaces away in a
    #  straight line. The monsters may be in different lines."
    crossbow = damage_skill(cat.get_item("crossbow").skill)
    assert (crossbow.damage, crossbow.targets, crossbow.reach) == (1, 2, 4)
    assert crossbow.measure is Measure.STRAIGHT_LINE and crossbow.different_lines
    # "Spear: Ranged: Deal 2 damage to a monster up to 2 spaces away in a straight line."
    spear = damage_skill(cat.get_item("spear").skill)
    assert (spear.damage, spear.reach, spear.measure) == (2, 2, Measure.STRAIGHT_LINE)
    # Every weapon ability costs what a skill costs (reading: used as a skill).
    for weapon in cat.items_of("weapon"):
        if weapon.skill is not None:
            assert weapon.skill.cost == cat.skill_points.full, weapon.id


def test_ninja_sword_and_helmet(cat: HeroicaCatalog) -> None:
    # "Ninja Sword: Melee: Sneak attack! Take no damage from a monster when you attack, no
    #  matter what you roll."
    ninja = cat.get_item("ninja_sword")
    assert ninja.skill is None and ninja.style is Style.MELEE
    assert ninja.effect("no_damage_when_attacking") is not None
    # "Helmet: Increases your full health by 1."
    helmet = cat.get_item("helmet").effect("full_health_bonus")
    assert isinstance(helmet, FullHealthBonus) and (helmet.bonus, helmet.not_with) == (1, ())


def test_relics(cat: HeroicaCatalog) -> None:
    # "Helmet of Protection: Increases your full health by 2. ... Does not stack with the
    #  standard Helmet."
    protection = cat.get_item("helmet_of_protection").effect("full_health_bonus")
    assert isinstance(protection, FullHealthBonus)
    assert (protection.bonus, protection.not_with) == (2, ("helmet",))
    # "Chalice of Luck: If you roll Shield in the movement phase of your turn, you may Bless
    #  yourself or any hero in your location, instead of moving." / "In the hands of a Boss
    #  Monster, the Chalice Curses rather than Blesses."
    chalice = cat.get_item("chalice_of_luck").effect("bless")
    assert isinstance(chalice, Bless)
    assert chalice.trigger == "movement_shield" and chalice.includes_self and chalice.boss_curses
    # "Sceptre of Summoning: ... remove a level 1 or 2 monster from anywhere on the map and
    #  place it in any empty space in your current location, instead of moving."
    summon = cat.get_item("sceptre_of_summoning").effect("move_monster")
    assert isinstance(summon, MoveMonster)
    assert summon.ranks == (Rank.LEVEL_1, Rank.LEVEL_2)
    assert (summon.take_from, summon.place_in) == ("anywhere", "your_location")
    # "Sceptre of Banishment: ... remove a level 1 or 2 monster from your current location
    #  and place it in any empty space on the map, instead of moving."
    banish = cat.get_item("sceptre_of_banishment").effect("move_monster")
    assert isinstance(banish, MoveMonster)
    assert (banish.take_from, banish.place_in) == ("your_location", "anywhere")
    # "Crystal of Deflection: ... When defeated for the first time, lose the crystal and
    #  restore full health."
    assert cat.get_item("crystal_of_deflection").effect("restore_on_first_defeat") is not None
    # "Sword of Power: Deal 1 extra damage in all rolls when attacking or attacked. Does not
    #  affect Ranged or Melee Skills."
    power = cat.get_item("sword_of_power").effect("extra_damage_in_rolls")
    assert isinstance(power, ExtraDamageInRolls)
    assert (power.bonus, power.affects_skills) == (1, False)
    # "As well as their own abilities, Boss Monsters also use the power of the Relic they
    #  hold. If the Relic is activated by rolling Shield, the Boss Monster always uses it
    #  when it rolls Shield."
    rules = cat.items_file.relics
    assert rules.boss_uses_relic and rules.boss_uses_shield_relic_on_every_shield
    assert rules.taken_from_defeated_boss


def test_torch_key_and_gold(cat: HeroicaCatalog) -> None:
    # "If you are carrying a torch, you may move 1 extra space when moving. You may only
    #  carry ONE torch at a time. If you lose any health, you drop your torch and it goes
    #  out."
    torch = cat.get_item("torch")
    extra = torch.effect("extra_movement")
    assert isinstance(extra, ExtraMovement) and extra.spaces == 1
    assert torch.carry_limit == 1 and torch.effect("lost_on_health_loss") is not None
    # "Each key may only be used once, and you may only carry ONE key at any time."
    key = cat.get_item("key")
    unlocks = key.effect("unlocks")
    assert isinstance(unlocks, Unlocks)
    assert (unlocks.feature, unlocks.single_use, key.carry_limit) == ("locked_door", True, 1)
    # "Add 1 Gold"
    gold = cat.get_item("gold").effect("gold")
    assert isinstance(gold, GoldPiece) and gold.amount == 1
    limited = {i.id for i in cat.items.values() if i.carry_limit is not None}
    assert limited == {"torch", "key"}


# -------------------------------------------------------------------- tables


def test_the_five_phases(cat: HeroicaCatalog) -> None:
    # "Each player’s turn consists of five phases: 1. Upkeep ... 2. Hero movement/healing
    #  ... 3. Hero combat ... 4. Monster movement ... 5. Monster combat"
    assert [(p.id, p.name) for p in cat.tables.phases] == [
        ("upkeep", "Upkeep"),
        ("hero_movement", "Hero movement/healing"),
        ("hero_combat", "Hero combat"),
        ("monster_movement", "Monster movement"),
        ("monster_combat", "Monster combat"),
    ]
    # "Roll at the start of the game to determine which hero goes first."
    assert cat.tables.turn_order.first == "character"


def test_movement_per_action_die_face(cat: HeroicaCatalog) -> None:
    # "Roll the Action Die and move your hero up to the number of spaces rolled. If you roll
    #  Shield, move up to 4 spaces and restore 1 extra skill point."
    hero = cat.tables.hero_movement
    assert hero.die == "action" and hero.up_to
    assert {r.face: (r.spaces, r.skill_points) for r in hero.rows} == {
        SHIELD: (4, 1),
        SWORD3: (3, 0),
        SKULL2: (2, 0),
        SKULL1: (1, 0),
    }
    # "Roll the Action Die for each monster and move it the number of spaces rolled. If you
    #  roll Shield, move it 4 spaces."
    monster = cat.tables.monster_movement
    assert not monster.up_to
    assert {r.face: (r.spaces, r.skill_points) for r in monster.rows} == {
        SHIELD: (4, 0),
        SWORD3: (3, 0),
        SKULL2: (2, 0),
        SKULL1: (1, 0),
    }


def test_movement_rules(cat: HeroicaCatalog) -> None:
    rules = cat.tables.movement_rules
    # "- You may not move or fight diagonally."
    assert rules.diagonal is False
    # "- Pick up any items in spaces you move into or through" / "Monsters may not pick up
    #  items."
    assert rules.hero_picks_up_items and not rules.monster_picks_up_items
    # "- If you move into a space adjacent to a monster you MUST end your move there and
    #  fight." / "If the monster moves into a space adjacent to a hero it MUST end its move"
    assert rules.hero_stops_next_to_monster and rules.monster_stops_next_to_hero
    # "Monsters cannot pass through rocks, magic doors or locked doors."
    assert set(rules.monsters_blocked_by) == {"rocks", "magic_door", "locked_door"}
    # "You may not move through magic doors."
    assert "magic_door" in rules.heroes_blocked_by


def test_what_a_movement_shield_may_do_instead(cat: HeroicaCatalog) -> None:
    # Magic door (211), locked door (229), another hero (Versus, 185), the three relics
    # used "instead of moving" (307-310).
    assert {c.id: c.requires for c in cat.tables.shield_instead_of_moving} == {
        "pass_magic_door": "magic_door",
        "pass_locked_door": "locked_door",
        "attack_hero": "versus",
        "use_chalice": "chalice_of_luck",
        "use_sceptre_of_summoning": "sceptre_of_summoning",
        "use_sceptre_of_banishment": "sceptre_of_banishment",
    }


def combat(rows: tuple[object, ...]) -> dict[str, tuple[int, int, bool, int, int]]:
    return {
        r.face: (  # type: ignore[attr-defined]
            r.monster_damage,  # type: ignore[attr-defined]
            r.monster_moves_back,  # type: ignore[attr-defined]
            r.hero_hit,  # type: ignore[attr-defined]
            r.hero_extra_damage,  # type: ignore[attr-defined]
            r.hero_moves_back,  # type: ignore[attr-defined]
        )
        for r in rows
    }


def test_hero_combat_table(cat: HeroicaCatalog) -> None:
    # (monster damage, monster moves back, hero loses strength, + extra, hero moves back)
    # "- Shield: Deal 2 damage. If the monster is not defeated, it moves back 1 space.
    #  - 3/Sword: Deal 1 damage. If the monster is not defeated, it moves back 1 space.
    #  - 2/Skull: Lose health equal to the monster’s strength AND move back 1 space away
    #    from the monster.
    #  - 1/Skull/Sword: Deal 1 damage AND lose health equal to the monster’s strength AND
    #    move back 1 space away from the monster. If the monster is not defeated, it moves
    #    back 1 space."
    assert cat.tables.hero_combat.die == "action"
    assert combat(cat.tables.hero_combat.rows) == {
        SHIELD: (2, 1, False, 0, 0),
        SWORD3: (1, 1, False, 0, 0),
        SKULL2: (0, 0, True, 0, 1),
        SKULL1: (1, 1, True, 0, 1),
    }


def test_monster_combat_table(cat: HeroicaCatalog) -> None:
    # "- Shield: Deal ONE MORE damage to the hero than the monster’s strength AND the hero
    #    moves back 1 space away from the monster.
    #  - 3/Sword: The monster loses 1 health. If the monster is not defeated, it moves back
    #    1 space.
    #  - 2/Skull: Deal damage to the hero equal to the monster’s strength AND the hero moves
    #    back 1 space away from the monster.
    #  - 1/Skull/Sword: Deal damage equal to the monster’s strength AND the hero moves back
    #    1 space away from the monster AND the monster loses 1 health. If the monster is not
    #    defeated, it moves back 1 space."
    assert cat.tables.monster_combat.die == "action"
    assert combat(cat.tables.monster_combat.rows) == {
        SHIELD: (0, 0, True, 1, 1),
        SWORD3: (1, 1, False, 0, 0),
        SKULL2: (0, 0, True, 0, 1),
        SKULL1: (1, 1, True, 0, 1),
    }


def test_cornered_and_location(cat: HeroicaCatalog) -> None:
    # "If either a hero or monster is hit and cannot move 1 space away from the attacker,
    #  their combat continues until one or the other is defeated."
    assert cat.tables.cornered.fight_until_defeated
    # "Characters on link pieces are effectively in two locations at the same time.
    #  Characters in the same location can exchange items freely or heal or bless one
    #  another."
    location = cat.tables.location
    assert location.link_pieces_in_both_locations
    assert location.shared_in_location == ("exchange_items", "heal", "bless")


def test_blessings_and_curses(cat: HeroicaCatalog) -> None:
    # "Add a yellow token to your hero pack if you are Blessed and a green token if you are
    #  Cursed. Blessings last until you roll 1 or are Cursed. Curses last until you roll
    #  Shield or are Blessed."
    assert {c.id: (c.token, c.die, c.ends_on_face, c.ends_when) for c in cat.tables.conditions} == {
        "blessed": ("yellow", "blessed", SKULL1, "cursed"),
        "cursed": ("green", "cursed", SHIELD, "blessed"),
    }


def test_treasure_chest_table(cat: HeroicaCatalog) -> None:
    # "- Shield: Take 2 gold from the store - 3/Sword: Take 1 gold from the store - 2/Skull:
    #  Lose 1 health - 1/Skull/Sword: Lose 1 health AND take 1 gold from the store"
    assert cat.tables.chest.die == "action"
    assert {r.face: (r.gold, r.health) for r in cat.tables.chest.rows} == {
        SHIELD: (2, 0),
        SWORD3: (1, 0),
        SKULL2: (0, -1),
        SKULL1: (1, -1),
    }
    chest = cat.get_feature("treasure_chest")
    # "If you move into a space with a treasure chest, you MUST end your move in that space"
    assert chest.stops == "on_entering"


def test_casket_tokens(cat: HeroicaCatalog) -> None:
    # "- Yellow token: You are blessed. - Red token: Gain 1 Health - Gold token: Gain 1
    #  Gold - Green token: You are cursed - Black token: Add 1 token to the Boss Monster
    #  Track or lose 1 Health. - Orange token: Add 1 token to the Fire Track or lose 2
    #  Health."
    outcomes = {
        t.token: [o.model_dump(exclude_defaults=True) for o in t.outcomes]
        for t in cat.tables.casket.tokens
    }
    assert outcomes == {
        "yellow": [{"condition": "blessed"}],
        "red": [{"health": 1}],
        "gold": [{"gold": 1}],
        "green": [{"condition": "cursed"}],
        "black": [{"boss_track": 1}, {"health": -1}],
        "orange": [{"fire_track": 1}, {"health": -2}],
    }
    # "CASKETS (Ramses’ Temple): If you move into a space with a casket, you MUST end your
    #  move in that space and search it."
    casket = cat.get_feature("casket")
    assert (casket.realm, casket.stops) == ("ramses_temple", "on_entering")


def test_rocks_table(cat: HeroicaCatalog) -> None:
    # "- Shield: Pass through the rocks to the first available space on the other side.
    #  - 3/Sword: Remove the rocks from the game - 2/Skull: Move back 1 space away from the
    #  rocks. - 1/Skull/Sword: You are stuck! Move onto the rocks."
    assert {r.face: r.result for r in cat.tables.rocks.rows} == {
        SHIELD: "pass_through",
        SWORD3: "remove",
        SKULL2: "move_back",
        SKULL1: "stuck",
    }
    # "ROCKS (Caverns of Nathuz): If you move into a space adjacent to rocks, you MUST end
    #  your move in that space and explore them."
    rocks = cat.get_feature("rocks")
    assert (rocks.realm, rocks.stops) == ("caverns_of_nathuz", "adjacent")


def test_doors_maps_and_magic_spaces(cat: HeroicaCatalog) -> None:
    # "you may move one magic door to any empty dark green space (or dark grey if you are
    #  only playing with the Waldurk Forest realm)"
    door = cat.get_feature("magic_door")
    assert door.moved_to == ("dark green",) and door.moved_to_if_only_waldurk_forest == (
        "dark grey",
    )
    assert door.pass_on_shield
    # "If you end your move on a magic space (blue disc)"
    assert cat.get_feature("magic_space").colour == "blue disc"
    # "... and then move that casket to any unoccupied tan space."
    assert cat.get_feature("map").moves_casket_to == ("tan",)
    # "you may put a key from your hero pack into the top to unlock it" ... "The door
    #  remains locked." (a Shield passes it)
    locked = cat.get_feature("locked_door")
    assert (locked.unlocked_by, locked.pass_on_shield, locked.occupies_space) == (
        "key", True, False,
    )  # fmt: skip


def test_monster_generators(cat: HeroicaCatalog) -> None:
    # "Whenever the Boss Monster moves, roll the Action Die. On a 3 or Shield, nothing
    #  happens. On a 1 or 2, a Level 1 Monster from the relevant realm appears on the
    #  generator. If all Level 1 Monsters from the relevant realm are in play, the relevant
    #  Level 2 Monster appears instead. ... On a 1, also add one token to the Fire Track."
    generator = cat.tables.generator
    assert generator.die == "action" and generator.fallback_rank is Rank.LEVEL_2
    assert {r.face: (r.spawn, r.fire_track) for r in generator.rows} == {
        SHIELD: ((), 0),
        SWORD3: ((), 0),
        SKULL2: ((Rank.LEVEL_1,), 0),
        SKULL1: ((Rank.LEVEL_1,), 1),
    }


def test_lava_mountain_generators(cat: HeroicaCatalog) -> None:
    # "you must roll the Location Die as well as the Action Die to determine which monsters
    #  appear. If the Location Die rolls Shield, no monsters appear, no matter what the
    #  Action Die rolls. On a 1, re-roll but any monsters that appear will be Level 2
    #  rather than Level 1!"
    lava = cat.tables.lava_mountain_generator
    assert lava.die == "location"
    assert {r.face: r.result for r in lava.rows} == {
        SHIELD: "none",
        "Castle Fortaan": "realm",
        "Waldurk Forest": "realm",
        "Caverns of Nathuz": "realm",
        "Ramses' Temple": "realm",
        SKULL1: "reroll_as_level_2",
    }


def test_fire_and_boss_tracks(cat: HeroicaCatalog) -> None:
    # "FIRE TRACK: Used in Co-operative games. Each time a hero is defeated, or a 1 is
    #  rolled on a Monster Generator (see later) add one to the Fire Track."
    fire = cat.tables.fire_track
    assert fire.used_in == ("co_operative",)
    assert (fire.per_hero_defeated, fire.per_generator_one) == (1, 1)
    # "Use the Fire Track to record its remaining health."
    assert fire.records_dragon_health
    # "BOSS MONSTER TRACK: Used in Map Build games. If the Boss Track fills, the next
    #  location added MUST be a Boss Monster location ... Then remove all tokens to reset
    #  the track."
    boss = cat.tables.boss_track
    assert boss.used_in == ("map_build",)
    assert boss.boss_location_only_when_full and boss.reset_when_boss_added


def test_heroica_token(cat: HeroicaCatalog) -> None:
    # "It starts with the first player and passes clockwise whenever a player uses it to
    #  expand the map. In Co-operative games the token can be passed between heroes in the
    #  same location. In Versus games the token is stolen by a hero who defeats the hero."
    token = cat.tables.heroica_token
    assert (token.starts_with, token.passes) == ("first_player", "clockwise")
    assert token.co_operative_pass_in_location and token.versus_stolen_by_defeater


def test_play_variations(cat: HeroicaCatalog) -> None:
    # "- Co-operative: ... - Versus: ... - Dungeon Master: ... - Fixed Map: ... - Map
    #  Build: ..."
    assert {v.id: (v.name, v.group) for v in cat.tables.variations} == {
        "co_operative": ("Co-operative", "goal"),
        "versus": ("Versus", "goal"),
        "dungeon_master": ("Dungeon Master", "monsters"),
        "fixed_map": ("Fixed Map", "map"),
        "map_build": ("Map Build", "map"),
    }
    # "the Dungeon Master rolls and moves a number of monsters up to the number of players."
    assert cat.tables.dungeon_master.moves_monsters_up_to == "players"


def test_map_build_location_die(cat: HeroicaCatalog) -> None:
    # "The game begins with a small map (Draida Bay is ideal)"
    build = cat.tables.map_build
    assert build.starting_realm == "draida_bay"
    assert build.dice == ("location", "action", "items")
    # "- Shield: Add a location tile of your choice. Do not add to the Boss Monster Track.
    #  - Coloured side: Add a location tile of the realm colour rolled AND add ONE token to
    #  the Boss Monster Track. ... - 1/Skull/Sword: Add a location tile of the same colour
    #  as the location you are adding to AND add TWO tokens to the Boss Monster Track."
    assert {r.face: (r.tile, r.boss_track) for r in build.location} == {
        SHIELD: ("choice", 0),
        "Castle Fortaan": ("realm_rolled", 1),
        "Waldurk Forest": ("realm_rolled", 1),
        "Caverns of Nathuz": ("realm_rolled", 1),
        "Ramses' Temple": ("realm_rolled", 1),
        SKULL1: ("same_as_location", 2),
    }


def test_map_build_monsters_and_items(cat: HeroicaCatalog) -> None:
    build = cat.tables.map_build
    # "- Shield: No monsters appear in the new location. - 3/Sword: Add a Level 1 Monster
    #  ... - 2/Skull: Add a Level 2 Monster ... - 1/Skull/Sword: Add a Level 1 Monster AND a
    #  Level 2 Monster ..."
    assert {r.face: r.spawn for r in build.monsters} == {
        SHIELD: (),
        SWORD3: (Rank.LEVEL_1,),
        SKULL2: (Rank.LEVEL_2,),
        SKULL1: (Rank.LEVEL_1, Rank.LEVEL_2),
    }
    # "- Potions symbol: Add any 2 potions of your choice ... - gold/green: Add 1 Gold and 1
    #  Skill Potion ... - brown/translucent red/blue: Add 1 Treasure Chest, 1 Torch and 1
    #  Speed Potion ... - gold/red/orange: Add 1 Gold, 1 Life Potion and 1 Luck Potion ...
    #  - translucent red/grey/yellow: Add 1 Torch, 1 Key and 1 Strength Potion ... -
    #  red/brown: Add 1 Life Potion and 1 Treasure Chest ..."
    assert {r.face: (r.potions_of_choice, r.places) for r in build.items} == {
        "Potions symbol": (2, ()),
        "gold/green": (0, ("gold", "skill_potion")),
        "brown/translucent red/blue": (0, ("treasure_chest", "torch", "speed_potion")),
        "gold/red/orange": (0, ("gold", "life_potion", "luck_potion")),
        "translucent red/grey/yellow": (0, ("torch", "key", "strength_potion")),
        "red/brown": (0, ("life_potion", "treasure_chest")),
    }


def test_every_die_table_has_one_row_per_face(cat: HeroicaCatalog) -> None:
    tables = cat.tables.die_tables()
    assert len(tables) == 11
    for where, (die_id, _, rows) in tables.items():
        faces = [row.face for row in rows]  # type: ignore[attr-defined]
        assert sorted(faces) == sorted(cat.get_die(die_id).distinct_faces), where


# ------------------------------------------------------------------- options


def test_option_defaults_are_as_documented(cat: HeroicaCatalog) -> None:
    assert cat.default_options() == Options(
        hero_health=4,
        starting_skill_points=4,
        starting_gold=0,
        fire_track_length=12,
        fire_track_full=FireTrackEnd.LOSE,
        boss_track_length=6,
        melee_skill_trigger=MeleeSkillTrigger.FULL_SKILL_POINTS,
        knight_and_sword_style=KnightSwordStyle.AS_WRITTEN,
        golem_retreats_undamaged=False,
        werewolf_shield_damage=4,
        pushback_blocked=PushbackBlocked.STOPS,
        adjacent_monsters_fought=AdjacentMonsters.ONE,
        monster_move_order=MonsterMoveOrder.PLAYER_CHOICE,
        dragon_hurt_by_normal_attack=True,
        dragon_after_devouring=DragonAfterDevouring.PERCHED,
        dragon_generators_sealed_at_start=True,
        condition_die_for_monster_rolls=False,
        conditions_end_on_any_roll=True,
        curse_on_blessed_hero=CurseOnBlessed.CANCELS,
        figures_block_ranged=False,
        obstacles_block_ranged=True,
        temporary_health=TemporaryHealth.UNTIL_LOST,
        hero_defeat=HeroDefeat.RETURN_TO_START,
        crystal_prevents_defeat=True,
        hero_versus_hero=HeroVersusHero.HERO_COMBAT_TABLE,
        hero_strength=1,
        first_player_reroll=True,
        monster_figures_per_kind=0,
        boss_gold=0,
        relic_assignment=RelicAssignment.SETUP,
    )
    # The places the brief names: hero health, track lengths, melee trigger, hero defeat,
    # hero-versus-hero fights.
    assert "base Heroica game" in cat.options.hero_health.description
    assert "6 players + 6 = 12" in cat.options.fire_track_length.description


def test_every_option_is_documented_with_a_quote(cat: HeroicaCatalog) -> None:
    documented = cat.options.documented()
    assert list(documented) == list(Options.model_fields)
    assert len(documented) == 30
    for name, entry in documented.items():
        assert entry.quote.strip() and entry.description.strip(), name
        assert "default" in entry.description.lower(), name


def test_options_can_be_changed_but_not_invented(cat: HeroicaCatalog) -> None:
    options = cat.make_options(hero_health=5, hero_defeat="out", fire_track_full="dragon")
    assert options.hero_health == 5 and options.hero_defeat is HeroDefeat.OUT
    assert options.fire_track_full is FireTrackEnd.DRAGON
    assert options.boss_track_length == 6
    with pytest.raises(ValidationError, match="hero_helth"):
        cat.make_options(hero_helth=5)
    with pytest.raises(ValidationError, match="hero_health"):
        cat.make_options(hero_health=0)
    with pytest.raises(ValidationError, match="melee_skill_trigger"):
        cat.make_options(melee_skill_trigger="never")


# ---------------------------------------------------------- quotes of the text


def _normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _quoted(value: object, path: str) -> Iterator[tuple[str, int, str]]:
    """Every (field path, line, text) of the entries under ``value``."""
    if isinstance(value, BaseModel):
        fields = type(value).model_fields
        if "line" in fields and "text" in fields:
            yield path, value.line, value.text  # type: ignore[attr-defined]
        for name in fields:
            yield from _quoted(getattr(value, name), f"{path}.{name}")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _quoted(item, f"{path}.{index}")


def _every_quoted_entry(cat: HeroicaCatalog) -> list[tuple[str, int, str]]:
    found: list[tuple[str, int, str]] = []
    for name in ("dice", "heroes", "ranks", "monsters", "items"):
        for ident, entry in getattr(cat, name).items():
            found += _quoted(entry, f"{name}.{ident}")
    found += _quoted(cat.skill_points, "skill_points")
    for part in ("shop", "potion_use", "relics"):
        found += _quoted(getattr(cat.items_file, part), part)
    found += _quoted(cat.tables, "tables")
    return found


@needs_text
def test_every_entry_quotes_its_own_line_of_the_text(cat: HeroicaCatalog) -> None:
    lines = RULE_TEXT.read_text(encoding="utf-8").splitlines()
    # The complete copy starts at line 137: "Heroica is Lego's dungeon crawl game."
    assert lines[136].startswith("Heroica is Lego's dungeon crawl game.")
    assert lines[138] == "1. CHARACTERS"
    entries = _every_quoted_entry(cat)
    assert len(entries) > 150
    for path, line, text in entries:
        assert _normalised(text) in _normalised(lines[line - 1]), (path, line)


@needs_text
def test_heroes_and_monsters_are_named_as_in_the_text(cat: HeroicaCatalog) -> None:
    text = _normalised(RULE_TEXT.read_text(encoding="utf-8"))
    for hero in cat.heroes.values():
        style = "Melee" if hero.style is Style.MELEE else "Ranged"
        assert f"{hero.name}: {style} - {hero.text}" in text, hero.id
        assert f"(If the {hero.name} has the {cat.get_item(hero.with_weapon.weapon).name}:" in (
            text
        ), hero.id
    headings = {
        "spider": "- Spider (Waldurk Forest):",
        "snake": "- Snake (Ramses’ Temple):",
        "bat": "- Bat (Caverns of Nathuz):",
        "goblin_warrior": "- Goblin Warrior (Draida Bay / Castle Fortaan):",
        "werewolf": "- Werewolf (Waldurk Forest):",
        "mummy": "- Mummy (Ramses’ Temple):",
        "golem_guardian": "- Golem Guardian (Caverns of Nathuz):",
        "goblin_guardian": "- Goblin Guardian (Castle Fortaan):",
        "goblin_general": "- Goblin General (Draida Bay):",
        "dark_druid": "- Dark Druid (Waldurk Forest):",
        "pharaoh_ramses": "- Pharaoh Ramses (Ramses’ Temple):",
        "golem_lord": "- Golem Lord (Caverns of Nathuz):",
        "goblin_king": "- Goblin King (Castle Fortaan):",
        "dragon": "DRAGON:",
    }
    for monster in cat.monsters.values():
        assert headings[monster.id] in text, monster.id
        if monster.id != "dragon":
            assert headings[monster.id].startswith(f"- {monster.name} ("), monster.id
    for weapon in (*cat.items_of("weapon"), *cat.items_of("armour"), *cat.items_of("relic")):
        assert f"- {weapon.name}:" in text, weapon.id


@needs_text
def test_option_quotes_are_verbatim(cat: HeroicaCatalog) -> None:
    text = _normalised(RULE_TEXT.read_text(encoding="utf-8"))
    for name, entry in cat.options.documented().items():
        assert _normalised(entry.quote) in text, name


# ------------------------------------------------------------------- errors


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "heroica"
    shutil.copytree(data_dir(), folder)
    return folder


def load_error(folder: Path) -> str:
    return load_error_of(load_catalog, folder)


def test_copy_loads_like_the_original(data_copy: Path, cat: HeroicaCatalog) -> None:
    assert load_catalog(data_copy) == cat


#: A one-line edit of a data file and the parts its error message must contain.
BAD_EDITS = {
    "unknown_field": (
        "heroes.toml",
        'id = "barbarian"\n',
        'id = "barbarian"\nhealth = 4\n',
        ["heroes.toml: heroes.0.health: Extra inputs are not permitted"],
    ),
    "unknown_field_inside_an_ability": (
        "monsters.toml",
        '{ kind = "extra_move", spaces = 1 }',
        '{ kind = "extra_move", spaces = 1, fast = true }',
        ["monsters.toml: monsters.0.abilities.0.extra_move.fast: Extra inputs"],
    ),
    "wrong_type": (
        "monsters.toml",
        "strength = 2\n",
        'strength = "two"\n',
        ["monsters.toml: ranks.1.strength: Input should be a valid integer"],
    ),
    "line_outside_the_complete_copy": (
        "dice.toml",
        "line = 148\n",
        "line = 12\n",
        ["dice.toml: dice.0.line: Input should be greater than or equal to 137"],
    ),
    "missing_hero": (
        "heroes.toml",
        'id = "thief"',
        'id = "rogue"',
        ["heroes.toml: heroes: missing hero 'thief' of the text"],
    ),
    "missing_monster": (
        "monsters.toml",
        'id = "bat"',
        'id = "vampire_bat"',
        ["monsters.toml: monsters: missing monster 'bat' of the text"],
    ),
    "missing_die": (
        "dice.toml",
        'id = "items"',
        'id = "item"',
        ["dice.toml: dice: missing die 'items' of the text"],
    ),
    "duplicate_item": (
        "items.toml",
        'id = "spear"',
        'id = "bow"',
        ["items.toml: items: duplicate id 'bow' at index 12 (first at index 8)"],
    ),
    "unknown_ability_kind": (
        "monsters.toml",
        '{ kind = "devours" }',
        '{ kind = "eats" }',
        ["monsters.toml: monsters.13.abilities.3: Input tag 'eats'"],
    ),
    "unknown_skill_kind": (
        "items.toml",
        'skill = { kind = "heal"',
        'skill = { kind = "cure"',
        ["items.toml: items.7.skill: Input tag 'cure'"],
    ),
    "item_that_does_nothing": (
        "items.toml",
        'effects = [{ kind = "no_damage_when_attacking" }]',
        "effects = []",
        ["items.toml: items.13: an item needs a skill or effects"],
    ),
    "unknown_realm_reference": (
        "monsters.toml",
        'realms = ["caverns_of_nathuz"]',
        'realms = ["caverns_of_natuz"]',
        [
            "monsters.toml: monsters.2.realms.0: unknown realm 'caverns_of_natuz' "
            "(not in tables.toml); did you mean 'caverns_of_nathuz'?"
        ],
    ),
    "unknown_obstacle_reference": (
        "monsters.toml",
        'obstacles = ["rocks", "magic_door", "locked_door"]',
        'obstacles = ["rocks", "magic_doors", "locked_door"]',
        [
            "monsters.toml: monsters.2.abilities.0.obstacles.1: unknown feature 'magic_doors'",
            "did you mean 'magic_door'?",
        ],
    ),
    "golem_face_typo": (
        "monsters.toml",
        'faces = ["Shield"]',
        'faces = ["shield"]',
        [
            "monsters.toml: monsters.6.abilities.0.faces.0: 'shield' is not a face of the "
            "Action Die; did you mean 'Shield'?"
        ],
    ),
    "dragon_face_typo": (
        "monsters.toml",
        'no_damage_on = ["3/Sword", "1/Skull/Sword"]',
        'no_damage_on = ["3/Sword", "1/Sword"]',
        ["monsters.toml: monsters.13.abilities.1.no_damage_on.1: '1/Sword' is not a face"],
    ),
    "generators_out_of_order": (
        "monsters.toml",
        "generators_sealed_at = [9, 6, 3, 0]",
        "generators_sealed_at = [9, 3, 6, 0]",
        ["monsters.toml: ranks.3.generators_sealed_at: must go down"],
    ),
    "unknown_weapon_reference": (
        "heroes.toml",
        'weapon = "wand"',
        'weapon = "wnad"',
        [
            "heroes.toml: heroes.1.with_weapon.weapon: unknown item 'wnad' (not in "
            "items.toml); did you mean 'wand'?"
        ],
    ),
    "own_weapon_not_a_weapon": (
        "heroes.toml",
        'weapon = "staff"',
        'weapon = "helmet"',
        ["heroes.toml: heroes.2.with_weapon.weapon: 'helmet' is not a weapon"],
    ),
    "character_face_typo": (
        "heroes.toml",
        'character_die_face = "Ranger"',
        'character_die_face = "Rangers"',
        [
            "heroes.toml: heroes.3.character_die_face: 'Rangers' is not a face of the "
            "Character Die; did you mean 'Ranger'?",
            "heroes.toml: heroes: the Character Die face 'Ranger' must name one hero (found 0)",
        ],
    ),
    "skill_dearer_than_full_points": (
        "heroes.toml",
        "cost = 4\n",
        "cost = 5\n",
        ["heroes.toml: heroes.0.skill.cost: 5 is more than the full 4 skill points"],
    ),
    "unknown_replaced_die": (
        "dice.toml",
        'replaces = "action"\nwhen = "cursed"',
        'replaces = "actoin"\nwhen = "cursed"',
        ["dice.toml: dice.1.replaces: unknown die 'actoin' (not in dice.toml)"],
    ),
    "cursed_die_with_a_face_the_action_die_lacks": (
        "dice.toml",
        'faces = ["Shield", "3/Sword", "2/Skull", "2/Skull", "2/Skull", "1/Skull/Sword"]',
        'faces = ["Shield", "3/Sword", "2/Skull", "Skull", "2/Skull", "1/Skull/Sword"]',
        [
            "dice.toml: dice.1.faces: must carry the faces of the Action Die "
            "(Shield, 3/Sword, 2/Skull, 1/Skull/Sword)"
        ],
    ),
    "replaces_without_when": (
        "dice.toml",
        'when = "blessed"\n',
        "",
        ["dice.toml: dice.2: 'replaces' and 'when' go together"],
    ),
    "unknown_die_of_a_table": (
        "tables.toml",
        'die = "action"\nline = 206',
        'die = "acton"\nline = 206',
        ["tables.toml: chest.die: unknown die 'acton' (not in dice.toml); did you mean 'action'?"],
    ),
    "table_face_typo": (
        "tables.toml",
        '{ face = "2/Skull", gold = 0, health = -1',
        '{ face = "2/skull", gold = 0, health = -1',
        [
            "tables.toml: chest.rows.2.face: '2/skull' is not a face of the Action Die; "
            "did you mean '2/Skull'?",
            "tables.toml: chest.rows: the Action Die face '2/Skull' must have one row (found 0)",
        ],
    ),
    "table_face_twice": (
        "tables.toml",
        '{ face = "3/Sword", spaces = 3 },',
        '{ face = "2/Skull", spaces = 3 },',
        [
            "tables.toml: hero_movement.rows: the Action Die face '3/Sword' must have one "
            "row (found 0)",
            "tables.toml: hero_movement.rows: the Action Die face '2/Skull' must have one "
            "row (found 2)",
        ],
    ),
    "combat_extra_damage_without_a_hit": (
        "tables.toml",
        "hero_hit = true\nhero_extra_damage = 1",
        "hero_hit = false\nhero_extra_damage = 1",
        ["tables.toml: monster_combat.rows.0: hero_extra_damage needs hero_hit"],
    ),
    "empty_casket_outcome": (
        "tables.toml",
        "outcomes = [{ gold = 1 }]",
        "outcomes = [{ gold = 0 }]",
        ["tables.toml: casket.tokens.2.outcomes.0: an outcome must change something"],
    ),
    "condition_on_the_wrong_die": (
        "tables.toml",
        'die = "blessed"\nends_on_face',
        'die = "cursed"\nends_on_face',
        ["tables.toml: conditions.0.die: the Cursed Die is not the blessed die"],
    ),
    "realm_colour_not_a_space_colour": (
        "tables.toml",
        'colour = "tan"\nlocation_die_face',
        'colour = "sand"\nlocation_die_face',
        ["tables.toml: realms.4.colour: 'sand' is not in space_colours"],
    ),
    "lava_generator_realm_on_a_wrong_face": (
        "tables.toml",
        '{ face = "Castle Fortaan", result = "realm"',
        '{ face = "Castle Fortaan", result = "none"',
        ["tables.toml: lava_mountain_generator.rows.1.result: 'realm' is the result of exactly"],
    ),
    "missing_phase": (
        "tables.toml",
        'id = "monster_combat"',
        'id = "monster_attack"',
        ["tables.toml: phases: missing phase 'monster_combat' of the text"],
    ),
    "shield_choice_needs_something_unknown": (
        "tables.toml",
        'requires = "versus"',
        'requires = "verses"',
        [
            "tables.toml: shield_instead_of_moving.2.requires: unknown feature, item or "
            "variation 'verses'",
            "did you mean 'versus'?",
        ],
    ),
    "map_build_places_an_unknown_item": (
        "tables.toml",
        'places = ["torch", "key", "strength_potion"]',
        'places = ["torch", "kee", "strength_potion"]',
        ["tables.toml: map_build.items.4.places.1: unknown item or feature 'kee'"],
    ),
    "versus_sale_of_something_unpriced": (
        "items.toml",
        'versus_final_sale = ["relic", "weapon", "armour", "potion"]',
        'versus_final_sale = ["relic", "weapon", "armour", "potion", "key"]',
        ["items.toml: shop.versus_final_sale.4: the store pays nothing for 'key'"],
    ),
    "duplicate_price": (
        "items.toml",
        'category = "armour"\nbuy = 5',
        'category = "weapon"\nbuy = 5',
        ["items.toml: shop.prices: duplicate category 'weapon' at index 2 (first at index 1)"],
    ),
    "potion_without_colour": (
        "items.toml",
        'colour = "orange"\nline = 236',
        "line = 236",
        ["items.toml: items.2.colour: a potion needs its colour"],
    ),
    "helmet_stacking_with_an_unknown_item": (
        "items.toml",
        'not_with = ["helmet"]',
        'not_with = ["helmett"]',
        ["items.toml: items.15.effects.0.not_with.0: unknown item 'helmett'"],
    ),
    "bad_option_choice": (
        "options.toml",
        'default = "full_skill_points"',
        'default = "always"',
        ["options.toml: melee_skill_trigger.default: Input should be 'full_skill_points' or"],
    ),
    "bad_option_default": (
        "options.toml",
        "default = 12\n",
        "default = 0\n",
        ["options.toml: fire_track_length.default: Input should be greater than or equal to 1"],
    ),
    "starting_skill_points_above_full": (
        "options.toml",
        'default = 4\nquote = "If you have full (4)',
        'default = 5\nquote = "If you have full (4)',
        ["options.toml: starting_skill_points.default: more than the full 4 skill points"],
    ),
    "missing_option": (
        "options.toml",
        "[hero_defeat]",
        "[hero_defeated]",
        ["options.toml: hero_defeat: Field required", "options.toml: hero_defeated: Extra inputs"],
    ),
    "wrong_format_version": (
        "items.toml",
        "format_version = 1",
        "format_version = 2",
        ["items.toml: format_version: Input should be 1"],
    ),
    "bad_toml_syntax": (
        "tables.toml",
        "format_version = 1\n",
        "format_version = = 1\n",
        ["tables.toml: invalid TOML", "line"],
    ),
}


@pytest.mark.parametrize(("name", "old", "new", "expected"), BAD_EDITS.values(), ids=BAD_EDITS)
def test_bad_edit_is_refused_naming_file_and_field(
    data_copy: Path, name: str, old: str, new: str, expected: list[str]
) -> None:
    edit(data_copy / name, old, new)
    message = load_error(data_copy)
    for part in expected:
        assert part in message


def test_phases_out_of_order_are_refused(data_copy: Path) -> None:
    path = data_copy / "tables.toml"
    edit(path, 'id = "upkeep"', 'id = "PLACEHOLDER"')
    edit(path, 'id = "hero_combat"', 'id = "upkeep"')
    edit(path, 'id = "PLACEHOLDER"', 'id = "hero_combat"')
    assert "tables.toml: phases: phases must come in the text's order" in load_error(data_copy)


def test_messages_name_the_file_in_the_repository() -> None:
    path = data_dir() / "heroes.toml"
    error = DataFileError(path, ["heroes.0.health: Extra inputs are not permitted"])
    assert str(error).startswith("resources/rulesets/heroica/heroes.toml: heroes.0.health:")


def test_missing_file(data_copy: Path) -> None:
    (data_copy / "options.toml").unlink()
    assert "options.toml: file not found" in load_error(data_copy)


# ----------------------------------------------------------------- layering


def test_the_package_imports_no_other_ruleset_and_no_qt() -> None:
    sources = sorted(PACKAGE_DIR.glob("*.py"))
    assert {"__init__.py", "schema.py", "catalog.py", "plugin.py"} <= {p.name for p in sources}
    for source in sources:
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for module in names:
                assert not module.startswith("companion.rulesets.brickquest"), source.name
                assert not module.startswith("companion.rulesets.in_a_world"), source.name
                assert "PySide6" not in module, source.name
