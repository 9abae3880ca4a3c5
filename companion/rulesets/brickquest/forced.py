"""What even a forced action needs before it can be carried out.

The BrickMaster may force an illegal action (``Session.act(..., force=True)``): out of
turn, out of range, beyond the figure's actions.  The resolvers carry such an action out
as far as the physical situation allows.  Some requests cannot be carried out at all --
a spell that does not exist, a square off the map, a potion the figure does not hold,
an ability its card does not have, a climb out of a barrel onto a square nobody can
stand on -- and ``check_resolvable`` raises ``Unresolvable`` for them before anything
changes.
"""

from __future__ import annotations

from companion.rules.places import place_name
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.combat import base_attack
from companion.rulesets.brickquest.context import (
    Ctx,
    Unresolvable,
    carried_spells,
    footprint,
    item_base,
)
from companion.rulesets.brickquest.moving import may_end_on, physical_path
from companion.rulesets.brickquest.state import FigureState
from companion.rulesets.brickquest.validate_objects import CONTAINERS

Square = tuple[int, int]
#: Abilities used through the skill action: the card ability each needs.
ABILITY_SKILLS = ("turn_undead", "meditation")


def check_resolvable(ctx: Ctx, actor: FigureState, action: act.Action) -> None:
    """Raise ``Unresolvable`` when ``action`` cannot be carried out even if forced."""
    for sq in _squares(ctx, action):
        if not ctx.state.dungeon.in_bounds(*sq):
            raise Unresolvable(f"{place_name(sq)} is off the map")
    card = ctx.card(actor)
    if isinstance(action, act.Move) and actor.inside is not None:
        _check_move_out(ctx, actor, action)
    elif isinstance(action, act.Attack):
        target = ctx.figure(action.target)
        if target.id == actor.id or target.inside is not None or actor.inside is not None:
            raise Unresolvable(f"{actor.name} cannot reach {target.name} to attack")
        if base_attack(card, actor, action.mode) is None:
            raise Unresolvable(f"{actor.name} has no {action.mode} attack to make")
    elif isinstance(action, act.Breath):
        if not isinstance(card.ability("breath"), s.Breath):
            raise Unresolvable(f"{actor.name} has no breath attack")
    elif isinstance(action, act.Sapper):
        if not isinstance(card.ability("sapper"), s.Sapper):
            raise Unresolvable(f"{actor.name} has no sapper abilities")
    elif isinstance(action, act.UseSkill):
        _check_skill(ctx, card, action)
    elif isinstance(action, act.UseItem):
        item = ctx.catalog.items.get(item_base(action.item))
        if action.item not in actor.items or item is None or item.potion is None:
            raise Unresolvable(f"{actor.name} holds no potion {action.item!r}")
    elif isinstance(action, act.Cast):
        _check_cast(ctx, actor, action)
    elif isinstance(action, act.Interact):
        _check_interact(ctx, actor, action)


def force_refusal(ctx: Ctx, action: act.Action) -> str | None:
    """Why a forced ``action`` would not do what was asked (None: it would), asked before
    a new forced action is taken (``Session.act``), never on replay.

    A forced move must end where it was asked to: one that would stop short -- at a wall,
    an object, water or lava ("These squares are considered obstacles and may not be
    entered or crossed by a character"; the text gives them no other effect to apply), or
    back from a square nobody may stand on -- is refused before anything is spent.  The
    BrickMaster's Adjust puts a figure anywhere.  A blinded figure's walk is left to its
    dice, and a hidden figure's climb out has its own check (``check_resolvable``).
    """
    if isinstance(action, act.TABLE_ACTIONS) or not isinstance(action, act.Move):
        return None
    actor = ctx.figure(action.actor)
    path = list(action.path)
    if not path or actor.inside is not None or actor.has("blinded") or actor.dead:
        return None
    if physical_path(ctx, actor, path) == path:
        return None
    dungeon = ctx.state.dungeon
    solid = dungeon.blocks_movement()
    ethereal = actor.has("ethereal")
    for sq in path:
        for x, y in footprint(sq, ctx.size(actor)):
            if not dungeon.in_bounds(x, y):
                return f"{place_name((x, y))} is off the map"
            if solid[y, x] and not ethereal:
                obj = dungeon.object_at(x, y)
                what = obj.kind if obj else dungeon.terrain_at(x, y).name.lower().replace("_", " ")
                return (
                    f"{actor.name} cannot be moved onto {place_name((x, y))} ({what}),"
                    " even by force;"
                    " the BrickMaster's Adjust can place the figure"
                )
    end = path[-1]
    return f"{actor.name} may not end a move on {place_name(end)}, even by force"


