"""QUBQST in words: the encounter step a game is at, and the log's sentence."""

from __future__ import annotations

from typing import Any

from companion.rules.ruleset import Event
from companion.rulesets.qubqst.state import Game
from companion.rulesets.qubqst.validate import foes_open


def phase_of(game: Game) -> str:
    """The encounter step the party is at: the first of the text's steps still open."""
    if game.phase == "setup":
        return "Set-up"
    if game.phase == "over":
        return "Over"
    enc = game.encounter
    assert enc is not None
    cube = game.cubes[enc.cube]
    if not enc.revealed:
        return "Reveal"
    if foes_open(game):
        return "Creatures"
    if enc.trap is not None:
        return "Trap"
    if enc.evaded:
        return "Move on"
    if enc.caches:
        return "Treasure"
    if cube.content == "empty" and not enc.rested and not enc.late:
        return "Rest"
    free = [p for p in cube.paths if p != enc.entry and p not in cube.joins]
    if not enc.sneaked and ([p for p in free if p not in enc.searched] or enc.secret):
        return "Secret rooms"
    return "Move on"


def describe(before: Game, action: dict[str, Any], events: list[Event]) -> str:
    """One line of the log: who did what, and what came of it."""
    who = before.characters.get(str(action.get("actor")))
    name = who.name if who else str(action.get("actor"))
    kind = str(action.get("action", "?")).replace("_", " ")
    extra = [
        f"{k} {v}"
        for k, v in action.items()
        if k not in ("actor", "action") and v not in (None, False)
    ]
    head = f"{name}: {kind}" + (f" ({', '.join(map(str, extra))})" if extra else "")
    tail = "; ".join(e.text for e in events)
    return f"{head}: {tail}." if tail else f"{head}."
