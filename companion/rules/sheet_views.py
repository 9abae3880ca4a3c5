"""A character sheet as any ruleset fills it: sections of fields, each with how it is edited.

The screen and the PDF both draw a ``SheetView``; a ruleset builds it from its own state.
"""

from __future__ import annotations

from typing import Literal

from companion.rules.view_value import ViewValue

#: How a sheet field is edited: "" (derived: read only), or the widget for it.
Edit = Literal["", "text", "int", "choice", "bool"]


class SheetField(ViewValue):
    """One line of a character sheet: a label and its value, and how it is edited."""

    #: The character's field an edit changes (``CharacterSheets.edit_character``).
    key: str
    label: str
    #: The value as shown and printed.
    value: str
    edit: Edit = ""
    #: For ``edit == "choice"``: (value, title) pairs.
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: A row of boxes to tick (hits taken): (filled, total).
    track: tuple[int, int] | None = None
    #: A die type shown as a die of that many sides (a stat rated "d10"), or None.
    die: int | None = None


class SheetSection(ViewValue):
    """A titled block of a sheet: fields, or a paragraph (a class's ability text)."""

    title: str
    fields: tuple[SheetField, ...] = ()
    text: str = ""


class SheetView(ViewValue):
    """A character sheet as any ruleset fills it; the screen and the PDF both draw this."""

    id: str
    title: str
    subtitle: str = ""
    #: The side or party it belongs to (a colour on screen and paper).
    side: str = ""
    sections: tuple[SheetSection, ...] = ()
