"""Edits of a map document as plain values.  No Qt.

Every edit has ``apply(doc) -> inverse`` (applying the inverse restores the document
exactly) and ``changes() -> Changes`` (what a view must redraw).  Builders such as
``paint`` or ``place_door`` look at the document and return an edit, or ``None`` when
the edit would change nothing, so the undo stack never holds a no-op.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import numpy as np

from companion.model.dungeon import (
    MAX_FLOOR,
    DungeonMap,
    Facing,
    MapObject,
    Room,
    Terrain,
    check_size,
)
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


# -- primitive edits ----------------------------------------------------------------


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


# -- squares -------------------------------------------------------------------------


Squares = tuple[np.ndarray, np.ndarray]  # (xs, ys)


def clip_squares(doc: MapDocument, xs: np.ndarray, ys: np.ndarray) -> Squares:
    """Keep the listed squares that are on the map."""
    xs = np.asarray(xs, dtype=np.intp)
    ys = np.asarray(ys, dtype=np.intp)
    ok = (xs >= 0) & (ys >= 0) & (xs < doc.dungeon.width) & (ys < doc.dungeon.height)
    return xs[ok], ys[ok]


def brush_squares(doc: MapDocument, centre: tuple[int, int], size: int) -> Squares:
    """A square brush of side ``size`` centred on ``centre`` (odd sizes centre exactly)."""
    size = max(1, int(size))
    lo = -((size - 1) // 2)
    offs = np.arange(lo, lo + size)
    gx, gy = np.meshgrid(offs + centre[0], offs + centre[1])
    return clip_squares(doc, gx.ravel(), gy.ravel())


def rect_squares(doc: MapDocument, a: tuple[int, int], b: tuple[int, int]) -> Squares:
    """Every square of the rectangle with corners ``a`` and ``b`` (inclusive)."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    gx, gy = np.meshgrid(np.arange(x0, x1 + 1), np.arange(y0, y1 + 1))
    return clip_squares(doc, gx.ravel(), gy.ravel())


def flood_squares(doc: MapDocument, start: tuple[int, int]) -> Squares:
    """The 4-connected region around ``start`` with the same terrain and floor height."""
    d = doc.dungeon
    sx, sy = start
    if not d.in_bounds(sx, sy):
        return np.empty(0, np.intp), np.empty(0, np.intp)
    key = (d.terrain == d.terrain[sy, sx]) & (d.floor == d.floor[sy, sx])
    seen = np.zeros_like(key)
    seen[sy, sx] = True
    queue = deque([(sx, sy)])
    w, h = d.width, d.height
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < w and 0 <= ny < h and key[ny, nx] and not seen[ny, nx]:
                seen[ny, nx] = True
                queue.append((nx, ny))
    ys, xs = np.nonzero(seen)
    return xs.astype(np.intp), ys.astype(np.intp)


# -- builders ------------------------------------------------------------------------


def paint_layer(
    doc: MapDocument, layer: Layer, xs: np.ndarray, ys: np.ndarray, values: np.ndarray | int
) -> PaintCells | None:
    """Set a layer on the given squares; ``None`` if every square already has its value.

    Repeated squares keep the last value.
    """
    xs, ys = np.asarray(xs, np.intp), np.asarray(ys, np.intp)
    arr: np.ndarray = getattr(doc.dungeon, layer)
    vals = np.broadcast_to(np.asarray(values), xs.shape).astype(arr.dtype)
    if len(xs) == 0:
        return None
    flat = ys * arr.shape[1] + xs
    # Keep the last occurrence of each square.
    _, last = np.unique(flat[::-1], return_index=True)
    keep = np.sort(len(flat) - 1 - last)
    xs, ys, vals = xs[keep], ys[keep], vals[keep]
    differs = arr[ys, xs] != vals
    if not np.any(differs):
        return None
    return PaintCells(layer, xs[differs].copy(), ys[differs].copy(), vals[differs].copy())


