"""The Brick Companion map file: a dungeon, its figures and its options as JSON.

Pure pydantic, no Qt.  ``load_map_file`` / ``load_map_bytes`` turn untrusted input into a
``MapDocument`` or raise ``MapFileError`` (a ``FileProblem``) listing every problem with
its place: strict types, ASCII digits, even rows, rooms that do not overlap, figures of
known classes and monsters standing where figures may stand;
``dump_map`` turns a document back into bytes (the GUI writes them atomically).

The document on disk::

    {"format": "brick-companion-map", "version": 1, "name": "...",
     "width": 12, "height": 8,
     "terrain": ["####", ...],           # FORMAT.md characters, plus L (locked door)
     "floor": ["0012", ...],             # base-36 floor heights in bricks (optional)
     "stairs": {"x,y": "N"},             # direction in which stairs rise
     "feature_heights": {"x,y": 3},      # a wall's or obstacle's height in bricks
     "objects": [{"at": [x, y], "kind": "chest", "height": 2, "facing": "S"}],
     "rooms": [{"name": "Crypt", "hidden": true, "rects": [[x, y, w, h]]}],
     "figures": [{"id": "grok", "name": "Grok", "side": "dungeon", "monster": "orc",
                  "at": [x, y], "facing": "W"}],
     "options": {"los_mode": "3d", "walls_stop_areas": true},
     "board": {...}}                     # the ruleset's own section (optional)

``board`` belongs to the map's ruleset (a Heroica board's locations, features and items):
the model stores it as a JSON object and has the ruleset check it on load, through the
``MapRules`` its caller lends (``companion.rules.maps``: the model imports no rules).

The pieces live by what they hold — the schema and the open document
(``companion.model.map_document``), reading (``companion.model.map_reading``) and writing
(``companion.model.map_writing``) — and this module gathers their public names, so
``from companion.model.mapfile import ...`` names them all.
"""

from __future__ import annotations

from companion.model.map_document import FORMAT_NAME as FORMAT_NAME
from companion.model.map_document import FORMAT_VERSION as FORMAT_VERSION
from companion.model.map_document import MAX_FEATURE_HEIGHT as MAX_FEATURE_HEIGHT
from companion.model.map_document import MAX_FIGURES as MAX_FIGURES
from companion.model.map_document import MAX_FILE_BYTES as MAX_FILE_BYTES
from companion.model.map_document import MAX_NAME as MAX_NAME
from companion.model.map_document import MAX_OBJECTS as MAX_OBJECTS
from companion.model.map_document import MAX_RECTS as MAX_RECTS
from companion.model.map_document import MAX_ROOMS as MAX_ROOMS
from companion.model.map_document import FigurePlacement as FigurePlacement
from companion.model.map_document import MapDocument as MapDocument
from companion.model.map_document import MapFile as MapFile
from companion.model.map_document import MapFileError as MapFileError
from companion.model.map_document import MapOptions as MapOptions
from companion.model.map_document import ObjectEntry as ObjectEntry
from companion.model.map_document import RoomEntry as RoomEntry
from companion.model.map_document import new_document as new_document
from companion.model.map_reading import KnownIds as KnownIds
from companion.model.map_reading import MapRules as MapRules
from companion.model.map_reading import load_map_bytes as load_map_bytes
from companion.model.map_reading import load_map_file as load_map_file
from companion.model.map_writing import dump_map as dump_map
from companion.model.map_writing import room_rects as room_rects
from companion.model.map_writing import to_map_file as to_map_file
