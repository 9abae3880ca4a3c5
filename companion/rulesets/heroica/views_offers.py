"""What a quest offers the acting figure: the moves and the actions, each checked."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from companion.rules.places import place_name
from companion.rules.table import ActionChoice, MoveOption
from companion.rules.verdict import Verdict
from companion.rulesets.heroica.actions import ACTIONS, TABLE, Action
from companion.rulesets.heroica.rules import (
    Ctx,
    adjacent,
    forward_end,
    heals_nothing,
    hero_blockers,
    locked_edges,
    monster_name,
    share_location,
    skill_of,
)
from companion.rulesets.heroica.schema import DamageSkill, HealSkill
from companion.rulesets.heroica.state import Cell, Hero, Quest
from companion.rulesets.heroica.validate import stops_at

Validator = Callable[[Any, Action], Verdict]


def moves(ctx: Ctx, hid: str) -> dict[Cell, MoveOption]:
    """Spaces the hero's move may end on now, with a shortest path that makes no forced
    stop on the way (items on the way are picked up; locked doors open with a carried
    key). A path onto another hero ends "forward to the first available space": offered
    at that space, the square the hero really stops on, never at the other hero's."""
    q = ctx.quest
    h = q.heroes.get(hid)
    if h is None or hid != q.active or q.move_face is None or q.stopped or q.moves_left <= 0:
        return {}
    blocked = hero_blockers(ctx, h)
    edges = locked_edges(q)
    out: dict[Cell, MoveOption] = {}
    todo: deque[tuple[Cell, tuple[Cell, ...], bool]] = deque([(h.at, (), h.key)])
    seen = {(h.at, h.key)}
    while todo:
        c, path, key = todo.popleft()
        if path and stops_at(ctx, h, c):
            continue  # a forced stop: no further
        if len(path) >= q.moves_left:
            continue
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            n = (c[0] + dx, c[1] + dy)
            if n not in q.spaces or n in blocked:
                continue
            k = key
            if frozenset((c, n)) in edges:
                if not k:
                    continue
                k = False
            if (n, k) in seen:
                continue
            seen.add((n, k))
            p = (*path, n)
            # Ending on another hero goes forward past it: offered where that lands,
            # when it lands somewhere other than where the hero began.
            end = forward_end(q, hid, p)
            if end is not None and _better(out.get(end), p, end):
                out[end] = MoveOption(square=end, cost=len(p), path=p, note=_past(q, n, end))
            todo.append((n, p, k))
    return out


def _better(found: MoveOption | None, path: tuple[Cell, ...], end: Cell) -> bool:
    """Whether ``path`` (ending at ``end``) is the one to offer for ``end``: the first
    found (a shortest), or as short and ending there itself, not forward past a hero."""
    if found is None:
        return True
    return len(path) == len(found.path) and path[-1] == end != found.path[-1]


def _past(q: Quest, entered: Cell, end: Cell) -> str:
    """What the table shows with a move onto another hero: where it really ends."""
    if entered == end:
        return ""
    names = [o.name for o in q.in_play() if o.at == entered]
    who = names[0] if names else "the hero"
    return f"ends on {place_name(end)}: forward past {who} on {place_name(entered)}"


def _why_not_move(q: Quest, roll_why: str) -> str:
    if q.fought:
        return "the fight has begun: the movement phase is over"
    if q.move_face is None:
        return roll_why or "roll to move first"
    return "the move is over"


