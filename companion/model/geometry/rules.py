"""The numbers of a square grid: what a step costs, how high a figure may climb, how tall.

The geometry measures with these values instead of constants of its own, so a game on
another grid passes its own :class:`GridRules` to :class:`~.board.Board`.
:data:`DEFAULT_GRID` holds BrickQuest's numbers (the BrickQuest plugin owns its own
equal instance); every board built without ``rules`` uses it.

A figure on the square grid faces along its sides (four facings: ``Token.facing``); its
firing arc may be any width, measured by :mod:`.arcs` (BrickQuest's is ±45°).  Facings
at eight or any angle are measured by :mod:`.arcs` directly (a ruleset's ``FacingSpec``).
Other values raise ``ValueError``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.model.figures import (
    BODY_HEIGHT,
    EYE_HEIGHT,
    FIGURE_HEIGHT,
    HEAD_HEIGHT,
    LARGE_FIGURE_HEIGHT,
    Token,
)


def _whole(name: str, value: object, low: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{name} must be a whole number >= {low}, not {value!r}")


def _half_bricks(name: str, value: float) -> None:
    if value < 0 or 2 * value != round(2 * value):
        raise ValueError(f"{name} must be a non-negative whole number of half bricks, not {value}")


@dataclass(frozen=True, slots=True)
class GridRules:
    """One grid's numbers; lengths in squares, heights in bricks.

    * ``orthogonal_cost``, ``diagonal_cost``: move points of a step (whole, at least 1);
    * ``max_step``: the height change one step may make (more is an obstacle from that
      side); ``max_stair_step``: the change one orthogonal step along stairs may make;
    * ``studs_per_square``: squares to studs on the ruler; ``brick_in_squares``: one
      brick of height in squares (the vertical term of the ruler distance);
    * ``arc_half_angle`` (degrees, more than 0 and at most 180): half the firing arc;
      ``facings``: how many ways a figure on the grid may face (only 4);
    * ``eye_height``, ``body_height``, ``head_height``: where sight lines start and end,
      above the floor (whole half bricks; the head not below the body);
      ``figure_height``, ``large_figure_height``: how tall a figure's column is;
    * ``melee_height``: melee and reach targets stand at most this many bricks higher or
      lower; ``reach``: the distance (Chebyshev) of a reach attack.
    """

    orthogonal_cost: int = 1
    diagonal_cost: int = 2
    max_step: int = 1
    max_stair_step: int = 3
    studs_per_square: int = 4
    brick_in_squares: float = 0.3
    arc_half_angle: float = 45
    facings: int = 4
    eye_height: float = EYE_HEIGHT
    body_height: float = BODY_HEIGHT
    head_height: float = HEAD_HEIGHT
    figure_height: int = FIGURE_HEIGHT
    large_figure_height: int = LARGE_FIGURE_HEIGHT
    melee_height: int = 2
    reach: int = 2
    #: The cost of each of ``board.DIRECTIONS``: four orthogonal, then four diagonal.
    step_costs: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _whole("orthogonal_cost", self.orthogonal_cost, 1)
        _whole("diagonal_cost", self.diagonal_cost, 1)
        _whole("max_step", self.max_step, 0)
        _whole("max_stair_step", self.max_stair_step, 0)
        _whole("figure_height", self.figure_height, 0)
        _whole("large_figure_height", self.large_figure_height, 0)
        _whole("melee_height", self.melee_height, 0)
        _whole("reach", self.reach, 1)
        _whole("studs_per_square", self.studs_per_square, 1)
        if isinstance(self.arc_half_angle, bool) or not 0 < self.arc_half_angle <= 180:
            raise ValueError(
                f"arc_half_angle must be more than 0 and at most 180 degrees, "
                f"not {self.arc_half_angle!r}"
            )
        if self.facings != 4:
            raise ValueError(
                f"a figure on the square grid faces along its sides: facings must be 4, "
                f"not {self.facings} (eight or any angle: a ruleset's FacingSpec)"
            )
        if not self.brick_in_squares >= 0:
            raise ValueError(f"brick_in_squares must be >= 0, not {self.brick_in_squares}")
        for name in ("eye_height", "body_height", "head_height"):
            _half_bricks(name, getattr(self, name))
        if self.head_height < self.body_height:
            # Sight tests only the line to the head: it must be the higher one.
            raise ValueError("head_height must not be below body_height")
        costs = (self.orthogonal_cost,) * 4 + (self.diagonal_cost,) * 4
        object.__setattr__(self, "step_costs", costs)

    @property
    def eye2(self) -> int:
        """The eye height in half bricks."""
        return round(2 * self.eye_height)

    @property
    def head2(self) -> int:
        """The head height in half bricks."""
        return round(2 * self.head_height)

    def height_of(self, token: Token) -> int:
        """How tall ``token``'s column is, in bricks."""
        return self.large_figure_height if token.large else self.figure_height


#: BrickQuest's numbers: what every board without ``rules`` of its own measures with.
DEFAULT_GRID = GridRules()
