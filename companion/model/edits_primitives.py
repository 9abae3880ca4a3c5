"""The edits themselves: what each changes, applying it and its inverse, a batch of them."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import numpy as np

from companion.model.dungeon import DungeonMap, MapObject, Room, Terrain
from companion.model.mapfile import FigurePlacement, MapDocument, MapOptions

Layer = Literal["terrain", "floor", "stairs", "feature_height", "room_of"]


LAYERS: tuple[Layer, ...] = ("terrain", "floor", "stairs", "feature_height", "room_of")


HeightMode = Literal["set", "raise", "lower", "flatten"]


#: Terrain that can hold furniture; painting anything else clears the object there.
_HOLDS_OBJECTS = frozenset({int(Terrain.FLOOR), int(Terrain.STAIRS)})


class EditError(ValueError):
    """An edit that cannot be made (e.g. a figure onto an occupied square)."""


@dataclass(frozen=True, slots=True)
class Changes:
    """What an edit touched; views redraw from this and nothing else."""

    #: Squares touched, as ``(x0, y0, x1, y1)`` with x1/y1 exclusive; None if no squares.
    region: tuple[int, int, int, int] | None = None
    layers: frozenset[str] = frozenset()
    objects: bool = False
    figures: bool = False
    rooms: bool = False
    options: bool = False
    name: bool = False
    #: The ruleset's board section (``MapDocument.board``).
    board: bool = False
    #: The whole map was replaced (a resize): redraw everything.
    everything: bool = False

    def __or__(self, other: Changes) -> Changes:
        if self.region is None:
            region = other.region
        elif other.region is None:
            region = self.region
        else:
            a, b = self.region, other.region
            region = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
        return Changes(
            region=region,
            layers=self.layers | other.layers,
            objects=self.objects or other.objects,
            figures=self.figures or other.figures,
            rooms=self.rooms or other.rooms,
            options=self.options or other.options,
            name=self.name or other.name,
            board=self.board or other.board,
            everything=self.everything or other.everything,
        )


EVERYTHING = Changes(
    everything=True,
    layers=frozenset(LAYERS),
    objects=True,
    figures=True,
    rooms=True,
    options=True,
    name=True,
    board=True,
)


class Edit(Protocol):
    def apply(self, doc: MapDocument) -> Edit: ...

    def changes(self) -> Changes: ...


def _region(xs: np.ndarray, ys: np.ndarray) -> tuple[int, int, int, int] | None:
    if len(xs) == 0:
        return None
    return (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)


@dataclass(frozen=True, slots=True, eq=False)
class PaintCells:
    """Set ``layer[y, x] = value`` for each listed square."""

    layer: Layer
    xs: np.ndarray
    ys: np.ndarray
    values: np.ndarray

    def apply(self, doc: MapDocument) -> PaintCells:
        arr: np.ndarray = getattr(doc.dungeon, self.layer)
        old = arr[self.ys, self.xs].copy()
        arr[self.ys, self.xs] = self.values
        return PaintCells(self.layer, self.xs, self.ys, old)

    def changes(self) -> Changes:
        return Changes(region=_region(self.xs, self.ys), layers=frozenset({self.layer}))


@dataclass(frozen=True, slots=True)
class SetObject:
    """Put ``obj`` on a square, or clear it with ``None``."""

    at: tuple[int, int]
    obj: MapObject | None

    def apply(self, doc: MapDocument) -> SetObject:
        old = doc.dungeon.objects.get(self.at)
        if self.obj is None:
            doc.dungeon.objects.pop(self.at, None)
        else:
            doc.dungeon.objects[self.at] = self.obj
        return SetObject(self.at, old)

    def changes(self) -> Changes:
        x, y = self.at
        return Changes(region=(x, y, x + 1, y + 1), objects=True)


@dataclass(frozen=True, slots=True)
class SetFigures:
    """Replace the list of figures (few enough that a copy is the simplest exact undo)."""

    figures: tuple[FigurePlacement, ...]

    def apply(self, doc: MapDocument) -> SetFigures:
        old = tuple(doc.figures)
        doc.figures = list(self.figures)
        return SetFigures(old)

    def changes(self) -> Changes:
        return Changes(figures=True)


@dataclass(frozen=True, slots=True, eq=False)
class SetRooms:
    """Replace the room list and, if given, the room of every square."""

    rooms: tuple[Room, ...]
    room_of: np.ndarray | None = None

    def apply(self, doc: MapDocument) -> SetRooms:
        d = doc.dungeon
        old = SetRooms(
            tuple(Room(r.name, r.hidden) for r in d.rooms),
            None if self.room_of is None else d.room_of.copy(),
        )
        d.rooms = [Room(r.name, r.hidden) for r in self.rooms]
        if self.room_of is not None:
            d.room_of = self.room_of.copy()
        return old

    def changes(self) -> Changes:
        layers = frozenset() if self.room_of is None else frozenset({"room_of"})
        return Changes(rooms=True, layers=layers, everything=self.room_of is not None)


@dataclass(frozen=True, slots=True)
class SetOptions:
    options: MapOptions

    def apply(self, doc: MapDocument) -> SetOptions:
        old, doc.options = doc.options, self.options
        return SetOptions(old)

    def changes(self) -> Changes:
        return Changes(options=True)


@dataclass(frozen=True, slots=True)
class SetName:
    name: str

    def apply(self, doc: MapDocument) -> SetName:
        old, doc.dungeon.name = doc.dungeon.name, self.name
        return SetName(old)

    def changes(self) -> Changes:
        return Changes(name=True)


@dataclass(frozen=True, slots=True, eq=False)
class SetBoard:
    """Replace the ruleset's board section whole (None: the map has none).

    The section is a JSON object the ruleset owns; the edit keeps its own copy, so the
    value it was built from may change later without changing the history."""

    board: dict[str, Any] | None

    def apply(self, doc: MapDocument) -> SetBoard:
        old, doc.board = doc.board, copy.deepcopy(self.board)
        return SetBoard(old)

    def changes(self) -> Changes:
        return Changes(board=True)


def set_board(doc: MapDocument, board: dict[str, Any] | None) -> SetBoard | None:
    """The edit that gives the map ``board``; None when it already has it."""
    return None if doc.board == board else SetBoard(copy.deepcopy(board))


@dataclass(frozen=True, slots=True, eq=False)
class ReplaceMap:
    """Swap in a whole new dungeon and figure list (map resize)."""

    dungeon: DungeonMap
    figures: tuple[FigurePlacement, ...]

    def apply(self, doc: MapDocument) -> ReplaceMap:
        old = ReplaceMap(doc.dungeon, tuple(doc.figures))
        doc.dungeon = self.dungeon.copy()
        doc.figures = list(self.figures)
        return old

    def changes(self) -> Changes:
        return EVERYTHING


@dataclass(frozen=True, slots=True)
class Batch:
    """Several edits applied in order as one; the inverse undoes them in reverse."""

    edits: tuple[Edit, ...] = field(default_factory=tuple)

    def apply(self, doc: MapDocument) -> Batch:
        inverses = [e.apply(doc) for e in self.edits]
        return Batch(tuple(reversed(inverses)))

    def changes(self) -> Changes:
        out = Changes()
        for e in self.edits:
            out = out | e.changes()
        return out


def batch(edits: Sequence[Edit | None]) -> Edit | None:
    """One edit from several, dropping ``None``s; ``None`` when nothing is left."""
    kept = tuple(e for e in edits if e is not None)
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else Batch(kept)
