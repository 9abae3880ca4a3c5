"""The colours of the sides, the same on the board, on the sheets and on paper."""

from __future__ import annotations

from PySide6.QtGui import QColor

SIDE_COLOURS = {
    "party": QColor(40, 110, 214),
    "dungeon": QColor(200, 40, 44),
    # Sides named after a colour (a skirmish's "red" and "blue") wear it.
    "blue": QColor(40, 110, 214),
    "red": QColor(200, 40, 44),
    "green": QColor(46, 160, 90),
    "yellow": QColor(226, 180, 30),
    "purple": QColor(150, 80, 200),
    "orange": QColor(220, 140, 20),
}
OTHER_SIDE_COLOURS = (QColor(46, 160, 90), QColor(150, 80, 200), QColor(220, 140, 20))


def side_colour(side: str) -> QColor:
    """The marker colour of a side: blue party, red dungeon, then other colours."""
    if side in SIDE_COLOURS:
        return SIDE_COLOURS[side]
    return OTHER_SIDE_COLOURS[sum(map(ord, side)) % len(OTHER_SIDE_COLOURS)]
