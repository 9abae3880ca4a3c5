"""How a place on the board is written for people: "C7", like a chess board.

Columns are letters from the left (A…Z, then AA, AB…), rows numbers from the top (1, 2…),
so square ``[2, 6]`` of the JSON is "C7".  A BrickQuest square, a stud of an In a World
Where Bricks Rule table and a cell of a Heroica board are all written so; the map's edges
carry the same letters and numbers (``companion.gui.canvas.rulers``).  Every message, log
line and refusal says a place through ``place_name``; the commands' JSON keeps ``[x, y]``.
"""

from __future__ import annotations

from collections.abc import Sequence


def column_name(x: int) -> str:
    """The letters of column ``x`` (0-based): 0 → "A", 25 → "Z", 26 → "AA"."""
    if x < 0:
        return f"({x})"
    letters = ""
    n = x + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def row_name(y: int) -> str:
    """The number of row ``y`` (0-based): 0 → "1"."""
    return str(y + 1)


def place_name(square: Sequence[float]) -> str:
    """A square (or a point, rounded down to its square) as people say it: "C7"."""
    x, y = int(square[0] // 1), int(square[1] // 1)
    return f"{column_name(x)}{row_name(y)}"
