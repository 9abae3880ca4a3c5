"""Painting the map: the squares a brush, a rectangle or a flood covers, and the edits that
paint terrain and heights, place doors and objects.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from companion.model.dungeon import MAX_FLOOR, Facing, MapObject, Terrain
from companion.model.edits_primitives import (
    _HOLDS_OBJECTS,
    Edit,
    EditError,
    HeightMode,
    Layer,
    PaintCells,
    SetObject,
    batch,
)
from companion.model.mapfile import MapDocument

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
