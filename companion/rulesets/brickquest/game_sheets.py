"""The sheets during a game: the game's state shown as the party, sheet edits as actions.

One store of hit points, spell points and items: the game.  While a game is open the
party dock, the party view and the PDF show its characters; clicking a round on a sheet
becomes the BrickMaster's logged ``adjust`` action instead of a second store.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from companion.rules.table import FigureView
from companion.rulesets.brickquest.character import Character, Party


def game_party(party_doc: Mapping[str, Any] | None, views: Mapping[str, FigureView]) -> Party:
    """The game's party: each sheet of the game's party file with the game's numbers."""
    out: list[Character] = []
    for raw in (party_doc or {}).get("characters", []):
        try:
            sheet = Character.model_validate(raw)
        except ValidationError:
            continue
        view = views.get(sheet.id)
        if view is None:
            continue
        caster = sheet.max_spell_points is not None
        out.append(
            sheet.model_copy(
                update={
                    "name": view.name,
                    "hit_points": view.hp,
                    "max_hit_points": view.max_hp,
                    "spell_points": view.sp if caster else None,
                    "swag": tuple(view.items),
                }
            )
        )
    return Party(characters=tuple(out))


def adjustment(before: Character, after: Character) -> dict[str, Any] | None:
    """The BrickMaster's ``adjust`` action that turns ``before`` into ``after``."""
    action: dict[str, Any] = {"actor": "brickmaster", "action": "adjust", "figure": before.id}
    if after.hit_points != before.hit_points:
        action["hp"] = after.hit_points
    if after.spell_points != before.spell_points and after.spell_points is not None:
        action["sp"] = after.spell_points
    added = list(after.swag)
    for item in before.swag:
        if item in added:
            added.remove(item)
    removed = list(before.swag)
    for item in after.swag:
        if item in removed:
            removed.remove(item)
    if added:
        action["add_items"] = added
    if removed:
        action["remove_items"] = removed
    return action if len(action) > 3 else None
