"""What the table sees of a quest: the tracker, the figures, the choices, the board's
marks, scenario fields and queries.  Built from the state; no rule is decided here."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from companion.rules.places import place_name
from companion.rules.ruleset import Event
from companion.rules.setups import field_bounds
from companion.rules.table import (
    ActionChoice,
    Badge,
    BoardMark,
    FigureView,
    MoveOption,
    Odds,
    OptionSpec,
    TrackView,
    TurnView,
)
from companion.rules.verdict import Verdict
from companion.rulesets.heroica.actions import ACTIONS, TABLE, Action
from companion.rulesets.heroica.catalog import HeroicaCatalog
from companion.rulesets.heroica.dragon import dragon_of
from companion.rulesets.heroica.marks import draw_spaces, draw_things
from companion.rulesets.heroica.rules import (
    SHIELD,
    Ctx,
    activated,
    adjacent,
    die_of,
    distances,
    forward_end,
    full_health,
    hero_blockers,
    locked_edges,
    monster_name,
    plural,
    share_location,
    skill_of,
    straight_line,
)
from companion.rulesets.heroica.schema import DamageSkill, HealSkill, Options
from companion.rulesets.heroica.state import (
    MONSTER_COMBAT,
    MONSTER_MOVEMENT,
    Cell,
    Hero,
    Monster,
    Quest,
)
from companion.rulesets.heroica.validate import stops_at

Validator = Callable[[Any, Action], Verdict]


# ------------------------------------------------------------------------ options


def option_specs(catalog: HeroicaCatalog) -> tuple[OptionSpec, ...]:
    """Every option with what it is, its default, its quote and what it means
    (``options.toml``): a flag is a switch, a reading with named values a choice, a count
    a whole number from the schema's least value (the skill points up to the full ones)."""
    out = []
    for key, info in Options.model_fields.items():
        entry = catalog.options.documented()[key]
        default = entry.default
        extra: dict[str, Any] = {}
        if isinstance(default, StrEnum):
            extra = {
                "kind": "choice",
                "choices": tuple((c.value, c.value.replace("_", " ")) for c in type(default)),
            }
            default = default.value
        elif isinstance(default, bool):
            extra = {"kind": "switch"}
        else:
            lo, hi = field_bounds(info)
            if key == "starting_skill_points":
                hi = catalog.skill_points.full
            extra = {"kind": "number", "minimum": lo, "maximum": hi}
        out.append(
            OptionSpec(
                key=key,
                label=key.replace("_", " ").capitalize(),
                default=default,
                help=entry.description,
                quote=entry.quote,
                **extra,
            )
        )
    return tuple(out)


# ------------------------------------------------------------------------ the turn


def phase_name(ctx: Ctx, phase: str) -> str:
    return next((p.name for p in ctx.catalog.tables.phases if p.id == phase), phase)


def obligations(ctx: Ctx) -> list[str]:
    """What the hero must still do this turn, worded."""
    q = ctx.quest
    out = []
    if q.must_fight:
        names = " or ".join(monster_name(ctx, q.monsters[m]) for m in q.must_fight)
        out.append(f"must fight the {names}")
    if q.must_search:
        kind = q.features[q.must_search].kind
        out.append(
            f"must {'explore' if kind == 'rocks' else 'search'} the "
            f"{ctx.catalog.features[kind].name.lower()}"
        )
    return out


def headline(ctx: Ctx) -> str:
    q = ctx.quest
    if q.outcome is not None:
        return q.outcome
    if q.turn is None:
        return "Roll the Character Die: who goes first?"
    if q.dm_left:
        left = f"{q.dm_left} {plural(q.dm_left, 'monster')}"
        return f"Round {q.round} · the Dungeon Master moves up to {left}"
    h = q.heroes[q.active or ""]
    text = f"Round {q.round} · {h.name}: {phase_name(ctx, q.phase)}"
    if q.dragon_due:
        return text + " · the Dragon is awake: its fire attack first"
    if q.phase == MONSTER_MOVEMENT and q.to_move:
        text += f" · the {monster_name(ctx, q.monsters[q.to_move[0]])} moves next"
    elif q.phase == MONSTER_COMBAT and q.to_attack:
        text += f" · the {monster_name(ctx, q.monsters[q.to_attack[0]])} attacks"
    elif q.move_face and q.move_face != "lost":
        text += f" · rolled {q.move_face}, {q.moves_left} {plural(q.moves_left, 'space')} left"
    must = obligations(ctx)
    if must:
        text += " · " + ", ".join(must)
    return text


