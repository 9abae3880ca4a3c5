"""A refusal worded for the window: every reason, numbered, with its place.

The model gives each reason its sentence and, where there is one, its square
(``Reason.square``); the window lists them in the model's order and marks each square
on the map with the same number (``Overlays.reasons``).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.places import place_name
from companion.rules.verdict import Reason

Square = tuple[int, int]


def place(square: Square) -> str:
    """How a square is named in the window's lists: as on the map's edges ("C7")."""
    return place_name(square)


def reason_lines(reasons: Sequence[Reason]) -> list[str]:
    """``"1. sentence (at place)"`` per reason; the place is left out when the sentence
    already names it, or when the reason has no square."""
    out = []
    for i, r in enumerate(reasons, 1):
        where = place(r.square) if r.square is not None else ""
        text = r.message if not where or where in r.message else f"{r.message} (at {where})"
        out.append(f"{i}. {text}")
    return out


def reason_marks(reasons: Sequence[Reason]) -> list[tuple[Square, str]]:
    """``(square, number)`` of every reason that has a square, numbered as listed."""
    return [(r.square, str(i)) for i, r in enumerate(reasons, 1) if r.square is not None]
