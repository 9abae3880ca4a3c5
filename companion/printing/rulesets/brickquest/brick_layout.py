"""Where every brick of a brick character sheet goes, in stud units.  No Qt.

The sheet is a baseplate (16×16 studs unless a column needs more room) with one
column of 1×1 round plates per stat, left to right: Hit Points (green), Spell
Points (blue), Initiative bonus (light grey), Defense Dice (yellow), Attack
Dice (red, melee) and Attack Dice (orange, ranged), Movement (white).  Under
each column sits a 1×2 "label brick" in the column's colour with the bonus
plates stacked on its studs.  On the right a 4-stud wide container: the lower
part is the swag bin with its lid, the upper part an open slot that holds the
rounds taken off the sheet (damage, spent spell points).

Coordinates: x to the right, y downwards, 1 unit = 1 stud pitch (8 mm); the
centre of the stud in column ``i`` / row ``j`` is ``(i + 0.5, j + 0.5)``.
The same layout serves painting (screen and paper) and hit testing (clicks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from companion.rulesets.brickquest.character import Character
from companion.rulesets.brickquest.schema import ClassDef

#: Rows available for rounds above the label bricks.
COLUMN_ROWS = 14
#: Height of the label bricks (a 1×2 brick standing along the column).
LABEL_ROWS = 2
#: Width of the swag bin / slot container.
BIN_WIDTH = 4
#: Rows of the open slot, above the lidded bin.
SLOT_ROWS = 8
#: Smallest baseplate side; real baseplates come in 16, 32, 48 studs.
MIN_BASEPLATE = 16
#: Height of the printed legend under the baseplate (abbreviation + value).
LEGEND_HEIGHT = 1.7
#: Thickness of the container walls.
WALL = 0.22


class Stat(StrEnum):
    """The columns of the brick sheet."""

    HP = "hp"
    SP = "sp"
    INIT = "init"
    DD = "dd"
    AD_MELEE = "ad_melee"
    AD_RANGED = "ad_ranged"
    MOVE = "move"


#: Short labels printed under each column.
STAT_LABELS: dict[Stat, str] = {
    Stat.HP: "HP",
    Stat.SP: "SP",
    Stat.INIT: "INIT",
    Stat.DD: "DD",
    Stat.AD_MELEE: "AD",
    Stat.AD_RANGED: "RNG",
    Stat.MOVE: "MOVE",
}

#: Long names, for tooltips and accessible text.
STAT_NAMES: dict[Stat, str] = {
    Stat.HP: "Hit Points",
    Stat.SP: "Spell Points",
    Stat.INIT: "Initiative bonus",
    Stat.DD: "Defense Dice",
    Stat.AD_MELEE: "Attack Dice (melee)",
    Stat.AD_RANGED: "Attack Dice (ranged)",
    Stat.MOVE: "Movement",
}

#: Column groups, separated by a one-stud gap (the two attack columns touch).
GROUPS: tuple[tuple[Stat, ...], ...] = (
    (Stat.HP,),
    (Stat.SP,),
    (Stat.INIT,),
    (Stat.DD,),
    (Stat.AD_MELEE, Stat.AD_RANGED),
    (Stat.MOVE,),
)


@dataclass(frozen=True)
class SheetStats:
    """Everything the brick sheet shows: a character's current numbers."""

    hit_points: int
    max_hit_points: int
    spell_points: int | None
    max_spell_points: int | None
    initiative_bonus: int
    defense_dice: int
    defense_bonus: int
    melee_dice: int | None
    melee_bonus: int
    ranged_dice: int | None
    ranged_bonus: int
    move: int
    swag_count: int = 0
    name: str = ""

    @classmethod
    def from_character(cls, character: Character, class_def: ClassDef) -> SheetStats:
        """The sheet of ``character`` of class ``class_def``."""
        attack = class_def.attack
        return cls(
            hit_points=character.hit_points,
            max_hit_points=character.max_hit_points,
            spell_points=character.spell_points,
            max_spell_points=character.max_spell_points,
            initiative_bonus=class_def.initiative_bonus,
            defense_dice=class_def.defense_dice,
            defense_bonus=class_def.defense_bonus,
            melee_dice=attack.melee_dice,
            melee_bonus=attack.melee_bonus,
            ranged_dice=attack.ranged_dice,
            ranged_bonus=attack.ranged_bonus,
            move=class_def.move,
            swag_count=len(character.swag),
            name=character.name,
        )

    def value_text(self, stat: Stat) -> str:
        """The number printed under a column ("10/12", "3+2", "-1", "–")."""
        match stat:
            case Stat.HP:
                return f"{self.hit_points}/{self.max_hit_points}"
            case Stat.SP:
                if self.spell_points is None:
                    return "–"
                return f"{self.spell_points}/{self.max_spell_points}"
            case Stat.INIT:
                return f"{self.initiative_bonus:+d}" if self.initiative_bonus else "0"
            case Stat.DD:
                return _dice_text(self.defense_dice, self.defense_bonus)
            case Stat.AD_MELEE:
                return _dice_text(self.melee_dice, self.melee_bonus)
            case Stat.AD_RANGED:
                return _dice_text(self.ranged_dice, self.ranged_bonus)
            case Stat.MOVE:
                return str(self.move)
        raise AssertionError(stat)


