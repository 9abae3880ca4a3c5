"""QUBQST in words: the encounter step a game is at, and the log's sentence."""

from __future__ import annotations

from typing import Any

from companion.rules.ruleset import Event
from companion.rulesets.qubqst.spots import WAY
from companion.rulesets.qubqst.state import Game
from companion.rulesets.qubqst.validate import foe_name, foes_open


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


#: Each action's words in the log; ``{name}`` an argument as players name it.
SAID = {
    "start_item": "roll the first item",
    "draw": "draw a cube",
    "join": "join {cube} to {to}",
    "enter": "enter the catacombs",
    "reveal": "reveal the cube",
    "fight": "fight {foe}",
    "cast": "cast {spell}",
    "sneak": "sneak past {foe}",
    "steal": "steal from {foe}",
    "evade": "evade {foe}",
    "open_bag": "open {foe}",
    "search_treasure": "search the {cache} cache",
    "disarm": "disarm the trap",
    "spring": "let the trap go off",
    "rest": "rest ({choice})",
    "search_secret": "look for a secret room beyond the {path} path",
    "enter_secret": "go into the secret room",
    "use_item": "use {item}",
    "move_on": "move on",
    "next_player": "next player",
}
#: What a rest is for, in words.
RESTS = {
    "hit_power": "1 Hit Power",
    "recover": "recover from WEK",
    "casting_point": "1 Casting Point",
}


def _arg(before: Game, key: str, value: Any) -> str:
    """An action's argument as players name it: a creature by its cube's sticker, a
    character by name, a path by its way, a spell or an item by its code."""
    enc = before.encounter
    foes = {f.id: f for f in (enc.foes if enc else ())}
    if enc is not None and enc.secret is not None:
        foes[enc.secret.id] = enc.secret
    if key == "foe" and str(value) in foes:
        return foe_name(before, foes[str(value)])
    if key == "target" and str(value) in before.characters:
        return f"the {before.characters[str(value)].name}"
    if key in ("path", "to_path") and str(value) in WAY:
        return WAY[str(value)]
    if key in ("spell", "item"):
        return str(value).upper()
    if key == "choice":
        return RESTS.get(str(value), str(value))
    return str(value)


def describe(before: Game, action: dict[str, Any], events: list[Event]) -> str:
    """One line of the log: who did what, and what came of it, as players say it."""
    who = before.characters.get(str(action.get("actor")))
    name = who.name if who else str(action.get("actor"))
    kind = str(action.get("action", "?"))
    said = {k: _arg(before, k, v) for k, v in action.items() if v is not None}
    try:
        head = SAID[kind].format(**said)
    except (KeyError, IndexError):
        head = kind.replace("_", " ")
    extra = {
        "draw": f" ({said['cube']})" if "cube" in said else "",
        "fight": f" with {before.party.magic_item.upper()}"
        if action.get("magic_item") and before.party.magic_item
        else "",
        "cast": (f" on {said['target']}" if "target" in said else "")
        + (f" at {said['foe']}" if "foe" in said else "")
        + (f" beyond the {said['path']} path" if "path" in said else ""),
        "sneak": " with CLK" if action.get("using") == "clk" else "",
        "disarm": " with DSM" if action.get("using") == "dsm" else "",
        "search_secret": " with MAP" if action.get("using") == "map" else "",
        "use_item": f" on {said['target']}" if "target" in said else "",
    }.get(kind, "")
    head = f"{name}: {head}{extra}"
    tail = "; ".join(e.text for e in events)
    return f"{head}: {tail}." if tail else f"{head}."
