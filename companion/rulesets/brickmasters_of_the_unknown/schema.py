"""Pydantic models of Brickmasters of the Unknown's data
(``resources/rulesets/brickmasters_of_the_unknown/*.toml``).

Every model is frozen and forbids unknown keys, so a typo in a data file is an error.
Every entry carries ``line``: the line of ``brickmasters-of-the-unknown.txt`` it reads.
No Qt and no rule numbers here: every number is in the data files.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Final, Literal

from pydantic import Field, StringConstraints

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds
from companion.rulesets.brickmasters_of_the_unknown.dtypes import Dtype

#: An identifier in the data: lower snake case.
Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Text = Annotated[str, StringConstraints(min_length=1)]
#: A line of the rule text (178 lines).
Line = Annotated[int, Field(ge=1, le=178)]


class Stat(StrEnum):
    """The four stats of a minifig (L13)."""

    FIGHT = "fight"
    SHOOT = "shoot"
    CAST = "cast"
    ADVENTURE = "adventure"


STATS: Final = tuple(Stat)


class _Entry(_Frozen):
    id: Id
    name: Text
    line: Line
    #: The text's own words, where they help.
    quote: str = ""


# ---------------------------------------------------------------------- classes


class MovePenalty(_Frozen):
    """How armour slows combat movement (L17): ``studs`` less per ``per_pieces`` pieces
    worn after the first ``free_pieces``."""

    free_pieces: Count = 1
    per_pieces: Positive = 1
    studs: Count = 1

    def penalty(self, pieces: int) -> int:
        counted = max(pieces - self.free_pieces, 0)
        return (counted // self.per_pieces) * self.studs


class ClassDef(_Entry):
    """A row of the class table (L23-31), with its free gimmicks (L33)."""

    fey: bool = False
    fight: Dtype
    shoot: Dtype
    cast: Dtype
    adventure: Dtype
    move: Positive
    #: Gimmicks the class gets for free ("Dwarves get tough for free...").
    free_gimmicks: tuple[Id, ...] = ()
    #: Gimmicks of the player's choice for free ("Adventurers get any one for free").
    free_any_gimmicks: Count = 0
    move_penalty: MovePenalty
    #: "A fighter minifig needs a torso with some kind of armor printed on it." (L70)
    needs_printed_torso: bool = False

    def dtype(self, stat: Stat | str) -> int:
        return int(getattr(self, Stat(stat).value))


class ClassesFile(_Frozen):
    format_version: Literal[1]
    #: "At creation, characters may choose one gimmick for each negative bump they take
    #: on the Adventure stat." (L33)
    gimmicks_per_adventure_bump_down: Positive
    classes: Annotated[tuple[ClassDef, ...], _UniqueIds, Field(min_length=8)]


# --------------------------------------------------------------------- gimmicks


class AttackKind(StrEnum):
    FIGHT = "fight"
    SHOOT = "shoot"


class StatExchange(_Frozen):
    """Generalist: "May exchange a d10 and a d6 stats for two d8 stats." (L50)"""

    give: tuple[Dtype, ...]
    take: tuple[Dtype, ...]


class GimmickDef(_Entry):
    """A gimmick (L35-68) and its effects as data; zero / empty means "no such effect"."""

    #: Added to the fight roll (Berserker +2).
    fight_roll_bonus: int = 0
    #: Added to hits inflicted when fighting (Strong +1).
    fight_hits_bonus: int = 0
    #: Added to hits inflicted when shooting (Marksmen +2).
    shoot_hits_bonus: int = 0
    #: Added to every hit taken (Tough -1, Berserker +2).
    hits_taken_change: int = 0
    #: The most removable armour pieces its bearer may wear (None: no limit).
    armour_max: Count | None = None
    #: Added to move (Fast +2).
    move_bonus: int = 0
    #: The feats for which it adds 1d6 to an Adventure roll.
    adventure_d6: tuple[Text, ...] = ()
    #: A career is chosen when the gimmick is taken (Professional).
    chosen_career: bool = False
    #: Usable once a day (Whirlwind, Gun-Fu).
    once_per_day: bool = False
    #: Extra attacks (fight) or shots (shoot), as many as an Adventure roll, on any
    #: figure in range (Whirlwind, Gun-Fu).
    extra_attacks: AttackKind | None = None
    #: The arc of fire for shooting in degrees (Parthian shot 360; the rule is 180, L102).
    shoot_arc_degrees: int | None = None
    #: Always counts as having this weapon (Kung-Fu: the standard fighting weapon).
    counts_as_weapon: Id | None = None
    #: May add an Adventure roll to movement to move into combat (Wire-Fu).
    adventure_roll_to_move_into_combat: bool = False
    #: Spells known for free, and the die they are cast with unless Cast is better
    #: (Healer).
    free_spells: tuple[Id, ...] = ()
    free_spells_cast_die: Dtype | None = None
    #: More spells known at the start (Magus +2) and effect on casting (Magus +1).
    extra_spells_known: int = 0
    spell_effect_bonus: int = 0
    #: Generalist's exchange of stats.
    exchange: StatExchange | None = None


class GimmicksFile(_Frozen):
    format_version: Literal[1]
    #: "Gimmicks may be chosen multiple times." (L33)
    repeatable: bool
    #: "Armor max limits removable pieces of armor only." (L33)
    armour_max_counts_removable_only: bool
    gimmicks: Annotated[tuple[GimmickDef, ...], _UniqueIds, Field(min_length=18)]


# ----------------------------------------------------------------------- spells


class SpellMode(_Frozen):
    """One of a spell's alternatives ("Zap" or "blast", "Web" or "Wall", ...)."""

    id: Id
    name: Text
    text: Text
    #: Studs within which extra targets are taken (Blast: 12).
    range_studs: Positive | None = None
    #: Only a spellcaster may be the target (Transmogrify).
    target_must_cast: bool = False
    #: Only undead are affected (Turn).
    undead_only: bool = False