def height_values(
    doc: MapDocument, xs: np.ndarray, ys: np.ndarray, mode: HeightMode, amount: int
) -> np.ndarray:
    """New floor heights for a height tool stroke.

    ``set`` and ``flatten`` put ``amount`` (for flatten: the height where the stroke
    began); ``raise``/``lower`` add/subtract it.  Clamped to 0..MAX_FLOOR.
    """
    cur = doc.dungeon.floor[ys, xs].astype(np.int32)
    if mode == "raise":
        new = cur + amount
    elif mode == "lower":
        new = cur - amount
    else:
        new = np.full_like(cur, amount)
    return np.clip(new, 0, MAX_FLOOR).astype(np.int16)


def paint_height(
    doc: MapDocument, xs: np.ndarray, ys: np.ndarray, mode: HeightMode, amount: int
) -> Edit | None:
    return paint_layer(doc, "floor", xs, ys, height_values(doc, xs, ys, mode, amount))


def paint_terrain(
    doc: MapDocument,
    xs: np.ndarray,
    ys: np.ndarray,
    terrain: Terrain,
    stairs: Facing | None = None,
    feature_height: int = 0,
) -> Edit | None:
    """Paint a terrain; stairs take a direction, walls an optional height (0 = full).

    Objects standing where the new terrain cannot hold them are removed in the same edit.
    """
    if terrain is Terrain.STAIRS and stairs is None:
        raise EditError("stairs need a direction")
    xs, ys = np.asarray(xs, np.intp), np.asarray(ys, np.intp)
    direction = stairs.index if terrain is Terrain.STAIRS and stairs is not None else -1
    fh = feature_height if terrain in (Terrain.WALL, Terrain.OBSTACLE) else 0
    edits: list[Edit | None] = [
        paint_layer(doc, "terrain", xs, ys, int(terrain)),
        paint_layer(doc, "stairs", xs, ys, direction),
        paint_layer(doc, "feature_height", xs, ys, fh),
    ]
    if int(terrain) not in _HOLDS_OBJECTS:
        objects = doc.dungeon.objects
        on = {(int(x), int(y)) for x, y in zip(xs, ys, strict=True)} & objects.keys()
        edits.extend(SetObject(at, None) for at in sorted(on))
    return batch(edits)


def place_door(
    doc: MapDocument, at: tuple[int, int], kind: Terrain, double: bool = False
) -> Edit | None:
    """A door on ``at``; a double door also takes the next square along the wall.

    The wall runs where the door's neighbours are walls: east-west when the squares to
    its left or right are walls, else north-south.
    """
    if not kind.is_door:
        raise EditError(f"{kind.name.lower()} is not a door")
    d = doc.dungeon
    x, y = at
    if not d.in_bounds(x, y):
        return None
    squares = [(x, y)]
    if double:
        wall = int(Terrain.WALL)
        doorish = {wall, int(Terrain.DOOR_OPEN), int(Terrain.DOOR_CLOSED), int(Terrain.DOOR_LOCKED)}

        def along(dx: int, dy: int) -> bool:
            return d.in_bounds(x + dx, y + dy) and int(d.terrain[y + dy, x + dx]) in doorish

        if along(1, 0):
            squares.append((x + 1, y))
        elif along(0, 1):
            squares.append((x, y + 1))
        elif along(-1, 0):
            squares.append((x - 1, y))
        elif along(0, -1):
            squares.append((x, y - 1))
        elif x + 1 < d.width:
            squares.append((x + 1, y))
    xs = np.array([s[0] for s in squares])
    ys = np.array([s[1] for s in squares])
    return paint_terrain(doc, xs, ys, kind)


def set_object(doc: MapDocument, at: tuple[int, int], obj: MapObject | None) -> Edit | None:
    """Place or remove furniture; refused on squares that cannot hold it."""
    d = doc.dungeon
    if not d.in_bounds(*at):
        return None
    if d.objects.get(at) == obj:
        return None
    if obj is not None and int(d.terrain[at[1], at[0]]) not in _HOLDS_OBJECTS:
        raise EditError(f"{obj.kind.value} needs a floor square, not {d.terrain_at(*at).name}")
    if obj is not None and doc.figure_at(*at) is not None:
        raise EditError(f"a figure stands on {at}")
    return SetObject(at, obj)


# -- figures --------------------------------------------------------------------------


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


# -- rooms ------------------------------------------------------------------------------


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


