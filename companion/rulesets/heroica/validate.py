"""Whether a Heroica action is legal now, with every reason it is not.

Order: the game's state (over, first player, the Dungeon Master's or the Dragon's turn),
then the hero's turn, then the action's own checks (the phase, the hero's obligations,
then what the action names: for a move the allowance, then each step in path order).
Some reasons stop the rest, because what follows could not be measured: the game being
over, no first player yet, monsters or the Dragon to act, an unknown hero, and another
hero's turn -- the phase, the roll and the allowance all belong to the hero whose turn it
is, so nothing of the action can be judged for another.  Within an action, a thing it
names that is not there (an item, a door, a monster, a hero) stops what is about that
thing, and a move with no allowance to measure (the movement lost, not rolled, over, or
the Shield used instead) is not followed along its path.

The checks of each action live by what they are about: ``validate_turn`` (the phases, what
a hero must do first, upkeep, the end of a turn), ``validate_moves`` (the movement phase),
``validate_combat`` (skills, fights, searches); the monsters' and the Dungeon Master's are
here.  ``phase_index`` and ``stops_at`` are imported from here by resolve and views.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.rules.verdict import Reason, Verdict
from companion.rulesets.heroica import mapbuild
from companion.rulesets.heroica.actions import (
    Action,
    AttackHero,
    Buy,
    DmEnd,
    DmMove,
    DragonFire,
    EndTurn,
    Expand,
    Fight,
    Give,
    MonsterAttack,
    MonsterMove,
    Move,
    MoveMagicDoor,
    PassDoor,
    PassToken,
    ReadMap,
    RollFirstPlayer,
    RollMove,
    Search,
    Sell,
    SkipMove,
    Unlock,
    UsePotion,
    UseRelic,
    UseSkill,
)
from companion.rulesets.heroica.reasons import HeroicaReason
from companion.rulesets.heroica.rules import Ctx, distances, monster_name, reason
from companion.rulesets.heroica.state import MONSTER_COMBAT, MONSTER_MOVEMENT
from companion.rulesets.heroica.validate_combat import (
    check_attack_hero,
    check_fight,
    check_search,
    check_skill,
)
from companion.rulesets.heroica.validate_moves import (
    check_magic_door,
    check_move,
    check_pass_door,
    check_read_map,
    check_relic,
    check_roll_move,
    check_skip,
    check_unlock,
)
from companion.rulesets.heroica.validate_moves import stops_at as stops_at
from companion.rulesets.heroica.validate_turn import (
    check_buy,
    check_end_turn,
    check_give,
    check_potion,
    check_sell,
)
from companion.rulesets.heroica.validate_turn import phase_index as phase_index

R = HeroicaReason


def validate(ctx: Ctx, action: Action) -> Verdict:
    """Legal, or every reason against it."""
    q = ctx.quest
    if q.outcome is not None:
        return _no(reason(R.GAME_OVER, f"the game is over: {q.outcome}"))
    if isinstance(action, RollFirstPlayer):
        if q.turn is not None:
            return _no(reason(R.ALREADY_ROLLED, "the first player has been rolled for"))
        return Verdict()
    if q.turn is None:
        return _no(reason(R.INITIATIVE_NEEDED, "roll the Character Die for the first player"))
    if isinstance(action, (DmMove, DmEnd)):
        return Verdict(reasons=tuple(_dm(ctx, action)))
    if q.dm_left:
        return _no(reason(R.MONSTERS_TO_ACT, "the Dungeon Master is moving the monsters"))
    if isinstance(action, DragonFire):
        if not q.dragon_due:
            return _no(reason(R.NOT_YOUR_TURN, "the Dragon's fire attack is not due now"))
        return Verdict()
    if q.dragon_due:
        return _no(reason(R.MONSTERS_TO_ACT, "the Dragon is awake: its fire attack comes first"))
    if isinstance(action, (MonsterMove, MonsterAttack)):
        return Verdict(reasons=tuple(_monster(ctx, action)))
    h = q.heroes.get(action.actor)
    if h is None:
        known = ", ".join(sorted(q.heroes))
        return _no(reason(R.UNKNOWN_FIGURE, f"no hero {action.actor!r} (heroes: {known})"))
    if h.id != q.active:
        who = q.heroes[q.active].name if q.active else "nobody"
        return _no(reason(R.NOT_YOUR_TURN, f"it is {who}'s turn, not {h.name}'s"))
    if q.phase in (MONSTER_MOVEMENT, MONSTER_COMBAT):
        return _no(
            reason(R.MONSTERS_TO_ACT, "the monsters are acting: move and attack with them first")
        )
    check = _CHECKS.get(type(action))
    return Verdict(reasons=tuple(check(ctx, h, action) if check else []))


def _no(*reasons: Reason) -> Verdict:
    return Verdict(reasons=reasons)


def _monster(ctx: Ctx, a: MonsterMove | MonsterAttack) -> list[Reason]:
    q = ctx.quest
    m = q.monsters.get(a.actor)
    if m is None:
        return [reason(R.UNKNOWN_FIGURE, f"no monster {a.actor!r}")]
    if isinstance(a, MonsterMove):
        if q.phase != MONSTER_MOVEMENT or a.actor not in q.to_move:
            return [reason(R.NOT_YOUR_TURN, f"the {monster_name(ctx, m)} does not move now")]
        first = nearest_first(ctx)
        if first is not None and first != m.id:
            name = monster_name(ctx, q.monsters[first])
            return [reason(R.NOT_YOUR_TURN, f"the {name}, nearest the hero, moves first")]
        return []
    if q.phase != MONSTER_COMBAT or a.actor not in q.to_attack:
        return [reason(R.NOT_YOUR_TURN, f"the {monster_name(ctx, m)} does not attack now")]
    return []


def nearest_first(ctx: Ctx) -> str | None:
    """With option monster_move_order = nearest_first, the monster that moves next."""
    q = ctx.quest
    if ctx.options.monster_move_order.value != "nearest_first" or not q.to_move:
        return None
    hero = q.heroes[q.active or ""]
    dist = distances(q, hero.at, doors=False)
    return min(q.to_move, key=lambda mid: (dist.get(q.monsters[mid].at, 10**6), mid))


def _dm(ctx: Ctx, a: DmMove | DmEnd) -> list[Reason]:
    q = ctx.quest
    if not q.dm_left:
        return [
            reason(R.NOT_YOUR_TURN, "the Dungeon Master moves monsters after every hero's turn")
        ]
    if isinstance(a, DmEnd):
        return []
    m = q.monsters.get(a.monster)
    if m is None:
        return [reason(R.INVALID_TARGET, f"no monster {a.monster!r}")]
    out = []
    if ctx.catalog.monsters[m.kind].ability("immobile") is not None:
        out.append(reason(R.INVALID_TARGET, f"the {monster_name(ctx, m)} does not move", m.at))
    if a.toward is not None and (a.toward not in q.heroes or q.heroes[a.toward].out):
        out.append(reason(R.INVALID_TARGET, f"{a.toward!r} is not a hero in play"))
    return out


_CHECKS: dict[type[Any], Callable[..., list[Reason]]] = {
    Buy: check_buy,
    Sell: check_sell,
    Give: check_give,
    UsePotion: check_potion,
    RollMove: check_roll_move,
    SkipMove: check_skip,
    Move: check_move,
    Unlock: check_unlock,
    PassDoor: check_pass_door,
    UseRelic: check_relic,
    UseSkill: check_skill,
    Fight: check_fight,
    Search: check_search,
    MoveMagicDoor: check_magic_door,
    ReadMap: check_read_map,
    EndTurn: check_end_turn,
    AttackHero: check_attack_hero,
    Expand: lambda ctx, h, a: mapbuild.check_expand(ctx, h, a),
    PassToken: lambda ctx, h, a: mapbuild.check_pass_token(ctx, h, a),
}
