"""Figures and rooms: placing and removing figures, adding, naming, hiding and removing
rooms.
"""

from __future__ import annotations

import numpy as np

from companion.model.dungeon import Room
from companion.model.edits_painting import paint_layer
from companion.model.edits_primitives import Edit, EditError, SetFigures, SetRooms
from companion.model.mapfile import FigurePlacement, MapDocument


def place_figure(doc: MapDocument, figure: FigurePlacement) -> Edit | None:
    """Add a figure, or move/change the one with the same id."""
    x, y = figure.at
    if not doc.dungeon.in_bounds(x, y):
        raise EditError(f"square [{x}, {y}] is off the map")
    other = doc.figure_at(x, y)
    if other is not None and other.id != figure.id:
        raise EditError(f"{other.label} already stands on [{x}, {y}]")
    figures = list(doc.figures)
    for i, f in enumerate(figures):
        if f.id == figure.id:
            if f == figure:
                return None
            figures[i] = figure
            break
    else:
        figures.append(figure)
    return SetFigures(tuple(figures))


def remove_figure(doc: MapDocument, figure_id: str) -> Edit | None:
    figures = tuple(f for f in doc.figures if f.id != figure_id)
    return None if len(figures) == len(doc.figures) else SetFigures(figures)


def unique_figure_id(doc: MapDocument, base: str) -> str:
    taken = {f.id for f in doc.figures}
    if base not in taken:
        return base
    n = 2
    while f"{base}_{n}" in taken:
        n += 1
    return f"{base}_{n}"


def _rooms(doc: MapDocument) -> list[Room]:
    return [Room(r.name, r.hidden) for r in doc.dungeon.rooms]


def add_room(doc: MapDocument, name: str) -> Edit:
    return SetRooms((*_rooms(doc), Room(name)))


def rename_room(doc: MapDocument, index: int, name: str) -> Edit | None:
    rooms = _rooms(doc)
    if rooms[index].name == name:
        return None
    rooms[index].name = name
    return SetRooms(tuple(rooms))


def set_room_hidden(doc: MapDocument, index: int, hidden: bool) -> Edit | None:
    rooms = _rooms(doc)
    if rooms[index].hidden == hidden:
        return None
    rooms[index].hidden = hidden
    return SetRooms(tuple(rooms))


def remove_room(doc: MapDocument, index: int) -> Edit:
    """Drop a room: its squares belong to no room, later rooms move down one index."""
    rooms = _rooms(doc)
    del rooms[index]
    room_of = doc.dungeon.room_of.copy()
    room_of[room_of == index] = -1
    room_of[room_of > index] -= 1
    return SetRooms(tuple(rooms), room_of)


def assign_room(doc: MapDocument, xs: np.ndarray, ys: np.ndarray, index: int) -> Edit | None:
    """Put squares into room ``index`` (-1: out of any room)."""
    return paint_layer(doc, "room_of", xs, ys, index)
