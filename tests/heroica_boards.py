"""A small Heroica board on a map, shared by the tests of boards in files, on the canvas and
in the editor."""

from __future__ import annotations

import json
from typing import Any

from companion.model.dungeon import Terrain
from companion.model.mapfile import MapDocument, MapOptions, new_document

#: A board on a 10x6 map of floor ringed by void: spaces x 1..8, y 1..4.
BOARD: dict[str, Any] = {
    "locations": [
        {"id": "bay", "name": "Draida Bay", "realm": "draida_bay", "rects": [[1, 1, 5, 4]]},
        {"id": "gate", "name": "Gate", "realm": "castle_fortaan", "rects": [[5, 1, 4, 4]]},
    ],
    "features": [
        {"kind": "treasure_chest", "at": [2, 2]},
        {"kind": "locked_door", "at": [6, 1], "to": [7, 1]},
        {"kind": "monster_generator", "at": [8, 4], "boss": "king"},
    ],
    "items": [{"item": "gold", "at": [3, 3]}, {"item": "key", "at": [1, 4]}],
    "start": [1, 1],
}


def heroica_doc(board: dict[str, Any] | None = None) -> MapDocument:
    doc = new_document(10, 6, border=False, fill=Terrain.VOID, name="Board")
    doc.dungeon.terrain[1:5, 1:9] = int(Terrain.FLOOR)
    doc.options = MapOptions(ruleset="heroica")
    doc.board = json.loads(json.dumps(BOARD)) if board is None else board
    return doc
