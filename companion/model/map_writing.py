"""Writing a map file: a ``MapDocument`` back to the JSON bytes of its file.

``dump_map`` keeps map rows one line each so the file reads like the map it stores; the
GUI writes the bytes atomically.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np

from companion.model.dungeon import Facing
from companion.model.map_document import MAX_NAME, MapDocument, MapFile, ObjectEntry, RoomEntry
from companion.model.textmap import height_rows, stairs_table, terrain_rows


def room_rects(room_of: np.ndarray, index: int) -> list[tuple[int, int, int, int]]:
    """The squares of room ``index`` as few rectangles ``(x, y, w, h)``.

    Runs of each row are merged downward while the next row has the very same run.
    """
    mask = room_of == index
    rows = np.flatnonzero(mask.any(axis=1))
    if rows.size == 0:
        return []
    y0, y1 = int(rows[0]), int(rows[-1]) + 1
    # Runs of every row at once (rows outside the room's extent are skipped).
    edges = np.diff(np.pad(mask[y0:y1].astype(np.int8), ((0, 0), (1, 1))), axis=1)
    sy, sx = np.nonzero(edges == 1)
    ex = np.nonzero(edges == -1)[1]
    runs: dict[int, list[tuple[int, int]]] = {}
    for y, s, e in zip(sy.tolist(), sx.tolist(), ex.tolist(), strict=True):
        runs.setdefault(y, []).append((s, e - s))
    open_rects: dict[tuple[int, int], list[int]] = {}  # (x, w) -> [x, y, w, h]
    done: list[tuple[int, int, int, int]] = []
    for y in range(y1 - y0):
        still_open: dict[tuple[int, int], list[int]] = {}
        for x, length in runs.get(y, ()):
            rect = open_rects.pop((x, length), None)
            if rect is None:
                rect = [x, y + y0, length, 0]
            rect[3] += 1
            still_open[(x, length)] = rect
        done.extend((x, y, w, h) for x, y, w, h in open_rects.values())
        open_rects = still_open
    done.extend((x, y, w, h) for x, y, w, h in open_rects.values())
    return sorted(done, key=lambda r: (r[1], r[0]))


def to_map_file(doc: MapDocument) -> MapFile:
    d = doc.dungeon
    fh_y, fh_x = np.nonzero(d.feature_height > 0)
    return MapFile(
        name=d.name[:MAX_NAME],
        width=d.width,
        height=d.height,
        terrain=terrain_rows(d),
        floor=height_rows(d) if np.any(d.floor) else None,
        stairs={k: Facing(v) for k, v in stairs_table(d).items()},
        feature_heights={
            f"{x},{y}": int(d.feature_height[y, x]) for y, x in zip(fh_y, fh_x, strict=True)
        },
        objects=[
            ObjectEntry(
                at=at,
                kind=o.kind,
                height=o.height,
                facing=o.facing,
                open=o.is_open,
                locked=o.locked,
                contents=list(o.contents),
            )
            for at, o in sorted(d.objects.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        ],
        rooms=[
            RoomEntry(name=r.name, hidden=r.hidden, rects=room_rects(d.room_of, i))
            for i, r in enumerate(d.rooms)
        ],
        figures=list(doc.figures),
        options=doc.options,
        board=copy.deepcopy(doc.board),
    )


def dump_map(doc: MapDocument) -> bytes:
    """The document as UTF-8 JSON bytes: one key per line, one list entry per line.

    Map rows stay one line each so the file reads like the map it stores.
    """
    data = to_map_file(doc).model_dump(mode="json", by_alias=True, exclude_none=True)
    parts = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            body = ",\n".join("  " + _compact(v) for v in value)
            text = f"[\n{body}\n ]"
        elif key == "board" and isinstance(value, dict) and value:
            text = _board_text(value)
        else:
            text = _compact(value)
        parts.append(f" {json.dumps(key)}: {text}")
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode()


def _board_text(board: dict[str, Any]) -> str:
    """The board section one key per line, its lists of entries one entry per line."""
    parts = []
    for key, value in board.items():
        if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
            body = ",\n".join("    " + _compact(v) for v in value)
            text = f"[\n{body}\n  ]"
        else:
            text = _compact(value)
        parts.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n }"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