def order(ctx: Ctx) -> list[str]:
    """The acting figure first: the monster to move or attack, or the hero; then the
    heroes clockwise from it."""
    q = ctx.quest
    if q.turn is None or q.outcome is not None:
        return [h.id for h in q.in_play()]
    monsters = list(
        q.to_move
        if q.phase == MONSTER_MOVEMENT
        else q.to_attack
        if q.phase == MONSTER_COMBAT
        else ()
    )
    dragon = dragon_of(ctx, q)
    if q.dragon_due and dragon is not None:
        monsters.insert(0, dragon.id)
    n = len(q.seats)
    heroes = [
        q.seats[(q.turn + i) % n] for i in range(n) if not q.heroes[q.seats[(q.turn + i) % n]].out
    ]
    return monsters + heroes


def turn_view(ctx: Ctx) -> TurnView:
    q = ctx.quest
    labels: dict[str, str] = {}
    for h in q.heroes.values():
        labels[h.id] = "out" if h.out else ("turn" if h.id == q.active else "")
    for mid in q.to_move:
        labels[mid] = "moves"
    for mid in q.to_attack:
        labels[mid] = "attacks"
    acting_order = order(ctx)
    notes = []
    if q.target and q.target in q.monsters:
        notes.append(f"Target: the {monster_name(ctx, q.monsters[q.target])}")
    notes += [f"Obligation: {o}" for o in obligations(ctx)]
    return TurnView(
        round=q.round,
        acting=(
            acting_order[0]
            if acting_order and q.turn is not None and q.outcome is None and not q.dm_left
            else None
        ),
        order=tuple(acting_order),
        labels=labels,
        needs_initiative=q.turn is None and q.outcome is None,
        turn_started=q.turn is not None,
        headline=headline(ctx),
        outcome=q.outcome,
        notes=tuple(notes),
        tracks=tracks(ctx),
    )


def tracks(ctx: Ctx) -> tuple[TrackView, ...]:
    """The Fire Track (co-operative games) and the Boss Monster Track, as the board has them."""
    q = ctx.quest
    t = ctx.catalog.tables
    dragon = dragon_of(ctx, q)
    fire = TrackView(
        id="fire",
        name="Fire Track",
        filled=q.fire,
        length=q.options.fire_track_length,
        colour="#d9480f",
        note=t.fire_track.text,
    )
    if dragon is not None:
        fire = fire.model_copy(
            update={
                "name": "Fire Track: the Dragon's health",
                "filled": dragon.health,
                "length": max(q.options.fire_track_length, dragon.health),
                "note": "Use the Fire Track to record its remaining health.",
            }
        )
    return (
        fire,
        TrackView(
            id="boss",
            name="Boss Monster Track",
            filled=q.boss_track,
            length=q.options.boss_track_length,
            colour="#868e96",
            note=t.boss_track.text,
        ),
    )


def hero_view(ctx: Ctx, h: Hero) -> FigureView:
    q = ctx.quest
    cat = ctx.catalog
    badges = []
    if h.blessed:
        badges.append(Badge(id="blessed", label="Blessed (Blessed Die)"))
    if h.cursed:
        badges.append(Badge(id="cursed", label="Cursed (Cursed Die)"))
    if h.lose_move or (h.id == q.active and q.move_lost):
        badges.append(Badge(id="no_move", label="loses its movement turn"))
    # A key or a torch is in the hero's items, not a badge: the map shows badges under
    # the figure, where they would cover the next space.
    if h.strength:
        badges.append(Badge(id="strength", label=f"+{h.strength} damage next attack"))
    skill = cat.heroes[h.hero]
    items = tuple(
        [cat.items[i].name for i in (*h.gear, *h.relics, *h.potions)]
        + (["Key"] if h.key else [])
        + (["Torch"] if h.torch else [])
    )
    stats = (
        ("Skill", f"{skill.skill.style.value.capitalize()}: {skill.text}"),
        ("Gold", str(h.gold)),
        ("Die", cat.dice[die_of(h)].name),
        ("Location", ", ".join(q.locations[lid].name for lid in q.locations_of(h.at)) or "-"),
    )
    return FigureView(
        id=h.id,
        name=h.name,
        side="heroes",
        kind=skill.name,
        is_character=True,
        at=None if h.out else h.at,
        hp=max(0, h.health) + h.temporary,
        max_hp=full_health(ctx, h),
        sp=h.skill,
        max_sp=cat.skill_points.full,
        dead=h.out,
        badges=tuple(badges),
        stats=stats,
        items=items,
    )