def _squares(ctx: Ctx, action: act.Action) -> list[Square]:
    """Every square the action names."""
    out: list[Square] = []
    if isinstance(action, act.Move):
        out += action.path
    if isinstance(action, act.Cast | act.Sapper):
        out += action.squares
    target = getattr(action, "target", None)
    if isinstance(target, tuple | list):
        out.append((int(target[0]), int(target[1])))
    return out


def _check_move_out(ctx: Ctx, actor: FigureState, action: act.Move) -> None:
    """A forced move of a figure hidden in a barrel or sarcophagus is a climb out and a walk.

    The walk goes as far as the figure physically can (``moving.resolve_move``), but the
    climb out needs a square to climb out onto, as a forced ``climb_out`` does (refused
    above when nobody can stand on its square).  When no square of the path would take
    the figure, the move cannot be carried out at all: it is refused rather than leaving
    the figure standing on the object's square, where no figure may stand ("Characters may
    not pass through a square with ... any object that would reasonable prevent movement
    (barrels, chests, bookcases, sarcophagi, etc.)").
    """
    out = actor.model_copy(update={"inside": None})
    if physical_path(Ctx(ctx.state.with_figure(out), ctx.catalog), out, list(action.path)):
        return
    obj = ctx.state.dungeon.object_at(*actor.inside) if actor.inside is not None else None
    what = f"the {obj.kind}" if obj is not None else "its hiding place"
    raise Unresolvable(f"{actor.name} cannot climb out of {what} onto any square of the path")


def _check_skill(ctx: Ctx, card: s.ClassDef | s.MonsterDef, action: act.UseSkill) -> None:
    if action.skill in ABILITY_SKILLS:
        if not card.has_ability(action.skill):
            raise Unresolvable(f"{card.name} has no {action.skill.replace('_', ' ')}")
        return
    try:
        ctx.catalog.find_skill(action.skill)
    except KeyError:
        raise Unresolvable(f"there is no skill {action.skill!r}") from None
    if action.difficulty not in ctx.catalog.difficulties:
        raise Unresolvable(f"there is no difficulty {action.difficulty!r}")


def _check_cast(ctx: Ctx, actor: FigureState, action: act.Cast) -> None:
    spell = ctx.catalog.spells.get(action.spell)
    if spell is None:
        raise Unresolvable(f"there is no spell {action.spell!r}")
    if action.item is not None and (
        action.item not in actor.items
        or spell.id not in carried_spells(actor)
        or action.spell not in action.item.partition(":")[2].split("+")
    ):
        raise Unresolvable(f"{actor.name} holds no {action.item!r} with {spell.name}")
    if isinstance(spell.area, s.PotionInHand) and (
        not isinstance(action.target, str) or action.target not in actor.items
    ):
        raise Unresolvable(f"{actor.name} holds no potion {action.target!r}")
    if isinstance(action.target, str) and not isinstance(spell.area, s.PotionInHand):
        ctx.figure(action.target)  # an unknown figure is an UnknownFigure, as everywhere


def _check_interact(ctx: Ctx, actor: FigureState, action: act.Interact) -> None:
    kind = action.kind
    if kind in ("arm", "pick_up"):
        return
    if kind in ("give", "take", "loot"):
        if not isinstance(action.target, str) or action.target == actor.id:
            raise Unresolvable(f"{kind} needs another figure")
        ctx.figure(action.target)
        return
    if kind == "climb_out":
        sq = _target_square(ctx, action)
        if actor.inside is None or sq is None:
            raise Unresolvable(f"{actor.name} is not inside anything to climb out of")
        if not may_end_on(ctx, actor.id, sq):
            raise Unresolvable(f"nobody can stand at {place_name(sq)}")
        return
    sq = _target_square(ctx, action)
    if sq is None:
        raise Unresolvable(f"{kind} needs a target square")
    dungeon = ctx.state.dungeon
    obj = dungeon.object_at(*sq)
    door = dungeon.terrain_at(*sq).is_door and kind in ("open", "close", "lock", "unlock")
    if door:
        return
    if obj is None:
        raise Unresolvable(f"there is nothing to {kind} at {place_name(sq)}")
    if kind == "climb_in" and obj.kind not in CONTAINERS:
        raise Unresolvable(f"nobody fits into a {obj.kind}")


def _target_square(ctx: Ctx, action: act.Interact) -> Square | None:
    if action.target is None:
        return None
    if isinstance(action.target, str):
        return ctx.figure(action.target).pos
    return (int(action.target[0]), int(action.target[1]))
