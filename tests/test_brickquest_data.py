"""BrickQuest's rules data: the TOML files against the rules text, and their error reports.

The expected numbers below are copied from ``brickquest.txt`` by hand, independently of
the data files, so a typo in either shows up here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from data_edits import edit, load_error_of
from pydantic import BaseModel, ConfigDict

from companion.datafiles import (
    MAX_DATA_FILE_BYTES,
    DataFileError,
    load_toml,
    resource_dir,
)
from companion.rulesets.brickquest.catalog import (
    BrickQuestCatalog,
    UnknownIdError,
    data_dir,
    default_catalog,
    load_catalog,
)
from companion.rulesets.brickquest.schema import (
    Archetype,
    Breath,
    Circle,
    Cone,
    ItemCategory,
    Line,
    MonstersFile,
    Race,
    SpellList,
)


@pytest.fixture(scope="module")
def cat() -> BrickQuestCatalog:
    return default_catalog()


# ------------------------------------------------------------------- counts

CLASS_IDS = {
    "human_warrior", "elven_ranger", "dwarven_berserker",
    "human_thief", "elven_assassin", "dwarven_sapper",
    "human_mage", "elven_adept", "dwarven_warmage",
    "human_cleric", "elven_shaman", "dwarven_paladin",
}  # fmt: skip

PRIESTLY = {
    "minor_healing", "major_healing", "cure_disease", "cure_poison", "curse",
    "cure_curse", "infuse", "divine_wrath",
}  # fmt: skip
WIZARDLY = {
    "minor_fireball", "major_fireball", "levin_bolt", "lightning_bolt", "cone_of_ice",
    "magic_lock", "magic_unlock", "reveal_secrets", "magic_ward", "blinding_light",
    "hiccups", "silence", "invisibility", "ethereality", "teleport",
}  # fmt: skip
DWARVEN_WAR = {
    "summon_stone_elemental", "war_drums", "war_horn", "dwarven_fireball",
    "wall_of_stone", "larger_wall_of_stone", "strengthen_potion",
}  # fmt: skip


def test_twelve_classes_one_per_race_and_archetype(cat: BrickQuestCatalog) -> None:
    assert set(cat.classes) == CLASS_IDS
    pairs = {(c.race, c.archetype) for c in cat.classes.values()}
    assert pairs == {(r, a) for r in Race for a in Archetype}
    for c in cat.classes.values():
        assert c.id.split("_")[0] in {"human", "elven", "dwarven"}


def test_every_spell_of_the_three_lists(cat: BrickQuestCatalog) -> None:
    assert {s.id for s in cat.spells_in(SpellList.PRIESTLY)} == PRIESTLY
    assert {s.id for s in cat.spells_in("wizardly")} == WIZARDLY
    assert {s.id for s in cat.spells_in(SpellList.DWARVEN_WAR)} == DWARVEN_WAR
    assert len(cat.spells) == 30


def test_skills_and_difficulties(cat: BrickQuestCatalog) -> None:
    assert len(cat.skills) == 11
    trained = {s.id for s in cat.skills.values() if s.trained_only}
    assert trained == {"disarm_trap", "pick_locks", "pick_pockets", "search_secrets", "tumble"}
    targets = {d.id: d.target for d in cat.difficulties.values()}
    assert targets == {
        "simple": None,
        "easy": 6,
        "normal": 8,
        "hard": 10,
        "extremely_hard": 12,
        "nearly_impossible": 13,
    }
    assert cat.get_difficulty("nearly_impossible").requires_bonus
    assert not cat.get_difficulty("extremely_hard").requires_bonus


def test_item_counts(cat: BrickQuestCatalog) -> None:
    by_category: dict[ItemCategory, int] = {}
    for item in cat.items.values():
        by_category[item.category] = by_category.get(item.category, 0) + 1
    assert by_category == {
        ItemCategory.COIN: 4,
        ItemCategory.TREASURE: 1,
        ItemCategory.KEY: 1,
        ItemCategory.GOBLET: 7,
        ItemCategory.GEM: 4,
        ItemCategory.POTION: 7,
        ItemCategory.SCROLL: 1,
        ItemCategory.BOOK: 1,
    }


# ------------------------------------------------------------------ classes

# id: move, melee AD, ranged AD, DD, defense bonus, init, SP, HP (the class table)
CLASS_TABLE = {
    "human_warrior": (5, 4, None, 3, 0, 1, None, 12),
    "elven_ranger": (4, 2, 3, 3, 2, 2, None, 10),
    "dwarven_berserker": (3, 3, None, 4, 0, 0, None, 14),
    "human_thief": (5, 2, None, 2, 0, 2, None, 10),
    "elven_assassin": (5, 2, None, 2, 1, 3, None, 10),
    "dwarven_sapper": (3, 2, 3, 3, 0, 1, None, 12),
    "human_mage": (5, 2, None, 2, 0, 0, 14, 10),
    "elven_adept": (4, 2, None, 2, 1, 1, 14, 10),
    "dwarven_warmage": (3, 2, None, 3, 0, -1, 14, 12),
    "human_cleric": (5, 2, None, 3, 0, 0, 14, 12),
    "elven_shaman": (4, 2, None, 3, 1, 1, 14, 10),
    "dwarven_paladin": (3, 2, 2, 4, 0, -1, 14, 14),
}


@pytest.mark.parametrize("class_id", sorted(CLASS_TABLE))
def test_class_table(cat: BrickQuestCatalog, class_id: str) -> None:
    move, melee, ranged, dd, dbonus, init, sp, hp = CLASS_TABLE[class_id]
    c = cat.get_class(class_id)
    assert (c.move, c.attack.melee_dice, c.attack.ranged_dice) == (move, melee, ranged)
    assert (c.defense_dice, c.defense_bonus, c.initiative_bonus) == (dd, dbonus, init)
    assert (c.spell_points, c.hit_points) == (sp, hp)
    assert c.is_caster == (sp is not None)
    assert c.has_melee
    assert c.has_ranged == (ranged is not None)
    assert c.summary


def test_berserker(cat: BrickQuestCatalog) -> None:
    c = cat.get_class("dwarven_berserker")
    assert (c.move, c.attack.melee_dice, c.defense_dice, c.hit_points) == (3, 3, 4, 14)
    charge, rage = c.ability("charge"), c.ability("rage")
    assert charge is not None and (charge.extra_attack_dice, charge.min_squares) == (1, 2)
    assert rage is not None and (rage.extra_actions, rage.defense_dice_given_up) == (1, 1)
    assert c.skill_bonus("force_door") == 2 and c.skill_bonus("search_secrets") == 1


def test_ranged_classes(cat: BrickQuestCatalog) -> None:
    ranger = cat.get_class("elven_ranger").attack
    assert (ranger.ranged_dice, ranger.min_range, ranger.max_range) == (3, 2, 8)
    assert (ranger.melee_bonus, ranger.ranged_bonus) == (2, 2)
    sapper = cat.get_class("dwarven_sapper").attack
    assert (sapper.melee_dice, sapper.ranged_dice, sapper.min_range, sapper.max_range) == (
        2, 3, 2, 6,
    )  # fmt: skip
    paladin = cat.get_class("dwarven_paladin").attack
    assert (paladin.ranged_dice, paladin.ranged_bonus, paladin.min_range, paladin.max_range) == (
        2, 2, 2, 6,
    )  # fmt: skip
    assert cat.get_class("human_warrior").attack.ranged_dice is None


def test_class_abilities(cat: BrickQuestCatalog) -> None:
    kinds = {cid: [a.kind for a in c.abilities] for cid, c in cat.classes.items()}
    assert kinds["human_warrior"] == ["charge"]
    assert kinds["human_thief"] == ["backstab"]
    assert kinds["elven_assassin"] == ["prowess"]
    assert kinds["human_mage"] == ["meditation"]
    assert kinds["elven_adept"] == kinds["elven_shaman"] == ["recuperate"]
    assert kinds["human_cleric"] == ["turn_undead"]
    thief = cat.get_class("human_thief").ability("backstab")
    assert thief is not None and thief.extra_attack_dice == 2
    prowess = cat.get_class("elven_assassin").ability("prowess")
    assert prowess is not None and prowess.dice == 2 and prowess.split_allowed
    turn = cat.get_class("human_cleric").ability("turn_undead")
    assert turn is not None and (turn.radius, turn.dice) == (2, 1)
    recup = cat.get_class("elven_adept").ability("recuperate")
    assert recup is not None and recup.spell_points_per_round == 1


def test_sapper_charges(cat: BrickQuestCatalog) -> None:
    sapper = cat.get_class("dwarven_sapper").ability("sapper")
    assert sapper is not None
    assert (sapper.explosive_points, sapper.max_fuse_rounds, sapper.uses_per_round) == (6, 3, 1)
    costs = {ch.id: ch.cost for ch in sapper.charges}
    assert costs == {
        "clear_rubble": 2,
        "open_door": 1,
        "block_passage": 2,
        "bomb": 1,
        "big_bomb": 2,
        "really_big_bomb": 4,
    }
    big = next(ch for ch in sapper.charges if ch.id == "really_big_bomb")
    assert [(b.zone, b.dice) for b in big.blasts] == [
        ("target", 3),
        ("adjacent", 2),
        ("within_radius_2", 1),
    ]


def test_spell_lists_and_skills_of_classes(cat: BrickQuestCatalog) -> None:
    lists = {cid: set(c.spell_lists) for cid, c in cat.classes.items()}
    assert lists["human_mage"] == lists["elven_adept"] == {SpellList.WIZARDLY}
    assert lists["dwarven_warmage"] == {SpellList.WIZARDLY, SpellList.DWARVEN_WAR}
    assert lists["human_cleric"] == lists["elven_shaman"] == {SpellList.PRIESTLY}
    assert lists["dwarven_paladin"] == {SpellList.PRIESTLY, SpellList.DWARVEN_WAR}
    assert lists["human_warrior"] == set()
    thief = {s.skill: s.bonus for s in cat.get_class("human_thief").skills}
    assert thief == {
        "pick_pockets": 1,
        "pick_locks": 1,
        "search_secrets": 2,
        "disarm_trap": 2,
        "jump": 2,
        "tumble": 2,
        "operate_mechanism": 1,
    }
    sapper = {s.skill: s.bonus for s in cat.get_class("dwarven_sapper").skills}
    assert sapper == {
        "jump": 2,
        "search_secrets": 3,
        "disarm_trap": 3,
        "operate_mechanism": 2,
        "throw": 3,
    }
    assert cat.get_class("human_mage").skills == ()
    assert len(cat.spells_for_class("dwarven_paladin")) == len(PRIESTLY | DWARVEN_WAR)


# ----------------------------------------------------------------- monsters

# id: move, AD, DD, initiative, HP (the monster cards; AD is melee, ranged or both)
MONSTER_TABLE = {
    "bat": (6, 1, 2, 9, 4),
    "black_dragon": (5, 2, 5, 11, 20),
    "cerberus": (4, 6, 4, 8, 15),
    "gargoyle": (5, 3, 4, 7, 12),
    "ghost": (5, 2, 3, 8, 10),
    "goblin": (3, 2, 2, 5, 6),
    "golem": (3, 4, 4, 5, 14),
    "green_dragon": (6, 2, 6, 12, 25),
    "gremlin": (4, 2, 1, 6, 6),
    "lich": (4, 4, 3, 11, 18),
    "mummy": (3, 3, 2, 7, 12),
    "orc": (4, 3, 2, 7, 9),
    "polar_bear": (3, 4, 2, 5, 12),
    "scorpion": (3, 2, 1, 8, 3),
    "skeleton": (3, 2, 1, 5, None),
    "snakeman": (4, 4, 3, 10, None),
    "spectre": (5, 4, 2, 11, 12),
    "stone_elemental": (3, 4, 4, 3, 20),
    "vampire": (5, 4, 4, 11, 14),
    "wraith": (4, 3, 5, 9, 12),
    "spider": (4, 2, 1, 7, 4),
    "troll": (3, 5, 4, 5, 11),
    "wolfman": (4, 4, 3, 9, 10),
    "yeti": (3, 5, 4, 4, 12),
    "cult_acolyte": (4, 2, 2, 5, 7),
    "cultist_blowgunner": (4, 3, 2, 10, 7),
    "centaur_crossbowman": (6, 3, 2, 10, 12),
    "centaur_halberdier": (6, 3, 3, 10, 12),
    "centaur_swordsman": (6, 4, 3, 10, 12),
    "elephanthulhu": (2, 5, 4, 9, 24),
    "minotaur": (4, 4, 4, 9, 15),
    "ninja_black": (5, 3, 2, 12, 14),
    "ninja_grey": (5, 2, 2, 10, 10),
    "ninja_red": (6, 3, 3, 14, 18),
    "cultist_priest": (5, 4, 2, 10, 10),
    "shaman": (4, 2, 2, 9, 15),
    "tygurah": (4, 4, 3, 8, 15),
    "ninja_warlord": (7, 4, 4, 16, 22),
}


def test_thirty_eight_monsters(cat: BrickQuestCatalog) -> None:
    assert len(MONSTER_TABLE) == 38
    assert list(cat.monsters) == list(MONSTER_TABLE)  # card order


@pytest.mark.parametrize("monster_id", list(MONSTER_TABLE))
def test_monster_card(cat: BrickQuestCatalog, monster_id: str) -> None:
    move, ad, dd, init, hp = MONSTER_TABLE[monster_id]
    m = cat.get_monster(monster_id)
    dice = m.attack.melee_dice if m.has_melee else m.attack.ranged_dice
    assert (m.move, dice, m.defense_dice, m.initiative, m.hit_points) == (move, ad, dd, init, hp)


def test_ranged_monsters(cat: BrickQuestCatalog) -> None:
    ranged = {mid: m.attack for mid, m in cat.monsters.items() if m.has_ranged}
    assert set(ranged) == {"lich", "centaur_crossbowman", "ninja_red"}
    lich = ranged["lich"]
    assert (lich.ranged_dice, lich.min_range, lich.max_range, lich.melee_dice) == (4, 2, 8, None)
    xbow = ranged["centaur_crossbowman"]
    assert (xbow.min_range, xbow.max_range) == (2, 7)
    red = cat.get_monster("ninja_red")
    assert (red.attack.melee_dice, red.attack.ranged_dice) == (3, 3)
    assert (red.attack.min_range, red.attack.max_range) == (2, 6)
    assert red.has_ability("melee_and_ranged") and red.has_ability("ninja_focus")


def test_lich_and_other_casters(cat: BrickQuestCatalog) -> None:
    casters = {mid: m.ability("spellcaster") for mid, m in cat.monsters.items() if m.is_caster}
    assert set(casters) == {"lich", "snakeman", "vampire", "cultist_priest", "shaman"}
    lich = casters["lich"]
    assert lich is not None and (lich.spell_list, lich.spell_points) == (SpellList.WIZARDLY, 20)
    snake = casters["snakeman"]
    assert snake is not None and snake.optional and snake.spell_points == 10
    vamp = casters["vampire"]
    assert vamp is not None and vamp.allowed_spells == ("ethereality",) and vamp.spell_points == 12
    priest = casters["cultist_priest"]
    assert priest is not None and (priest.spell_list, priest.spell_points) == ("priestly", 8)
    shaman = casters["shaman"]
    assert shaman is not None and shaman.spell_points == 14
    assert cat.get_monster("lich").is_undead


def test_large_creatures_and_breath(cat: BrickQuestCatalog) -> None:
    large = {mid for mid, m in cat.monsters.items() if m.large}
    assert large == {"black_dragon", "cerberus", "green_dragon", "polar_bear", "stone_elemental"}
    assert cat.get_monster("polar_bear").ability_defense_modifier == -2
    green, black = cat.get_monster("green_dragon"), cat.get_monster("black_dragon")
    for dragon, length in ((green, 4), (black, 3)):
        breath = dragon.ability("breath")
        assert isinstance(breath, Breath)
        assert (breath.dice, breath.cone_length, breath.every_other_round) == (3, length, True)


def test_undead_incorporeal_vermin(cat: BrickQuestCatalog) -> None:
    undead = {mid for mid, m in cat.monsters.items() if m.is_undead}
    assert undead == {"ghost", "lich", "mummy", "skeleton", "spectre", "vampire", "wraith"}
    ghost = cat.get_monster("ghost")
    incorporeal = ghost.ability("incorporeal")
    assert incorporeal is not None and incorporeal.counting_faces == (5, 6)
    assert ghost.moves_through_occupied
    vermin = {mid for mid, m in cat.monsters.items() if m.has_ability("vermin")}
    assert vermin == {"bat", "scorpion", "spider"}
    assert cat.get_monster("bat").ability_defense_modifier == 2
    assert cat.get_monster("bat").moves_through_occupied
    assert not cat.get_monster("orc").moves_through_occupied


def test_special_monsters(cat: BrickQuestCatalog) -> None:
    cerberus = cat.get_monster("cerberus").ability("action_budget")
    assert cerberus is not None and cerberus.actions == 3
    ele = cat.get_monster("elephanthulhu")
    budget = ele.ability("action_budget")
    assert budget is not None and (budget.moves, budget.attacks) == (1, 3)
    assert ele.attack.has_reach and ele.attack.reach_dice == 5
    treasure = ele.ability("special_treasure")
    assert treasure is not None
    assert (treasure.item, treasure.multiplier, treasure.count) == ("ruby", 5, 2)
    assert ele.has_ability("living_statue") and cat.get_monster("tygurah").has_ability(
        "living_statue"
    )
    vampire = cat.get_monster("vampire")
    regen = vampire.ability("regenerates")
    assert regen is not None and regen.hit_points_per_turn == 1 and regen.not_while == ("ethereal",)
    conversion = vampire.ability("vampire_conversion")
    assert conversion is not None and conversion.becomes == "vampire"
    troll = cat.get_monster("troll").ability("regenerates")
    assert troll is not None and troll.not_while == ()
    wolf = cat.get_monster("wolfman").ability("lycanthropy")
    assert wolf is not None
    assert (wolf.contract_on, wolf.turns_to_change, wolf.cure_window) == (6, 10, 5)
    rot = cat.get_monster("mummy").ability("mummy_rot")
    assert rot is not None and rot.damage_per_round == 1 and not rot.cumulative
    blow = cat.get_monster("cultist_blowgunner")
    poison = blow.ability("poison")
    assert poison is not None and poison.optional and poison.extra_damage == 1
    assert blow.has_ability("one_attack_per_turn")
    scorpion_poison = cat.get_monster("scorpion").ability("poison")
    assert scorpion_poison is not None and not scorpion_poison.optional
    skeleton = cat.get_monster("skeleton")
    assert skeleton.attack_dice_by_weapon == {"sword": 2, "ax": 3, "halberd": 4}
    ninjas = {mid for mid, m in cat.monsters.items() if m.has_ability("ninja_focus")}
    assert ninjas == {"ninja_black", "ninja_grey", "ninja_red", "ninja_warlord"}


# ------------------------------------------------------------------- spells

# id: cost (None = variable), area kind, duration kind
SPELL_TABLE = {
    "minor_healing": (2, "adjacent_figure", "instant"),
    "major_healing": (4, "adjacent_figure", "instant"),
    "cure_disease": (3, "adjacent_figure", "instant"),
    "cure_poison": (3, "adjacent_figure", "instant"),
    "curse": (6, "figure_in_sight", "instant"),
    "cure_curse": (5, "adjacent_figure", "instant"),
    "infuse": (None, "adjacent_figure", "instant"),
    "divine_wrath": (8, "target_and_adjacent", "instant"),
    "minor_fireball": (3, "circle", "instant"),
    "major_fireball": (6, "circle", "instant"),
    "levin_bolt": (2, "figure_in_sight", "instant"),
    "lightning_bolt": (4, "line", "instant"),
    "cone_of_ice": (6, "cone", "instant"),
    "magic_lock": (2, "adjacent_object", "rounds"),
    "magic_unlock": (3, "adjacent_object", "instant"),
    "reveal_secrets": (4, "square", "rounds"),
    "magic_ward": (3, "adjacent_square", "until_discharged"),
    "blinding_light": (2, "self", "instant"),
    "hiccups": (3, "figure_in_sight", "rounds"),
    "silence": (2, "figure_in_sight", "rounds"),
    "invisibility": (4, "adjacent_figure", "rounds"),
    "ethereality": (6, "adjacent_figure", "rounds"),
    "teleport": (4, "self", "instant"),
    "summon_stone_elemental": (4, "location_in_sight", "sustained"),
    "war_drums": (1, "circle", "sustained"),
    "war_horn": (3, "circle", "rounds"),
    "dwarven_fireball": (8, "circle", "instant"),
    "wall_of_stone": (3, "wall", "rounds"),
    "larger_wall_of_stone": (5, "wall", "rounds"),
    "strengthen_potion": (3, "potion_in_hand", "permanent"),
}


@pytest.mark.parametrize("spell_id", sorted(SPELL_TABLE))
def test_spell_table(cat: BrickQuestCatalog, spell_id: str) -> None:
    cost, area, duration = SPELL_TABLE[spell_id]
    spell = cat.get_spell(spell_id)
    assert (spell.cost, spell.area.kind, spell.duration.kind) == (cost, area, duration)
    assert spell.summary


def test_area_spells(cat: BrickQuestCatalog) -> None:
    fireball = cat.get_spell("minor_fireball")
    assert isinstance(fireball.area, Circle)
    assert (fireball.cost, fireball.area.radius, fireball.area.centred_on) == (3, 2, "target")
    assert fireball.area.needs_line_of_sight and fireball.effect.damage_dice == 1
    major = cat.get_spell("major_fireball").area
    dwarven = cat.get_spell("dwarven_fireball")
    assert isinstance(major, Circle) and major.radius == 4
    assert isinstance(dwarven.area, Circle) and dwarven.area.radius == 5
    assert dwarven.effect.damage_dice == 3
    cone = cat.get_spell("cone_of_ice")
    assert isinstance(cone.area, Cone) and cone.area.length == 4 and cone.effect.damage_dice == 2
    bolt = cat.get_spell("lightning_bolt")
    assert isinstance(bolt.area, Line) and bolt.area.length == 6
    horn = cat.get_spell("war_horn")
    assert isinstance(horn.area, Circle)
    assert (horn.area.radius, horn.area.centred_on, horn.duration.rounds) == (8, "caster", 4)
    assert horn.effect.enemies_attack_modifier == -2
    drums = cat.get_spell("war_drums")
    assert isinstance(drums.area, Circle) and drums.area.radius == 5
    assert (drums.effect.allies_attack_modifier, drums.effect.allies_defense_modifier) == (1, 1)
    reveal = cat.get_spell("reveal_secrets")
    assert reveal.area.kind == "square" and reveal.area.side == 5
    walls = [cat.get_spell(s).area for s in ("wall_of_stone", "larger_wall_of_stone")]
    assert [w.length for w in walls if w.kind == "wall"] == [2, 3]
    wrath = cat.get_spell("divine_wrath").effect
    assert (wrath.damage_dice, wrath.adjacent_damage_dice) == (2, 1)


def test_spell_durations_and_effects(cat: BrickQuestCatalog) -> None:
    rounds = {
        sid: s.duration.rounds for sid, s in cat.spells.items() if s.duration.kind == "rounds"
    }
    assert rounds == {
        "magic_lock": 5,
        "reveal_secrets": 2,
        "hiccups": 4,
        "silence": 6,
        "invisibility": 6,
        "ethereality": 6,
        "war_horn": 4,
        "wall_of_stone": 4,
        "larger_wall_of_stone": 5,
    }
    blinding = cat.get_spell("blinding_light")
    assert blinding.duration.effect_rounds == 3 and blinding.effect.applies == "blinded"
    assert blinding.area.kind == "self" and blinding.area.affects_figures_facing_caster
    infuse = cat.get_spell("infuse")
    assert infuse.variable_cost and infuse.effect.spell_point_transfer_loss == 1
    assert cat.get_spell("cure_disease").effect.cures == ("lycanthropy", "mummy_rot", "hiccups")
    curse = cat.get_spell("curse").effect
    assert (curse.applies, curse.damage_per_round) == ("cursed", 1)
    assert cat.get_spell("teleport").effect.teleport_max_squares == 12
    assert cat.get_spell("ethereality").effect.move_per_action == 4
    assert cat.get_spell("strengthen_potion").effect.potion_multiplier == 2
    physical = {sid for sid, s in cat.spells.items() if s.effect.physical}
    assert {"minor_fireball", "lightning_bolt", "cone_of_ice", "dwarven_fireball"} <= physical
    assert "levin_bolt" not in physical


def test_sustained_dwarven_spells(cat: BrickQuestCatalog) -> None:
    summon = cat.get_spell("summon_stone_elemental")
    assert (summon.cost, summon.upkeep_per_round) == (4, 2)
    assert summon.restricts_caster_to_moving and summon.effect.summons == "stone_elemental"
    drums = cat.get_spell("war_drums")
    assert (drums.cost, drums.upkeep_per_round, drums.restricts_caster_to_moving) == (1, 1, True)
    sustained = {sid for sid, s in cat.spells.items() if s.duration.kind == "sustained"}
    assert sustained == {"summon_stone_elemental", "war_drums"}
    # The spell's own description of the elemental matches the monster card.
    elemental = cat.get_monster(summon.effect.summons)
    stats = (elemental.move, elemental.attack.melee_dice, elemental.defense_dice)
    assert stats == (3, 4, 4)
    assert (elemental.hit_points, elemental.initiative, elemental.large) == (20, 3, True)


# -------------------------------------------------------------------- items


def test_treasure_values(cat: BrickQuestCatalog) -> None:
    values = {iid: i.value_gold for iid, i in cat.items.items()}
    assert [values[f"coin_{n}"] for n in (10, 20, 30, 40)] == [10, 20, 30, 40]
    assert values["crystal_ball"] == 100
    goblets = ["pewter", "silver", "crystal", "lapis", "ivory", "onyx", "gold"]
    assert [values[f"{g}_goblet"] for g in goblets] == [30, 40, 50, 60, 70, 80, 100]
    gems = {"citrine": 120, "emerald": 130, "ruby": 140, "sapphire": 150}
    assert {g: values[g] for g in gems} == gems
    assert values["key"] is None


def test_potions_scrolls_books(cat: BrickQuestCatalog) -> None:
    potions = {iid: i.potion for iid, i in cat.items.items() if i.potion is not None}
    assert set(potions) == {
        "healing_potion",
        "speed_potion",
        "mana_potion",
        "ethereality_potion",
        "cure_disease_potion",
        "cure_curse_potion",
        "invisibility_potion",
    }
    healing, mana = potions["healing_potion"], potions["mana_potion"]
    assert healing is not None and healing.heal_dice == 1 and not healing.can_exceed_max
    assert mana is not None and mana.spell_point_dice == 1 and mana.can_exceed_max
    speed = potions["speed_potion"]
    assert speed is not None and (speed.move_bonus, speed.rounds) == (2, 6)
    for pid, condition in (
        ("ethereality_potion", "ethereal"),
        ("invisibility_potion", "invisible"),
    ):
        potion = potions[pid]
        assert potion is not None and (potion.grants, potion.rounds) == (condition, 6)
    cure = potions["cure_disease_potion"]
    assert cure is not None and set(cure.cures) == {"lycanthropy", "mummy_rot", "hiccups"}
    scroll, book = cat.get_item("scroll"), cat.get_item("book")
    assert (scroll.spell_count, book.spell_count) == (1, 3)
    assert scroll.matching_caster_only and book.matching_caster_only
    assert scroll.free_casts_per_spell == book.free_casts_per_spell == 1


# ------------------------------------------------------------ skills, rules


def test_skill_aliases(cat: BrickQuestCatalog) -> None:
    assert cat.find_skill("Search doors/traps").id == "search_secrets"
    assert cat.find_skill("Force Door/Object").id == "force_door"
    assert cat.find_skill("disarm traps").id == "disarm_trap"
    assert cat.find_skill("jump").id == "jump"
    with pytest.raises(UnknownIdError, match="did you mean"):
        cat.find_skill("Jumpp")


def test_skill_checks(cat: BrickQuestCatalog) -> None:
    normal = cat.get_difficulty("normal")
    assert normal.succeeds([4, 4]) and not normal.succeeds([3, 4])
    assert normal.succeeds([3, 2], bonus=3)
    assert not normal.succeeds([1, 1], bonus=12)  # snake eyes always fails
    assert cat.get_difficulty("simple").succeeds([1, 1])  # no roll at all
    impossible = cat.get_difficulty("nearly_impossible")
    assert not impossible.succeeds([6, 6])  # needs a bonus
    assert impossible.succeeds([6, 6], bonus=1)
    assert not impossible.succeeds([6, 5], bonus=1)


def test_unknown_ids_suggest_near_matches(cat: BrickQuestCatalog) -> None:
    with pytest.raises(UnknownIdError) as info:
        cat.get_monster("black_dragn")
    assert isinstance(info.value, LookupError)
    assert str(info.value) == "unknown monster 'black_dragn'; did you mean 'black_dragon'?"
    assert "black_dragon" in info.value.suggestions
    with pytest.raises(KeyError, match="unknown spell 'fireball'"):
        cat.get_spell("fireball")
    with pytest.raises(LookupError, match="unknown class"):
        cat.get_class("paladin")


def test_catalog_is_frozen_and_cached(cat: BrickQuestCatalog) -> None:
    assert default_catalog() is cat
    with pytest.raises(AttributeError):
        cat.classes = {}  # type: ignore[misc]
    with pytest.raises(TypeError):
        cat.classes["x"] = cat.get_class("human_warrior")  # type: ignore[index]
    with pytest.raises(ValueError, match="frozen"):
        cat.get_class("human_warrior").move = 9  # type: ignore[misc]


# ------------------------------------------------------------------- errors


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "brickquest"
    shutil.copytree(data_dir(), folder)
    return folder


def load_error(folder: Path) -> str:
    return load_error_of(load_catalog, folder)


def test_copy_loads_like_the_original(data_copy: Path, cat: BrickQuestCatalog) -> None:
    assert load_catalog(data_copy) == cat


#: A one-line edit of a data file and the parts its error message must contain;
#: ``{index}`` stands for the position of the entry named by ``where`` (collection, id).
BAD_EDITS = {
    "bad_field_value": (
        "monsters.toml",
        "hit_points = 9\n",
        'hit_points = "lots"\n',
        ("monsters", "orc"),
        ["monsters.toml: monsters.{index}.hit_points: Input should be a valid integer"],
    ),
    "extra_field": (
        "classes.toml",
        'id = "human_warrior"\n',
        'id = "human_warrior"\ncolour = 1\n',
        None,
        ["classes.toml: classes.0.colour: Extra inputs are not permitted"],
    ),
    "extra_field_inside_an_ability": (
        "classes.toml",
        "min_squares = 2 }",
        "min_squares = 2, range = 3 }",
        None,
        ["classes.toml: classes.0.abilities.0.charge.range: Extra inputs"],
    ),
    "unknown_ability_kind": (
        "monsters.toml",
        '{ kind = "living_statue" }',
        '{ kind = "stoneskin" }',
        None,
        ["monsters.toml: monsters.", ".abilities.1: Input tag 'stoneskin'"],
    ),
    "duplicate_id": (
        "spells.toml",
        'id = "major_healing"',
        'id = "minor_healing"',
        None,
        ["spells.toml: spells: duplicate id 'minor_healing' at index 1"],
    ),
    "unknown_skill_reference": (
        "classes.toml",
        '{ skill = "jump", bonus = 1 }',
        '{ skill = "jumpp", bonus = 1 }',
        None,
        [
            "classes.toml: classes.0.skills.0.skill: unknown skill id 'jumpp'",
            "did you mean 'jump'?",
        ],
    ),
    "unknown_summoned_monster": (
        "spells.toml",
        'summons = "stone_elemental"',
        'summons = "earth_elemental"',
        ("spells", "summon_stone_elemental"),
        ["spells.toml: spells.{index}.effect.summons: unknown monster id"],
    ),
    "spellcaster_allowed_spell_off_its_list": (
        "monsters.toml",
        'allowed_spells = ["ethereality"]',
        'allowed_spells = ["curse"]',
        None,
        ["spellcaster.allowed_spells.0: spell 'curse' is not on the wizardly list"],
    ),
    "bad_toml_syntax": (
        "items.toml",
        "value_gold = 100\n",
        "value_gold = = 100\n",
        None,
        ["items.toml: invalid TOML", "line"],
    ),
}


@pytest.mark.parametrize(
    ("name", "old", "new", "where", "expected"), list(BAD_EDITS.values()), ids=list(BAD_EDITS)
)
def test_bad_edit_is_reported(
    data_copy: Path,
    cat: BrickQuestCatalog,
    name: str,
    old: str,
    new: str,
    where: tuple[str, str] | None,
    expected: list[str],
) -> None:
    edit(data_copy / name, old, new)
    index = list(getattr(cat, where[0])).index(where[1]) if where else None
    message = load_error(data_copy)
    for part in expected:
        assert part.format(index=index) in message


def test_bad_enum_and_bad_range(data_copy: Path) -> None:
    edit(data_copy / "classes.toml", 'race = "elf"', 'race = "orc"')
    assert "classes.1.race: Input should be 'human', 'elf' or 'dwarf'" in load_error(data_copy)
    edit(data_copy / "classes.toml", 'race = "orc"', 'race = "elf"')
    edit(data_copy / "classes.toml", "min_range = 2, max_range = 8", "min_range = 9, max_range = 8")
    assert "classes.1.attack: Value error, min_range is larger" in load_error(data_copy)


def test_missing_file(data_copy: Path) -> None:
    (data_copy / "skills.toml").unlink()
    assert "skills.toml: file not found" in load_error(data_copy)


class _Tiny(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    format_version: int


def test_oversized_file_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with big.open("wb") as stream:
        stream.truncate(MAX_DATA_FILE_BYTES + 1)  # sparse: cheap to make
    with pytest.raises(DataFileError, match="too large"):
        load_toml(big, _Tiny)


def test_messages_name_repository_files_relative_to_the_repository() -> None:
    path = resource_dir() / "rulesets" / "brickquest" / "monsters.toml"
    error = DataFileError(path, ["monsters.3.hit_points: Input should be a valid integer"])
    assert str(error) == (
        "resources/rulesets/brickquest/monsters.toml: monsters.3.hit_points: "
        "Input should be a valid integer"
    )
    assert isinstance(error, ValueError) and error.path == path
    assert load_toml(path, MonstersFile).monsters[0].id == "bat"