def choices(ctx: Ctx, figure_id: str | None, validate: Validator) -> list[ActionChoice]:
    """What the table (None: the first player's roll), a hero or a monster may do now."""
    q = ctx.quest
    if figure_id is None:
        if q.dm_left and q.outcome is None:
            return _dm_choices(ctx, validate)
        if q.turn is None and q.outcome is None:
            return [
                ActionChoice(
                    kind="initiative",
                    label="Roll the Character Die: first player",
                    template={"action": "roll_first_player", "actor": TABLE},
                )
            ]
        return []

    def choice(kind: str, label: str, action: dict[str, Any], **extra: Any) -> ActionChoice:
        verdict = validate(q, ACTIONS.validate_python(action))
        return ActionChoice(
            kind=kind,
            label=label,
            template=action,
            enabled=verdict.legal,
            why_not="" if verdict.legal else verdict.message,
            **extra,
        )

    if figure_id in q.monsters:
        m = q.monsters[figure_id]
        if q.dragon_due and ctx.catalog.monsters[m.kind].ability("fire_attack") is not None:
            return [
                choice(
                    "dragon_fire",
                    "The Dragon's fire attack (Character Die)",
                    {"action": "dragon_fire", "actor": m.id},
                )
            ]
        if figure_id in q.to_move:
            return [
                choice(
                    "monster_move",
                    f"Roll and move the {monster_name(ctx, m)}",
                    {"action": "monster_move", "actor": m.id},
                )
            ]
        if figure_id in q.to_attack:
            return [
                choice(
                    "monster_attack",
                    f"The {monster_name(ctx, m)} attacks",
                    {"action": "monster_attack", "actor": m.id},
                )
            ]
        return []
    h = q.heroes.get(figure_id)
    if h is None or h.id != q.active:
        return []
    base = {"actor": h.id}
    out: list[ActionChoice] = []
    if q.move_lost:
        out.append(choice("skip_move", "Lose the movement turn", {**base, "action": "skip_move"}))
    else:
        out.append(choice("roll_move", "Roll to move", {**base, "action": "roll_move"}))
    # Why the move cannot be made: the roll's own reasons (a skill used instead, a fight)
    # when it has not been rolled and cannot be.
    roll_why = out[-1].why_not if not q.move_lost else "the movement turn is lost"
    move = choice("move", "Move", {**base, "action": "move", "path": [h.at]})
    out.append(
        move.model_copy(
            update={
                "template": {**base, "action": "move"},
                "needs": "path",
                "field": "path",
                "enabled": q.move_face is not None
                and not q.stopped
                and q.moves_left > 0
                and not q.fought,
                "why_not": _why_not_move(q, roll_why),
            }
        )
    )
    for m in q.monsters.values():
        if adjacent(m.at, h.at):
            out.append(
                choice(
                    f"fight_{m.id}",
                    f"Fight the {monster_name(ctx, m)}",
                    {**base, "action": "fight", "target": m.id},
                    group="Fight",
                )
            )
            if ctx.options.melee_skill_trigger.value == "shield_roll":
                out.append(
                    choice(
                        f"fight_skill_{m.id}",
                        f"Fight the {monster_name(ctx, m)} (a Shield uses the Melee skill)",
                        {**base, "action": "fight", "target": m.id, "skill_on_shield": True},
                        group="Fight",
                    )
                )
    if q.must_search:
        kind = q.features[q.must_search].kind
        label = (
            "Explore the rocks"
            if kind == "rocks"
            else f"Search the {ctx.catalog.features[kind].name.lower()}"
        )
        f = q.features[q.must_search]
        token = ctx.catalog.tables.casket.tokens
        if (
            kind == "casket"
            and f.token
            and any(len(t.outcomes) > 1 for t in token if t.token == f.token)
        ):
            out.append(
                choice(
                    "search",
                    f"{label} (take the track token)",
                    {**base, "action": "search", "choice": 0},
                    group="Search",
                )
            )
            out.append(
                choice(
                    "search_health",
                    f"{label} (lose health instead)",
                    {**base, "action": "search", "choice": 1},
                    group="Search",
                )
            )
        else:
            out.append(choice("search", label, {**base, "action": "search"}))
    out += _skill_choices(ctx, h, choice)
    for f in q.features.values():
        if f.kind in ("locked_door", "magic_door") and (
            h.at in (f.at, f.to) if f.kind == "locked_door" else adjacent(f.at, h.at)
        ):
            name = ctx.catalog.features[f.kind].name.lower()
            out.append(
                choice(
                    f"pass_{f.id}",
                    f"Pass the {name} (Shield)",
                    {**base, "action": "pass_door", "door": f.id},
                    group="Doors",
                )
            )
            if f.kind == "locked_door" and h.key:
                out.append(
                    choice(
                        f"unlock_{f.id}",
                        "Unlock the door with the key",
                        {**base, "action": "unlock", "door": f.id},
                        group="Doors",
                    )
                )
    if q.map_build and q.token == h.id:
        out += _build_choices(ctx, h, choice)
    if q.map_build and q.token == h.id and q.variation == "co_operative":
        for other in q.in_play():
            if other.id != h.id and share_location(q, h.at, other.at):
                out.append(
                    choice(
                        f"token_{other.id}",
                        f"Hand the Heroica Token to {other.name}",
                        {**base, "action": "pass_token", "to": other.id},
                        group="Heroica Token",
                    )
                )
    if q.variation == "versus":
        for other in q.in_play():
            if other.id != h.id and adjacent(other.at, h.at):
                out.append(
                    choice(
                        f"attack_{other.id}",
                        f"Attack {other.name} (Shield)",
                        {**base, "action": "attack_hero", "target": other.id},
                        group="Fight",
                    )
                )
    for relic in h.relics:
        item = ctx.catalog.items[relic]
        if item.effect("bless") is not None:
            for other in q.in_play():
                out.append(
                    choice(
                        f"relic_{relic}_{other.id}",
                        f"{item.name}: bless {other.name}",
                        {**base, "action": "use_relic", "relic": relic, "target": other.id},
                        group="Relics",
                    )
                )
    for potion in dict.fromkeys(h.potions):
        out.append(
            choice(
                f"potion_{potion}",
                f"Drink the {ctx.catalog.items[potion].name}",
                {**base, "action": "use_potion", "potion": potion},
                group="Potions",
            )
        )
    for item in ctx.catalog.items.values():
        price = next(
            (p for p in ctx.catalog.items_file.shop.prices if p.category == item.category), None
        )
        if price is not None and price.buy is not None:
            out.append(
                choice(
                    f"buy_{item.id}",
                    f"Buy the {item.name} ({price.buy} gold)",
                    {**base, "action": "buy", "item": item.id},
                    group="Shop",
                    dialog=True,
                    detail=item.text,
                )
            )
    for item_id in dict.fromkeys((*h.potions, *h.gear, *h.relics)):
        item = ctx.catalog.items[item_id]
        price = next(
            (p for p in ctx.catalog.items_file.shop.prices if p.category == item.category), None
        )
        if price is not None:
            out.append(
                choice(
                    f"sell_{item_id}",
                    f"Sell the {item.name} ({price.sell} gold)",
                    {**base, "action": "sell", "item": item_id},
                    group="Shop",
                    dialog=True,
                    detail=item.text,
                )
            )
    out.append(choice("end_turn", "End turn (monsters act)", {**base, "action": "end_turn"}))
    return out