# -- copy, paste, resize ---------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Clip:
    """A copied rectangle of the map: its layers and the objects on it (relative)."""

    terrain: np.ndarray
    floor: np.ndarray
    stairs: np.ndarray
    feature_height: np.ndarray
    objects: dict[tuple[int, int], MapObject]

    @property
    def width(self) -> int:
        return int(self.terrain.shape[1])

    @property
    def height(self) -> int:
        return int(self.terrain.shape[0])


def copy_region(doc: MapDocument, a: tuple[int, int], b: tuple[int, int]) -> Clip | None:
    """Copy the rectangle with corners ``a``, ``b`` (clipped to the map)."""
    d = doc.dungeon
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, d.width - 1), min(y1, d.height - 1)
    if x1 < x0 or y1 < y0:
        return None
    sl = (slice(y0, y1 + 1), slice(x0, x1 + 1))
    objects = {
        (x - x0, y - y0): o for (x, y), o in d.objects.items() if x0 <= x <= x1 and y0 <= y <= y1
    }
    return Clip(
        d.terrain[sl].copy(),
        d.floor[sl].copy(),
        d.stairs[sl].copy(),
        d.feature_height[sl].copy(),
        objects,
    )


def paste(doc: MapDocument, clip: Clip, at: tuple[int, int]) -> Edit | None:
    """Paste ``clip`` with its top-left corner on ``at``; what falls off the map is dropped."""
    gy, gx = np.mgrid[0 : clip.height, 0 : clip.width]
    xs, ys = gx.ravel() + at[0], gy.ravel() + at[1]
    d = doc.dungeon
    ok = (xs >= 0) & (ys >= 0) & (xs < d.width) & (ys < d.height)
    xs, ys, cx, cy = xs[ok], ys[ok], gx.ravel()[ok], gy.ravel()[ok]
    edits: list[Edit | None] = [
        paint_layer(doc, layer, xs, ys, getattr(clip, layer)[cy, cx])
        for layer in ("terrain", "floor", "stairs", "feature_height")
    ]
    covered = {(int(x), int(y)) for x, y in zip(xs, ys, strict=True)}
    for sq in sorted(covered & d.objects.keys()):
        rel = (sq[0] - at[0], sq[1] - at[1])
        if rel not in clip.objects:
            edits.append(SetObject(sq, None))
    for (rx, ry), obj in clip.objects.items():
        sq = (rx + at[0], ry + at[1])
        if sq in covered and d.objects.get(sq) != obj and doc.figure_at(*sq) is None:
            edits.append(SetObject(sq, obj))
    return batch(edits)


def resize(
    doc: MapDocument,
    width: int,
    height: int,
    offset: tuple[int, int] = (0, 0),
    fill: Terrain = Terrain.VOID,
) -> Edit | None:
    """A new size; the old map lands at ``offset`` in the new one, the rest is ``fill``.

    Objects, rooms and figures that fall outside are dropped.
    """
    check_size(width, height)
    d = doc.dungeon
    if (width, height) == (d.width, d.height) and offset == (0, 0):
        return None
    new = DungeonMap.blank(width, height, fill)
    new.name = d.name
    new.rooms = [Room(r.name, r.hidden) for r in d.rooms]
    ox, oy = offset
    # Overlap of the old map, in old coordinates.
    sx0, sy0 = max(0, -ox), max(0, -oy)
    sx1, sy1 = min(d.width, width - ox), min(d.height, height - oy)
    if sx1 > sx0 and sy1 > sy0:
        src = (slice(sy0, sy1), slice(sx0, sx1))
        dst = (slice(sy0 + oy, sy1 + oy), slice(sx0 + ox, sx1 + ox))
        for layer in LAYERS:
            getattr(new, layer)[dst] = getattr(d, layer)[src]
    for (x, y), obj in d.objects.items():
        if new.in_bounds(x + ox, y + oy):
            new.objects[(x + ox, y + oy)] = obj
    figures = tuple(
        f.model_copy(update={"at": (f.at[0] + ox, f.at[1] + oy)})
        for f in doc.figures
        if new.in_bounds(f.at[0] + ox, f.at[1] + oy)
    )
    return ReplaceMap(new, figures)