def _dice_text(dice: int | None, bonus: int) -> str:
    if dice is None:
        return "–"
    return f"{dice}{bonus:+d}" if bonus else str(dice)


@dataclass(frozen=True)
class RoundPlate:
    """A position for a 1×1 round plate in a stat column."""

    stat: Stat
    x: float
    y: float
    #: 0 is the round next to the label brick; rounds come off from the top.
    index: int
    #: A plate stands here now; otherwise the bare stud shows where one goes.
    present: bool
    #: Stands for -1 (a negative initiative bonus).
    negative: bool = False


@dataclass(frozen=True)
class LabelBrick:
    """The brick at the foot of a column, with bonus plates on its studs."""

    stat: Stat
    x: float
    y: float
    w: int
    h: int
    #: Bonus plates stacked on the brick (negative: minus plates).
    bonus: int = 0
    #: The column holds nothing for this class (no brick is placed).
    empty: bool = False


@dataclass(frozen=True)
class SlotRound:
    """A round lying in the open slot above the swag bin."""

    stat: Stat
    x: float
    y: float
    #: Which of the rounds of this colour in the slot (0 = first taken off).
    index: int


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in stud units."""

    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


@dataclass(frozen=True)
class LegendEntry:
    """Text under a column: its label and its current value."""

    stat: Stat | None
    cx: float
    width: float
    label: str
    value: str
    #: Width the text may use, centred on ``cx`` (the column plus free studs beside it).
    room: float = 1.0


@dataclass(frozen=True)
class Hit:
    """What a click landed on."""

    #: ``"round"``: a plate on the sheet, ``"ghost"``: the bare stud of a removed
    #: plate, ``"slot"``: a round lying in the slot.
    target: str
    stat: Stat


@dataclass(frozen=True)
class BrickSheetLayout:
    """The laid-out sheet: baseplate size, plates, bricks, container, legend."""

    width: int
    height: int
    rounds: tuple[RoundPlate, ...]
    labels: tuple[LabelBrick, ...]
    container: Rect
    slot: Rect
    lid: Rect
    bin_label: Rect
    slot_rounds: tuple[SlotRound, ...]
    #: Rounds in the slot beyond what fits flat (drawn as a "+n" mark).
    slot_overflow: int
    legend: tuple[LegendEntry, ...]
    swag_count: int
    columns: dict[Stat, Rect] = field(default_factory=dict)

    @property
    def total_height(self) -> float:
        """Height including the legend under the baseplate."""
        return self.height + LEGEND_HEIGHT

    def hit(self, x: float, y: float) -> Hit | None:
        """The round, bare stud or slot round at ``(x, y)`` (stud units), if any."""
        for r in self.slot_rounds:
            if (x - r.x) ** 2 + (y - r.y) ** 2 <= 0.45**2:
                return Hit("slot", r.stat)
        for p in self.rounds:
            if abs(x - p.x) <= 0.5 and abs(y - p.y) <= 0.5:
                return Hit("round" if p.present else "ghost", p.stat)
        return None


def _column_counts(stats: SheetStats) -> dict[Stat, tuple[int, int, bool]]:
    """For each stat: (positions, plates present, negative)."""
    sp_positions = 0
    sp_present = 0
    if stats.spell_points is not None and stats.max_spell_points is not None:
        sp_positions = max(stats.spell_points, stats.max_spell_points)
        sp_present = stats.spell_points
    init = stats.initiative_bonus
    return {
        Stat.HP: (stats.max_hit_points, stats.hit_points, False),
        Stat.SP: (sp_positions, sp_present, False),
        Stat.INIT: (abs(init), abs(init), init < 0),
        Stat.DD: (stats.defense_dice, stats.defense_dice, False),
        Stat.AD_MELEE: (stats.melee_dice or 0, stats.melee_dice or 0, False),
        Stat.AD_RANGED: (stats.ranged_dice or 0, stats.ranged_dice or 0, False),
        Stat.MOVE: (stats.move, stats.move, False),
    }


def _bonus(stats: SheetStats, stat: Stat) -> int:
    return {
        Stat.DD: stats.defense_bonus,
        Stat.AD_MELEE: stats.melee_bonus,
        Stat.AD_RANGED: stats.ranged_bonus,
    }.get(stat, 0)


def _is_empty(stats: SheetStats, stat: Stat) -> bool:
    return {
        Stat.SP: stats.max_spell_points is None,
        Stat.AD_MELEE: stats.melee_dice is None,
        Stat.AD_RANGED: stats.ranged_dice is None,
    }.get(stat, False)


def layout_sheet(stats: SheetStats) -> BrickSheetLayout:
    """Lay out the brick sheet of ``stats``."""
    counts = _column_counts(stats)
    widths = {s: max(1, math.ceil(counts[s][0] / COLUMN_ROWS)) for s in Stat}
    stat_width = sum(widths[s] for g in GROUPS for s in g) + len(GROUPS) - 1
    width = max(MIN_BASEPLATE, stat_width + BIN_WIDTH)
    width += width % 2
    height = COLUMN_ROWS + LABEL_ROWS

    rounds: list[RoundPlate] = []
    labels: list[LabelBrick] = []
    legend: list[LegendEntry] = []
    columns: dict[Stat, Rect] = {}
    x = 0
    for group in GROUPS:
        for si, stat in enumerate(group):
            # free room beside the column: the gap between groups (none inside a group)
            gap_left = 0.9 if si == 0 else 0.0
            gap_right = 0.9 if si == len(group) - 1 else 0.0
            positions, present, negative = counts[stat]
            w = widths[stat]
            per_col = max(1, math.ceil(positions / w))
            for i in range(positions):
                col, row = divmod(i, per_col)
                rounds.append(
                    RoundPlate(
                        stat=stat,
                        x=x + col + 0.5,
                        y=COLUMN_ROWS - row - 0.5,
                        index=i,
                        present=i < present,
                        negative=negative,
                    )
                )
            labels.append(
                LabelBrick(
                    stat=stat,
                    x=x,
                    y=COLUMN_ROWS,
                    w=w,
                    h=LABEL_ROWS,
                    bonus=_bonus(stats, stat),
                    empty=_is_empty(stats, stat),
                )
            )
            columns[stat] = Rect(x, 0, w, COLUMN_ROWS)
            legend.append(
                LegendEntry(
                    stat,
                    x + w / 2,
                    w,
                    STAT_LABELS[stat],
                    stats.value_text(stat),
                    room=w + 2 * min(gap_left, gap_right),
                )
            )
            x += w
        x += 1

    container = Rect(width - BIN_WIDTH, 0, BIN_WIDTH, COLUMN_ROWS)
    slot = Rect(container.x, 0, BIN_WIDTH, SLOT_ROWS)
    lid = Rect(container.x, SLOT_ROWS, BIN_WIDTH, COLUMN_ROWS - SLOT_ROWS)
    bin_label = Rect(container.x, COLUMN_ROWS, BIN_WIDTH, LABEL_ROWS)
    slot_rounds, overflow = _slot_rounds(stats, slot)
    legend.append(
        LegendEntry(
            None, bin_label.cx, BIN_WIDTH, "SWAG", _swag_text(stats.swag_count), room=BIN_WIDTH
        )
    )
    return BrickSheetLayout(
        width=width,
        height=height,
        rounds=tuple(rounds),
        labels=tuple(labels),
        container=container,
        slot=slot,
        lid=lid,
        bin_label=bin_label,
        slot_rounds=tuple(slot_rounds),
        slot_overflow=overflow,
        legend=tuple(legend),
        swag_count=stats.swag_count,
        columns=columns,
    )


def _swag_text(n: int) -> str:
    return "empty" if n == 0 else f"{n} item{'s' if n != 1 else ''}"


#: Small fixed offsets so the rounds in the slot look dropped, not placed.
_JITTER = ((0.04, -0.03), (-0.05, 0.02), (0.02, 0.05), (-0.02, -0.04), (0.05, 0.03))


def _slot_rounds(stats: SheetStats, slot: Rect) -> tuple[list[SlotRound], int]:
    """Rounds in the slot, filled from the bottom (they fall in), HP first."""
    hp_lost = stats.max_hit_points - stats.hit_points
    sp_lost = 0
    if stats.spell_points is not None and stats.max_spell_points is not None:
        sp_lost = max(0, stats.max_spell_points - stats.spell_points)
    kinds = [Stat.HP] * hp_lost + [Stat.SP] * sp_lost
    inner_w = slot.w - 2 * WALL
    inner_h = slot.h - WALL
    per_row = 4
    pitch_x = inner_w / per_row
    rows = int(inner_h // 0.95)
    pitch_y = inner_h / rows
    capacity = per_row * rows
    out: list[SlotRound] = []
    seen: dict[Stat, int] = {}
    for i, stat in enumerate(kinds[:capacity]):
        row, col = divmod(i, per_row)
        jx, jy = _JITTER[i % len(_JITTER)]
        out.append(
            SlotRound(
                stat=stat,
                x=slot.x + WALL + (col + 0.5) * pitch_x + jx,
                y=slot.y + slot.h - (row + 0.5) * pitch_y + jy,
                index=seen.get(stat, 0),
            )
        )
        seen[stat] = seen.get(stat, 0) + 1
    return out, max(0, len(kinds) - capacity)
