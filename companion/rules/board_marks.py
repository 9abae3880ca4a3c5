"""What a ruleset's board shows on a square or an edge, for the map to draw (``BoardMark``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from companion.rules.view_value import Square, ViewValue


class BoardMark(ViewValue):
    """Something a ruleset's board shows on a square or an edge (a Heroica space's colour,
    a chest, a locked door between two spaces), drawn by the map.

    ``"fill"`` tints the whole square under the figures (a location's realm colour); a
    square with several fills, or a ``hatched`` one, is drawn striped (a link piece, in
    two locations).  ``"token"`` draws a round badge with the glyph above the terrain.
    ``"edge"`` draws a thick bar on the edge between ``at`` and ``to``."""

    at: Square
    #: The square across the edge, for ``kind == "edge"``.
    to: Square | None = None
    #: Up to three characters drawn on a token.
    glyph: str = Field(default="", max_length=3)
    #: What it is, for the tooltip and the legend.
    label: str = Field(default="", max_length=200)
    #: "#rrggbb".
    colour: str = Field(default="#888888", pattern=r"^#[0-9A-Fa-f]{6}$")
    kind: Literal["fill", "token", "edge"] = "token"
    #: A fill drawn with stripes (a square shared by two places: a link piece).
    hatched: bool = False

    @model_validator(mode="after")
    def _edge_has_two_squares(self) -> BoardMark:
        if self.kind == "edge" and (
            self.to is None or abs(self.to[0] - self.at[0]) + abs(self.to[1] - self.at[1]) != 1
        ):
            raise ValueError("an edge mark needs 'to': the square next to 'at'")
        return self
