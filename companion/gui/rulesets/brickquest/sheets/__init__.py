"""Brick-style character sheets on screen: panel, creation dialog, party view, undo.

The sheet's layout, its painter and its words are BrickQuest's printing part
(``companion.printing.rulesets.brickquest``), shared with paper; re-exported here.

Entry points for the main window:

- :class:`PartyModel` — the party, its undo stack and the edit methods.
- :class:`CharacterSheetPanel` — one character's brick sheet and paper fields.
- :class:`CharacterCreateDialog` — ``CharacterCreateDialog.ask(catalog, parent)``.
- :class:`PartyView` — every sheet side by side.
- :func:`paint_brick_sheet` — the painting routine shared with paper.
"""

from companion.gui.rulesets.brickquest.sheets.create_dialog import CharacterCreateDialog
from companion.gui.rulesets.brickquest.sheets.party_model import PartyModel
from companion.gui.rulesets.brickquest.sheets.party_view import PartyView
from companion.gui.rulesets.brickquest.sheets.sheet_panel import CharacterSheetPanel
from companion.gui.rulesets.brickquest.sheets.sheet_widget import BrickSheetWidget
from companion.printing.rulesets.brickquest.brick_layout import (
    BrickSheetLayout,
    SheetStats,
    layout_sheet,
)
from companion.printing.rulesets.brickquest.brick_painter import paint_brick_sheet

__all__ = [
    "BrickSheetLayout",
    "BrickSheetWidget",
    "CharacterCreateDialog",
    "CharacterSheetPanel",
    "PartyModel",
    "PartyView",
    "SheetStats",
    "layout_sheet",
    "paint_brick_sheet",
]
