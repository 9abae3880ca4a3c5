"""Edits of a map document as plain values.  No Qt.

Every edit has ``apply(doc) -> inverse`` (applying the inverse restores the document
exactly) and ``changes() -> Changes`` (what a view must redraw).  Builders such as
``paint`` or ``place_door`` look at the document and return an edit, or ``None`` when
the edit would change nothing, so the undo stack never holds a no-op.
"""

from __future__ import annotations

from companion.model.edits_clip import Clip as Clip
from companion.model.edits_clip import copy_region as copy_region
from companion.model.edits_clip import paste as paste
from companion.model.edits_clip import resize as resize
from companion.model.edits_figures import add_room as add_room
from companion.model.edits_figures import assign_room as assign_room
from companion.model.edits_figures import place_figure as place_figure
from companion.model.edits_figures import remove_figure as remove_figure
from companion.model.edits_figures import remove_room as remove_room
from companion.model.edits_figures import rename_room as rename_room
from companion.model.edits_figures import set_room_hidden as set_room_hidden
from companion.model.edits_figures import unique_figure_id as unique_figure_id
from companion.model.edits_painting import Squares as Squares
from companion.model.edits_painting import brush_squares as brush_squares
from companion.model.edits_painting import clip_squares as clip_squares
from companion.model.edits_painting import flood_squares as flood_squares
from companion.model.edits_painting import height_values as height_values
from companion.model.edits_painting import paint_height as paint_height
from companion.model.edits_painting import paint_layer as paint_layer
from companion.model.edits_painting import paint_terrain as paint_terrain
from companion.model.edits_painting import place_door as place_door
from companion.model.edits_painting import rect_squares as rect_squares
from companion.model.edits_painting import set_object as set_object
from companion.model.edits_primitives import EVERYTHING as EVERYTHING
from companion.model.edits_primitives import LAYERS as LAYERS
from companion.model.edits_primitives import Batch as Batch
from companion.model.edits_primitives import Changes as Changes
from companion.model.edits_primitives import Edit as Edit
from companion.model.edits_primitives import EditError as EditError
from companion.model.edits_primitives import HeightMode as HeightMode
from companion.model.edits_primitives import Layer as Layer
from companion.model.edits_primitives import PaintCells as PaintCells
from companion.model.edits_primitives import ReplaceMap as ReplaceMap
from companion.model.edits_primitives import SetBoard as SetBoard
from companion.model.edits_primitives import SetFigures as SetFigures
from companion.model.edits_primitives import SetName as SetName
from companion.model.edits_primitives import SetObject as SetObject
from companion.model.edits_primitives import SetOptions as SetOptions
from companion.model.edits_primitives import SetRooms as SetRooms
from companion.model.edits_primitives import batch as batch
from companion.model.edits_primitives import set_board as set_board
