"""What the tracker shows of a quest: the options, the turn and its order, each figure's
view and tracks.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from companion.rules.setups import field_bounds
from companion.rules.table import Badge, FigureView, OptionSpec, TrackView, TurnView
from companion.rulesets.heroica.catalog import HeroicaCatalog
from companion.rulesets.heroica.dragon import dragon_of
from companion.rulesets.heroica.rules import Ctx, die_of, full_health, monster_name, plural
from companion.rulesets.heroica.schema import Options
from companion.rulesets.heroica.state import MONSTER_COMBAT, MONSTER_MOVEMENT, Hero, Monster


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
    seats = len(q.seats)
    for m in q.monsters.values():
        # A monster's view is made of the monster (a frozen value), its card, the
        # number of players and whether it is the target: kept while those are the same
        # (an action changes one or two of the board's monsters, not sixty).
        key = (m, id(ctx.catalog), seats, q.target == m.id)
        hit = _MONSTER_VIEWS.get(key)
        if hit is None or hit[0] is not ctx.catalog:
            if len(_MONSTER_VIEWS) >= _MONSTER_VIEWS_LIMIT:
                _MONSTER_VIEWS.clear()
            hit = _MONSTER_VIEWS[key] = (ctx.catalog, monster_view(ctx, m))
        out[m.id] = hit[1]
    return out


#: ``monster_view``'s answers: (monster, id of the catalog, players, targeted) ->
#: (catalog, view).  An entry holds its catalog: an id is never another's while kept.
_MONSTER_VIEWS: dict[tuple[Monster, int, int, bool], tuple[object, FigureView]] = {}
_MONSTER_VIEWS_LIMIT = 4096
