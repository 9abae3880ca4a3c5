"""Which way the open game's figures face, for the figure markers' notches."""

from __future__ import annotations

from typing import Any

from companion.rules.facing import facing_spec_of

#: The last headings worked out, with the figures' views (one state's: the same dict until
#: the state changes) and the ruleset they were worked out from.
_last: tuple[object, object, dict[str, float | None]] | None = None


def figure_headings(session: Any) -> dict[str, float | None]:
    """Each figure's facing in degrees clockwise from north as the open game says (None:
    the ruleset's figures do not face, ``FacingSpec``, so no notch); empty without a
    game (the map's placements say).

    Worked out once per state: asked again for the very same views (the map's sync and
    the canvas both ask after a move), the same answer comes back; do not modify it."""
    global _last
    source = session.figure_source
    if source is None:
        return {}
    views = source()
    ruleset = session.ruleset
    last = _last
    if last is not None and last[0] is views and last[1] is ruleset:
        return last[2]
    faces = facing_spec_of(ruleset).faces
    headings = {fid: v.facing_degrees if faces else None for fid, v in views.items()}
    _last = (views, ruleset, headings)
    return headings
