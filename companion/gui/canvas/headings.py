"""Which way the open game's figures face, for the figure markers' notches."""

from __future__ import annotations

from typing import Any

from companion.rules.facing import facing_spec_of


def figure_headings(session: Any) -> dict[str, float | None]:
    """Each figure's facing in degrees clockwise from north as the open game says (None:
    the ruleset's figures do not face, ``FacingSpec``, so no notch); empty without a
    game (the map's placements say)."""
    views = session.figure_source
    if views is None:
        return {}
    faces = facing_spec_of(session.ruleset).faces
    return {fid: v.facing_degrees if faces else None for fid, v in views().items()}