def monster_view(ctx: Ctx, m: Monster) -> FigureView:
    q = ctx.quest
    kind = ctx.catalog.monsters[m.kind]
    rank = ctx.catalog.ranks[kind.rank]
    top = ctx.catalog.health_levels(m.kind, len(q.seats))
    stats = [("Strength", str(rank.strength)), ("Rank", rank.name)]
    if kind.abilities:
        stats.append(("Ability", kind.text))
    if m.relic:
        stats.append(("Relic", ctx.catalog.items[m.relic].name))
    badges = [Badge(id="target", label="target monster")] if q.target == m.id else []
    return FigureView(
        id=m.id,
        name=kind.name,
        side="monsters",
        kind=rank.name,
        is_character=False,
        at=m.at,
        hp=m.health,
        max_hp=max(top, m.health),
        badges=tuple(badges),
        stats=tuple(stats),
    )


def figure_views(ctx: Ctx) -> dict[str, FigureView]:
    q = ctx.quest
    out = {h.id: hero_view(ctx, h) for h in q.heroes.values()}
    out.update({m.id: monster_view(ctx, m) for m in q.monsters.values()})
    return out


# ------------------------------------------------------------------------ moves


def moves(ctx: Ctx, hid: str) -> dict[Cell, MoveOption]:
    """Spaces the hero may move to now, with a shortest path that makes no forced stop
    on the way (items on the way are picked up; locked doors open with a carried key)."""
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
            # Ending on another hero goes forward past it: offered only where that
            # lands somewhere other than where the hero began.
            if n not in out and forward_end(q, hid, p) is not None:
                out[n] = MoveOption(square=n, cost=len(p), path=p)
            todo.append((n, p, k))
    return out


# ------------------------------------------------------------------------ choices


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
                candidates.append((f"heal {other.name}", {**base, "targets": [other.id]}))
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


# ------------------------------------------------------------------------ marks


def marks(ctx: Ctx) -> list[BoardMark]:
    """The board as it stands: space colours, link pieces, features, items, doors (what a
    casket holds stays hidden)."""
    return [*space_marks(ctx), *thing_marks(ctx)]


def space_marks(ctx: Ctx) -> list[BoardMark]:
    """The spaces' colours and link pieces (they change only when the map grows)."""
    return draw_spaces(ctx.catalog, ctx.quest.locations.values(), ctx.quest.own_colours)


def thing_marks(ctx: Ctx) -> list[BoardMark]:
    """Features, items and doors (a casket's token hidden)."""
    q = ctx.quest
    return draw_things(ctx.catalog, q.features.values(), q.items.values(), reveal=False)


# ------------------------------------------------------------------------ odds, the log


def odds(ctx: Ctx, action: Mapping[str, Any]) -> Odds | None:
    """A fight's chances on the die the hero rolls, from the combat table."""
    q = ctx.quest
    if action.get("action") != "fight":
        return None
    h = q.heroes.get(str(action.get("actor")))
    m = q.monsters.get(str(action.get("target")))
    if h is None or m is None:
        return None
    die = ctx.catalog.dice[die_of(h)]
    table = ctx.catalog.tables.hero_combat.rows
    hurt: dict[int, float] = {}
    for face in die.faces:
        row = next(r for r in table if r.face == face)
        dmg = row.monster_damage + h.strength if row.monster_damage else 0
        rule = ctx.catalog.monsters[m.kind].ability("hurt_only_by")
        if rule is not None and face not in getattr(rule, "faces", ()):
            dmg = 0
        hurt[dmg] = hurt.get(dmg, 0.0) + 1 / len(die.faces)
    hit = 1 - hurt.get(0, 0.0)
    kill = sum(p for d, p in hurt.items() if d >= m.health)
    shield = die.count(SHIELD) / len(die.faces)
    text = (
        f"{die.name}: {hit:.0%} to hurt the {monster_name(ctx, m)}, "
        f"{kill:.0%} to defeat it (Shield {shield:.0%})"
    )
    return Odds(hit=hit, damage=hurt, kill=kill, text=text)


