"""Pydantic models of BrickQuest's rules data (``resources/rulesets/brickquest/*.toml``).

Every model is frozen and forbids unknown keys, so a typo in a data file is an error.
Sequences are tuples (truly immutable); the TOML arrays load into them unchanged.
No Qt here, and no rule numbers either: every number lives in the data files.

Abilities (``kind`` tag, shared by classes and monsters; every parameter is in the data):

- ``charge``: ``extra_attack_dice`` after a straight move of at least ``min_squares``.
- ``backstab``: ``extra_attack_dice`` when attacking from the square directly behind.
- ``prowess``: ``dice`` extra dice shared between Attack and Defense each turn;
  ``split_allowed`` (prowess: one to each is allowed).
- ``ninja_focus``: like prowess, ``dice`` for Attack *or* Defense (``split_allowed`` false).
  A ``*`` on a ninja's dice in the text marks this ability.
- ``rage``: ``extra_actions`` by giving up ``defense_dice_given_up`` until the next turn;
  ``attack_required`` (one of the actions must be an attack).
- ``sapper``: ``explosive_points`` to start with, ``max_fuse_rounds``, ``uses_per_round``,
  ``charges`` (:class:`SapperCharge`: clear rubble, open door, bomb...).
- ``turn_undead``: undead within ``radius`` take half of ``dice`` d6, rounded up.
- ``meditation``: a full round of concentration, if not attacked, gives
  ``spell_point_dice`` d6 spell points.
- ``recuperate``: ``spell_points_per_round`` in every round the figure does not cast.
- ``large_creature``: ``defense_modifier`` on Defense rolls (-2).
- ``vermin``: ``defense_bonus`` on Defense rolls; ``moves_through_occupied``.
- ``incorporeal``: only attack dice showing ``counting_faces`` count against it unless
  the attacker has an enchanted weapon (``enchanted_weapons_exempt``);
  ``moves_through_occupied``.
- ``undead``: subject to turning.
- ``regenerates``: ``hit_points_per_turn`` at the start of each turn below maximum,
  never while under one of the ``not_while`` conditions (vampire: ethereal).
- ``poison``: a figure damaged takes ``extra_damage`` more after ``delay_turns``;
  ``optional`` (the blowgunner "may use" it: a figure set up with it does).
- ``mummy_rot``: ``damage_per_round`` until cured; ``cumulative`` (false).
- ``lycanthropy``: contracted on a d6 roll of ``contract_on`` after damage; the victim
  turns after ``turns_to_change``; curable for ``cure_window`` rounds after turning.
- ``breath``: an action doing ``dice`` d6 to a cone of ``cone_length``;
  ``every_other_round``.
- ``action_budget``: ``actions`` per turn instead of 2 (cerberus), or ``moves`` +
  ``attacks`` (elephanthulhu).
- ``spellcaster``: casts from ``spell_list`` with ``spell_points``; ``allowed_spells``
  restricts it (vampire: ethereality only); ``optional``: only some of the kind have it
  (those set up with it).
- ``vampire_conversion``: a character reduced to 0 HP by it ``becomes`` that monster.
- ``living_statue``: pretends to be a statue until a target is close enough to attack.
- ``special_treasure``: carries ``count`` of ``item``, each worth ``multiplier`` times its
  normal value (``ruby@x5``), left on its corpse to loot.
- ``one_attack_per_turn``: only one attack with ``weapon`` per turn (still 2 actions).
- ``melee_and_ranged``: may make melee or ranged attacks in a round, not both.

Spell areas (``kind`` tag): ``adjacent_figure``, ``figure_in_sight``, ``self``,
``circle``, ``cone``, ``line``, ``square``, ``adjacent_object``, ``adjacent_square``,
``wall``, ``location_in_sight``, ``target_and_adjacent``, ``potion_in_hand``.

Skill ids: the class tables' "Force Door/Object" is ``force_door``, "Search doors/traps"
is ``search_secrets`` ("Search for secrets"), "Disarm traps" is ``disarm_trap``; each
:class:`SkillDef` lists such spellings in ``aliases``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from companion.rulesets.brickquest.schema_abilities import Ability as Ability
from companion.rulesets.brickquest.schema_abilities import ActionBudget as ActionBudget
from companion.rulesets.brickquest.schema_abilities import Backstab as Backstab
from companion.rulesets.brickquest.schema_abilities import Breath as Breath
from companion.rulesets.brickquest.schema_abilities import Charge as Charge
from companion.rulesets.brickquest.schema_abilities import Incorporeal as Incorporeal
from companion.rulesets.brickquest.schema_abilities import Lycanthropy as Lycanthropy
from companion.rulesets.brickquest.schema_abilities import Meditation as Meditation
from companion.rulesets.brickquest.schema_abilities import MummyRot as MummyRot
from companion.rulesets.brickquest.schema_abilities import NinjaFocus as NinjaFocus
from companion.rulesets.brickquest.schema_abilities import OneAttackPerTurn as OneAttackPerTurn
from companion.rulesets.brickquest.schema_abilities import Poison as Poison
from companion.rulesets.brickquest.schema_abilities import Prowess as Prowess
from companion.rulesets.brickquest.schema_abilities import Rage as Rage
from companion.rulesets.brickquest.schema_abilities import Recuperate as Recuperate
from companion.rulesets.brickquest.schema_abilities import Regenerates as Regenerates
from companion.rulesets.brickquest.schema_abilities import Sapper as Sapper
from companion.rulesets.brickquest.schema_abilities import SapperCharge as SapperCharge
from companion.rulesets.brickquest.schema_abilities import SpecialTreasure as SpecialTreasure
from companion.rulesets.brickquest.schema_abilities import Spellcaster as Spellcaster
from companion.rulesets.brickquest.schema_abilities import TurnUndead as TurnUndead
from companion.rulesets.brickquest.schema_abilities import VampireConversion as VampireConversion
from companion.rulesets.brickquest.schema_abilities import _HasAbilities
from companion.rulesets.brickquest.schema_base import SKILL_CHECK_DICE as SKILL_CHECK_DICE
from companion.rulesets.brickquest.schema_base import (
    SNAKE_EYES_ALWAYS_FAILS as SNAKE_EYES_ALWAYS_FAILS,
)
from companion.rulesets.brickquest.schema_base import Archetype as Archetype
from companion.rulesets.brickquest.schema_base import Condition as Condition
from companion.rulesets.brickquest.schema_base import ItemCategory as ItemCategory
from companion.rulesets.brickquest.schema_base import Race as Race
from companion.rulesets.brickquest.schema_base import SpellList as SpellList
from companion.rulesets.brickquest.schema_figures import ClassDef as ClassDef
from companion.rulesets.brickquest.schema_figures import ClassesFile as ClassesFile
from companion.rulesets.brickquest.schema_figures import MonsterDef as MonsterDef
from companion.rulesets.brickquest.schema_figures import MonstersFile as MonstersFile
from companion.rulesets.brickquest.schema_items import Difficulty as Difficulty
from companion.rulesets.brickquest.schema_items import ItemDef as ItemDef
from companion.rulesets.brickquest.schema_items import ItemsFile as ItemsFile
from companion.rulesets.brickquest.schema_items import SkillDef as SkillDef
from companion.rulesets.brickquest.schema_items import SkillsFile as SkillsFile
from companion.rulesets.brickquest.schema_spells import AdjacentFigure as AdjacentFigure
from companion.rulesets.brickquest.schema_spells import AdjacentObject as AdjacentObject
from companion.rulesets.brickquest.schema_spells import AdjacentSquare as AdjacentSquare
from companion.rulesets.brickquest.schema_spells import Circle as Circle
from companion.rulesets.brickquest.schema_spells import Cone as Cone
from companion.rulesets.brickquest.schema_spells import FigureInSight as FigureInSight
from companion.rulesets.brickquest.schema_spells import Line as Line
from companion.rulesets.brickquest.schema_spells import LocationInSight as LocationInSight
from companion.rulesets.brickquest.schema_spells import PotionInHand as PotionInHand
from companion.rulesets.brickquest.schema_spells import SelfArea as SelfArea
from companion.rulesets.brickquest.schema_spells import SpellDef as SpellDef
from companion.rulesets.brickquest.schema_spells import SpellsFile as SpellsFile
from companion.rulesets.brickquest.schema_spells import SquareArea as SquareArea
from companion.rulesets.brickquest.schema_spells import TargetAndAdjacent as TargetAndAdjacent
from companion.rulesets.brickquest.schema_spells import Wall as Wall


class ReferenceProblem(NamedTuple):
    """A broken reference between data files: the file key, field path and message."""

    file: str
    loc: str
    message: str


def _unknown(kind: str, ident: str, known: Iterable[str]) -> str:
    from difflib import get_close_matches

    near = get_close_matches(ident, list(known), n=3)
    hint = f" (did you mean {', '.join(map(repr, near))}?)" if near else ""
    return f"unknown {kind} id {ident!r}{hint}"


def reference_problems(
    classes: ClassesFile,
    monsters: MonstersFile,
    spells: SpellsFile,
    items: ItemsFile,
    skills: SkillsFile,
) -> list[ReferenceProblem]:
    """Every reference from one data file to another that names nothing.

    Checked: class skills -> skills; class spell lists and spellcaster abilities ->
    a list with spells; a spellcaster's ``allowed_spells`` -> spells of its list;
    spells' ``summons`` and ``vampire_conversion.becomes`` -> monsters;
    ``special_treasure.item`` -> items.
    """
    problems: list[ReferenceProblem] = []
    skill_ids = {s.id for s in skills.skills}
    monster_ids = {m.id for m in monsters.monsters}
    item_ids = {i.id for i in items.items}
    spell_by_id = {s.id: s for s in spells.spells}
    lists_with_spells = {s.spell_list for s in spells.spells}

    for ci, cdef in enumerate(classes.classes):
        for si, bonus in enumerate(cdef.skills):
            if bonus.skill not in skill_ids:
                loc = f"classes.{ci}.skills.{si}.skill"
                problems.append(
                    ReferenceProblem("classes", loc, _unknown("skill", bonus.skill, skill_ids))
                )
        for li, spell_list in enumerate(cdef.spell_lists):
            if spell_list not in lists_with_spells:
                loc = f"classes.{ci}.spell_lists.{li}"
                msg = f"spell list {spell_list.value!r} has no spells"
                problems.append(ReferenceProblem("classes", loc, msg))

    owners: list[tuple[str, int, _HasAbilities]] = [
        ("classes", i, c) for i, c in enumerate(classes.classes)
    ] + [("monsters", i, m) for i, m in enumerate(monsters.monsters)]
    for file, index, owner in owners:
        for ai, ability in enumerate(owner.abilities):
            loc = f"{file}.{index}.abilities.{ai}.{ability.kind}"
            if isinstance(ability, Spellcaster):
                if ability.spell_list not in lists_with_spells:
                    msg = f"spell list {ability.spell_list.value!r} has no spells"
                    problems.append(ReferenceProblem(file, f"{loc}.spell_list", msg))
                for si, spell_id in enumerate(ability.allowed_spells or ()):
                    spell = spell_by_id.get(spell_id)
                    if spell is None:
                        msg = _unknown("spell", spell_id, spell_by_id)
                        problems.append(ReferenceProblem(file, f"{loc}.allowed_spells.{si}", msg))
                    elif spell.spell_list != ability.spell_list:
                        msg = f"spell {spell_id!r} is not on the {ability.spell_list.value} list"
                        problems.append(ReferenceProblem(file, f"{loc}.allowed_spells.{si}", msg))
            elif isinstance(ability, VampireConversion) and ability.becomes not in monster_ids:
                msg = _unknown("monster", ability.becomes, monster_ids)
                problems.append(ReferenceProblem(file, f"{loc}.becomes", msg))
            elif isinstance(ability, SpecialTreasure) and ability.item not in item_ids:
                msg = _unknown("item", ability.item, item_ids)
                problems.append(ReferenceProblem(file, f"{loc}.item", msg))

    for si, spell in enumerate(spells.spells):
        summoned = spell.effect.summons
        if summoned is not None and summoned not in monster_ids:
            msg = _unknown("monster", summoned, monster_ids)
            problems.append(ReferenceProblem("spells", f"spells.{si}.effect.summons", msg))
    return problems
