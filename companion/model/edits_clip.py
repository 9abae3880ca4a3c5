"""Copying, pasting and resizing the map."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.model.dungeon import DungeonMap, MapObject, Room, Terrain, check_size
from companion.model.edits_painting import paint_layer
from companion.model.edits_primitives import LAYERS, Edit, ReplaceMap, SetObject, batch
from companion.model.mapfile import MapDocument


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