def _build_choices(ctx: Ctx, h: Hero, choice: Callable[..., ActionChoice]) -> list[ActionChoice]:
    """Map Build: expand the map onto each empty side of the hero's locations."""
    q = ctx.quest
    out = []
    for lid in q.locations_of(h.at):
        for side in ("north", "east", "south", "west"):
            action = {"actor": h.id, "action": "expand", "side": side, "location": lid}
            c = choice(
                f"expand_{lid}_{side}",
                f"Expand the map: {side} of {q.locations[lid].name}",
                action,
                group="Map Build",
            )
            if c.enabled:
                out.append(c)
    return out


def _dm_choices(ctx: Ctx, validate: Validator) -> list[ActionChoice]:
    """The Dungeon Master's turn: move a monster (toward the nearest hero), or stop."""
    q = ctx.quest
    out = []
    for m in q.monsters.values():
        action = {"action": "dm_move", "actor": "dungeon_master", "monster": m.id}
        if validate(q, ACTIONS.validate_python(action)).legal:
            out.append(
                ActionChoice(
                    kind=f"dm_move_{m.id}",
                    label=f"Move the {monster_name(ctx, m)} at {place_name(m.at)}",
                    template=action,
                    group="Dungeon Master",
                )
            )
    out.append(
        ActionChoice(
            kind="dm_end",
            label="End the Dungeon Master's turn",
            template={"action": "dm_end", "actor": "dungeon_master"},
        )
    )
    return out


def _skill_choices(ctx: Ctx, h: Hero, choice: Callable[..., ActionChoice]) -> list[ActionChoice]:
    """Every legal way to use the hero's skill and its weapons' abilities, spelled out."""
    q = ctx.quest
    out: list[ActionChoice] = []
    sources: list[str | None] = [None, *[g for g in h.gear if skill_of(ctx, h, g) is not None]]
    if h.skill < ctx.catalog.skill_points.full:
        return []
    for weapon in sources:
        skill = skill_of(ctx, h, weapon)
        if skill is None:
            continue
        name = ctx.catalog.items[weapon].name if weapon else ctx.catalog.heroes[h.hero].name
        base = {"actor": h.id, "action": "use_skill", "weapon": weapon}
        candidates: list[tuple[str, dict[str, Any]]] = []
        if isinstance(skill, HealSkill):
            for other in q.in_play():
                label = f"heal {other.name}"
                if heals_nothing(ctx, skill, other):
                    label += " (at full health: heals nothing)"
                candidates.append((label, {**base, "targets": [other.id]}))
        elif isinstance(skill, DamageSkill):
            paths: list[list[Cell]] = [[]]
            steps = skill.move_before or skill.move_after
            if steps is not None:
                for opt in _short_paths(ctx, h, steps.spaces):
                    paths.append(opt)
            for path in paths:
                where = f" from {place_name(path[-1])}" if path else ""
                if skill.all_adjacent:
                    candidates.append(
                        (f"hit every adjacent monster{where}", {**base, "path": path})
                    )
                    continue
                end = path[-1] if path else h.at
                for m in q.monsters.values():
                    if abs(m.at[0] - end[0]) + abs(m.at[1] - end[1]) > skill.reach:
                        continue  # out of reach by any measure
                    candidates.append(
                        (
                            f"hit the {monster_name(ctx, m)}{where}",
                            {**base, "targets": [m.id], "path": path},
                        )
                    )
        for label, action in candidates:
            if len(out) >= 24:
                return out
            c = choice(f"skill_{len(out)}", f"{name} skill: {label}", action, group="Skills")
            if c.enabled:
                out.append(c)
    return out


def _short_paths(ctx: Ctx, h: Hero, spaces: int) -> list[list[Cell]]:
    q = ctx.quest
    blocked = hero_blockers(ctx, h)
    found: list[list[Cell]] = []
    frontier: list[list[Cell]] = [[]]
    for _ in range(spaces):
        nxt = []
        for path in frontier:
            c = path[-1] if path else h.at
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                n = (c[0] + dx, c[1] + dy)
                if n in q.spaces and n not in blocked and n not in path and n != h.at:
                    nxt.append([*path, n])
        found += nxt
        frontier = nxt
    return found[:40]
