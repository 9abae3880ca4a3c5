"""Pydantic models of Heroica's data (expanded rules; ``resources/rulesets/heroica/*.toml``).

Every model is frozen and forbids unknown keys, so a typo in a data file is an error.
Sequences are tuples.  No Qt here and no rule numbers: every number is in the data files.
Entries that come from the text carry its ``line`` (a line of ``heroica-expanded.txt`` as
the file is, within its second, complete copy: lines 137-317) and its ``text`` (the
sentence, verbatim).  What one file cannot check alone (ids of another file, die faces) is
checked by :func:`companion.rulesets.heroica.catalog.load_catalog`.

Skills (``kind`` tag; a hero's skill, a weapon's Melee or Ranged ability):

- ``damage``: ``damage`` to ``targets`` monsters (or to every adjacent one, ``all_adjacent``)
  up to ``reach`` spaces away, measured along a path of spaces ("even around corners") or
  in a straight line (``different_lines``: each target on its own line); a ``move_before``
  or ``move_after`` of ``spaces`` (``up_to``: or fewer); ``swap_places`` with the monster;
  ``extra_gold`` from the store.
- ``heal``: restore ``amount`` health (or ``"full"``; ``up_to``) and ``temporary_health``
  to one hero in the hero's location (``includes_self``).

Both cost ``cost`` skill points and are Melee or Ranged (``style``).

Monster abilities (``kind`` tag):

- ``extra_move``: moves ``spaces`` more each time it moves (Spider).
- ``skip_move_on_damage``: a hero it damages loses its next movement turn (Snake).
- ``flies_over``: passes the ``obstacles`` (feature ids) other monsters cannot (Bat, Dark
  Druid).
- ``pushback``: a hero it hits moves back ``spaces`` instead of 1 (the goblins).
- ``damage_instead``: a hero it hits takes ``damage`` instead of its strength (Werewolf).
- ``curse_on_damage``: a hero it damages is Cursed (Mummy, Pharaoh Ramses).
- ``hurt_only_by``: takes damage only on a roll of one of ``faces`` or from a skill when
  ``skills`` (the Golems).
- ``immobile``: never moves (Dragon).
- ``fire_attack``: once awake (a hero enters ``wakes_in``), each round the ``die`` picks a
  hero, attacked with ``strength``; the monster takes no damage on ``no_damage_on``.
- ``adjacent_attack``: attacks with ``strength`` a hero next to it ``at`` the end of its turn.
- ``devours``: a hero it reduces to zero health leaves the game.

Item effects (``kind`` tag): ``restore_health``, ``restore_skill_points``, ``reroll``,
``extra_movement``, ``next_attack_bonus``, ``no_damage_when_attacking`` (Ninja Sword),
``full_health_bonus`` (Helmets; ``not_with``: does not stack with those items), ``bless``
and ``move_monster`` (relics used on a movement Shield), ``restore_on_first_defeat``
(Crystal), ``extra_damage_in_rolls`` (Sword of Power), ``lost_on_health_loss`` (torch),
``unlocks`` (key) and ``gold``.
"""

from __future__ import annotations

from companion.rulesets.heroica.schema_base import TEXT_HEROES as TEXT_HEROES
from companion.rulesets.heroica.schema_base import TEXT_ITEMS as TEXT_ITEMS
from companion.rulesets.heroica.schema_base import TEXT_MONSTERS as TEXT_MONSTERS
from companion.rulesets.heroica.schema_heroes import DamageSkill as DamageSkill
from companion.rulesets.heroica.schema_heroes import DiceFile as DiceFile
from companion.rulesets.heroica.schema_heroes import DieDef as DieDef
from companion.rulesets.heroica.schema_heroes import HealSkill as HealSkill
from companion.rulesets.heroica.schema_heroes import HeroDef as HeroDef
from companion.rulesets.heroica.schema_heroes import HeroesFile as HeroesFile
from companion.rulesets.heroica.schema_heroes import Measure as Measure
from companion.rulesets.heroica.schema_heroes import Skill as Skill
from companion.rulesets.heroica.schema_heroes import SkillPoints as SkillPoints
from companion.rulesets.heroica.schema_heroes import Style as Style
from companion.rulesets.heroica.schema_items import Bless as Bless
from companion.rulesets.heroica.schema_items import Category as Category
from companion.rulesets.heroica.schema_items import ExtraDamageInRolls as ExtraDamageInRolls
from companion.rulesets.heroica.schema_items import ExtraMovement as ExtraMovement
from companion.rulesets.heroica.schema_items import FullHealthBonus as FullHealthBonus
from companion.rulesets.heroica.schema_items import GoldPiece as GoldPiece
from companion.rulesets.heroica.schema_items import ItemDef as ItemDef
from companion.rulesets.heroica.schema_items import ItemsFile as ItemsFile
from companion.rulesets.heroica.schema_items import MoveMonster as MoveMonster
from companion.rulesets.heroica.schema_items import NextAttackBonus as NextAttackBonus
from companion.rulesets.heroica.schema_items import Price as Price
from companion.rulesets.heroica.schema_items import Reroll as Reroll
from companion.rulesets.heroica.schema_items import RestoreHealth as RestoreHealth
from companion.rulesets.heroica.schema_items import RestoreSkillPoints as RestoreSkillPoints
from companion.rulesets.heroica.schema_items import Unlocks as Unlocks
from companion.rulesets.heroica.schema_monsters import AdjacentAttack as AdjacentAttack
from companion.rulesets.heroica.schema_monsters import DamageInstead as DamageInstead
from companion.rulesets.heroica.schema_monsters import ExtraMove as ExtraMove
from companion.rulesets.heroica.schema_monsters import FireAttack as FireAttack
from companion.rulesets.heroica.schema_monsters import FliesOver as FliesOver
from companion.rulesets.heroica.schema_monsters import HurtOnlyBy as HurtOnlyBy
from companion.rulesets.heroica.schema_monsters import MonsterDef as MonsterDef
from companion.rulesets.heroica.schema_monsters import MonstersFile as MonstersFile
from companion.rulesets.heroica.schema_monsters import Rank as Rank
from companion.rulesets.heroica.schema_monsters import RankDef as RankDef
from companion.rulesets.heroica.schema_options import AdjacentMonsters as AdjacentMonsters
from companion.rulesets.heroica.schema_options import CurseOnBlessed as CurseOnBlessed
from companion.rulesets.heroica.schema_options import DragonAfterDevouring as DragonAfterDevouring
from companion.rulesets.heroica.schema_options import FireTrackEnd as FireTrackEnd
from companion.rulesets.heroica.schema_options import HeroDefeat as HeroDefeat
from companion.rulesets.heroica.schema_options import HeroVersusHero as HeroVersusHero
from companion.rulesets.heroica.schema_options import KnightSwordStyle as KnightSwordStyle
from companion.rulesets.heroica.schema_options import MeleeSkillTrigger as MeleeSkillTrigger
from companion.rulesets.heroica.schema_options import MonsterMoveOrder as MonsterMoveOrder
from companion.rulesets.heroica.schema_options import Options as Options
from companion.rulesets.heroica.schema_options import OptionsFile as OptionsFile
from companion.rulesets.heroica.schema_options import PushbackBlocked as PushbackBlocked
from companion.rulesets.heroica.schema_options import RelicAssignment as RelicAssignment
from companion.rulesets.heroica.schema_options import TemporaryHealth as TemporaryHealth
from companion.rulesets.heroica.schema_tables import Feature as Feature
from companion.rulesets.heroica.schema_tables import Realm as Realm
from companion.rulesets.heroica.schema_tables import TablesFile as TablesFile
