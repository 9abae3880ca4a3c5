"""What the players may not know now (``Secrets``): the ruleset's side of the public view.

The BrickMaster sees everything; the players' window and the phone page show only what a
player at the table may know (``companion.rules.public_view``).  A ruleset says what it
keeps from them through the optional ``PublicInfo`` capability; hidden rooms of a map
need no ruleset's word (the map says which are hidden).  Nothing here knows a rule.
"""

from __future__ import annotations

from pydantic import Field

from companion.rules.view_value import Square, ViewValue


class Secrets(ViewValue):
    """What the players may not know now, on top of a map's hidden rooms.

    Whatever is named here is absent from the public view's data, not merely not drawn:
    a secret figure is not listed, not on the board, not in the tracker's order, and the
    log's lines that name it are left out while it stays secret."""

    #: Figures the party has not met (a monster hiding in a sarcophagus), by id.
    figures: frozenset[str] = Field(default_factory=frozenset)
    #: Places of a graph board the party has not found, by id (with their figures).
    places: frozenset[str] = Field(default_factory=frozenset)
    #: Squares of a map the party may not know, besides those of hidden rooms.
    squares: frozenset[Square] = Field(default_factory=frozenset)
    #: Labels of board marks kept from the players (``BoardMark.label``).
    marks: frozenset[str] = Field(default_factory=frozenset)
    #: Purposes of rolls whose faces the players may not see ("casket token").
    rolls: frozenset[str] = Field(default_factory=frozenset)
    #: Labels of sheet rows (or titles of whole sections) kept off public sheets
    #: ("Prepared spells", "Relic").
    sheet_rows: frozenset[str] = Field(default_factory=frozenset)
    #: Words no public line may carry (the name of a relic a boss still holds): a log line
    #: or sheet row holding one is left out.
    words: frozenset[str] = Field(default_factory=frozenset)
