"""How a roster goes on paper, in terms any ruleset can fill (optional, ``PrintedRoster``).

By default a roster's sheets (``SheetView``) are printed two to a page.  A ruleset whose
characters are cards at the table asks for a card size instead, and one whose game keeps
count on tracks (``TrackView``: Heroica's Fire Track) adds them as strips of boxes to cut
out and put tokens on.
The window's roster PDF and the ``sheets`` command both read this; nothing here knows a
rule, and the painting is the GUI's (``companion.printing.roster.pdf``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from companion.rules.table import TrackView

#: A printed length in millimetres: more than nothing, less than a sheet of paper.
Millimetres = Annotated[float, Field(gt=0, le=400)]


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PrintedTrack(_Value):
    """A track (``TrackView``) printed as a strip of boxes to cut out and put tokens on,
    with its rule under it."""

    track: TrackView
    #: Each box's side.
    box_mm: Millimetres = 15.0
    #: The rule's own words, printed small under the boxes (empty: the track's note).
    quote: str = ""
    #: Where the quote is from, and where the length comes from ("option ...").
    source: str = ""


class PrintLayout(_Value):
    """The paper of a roster: its sheets' size and the strips printed after them."""

    #: Each sheet printed as a card of (width, height) mm, several to a page with cut
    #: lines; None: sheets two to a page, as wide as the page.
    card_mm: tuple[Millimetres, Millimetres] | None = None
    strips: tuple[PrintedTrack, ...] = ()


#: Sheets two to a page, nothing else: a ruleset that says nothing gets this.
SHEETS = PrintLayout()


@runtime_checkable
class PrintedRoster(Protocol):
    """A roster keeper (``CharacterSheets``) with a paper of its own."""

    def print_layout(self, party: Mapping[str, Any], state: Any | None = None) -> PrintLayout:
        """How ``party``'s sheets are printed (with a game's ``state``: its options)."""
        ...


def print_layout(rules: object, party: Mapping[str, Any], state: Any | None = None) -> PrintLayout:
    """``rules``' paper for ``party``, or plain sheets when it has none of its own."""
    if isinstance(rules, PrintedRoster):
        return rules.print_layout(party, state)
    return SHEETS