class SpellDef(_Entry):
    number: Positive
    effect: Text
    gem: Id | None = None
    modes: Annotated[tuple[SpellMode, ...], Field(min_length=1)]


class GemDef(_Frozen):
    """A gem colour (L117-128): it casts ``spell`` with the bearer's Cast (L138)."""

    id: Id
    name: Text
    spell: Id
    line: Line


class CastingRules(_Frozen):
    """Casting (L113-138)."""

    #: "a figure must have a Cast dtype > d4" (L113).
    cast_above: Dtype
    #: Spells known at start: "½ the max value of their cast stat" (L115).
    known_numerator: Positive
    known_denominator: Positive
    #: "roll Cast three times. The highest result is how many spells" (L136).
    daily_rolls: Positive
    #: "Gems are worth 10yp x spell number" (L154).
    gem_value_yp_per_number: Positive
    line: Line


class SpellsFile(_Frozen):
    format_version: Literal[1]
    casting: CastingRules
    spells: Annotated[tuple[SpellDef, ...], _UniqueIds, Field(min_length=11)]
    gems: Annotated[tuple[GemDef, ...], _UniqueIds, Field(min_length=8)]


# ------------------------------------------------------------------------ mooks


class MookStat(_Frozen):
    """A stat of the mook table: its die, and "u" = "treat as unarmed roll" (L179)."""

    die: Dtype
    unarmed: bool = False


class EliteDef(_Frozen):
    """What the elite variant adds (L159-171: "Elite adds whirlwind, fight d12")."""

    gimmicks: tuple[Id, ...] = ()
    fight: Dtype | None = None
    shoot: Dtype | None = None
    cast: Dtype | None = None
    adventure: Dtype | None = None


class MookDef(_Entry):
    """A row of "Mooks and Monsters" (L158-179)."""

    fight: MookStat
    shoot: MookStat
    cast: MookStat
    adventure: MookStat
    #: The move as printed.
    move: Positive
    #: Another reading of a doubtful printed move (the Goblin's 1, read as 10).
    move_reading: Positive | None = None
    #: "Armor is worn+inherent" (L179): removable pieces worn, and armour of its own.
    armour_worn: Count
    armour_inherent: Count
    gimmicks: tuple[Id, ...] = ()
    #: "Beasts always count as armed, and use fight." (L98)
    beast: bool = False
    #: Townfolk: "always armed to fight or shoot".
    always_armed: bool = False
    #: Undead: Turn affects it (L124); the Raise spell makes it (L125).
    undead: bool = False
    notes: str = ""
    elite: EliteDef | None = None

    def stat(self, stat: Stat | str) -> MookStat:
        value: MookStat = getattr(self, Stat(stat).value)
        return value


