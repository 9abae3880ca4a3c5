"""Carrying out a Heroica action: the rolls, damage, moving back, the turn moving on.

One module for each part of it, ``resolve_*``: ``turn``, ``upkeep``, ``movement``,
``damage``, ``combat``, ``skills``, ``searching``, ``monsters``; the shared helpers (the
events, the dice, a hero's items) are in ``resolve_base``. Here: ``resolve`` and the
handler of each action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.rules.dice import Dice
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
from companion.rulesets.heroica.dragon import should_wake
from companion.rulesets.heroica.resolve_base import Events, _mapbuild
from companion.rulesets.heroica.resolve_base import _say as _say
from companion.rulesets.heroica.resolve_base import roll_label as roll_label
from companion.rulesets.heroica.resolve_combat import _fight
from companion.rulesets.heroica.resolve_monsters import (
    _attack_hero,
    _dm_end,
    _dm_move,
    _dragon_fire,
    _monster_attack,
    _monster_move,
)
from companion.rulesets.heroica.resolve_monsters import spawn as spawn
from companion.rulesets.heroica.resolve_movement import (
    _magic_door,
    _move,
    _pass_door,
    _read_map,
    _relic,
    _roll_move,
    _skip,
    _unlock,
)
from companion.rulesets.heroica.resolve_searching import _search
from companion.rulesets.heroica.resolve_skills import _skill
from companion.rulesets.heroica.resolve_turn import _end_turn, _first_player
from companion.rulesets.heroica.resolve_upkeep import _buy, _give, _potion, _sell
from companion.rulesets.heroica.rules import Ctx
from companion.rulesets.heroica.state import Quest


def resolve(ctx: Ctx, action: Action, dice: Dice) -> tuple[Quest, Events]:
    """The quest after ``action`` (checked legal), and what happened, worded."""
    events: Events = []
    handler = _HANDLERS[type(action)]
    q = handler(ctx, action, dice, events)
    if q.outcome is None and should_wake(ctx, q):
        _say(events, "dragon", "A hero enters Lava Mountain: the Dragon awakes!")
        q = q.with_(dragon_awake=True, dragon_due=True)
    return q, events


_HANDLERS: dict[type[Any], Callable[..., Quest]] = {
    RollFirstPlayer: _first_player,
    Buy: _buy,
    Sell: _sell,
    Give: _give,
    UsePotion: _potion,
    RollMove: _roll_move,
    SkipMove: _skip,
    Move: _move,
    Unlock: _unlock,
    PassDoor: _pass_door,
    UseRelic: _relic,
    UseSkill: _skill,
    Fight: _fight,
    Search: _search,
    MoveMagicDoor: _magic_door,
    ReadMap: _read_map,
    EndTurn: _end_turn,
    MonsterMove: _monster_move,
    MonsterAttack: _monster_attack,
    DragonFire: _dragon_fire,
    AttackHero: _attack_hero,
    DmMove: _dm_move,
    DmEnd: _dm_end,
    Expand: lambda ctx, a, dice, ev: _mapbuild().expand(ctx, a, dice, ev),
    PassToken: lambda ctx, a, dice, ev: _mapbuild().pass_token(ctx, a, dice, ev),
}