def describe(ctx: Ctx, action: Mapping[str, Any], events: Sequence[Event]) -> str:
    texts = [e.text for e in events]
    if texts:
        return "; ".join(texts)
    return f"{action.get('actor')}: {action.get('action')}"


# ------------------------------------------------------------------------ scenario fields


def hero_fields(ctx: Ctx, h: Hero) -> dict[str, Any]:
    return {
        "at": list(h.at),
        "health": h.health,
        "full_health": full_health(ctx, h),
        "skill": h.skill,
        "gold": h.gold,
        "blessed": h.blessed,
        "cursed": h.cursed,
        "potions": list(h.potions),
        "gear": list(h.gear),
        "relics": list(h.relics),
        "key": h.key,
        "torch": h.torch,
        "temporary": h.temporary,
        "lose_move": h.lose_move,
        "strength": h.strength,
        "out": h.out,
        "defeats": h.defeats,
    }


def monster_fields(ctx: Ctx, m: Monster) -> dict[str, Any]:
    return {"at": list(m.at), "health": m.health, "defeated": False, "relic": m.relic}


def game_fields(ctx: Ctx) -> dict[str, Any]:
    q = ctx.quest
    return {
        "round": q.round,
        "first": q.seats[q.first] if q.seats else None,
        "active": q.active,
        "phase": q.phase,
        "move_face": q.move_face,
        "moves_left": q.moves_left,
        "stopped": q.stopped,
        "must_fight": sorted(q.must_fight),
        "must_search": q.must_search,
        "to_move": list(q.to_move),
        "to_attack": list(q.to_attack),
        "fire": q.fire,
        "boss_track": q.boss_track,
        "dragon_awake": q.dragon_awake,
        "dm_left": q.dm_left,
        "tiles": list(q.tiles_used),
        "locations": sorted(q.locations),
        "token": q.token,
        "dragon_due": q.dragon_due,
        "outcome": q.outcome,
        "monsters": sorted(q.monsters),
        "features": sorted(q.features),
        "items": sorted(i.item for i in q.items.values()),
        "sealed": sorted(f.id for f in q.features.values() if f.sealed),
    }


def query(ctx: Ctx, query: Mapping[str, Any]) -> dict[str, Any]:
    """``spaces`` (path length), ``straight_line``, ``location`` (of ``at``),
    ``activated`` (the monsters that would move to attack ``actor``), ``reachable``."""
    q = ctx.quest
    kind = query.get("query")

    def cell(key: str) -> Cell:
        v = query.get(key)
        if isinstance(v, str):
            fig = q.heroes.get(v) or q.monsters.get(v)
            if fig is None:
                raise ValueError(f"{key}: no figure {v!r}")
            return fig.at
        if not isinstance(v, (list, tuple)) or len(v) != 2:
            raise ValueError(f"{key}: give a figure id or a square [x, y]")
        return (int(v[0]), int(v[1]))

    if kind == "spaces":
        dist = distances(q, cell("from")).get(cell("to"))
        return {"value": dist}
    if kind == "straight_line":
        return {"value": straight_line(q, cell("from"), cell("to"), set())}
    if kind == "location":
        return {"value": sorted(q.locations_of(cell("at")))}
    if kind == "activated":
        h = q.heroes.get(str(query.get("actor")))
        if h is None:
            raise ValueError("activated: name a hero as actor")
        return {"value": sorted(activated(ctx, h))}
    if kind == "reachable":
        hid = str(query.get("actor"))
        return {"value": sorted([list(c) for c in moves(ctx, hid)])}
    raise ValueError(
        f"unknown query {kind!r}: spaces, straight_line, location, activated, reachable"
    )
