"""Rosters of any ruleset that keeps its characters in one (``CharacterSheets``): the
panel that shows and edits them, the sheet widget, the PDF of the sheets, the files.

Ruleset-neutral: nothing here imports ``companion.rulesets``; the ruleset is found with
``get_ruleset(id)`` and spoken to through ``CharacterSheets`` and ``SheetView`` values.
"""

from __future__ import annotations

from companion.gui.roster.roster_dock import RosterPanel
from companion.gui.roster.sheet_widget import SheetWidget
from companion.printing.roster.pdf import export_sheets_pdf, paint_sheet
from companion.rules.roster_files import (
    MAX_ROSTER_BYTES,
    ROSTER_FILTER,
    ROSTER_FORMAT,
    RosterFileError,
    is_roster,
    read_roster_file,
    sheets_rules,
    write_roster_file,
)

__all__ = [
    "MAX_ROSTER_BYTES",
    "ROSTER_FILTER",
    "ROSTER_FORMAT",
    "RosterFileError",
    "RosterPanel",
    "SheetWidget",
    "export_sheets_pdf",
    "is_roster",
    "paint_sheet",
    "read_roster_file",
    "sheets_rules",
    "write_roster_file",
]