class MooksFile(_Frozen):
    format_version: Literal[1]
    mooks: Annotated[tuple[MookDef, ...], _UniqueIds, Field(min_length=19)]


# ---------------------------------------------------------------------- weapons


class DamageClassDef(_Frozen):
    """The optional weapon types (L106-111): hits multiplied by ``numerator/denominator``."""

    id: Id
    name: Text
    numerator: Positive
    denominator: Positive
    price_yp: Positive
    line: Line
    examples: tuple[Text, ...] = ()


class WeaponUse(_Frozen):
    """A way to use a weapon: fight (uses Fight) or shoot (uses Shoot), with its range."""

    kind: AttackKind
    range_studs: Positive
    thrown: bool = False


class WeaponDef(_Entry):
    uses: Annotated[tuple[WeaponUse, ...], Field(min_length=1)]
    damage_class: Id
    #: The narrowest opening it attacks through (L100: 1 for spears, lances, bows; else 2).
    opening_studs: Positive
    #: Barred from final shots: "other than a crossbow, pistol or musket" (L84).
    no_final_shot: bool = False
    #: May be discarded to absorb a hit as a "hand weapon" (L96).
    hand_weapon: bool = True
    #: Not bought: a beast's own weapon, or Kung-Fu's.
    natural: bool = False

    def use(self, kind: AttackKind | str) -> WeaponUse | None:
        return next((u for u in self.uses if u.kind == AttackKind(kind)), None)

    @property
    def fights(self) -> bool:
        return self.use(AttackKind.FIGHT) is not None

    @property
    def shoots(self) -> bool:
        return self.use(AttackKind.SHOOT) is not None


class WeaponsFile(_Frozen):
    format_version: Literal[1]
    damage_classes: Annotated[tuple[DamageClassDef, ...], _UniqueIds, Field(min_length=3)]
    #: The weapon a beast always counts as armed with (L98).
    beast_weapon: Id
    weapons: Annotated[tuple[WeaponDef, ...], _UniqueIds, Field(min_length=1)]


# ----------------------------------------------------------------------- armour


class ArmourDef(_Entry):
    """An armour item (L96): a piece worn in a ``slot`` ("Helmet or Burnoose": one of
    the two), or the printed torso (not removable)."""

    slot: Id
    value: Positive = 1
    removable: bool = True
    #: Worn only with this piece (the visor goes on a helmet).
    needs: Id | None = None
    price_yp: Count = 0


class ArmourFile(_Frozen):
    format_version: Literal[1]
    armour: Annotated[tuple[ArmourDef, ...], _UniqueIds, Field(min_length=1)]


# ------------------------------------------------------------------------ items


class ItemDef(_Entry):
    """Gear other than weapons and armour (L70, L96, L113, L154)."""

    #: "Valid items: wands (star or baton), magic staff, cape, wizard hat ..., wizard
    #: beard" (L113).
    casting_gear: bool = False
    #: "a cape, staff, headgear or hand weapon" may be discarded to absorb a hit (L96).
    absorbs_hit: bool = False
    price_yp: Count = 0
    #: Brown pips for prices under a yellow pip, or a die of brown pips ("1d6bp").
    price_bp: Count = 0
    price_bp_die: int | None = None


class Coin(_Frozen):
    id: Id
    name: Text
    #: Its worth in the smallest coin (brown pips).
    value: Positive


class Economy(_Frozen):
    """Coins (L154) and demibumps (L150-152)."""

    coins: Annotated[tuple[Coin, ...], _UniqueIds, Field(min_length=3)]
    line: Line
    demibump_cost: Positive
    #: "Cost for bumping a d4 or lower dtype ... is doubled".
    low_die_at_most: Dtype
    low_die_factor: Positive
    repeated_gimmick_factor: Positive
    #: "the cost to bump a d12 (to d20) is quadrupled".
    top_die_from: Dtype
    top_die_factor: Positive
    demibump_line: Line
    award_stronger_foe: Count
    award_matched_foe: Count
    award_weaker_foe: Count
    award_mission_min: Count
    award_mission_max: Count
    award_session_min: Count


class ItemsFile(_Frozen):
    format_version: Literal[1]
    economy: Economy
    items: Annotated[tuple[ItemDef, ...], _UniqueIds, Field(min_length=1)]
