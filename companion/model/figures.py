"""Figures as the geometry sees them: where they stand, whose side they are on, how tall."""

from __future__ import annotations

from dataclasses import dataclass

from companion.model.dungeon import Facing

#: BrickQuest's heights: the defaults of ``companion.model.geometry.rules.GridRules``,
#: which is what the geometry reads (a board's ``rules``).
#: Height in bricks of a minifig (DESIGN.md) and of a large creature.
FIGURE_HEIGHT = 4
LARGE_FIGURE_HEIGHT = 6
#: A figure's eye and body heights above its floor, in bricks (DESIGN.md, line of sight).
EYE_HEIGHT = 3.5
BODY_HEIGHT = 2.0
HEAD_HEIGHT = 3.5
#: Footprints a figure may have, in squares per side.
FOOTPRINT_SIZES = (1, 2)


@dataclass(frozen=True, slots=True)
class Token:
    """One figure on the board.

    ``side``: figures on the same side are allies.  ``dead`` figures are corpses: they
    block neither sight nor passage, but nobody may end a move on them.
    ``slips_through``: vermin and incorporeal creatures may move through occupied squares.
    ``size``: the footprint, in squares per side (1 or 2).  A figure of size 2 stands on
    ``(x, y)`` as its north-west square and covers ``x..x+1`` by ``y..y+1``: every covered
    square is occupied by it (``companion.model.geometry.footprint`` states how moving,
    attacking, sight and areas read a footprint).
    """

    id: str
    x: int
    y: int
    side: str
    facing: Facing = Facing.S
    large: bool = False
    dead: bool = False
    slips_through: bool = False
    size: int = 1

    def __post_init__(self) -> None:
        if self.size not in FOOTPRINT_SIZES:
            raise ValueError(f"figure {self.id!r}: size must be 1 or 2 squares, not {self.size!r}")

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def squares(self) -> tuple[tuple[int, int], ...]:
        """The squares the figure covers, row by row from its north-west square ``pos``."""
        if self.size == 1:
            return ((self.x, self.y),)
        n = self.size
        return tuple((self.x + dx, self.y + dy) for dy in range(n) for dx in range(n))

    def covers(self, square: tuple[int, int]) -> bool:
        """``square`` is one of the figure's squares."""
        n = self.size
        return self.x <= square[0] < self.x + n and self.y <= square[1] < self.y + n

    @property
    def height(self) -> int:
        """Height in bricks under the default grid (a board asks ``rules.height_of``)."""
        return LARGE_FIGURE_HEIGHT if self.large else FIGURE_HEIGHT
