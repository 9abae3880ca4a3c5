"""The base of the neutral views a ruleset fills for the table (``companion.rules.table``).

Every view is a frozen value that refuses unknown fields; a square is (x, y).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

Square = tuple[int, int]


class ViewValue(BaseModel):
    """A view's value: frozen, no fields but its own."""

    model_config = ConfigDict(frozen=True, extra="forbid")
