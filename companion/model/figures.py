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


@dataclass(frozen=True, slots=True)
class Token:
    """One figure on the board.

    ``side``: figures on the same side are allies.  ``dead`` figures are corpses: they
    block neither sight nor passage, but nobody may end a move on them.
    ``slips_through``: vermin and incorporeal creatures may move through occupied squares.
    """

    id: str
    x: int
    y: int
    side: str
    facing: Facing = Facing.S
    large: bool = False
    dead: bool = False
    slips_through: bool = False

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def height(self) -> int:
        """Height in bricks under the default grid (a board asks ``rules.height_of``)."""
        return LARGE_FIGURE_HEIGHT if self.large else FIGURE_HEIGHT
