"""Die types ("dtypes") and bumps of Brickmasters of the Unknown.

"Bumps and dtype changes: Various events will move a dtype up or down. This is called a
bump. Dice sequence for bumps is: d20, d12, d10, d8, d6, d4, d3, d2 . D2 is the lowest
dtype possible." (L15)

A dtype is held as its number of sides (``int``); data files write ``"d10"``.  Bumps
clamp at both ends of the ladder: d2 is the floor (L15), d20 the ceiling (the sequence
has nothing above it).
"""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import BeforeValidator, PlainSerializer
from pydantic_core import PydanticCustomError

#: The ladder from the lowest dtype to the highest (L15, read upwards).
LADDER: Final[tuple[int, ...]] = (2, 3, 4, 6, 8, 10, 12, 20)
LOWEST: Final = LADDER[0]
HIGHEST: Final = LADDER[-1]


class DtypeError(ValueError):
    """A die that is not on the ladder, or text that is not a die."""


def is_dtype(sides: int) -> bool:
    return sides in LADDER


def parse_dtype(value: object) -> int:
    """``"d10"``, ``"D10"``, ``"10"`` or ``10`` → 10; anything off the ladder is refused."""
    if isinstance(value, bool):
        raise DtypeError(f"not a die type: {value!r}")
    if isinstance(value, int):
        sides = value
    elif isinstance(value, str):
        text = value.strip().lower().removeprefix("d")
        if not text.isdigit():
            raise DtypeError(
                f"not a die type: {value!r} (write d2, d3, d4, d6, d8, d10, d12 or d20)"
            )
        sides = int(text)
    else:
        raise DtypeError(f"not a die type: {value!r}")
    if sides not in LADDER:
        ladder = ", ".join(dtype_name(s) for s in LADDER)
        raise DtypeError(f"d{sides} is not on the bump ladder ({ladder})")
    return sides


def dtype_name(sides: int) -> str:
    """10 → ``"d10"``."""
    return f"d{sides}"


def step(sides: int) -> int:
    """The position of ``sides`` on the ladder, 0 for d2 to 7 for d20."""
    try:
        return LADDER.index(sides)
    except ValueError:
        raise DtypeError(f"d{sides} is not on the bump ladder") from None


def bump(sides: int, bumps: int = 1) -> int:
    """``sides`` moved ``bumps`` steps (negative: down), clamped to d2..d20."""
    index = min(max(step(sides) + bumps, 0), len(LADDER) - 1)
    return LADDER[index]


def bump_up(sides: int, bumps: int = 1) -> int:
    return bump(sides, abs(bumps))


def bump_down(sides: int, bumps: int = 1) -> int:
    return bump(sides, -abs(bumps))


def bumps_between(low: int, high: int) -> int:
    """How many steps from ``low`` to ``high`` (negative if ``high`` is lower)."""
    return step(high) - step(low)


def gang_up(sides: int, opponents: int) -> int:
    """The die of the side with ``opponents`` figures against one: "+1 bump per extra
    figure" (L92); one figure (or none) fights on its own die."""
    return bump(sides, max(opponents - 1, 0))


def max_value(sides: int) -> int:
    """The highest roll of the die (its sides)."""
    step(sides)
    return sides


def distribution(sides: int) -> dict[int, float]:
    """Each face 1..sides with its chance (a fair die)."""
    step(sides)
    return {face: 1 / sides for face in range(1, sides + 1)}


def _validate(value: object) -> int:
    try:
        return parse_dtype(value)
    except DtypeError as exc:
        raise PydanticCustomError("dtype", "{why}", {"why": str(exc)}) from None


#: A pydantic field holding a dtype: reads ``"d10"`` or 10, writes ``"d10"``.
Dtype = Annotated[
    int,
    BeforeValidator(_validate),
    PlainSerializer(dtype_name, return_type=str, when_used="json"),
]
