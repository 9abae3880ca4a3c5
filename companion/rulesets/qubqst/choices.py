"""What a character may do now, in the text's order of a cube's encounter: each action
offered with the rules' own reasons when it is not allowed."""

from __future__ import annotations

from typing import Any

from companion.rules.table import ActionChoice
from companion.rulesets.qubqst import state as s
from companion.rulesets.qubqst.state import Game
from companion.rulesets.qubqst.validate import foe_name, validate


def _choice(
    game: Game, kind: str, label: str, action: dict[str, Any], group: str = ""
) -> ActionChoice:
    verdict = validate(game, s.ACTIONS.validate_python(action))
    return ActionChoice(
        kind=kind,
        label=label,
        template=action,
        group=group,
        enabled=verdict.legal,
        why_not="" if verdict.legal else verdict.message,
        show_odds=kind == "fight",
    )


def _bag_order(cube_id: str) -> tuple[int, str]:
    """black2 before black10: the bag's cubes in their numbers' order."""
    digits = "".join(ch for ch in cube_id if ch.isdigit())
    return (int(digits) if digits else 0, cube_id)


def action_choices(game: Game, actor: str | None) -> list[ActionChoice]:
    if actor is None or actor not in game.characters or game.phase == "over":
        return []
    me = {"actor": actor}
    out: list[ActionChoice] = []
    if game.phase == "setup":
        if not game.item_rolled:
            out.append(
                _choice(game, "start_item", "Roll the first item", {**me, "action": "start_item"})
            )
        draw = _choice(game, "draw", "Draw and roll a cube", {**me, "action": "draw"})
        out.append(draw)
        if draw.enabled and "golden" in game.cubes:
            # The table draws a physical cube from the bag: it says which one it holds.
            for cube_id in sorted(game.bag, key=_bag_order):
                act = {**me, "action": "draw", "cube": cube_id}
                out.append(_choice(game, "draw", f"Draw {cube_id}", act, "Draw by hand"))
        new = game.unjoined
        if new:
            cube = game.cubes[new]
            for path in cube.paths:
                for other in game.cubes.values():
                    if other.id == new:
                        continue
                    for to_path in other.paths:
                        if to_path in other.joins:
                            continue
                        act = {
                            **me,
                            "action": "join",
                            "cube": new,
                            "path": path,
                            "to": other.id,
                            "to_path": to_path,
                        }
                        c = _choice(
                            game, "join", f"Join {new} {path} to {other.id} {to_path}", act, "Join"
                        )
                        if c.enabled:
                            out.append(c)
        else:
            for cube in game.cubes.values():
                if cube.id == "golden":
                    continue
                for path in cube.paths:
                    if path not in cube.joins:
                        act = {**me, "action": "enter", "cube": cube.id, "path": path}
                        c = _choice(game, "enter", f"Enter at {cube.id} by {path}", act, "Enter")
                        if c.enabled:
                            out.append(c)
        return out
    enc = game.encounter
    assert enc is not None
    cube = game.cubes[enc.cube]
    if not enc.revealed:
        out.append(_choice(game, "reveal", "Reveal the cube", {**me, "action": "reveal"}))
    for foe in enc.foes:
        if foe.resolved:
            continue
        name = foe_name(game, foe)
        if foe.bag is not None:
            out.append(
                _choice(
                    game, "open_bag", f"Open {name}", {**me, "action": "open_bag", "foe": foe.id}
                )
            )
            continue
        out.append(
            _choice(
                game, "fight", f"Fight {name}", {**me, "action": "fight", "foe": foe.id}, "Fight"
            )
        )
        if game.party.magic_item:
            out.append(
                _choice(
                    game,
                    "fight",
                    f"Fight {name} with {game.party.magic_item.upper()}",
                    {**me, "action": "fight", "foe": foe.id, "magic_item": True},
                    "Fight",
                )
            )
        out.append(
            _choice(
                game,
                "sneak",
                f"Sneak past {name}",
                {**me, "action": "sneak", "foe": foe.id},
                "Past",
            )
        )
        out.append(
            _choice(
                game,
                "steal",
                f"Steal from {name}",
                {**me, "action": "steal", "foe": foe.id},
                "Past",
            )
        )
        if game.party.magic_item:
            out.append(
                _choice(
                    game,
                    "sneak",
                    f"Sneak past {name} with {game.party.magic_item.upper()}",
                    {**me, "action": "sneak", "foe": foe.id, "using": "clk"},
                    "Past",
                )
            )
        out.append(
            _choice(
                game, "evade", f"Evade {name}", {**me, "action": "evade", "foe": foe.id}, "Past"
            )
        )
        if game.cards.characters[actor].casting_points > 0:
            out.append(
                _choice(
                    game,
                    "cast",
                    f"Cast INV past {name}",
                    {**me, "action": "cast", "spell": "inv", "foe": foe.id},
                    "Cast",
                )
            )
    if enc.trap is not None:
        out.append(_choice(game, "disarm", "Disarm the trap", {**me, "action": "disarm"}, "Trap"))
        out.append(
            _choice(game, "spring", "Let the trap go off", {**me, "action": "spring"}, "Trap")
        )
        if game.cards.characters[actor].casting_points > 0:
            out.append(
                _choice(game, "cast", "Cast DSM", {**me, "action": "cast", "spell": "dsm"}, "Cast")
            )
    for cache in enc.caches:
        out.append(
            _choice(
                game,
                "search_treasure",
                f"Search the {cache} cache",
                {**me, "action": "search_treasure", "cache": cache},
                "Treasure",
            )
        )
    if enc.revealed and cube.content == "empty":
        for choice in ("hit_power", "recover", "casting_point"):
            out.append(
                _choice(
                    game,
                    "rest",
                    f"Rest: {choice.replace('_', ' ')}",
                    {**me, "action": "rest", "choice": choice},
                    "Rest",
                )
            )
    free = [
        p for p in cube.paths if p != enc.entry and p not in cube.joins and p not in enc.searched
    ]
    for path in free:
        out.append(
            _choice(
                game,
                "search_secret",
                f"Search {path} for a secret room",
                {**me, "action": "search_secret", "path": path},
                "Secret rooms",
            )
        )
        if game.party.normal_item:
            out.append(
                _choice(
                    game,
                    "search_secret",
                    f"Search {path} with {game.party.normal_item.upper()}",
                    {**me, "action": "search_secret", "path": path, "using": "map"},
                    "Secret rooms",
                )
            )
        if game.cards.characters[actor].casting_points > 0:
            out.append(
                _choice(
                    game,
                    "cast",
                    f"Cast OPN on {path}",
                    {**me, "action": "cast", "spell": "opn", "path": path},
                    "Cast",
                )
            )
    if enc.secret is not None:
        out.append(
            _choice(
                game,
                "enter_secret",
                f"Go into the secret room ({foe_name(game, enc.secret)})",
                {**me, "action": "enter_secret"},
            )
        )
    if game.cards.characters[actor].casting_points > 0:
        for cid, who in game.characters.items():
            if not who.dead and (who.down or who.weak or who.hit_power < who.max_hit_power):
                out.append(
                    _choice(
                        game,
                        "cast",
                        f"Cast HEL on {who.name}",
                        {**me, "action": "cast", "spell": "hel", "target": cid},
                        "Cast",
                    )
                )
    for item in (game.party.normal_item,):
        if item and game.cards.items.get(item) and game.cards.items[item].effect == "cure":
            for cid, who in game.characters.items():
                if who.weak:
                    out.append(
                        _choice(
                            game,
                            "use_item",
                            f"Use {item.upper()} on {who.name}",
                            {**me, "action": "use_item", "item": item, "target": cid},
                            "Items",
                        )
                    )
    for path, target in cube.joins.items():
        there = target.split(":")[0]
        if not game.cubes[there].discarded:
            out.append(
                _choice(
                    game,
                    "move_on",
                    f"Move on {path} to {there}",
                    {**me, "action": "move_on", "path": path},
                    "Move on",
                )
            )
    return out
