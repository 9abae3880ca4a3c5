"""Searching: tokens drawn and what a search finds."""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rulesets.heroica.actions import Search
from companion.rulesets.heroica.resolve_base import Events, _enter_phase, _say, _set_hero, roll_face
from companion.rulesets.heroica.resolve_combat import _push
from companion.rulesets.heroica.resolve_damage import _condition, add_fire, hurt_hero
from companion.rulesets.heroica.resolve_turn import next_turn
from companion.rulesets.heroica.rules import Ctx, first_available, full_health, taken_cells
from companion.rulesets.heroica.state import COMBAT, Quest


def _draw_token(ctx: Ctx, dice: Dice) -> str:
    tokens = [t.token for t in ctx.catalog.tables.casket.tokens]
    face = dice.roll(1, "casket token", len(tokens), die="casket").faces[0]
    return tokens[face - 1]


def _search(ctx: Ctx, a: Search, dice: Dice, ev: Events) -> Quest:
    q = _enter_phase(ctx.quest, COMBAT).with_(stopped=True, moves_left=0)
    f = q.features[q.must_search or ""]
    h = q.heroes[a.actor]
    features = {k: v for k, v in q.features.items() if k != f.id}
    q = q.with_(must_search=None)
    tables = ctx.catalog.tables
    if f.kind == "treasure_chest":
        q, face = roll_face(ctx, q, dice, f"{h.name} searches the chest", h.id, search=True)
        row = next(r for r in tables.chest.rows if r.face == face)
        _say(ev, "search", f"The chest: {row.text}", h.id)
        q = q.with_(features=features)
        return _gain(ctx, q, h.id, row.gold, row.health, ev)
    if f.kind == "casket":
        token = f.token or _draw_token(ctx, dice)
        entry = next(t for t in tables.casket.tokens if t.token == token)
        outcome = entry.outcomes[min(a.choice, len(entry.outcomes) - 1)]
        _say(ev, "search", f"The casket holds the {token} token: {entry.text}", h.id)
        q = q.with_(features=features)
        if outcome.condition is not None:
            q = _condition(ctx, q, h.id, outcome.condition.value, ev)
        if outcome.boss_track:
            q = q.with_(
                boss_track=min(ctx.options.boss_track_length, q.boss_track + outcome.boss_track)
            )
            _say(ev, "track", f"The Boss Track rises to {q.boss_track}", amount=q.boss_track)
        q = add_fire(ctx, q, outcome.fire_track, ev)
        return _gain(ctx, q, h.id, outcome.gold, outcome.health, ev)
    # rocks
    q, face = roll_face(ctx, q, dice, f"{h.name} explores the rocks", h.id, search=True)
    rock = next(r for r in tables.rocks.rows if r.face == face)
    _say(ev, "search", f"The rocks: {rock.text}", h.id)
    result = rock.result.value
    if result == "pass_through":
        beyond = (2 * f.at[0] - h.at[0], 2 * f.at[1] - h.at[1])
        taken = taken_cells(q, exclude=h.id) | {
            x.at for x in q.features.values() if x.kind in ("rocks", "magic_door")
        }
        to = first_available(q, f.at, beyond, taken) if beyond in q.spaces else h.at
        return _set_hero(q, h.with_(at=to))
    if result == "remove":
        return q.with_(features=features)
    if result == "move_back":
        q, _ = _push(ctx, q, h.id, f.at, 1, ev)
        return q
    return _set_hero(q, h.with_(at=f.at, lose_move=True))


def _gain(ctx: Ctx, q: Quest, hid: str, gold: int, health: int, ev: Events) -> Quest:
    h = q.heroes[hid]
    if gold:
        h = h.with_(gold=h.gold + gold)
        q = _set_hero(q, h)
        _say(ev, "gold", f"{h.name} takes {gold} gold from the store", hid, gold)
    if health > 0:
        top = full_health(ctx, h)
        q = _set_hero(q, h.with_(health=min(top, h.health + health)))
    elif health < 0:
        before = h.defeats
        q = hurt_hero(ctx, q, hid, -health, ev)
        if q.heroes[hid].defeats > before and q.active == hid:
            return next_turn(ctx, q, ev)
    return q
