"""Casting a spell: who may cast what, when, on which target, at what cost."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace

from companion.model.dungeon import Terrain
from companion.model.figures import Token
from companion.model.geometry import SightLine, figure_sight, line_of_sight, ruler_distance
from companion.rules.places import place_name
from companion.rules.verdict import LEGAL, Reason, Verdict, illegal
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.context import (
    Ctx,
    carried_spells,
    chebyshev,
    current_turn,
    footprint,
    item_base,
    may_know,
    spell_lists,
    squares_apart,
)
from companion.rulesets.brickquest.moving import may_end_on
from companion.rulesets.brickquest.reasons import BrickQuestReason
from companion.rulesets.brickquest.state import FigureState

Square = tuple[int, int]
#: Teleport's reach when the data gives none.
DEFAULT_TELEPORT = 12


def check_cast(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    """Every reason against the spell: who may cast it, what this round allows (one
    spell, not after an attack, hiccups, silence), its points, then its target.  Only
    an unknown spell stops the rest."""
    assert isinstance(action, act.Cast)
    spell = ctx.catalog.spells.get(action.spell)
    if spell is None:
        return illegal(BrickQuestReason.UNKNOWN_SPELL, f"there is no spell {action.spell!r}")
    card = ctx.card(actor)
    from_item = action.item is not None or (
        action.spell in carried_spells(actor) and not may_know(card, spell)
    )
    caster = _check_caster(ctx, actor, card, spell, action, from_item).reasons
    out = list(caster)
    turn = current_turn(actor)
    if turn.cast:
        out.append(
            _reason(
                BrickQuestReason.SPELL_RESTRICTION, f"{actor.name} already cast a spell this round"
            )
        )
    elif turn.attacks or turn.turned_undead:
        done = "attacked" if turn.attacks else "turned undead"
        out.append(
            _reason(
                BrickQuestReason.SPELL_RESTRICTION,
                f"{actor.name} {done} this round and may not also cast a spell",
            )
        )
    if actor.has("hiccups"):
        out.append(
            _reason(BrickQuestReason.HICCUPS, f"{actor.name} has hiccups and cannot cast spells")
        )
    if actor.has("silenced"):
        out.append(
            _reason(BrickQuestReason.SILENCED, f"{actor.name} is silenced and cannot cast spells")
        )
    if not from_item and not caster:  # the points of a spell it may cast
        cost = _cost(spell, action)
        if cost is None:
            out.append(
                _reason(
                    BrickQuestReason.INVALID_TARGET,
                    f"{spell.name} needs the number of points to spend",
                )
            )
        elif cost > actor.sp:
            out.append(
                _reason(
                    BrickQuestReason.INSUFFICIENT_SPELL_POINTS,
                    f"{spell.name} costs {cost} spell points; {actor.name} has {actor.sp}",
                )
            )
    out += _check_area(ctx, actor, spell, action).reasons
    return Verdict(reasons=tuple(out))


def _reason(code: BrickQuestReason, text: str, square: Square | None = None) -> Reason:
    return Reason(code=code, message=text, square=square)


def _check_caster(
    ctx: Ctx,
    actor: FigureState,
    card: s.ClassDef | s.MonsterDef,
    spell: s.SpellDef,
    action: act.Cast,
    from_item: bool,
) -> Verdict:
    """Who may cast it: from a scroll or book, the item carried and the reader's list
    (both said); otherwise a caster (a figure that is none hears only that), then its list."""
    if from_item:
        out: list[Reason] = []
        item = action.item or carried_spells(actor).get(spell.id)
        if (
            item is None
            or item not in actor.items
            or spell.id not in item.partition(":")[2].split("+")
        ):
            out.append(
                _reason(
                    BrickQuestReason.NO_SUCH_ITEM,
                    f"{actor.name} carries no scroll or book of {spell.name}",
                )
            )
        if spell.spell_list not in spell_lists(card):
            kind = item_base(item or "scroll")
            out.append(
                _reason(
                    BrickQuestReason.WRONG_CASTING_CLASS,
                    f"a {spell.spell_list.value} {kind} can only be read by a caster of that list",
                )
            )
        return Verdict(reasons=tuple(out))
    if not spell_lists(card):
        return illegal(BrickQuestReason.NOT_A_CASTER, f"{actor.name} cannot cast spells")
    if not may_know(card, spell):
        return illegal(
            BrickQuestReason.WRONG_CASTING_CLASS,
            f"{spell.name} is a {spell.spell_list.value} spell; {actor.name} cannot cast it",
        )
    return LEGAL


def _cost(spell: s.SpellDef, action: act.Cast) -> int | None:
    return action.points if spell.variable_cost else spell.cost


def _square(ctx: Ctx, target: act.Target | None) -> Square | None:
    if target is None:
        return None
    if isinstance(target, str):
        return ctx.figure(target).pos
    return (int(target[0]), int(target[1]))


def target_verdict(ctx: Ctx, actor: FigureState, action: act.Cast) -> Verdict:
    """What ``check_cast`` says of the cast's target alone (who or what, where, the sight
    line); the rest of its verdict -- and ``validate``'s checks common to every action --
    is the same whatever the target."""
    spell = ctx.catalog.spells.get(action.spell)
    if spell is None:
        return illegal(BrickQuestReason.UNKNOWN_SPELL, f"there is no spell {action.spell!r}")
    return _check_area(ctx, actor, spell, action)


def _check_area(ctx: Ctx, actor: FigureState, spell: s.SpellDef, action: act.Cast) -> Verdict:
    area = spell.area
    if spell.effect.teleport_max_squares is not None:
        sq = _square(ctx, action.target)
        if sq is None or not ctx.state.dungeon.in_bounds(*sq):
            return illegal(
                BrickQuestReason.INVALID_TARGET, f"{spell.name} needs a square on the map"
            )
        return _check_teleport(ctx, actor, spell, sq)
    if isinstance(area, s.SelfArea | s.SquareArea | s.Cone):
        return LEGAL
    if isinstance(area, s.Circle) and area.centred_on == "caster":
        return LEGAL
    if isinstance(area, s.PotionInHand):
        return _check_potion(ctx, actor, action)
    if isinstance(area, s.Wall):
        return _check_wall(ctx, actor, area, action)
    if isinstance(area, s.Line) and action.target is None:
        return LEGAL  # along the caster's facing (or the one given)
    sq = _square(ctx, action.target)
    if sq is None:
        return illegal(BrickQuestReason.INVALID_TARGET, f"{spell.name} needs a target")
    if not ctx.state.dungeon.in_bounds(*sq):
        return illegal(BrickQuestReason.INVALID_TARGET, f"{place_name(sq)} is off the map", sq)
    # Every reason about the target together: who or what it is, then where (next to
    # the caster, somewhere to stand), then the sight line.  A target that is no living
    # figure is not measured further.
    out: list[Reason] = []
    if isinstance(area, s.Line) and sq == actor.pos:
        text = f"{spell.name} needs a direction: aim it at another square, not {actor.name}'s own"
        return illegal(BrickQuestReason.INVALID_TARGET, text, sq)
    if isinstance(area, s.AdjacentFigure | s.FigureInSight):
        out += _check_figure_target(ctx, actor, spell, action, sq).reasons
        if any(
            r.code in (BrickQuestReason.INVALID_TARGET, BrickQuestReason.TARGET_DEAD) for r in out
        ):
            return Verdict(reasons=tuple(out))
    if isinstance(area, s.AdjacentObject | s.AdjacentSquare) and chebyshev(actor.pos, sq) != 1:
        out.append(
            _reason(
                BrickQuestReason.NOT_ADJACENT, f"{place_name(sq)} is not next to {actor.name}", sq
            )
        )
    if isinstance(area, s.AdjacentObject):
        t = ctx.state.dungeon.terrain_at(*sq)
        if not t.is_door and ctx.state.dungeon.object_at(*sq) is None:
            out.append(
                _reason(
                    BrickQuestReason.INVALID_TARGET, f"nothing lockable at {place_name(sq)}", sq
                )
            )
    if isinstance(area, s.LocationInSight):
        out += _location_verdict(ctx, spell, sq).reasons
    if _needs_sight(spell) and sq != actor.pos:
        sight = _sight(ctx, actor, action.target, sq)
        if not sight.clear:
            b = sight.blocked_by
            out.append(
                _reason(
                    BrickQuestReason.NO_LINE_OF_SIGHT,
                    f"{actor.name} cannot see {place_name(sq)}: the line is blocked"
                    + (f" at {place_name(b)}" if b is not None else ""),
                    b,
                )
            )
    return Verdict(reasons=tuple(out))


def _needs_sight(spell: s.SpellDef) -> bool:
    """Whether ``_check_area`` asks the caster's sight of a spell's target (a teleport's
    square is never seen to)."""
    area = spell.area
    return spell.effect.teleport_max_squares is None and (
        isinstance(area, s.FigureInSight | s.LocationInSight)
        or bool(getattr(area, "needs_line_of_sight", False))
    )


def unseen_targets(
    ctx: Ctx, actor: FigureState, spell: s.SpellDef, figs: Sequence[FigureState]
) -> frozenset[str]:
    """Those of ``figs`` that ``check_cast`` surely refuses ``spell`` aimed at for the
    sight line alone: a spell on one figure that needs to see it (``_check_area`` says
    so of every such target on another square than the caster's: any other reason only
    stops it sooner), the caster's sight of them blocked (``_sight``, kept for the
    validation; the lines measured together).  The others: the full check decides."""
    if not isinstance(spell.area, s.AdjacentFigure | s.FigureInSight | s.TargetAndAdjacent):
        return frozenset()
    if not _needs_sight(spell):
        return frozenset()
    elsewhere = [f for f in figs if f.pos != actor.pos]
    if actor.inside is not None or actor is not ctx.state.figures.get(actor.id):
        return frozenset(f.id for f in elsewhere if not _sight(ctx, actor, f.id, f.pos).clear)
    seen = [f for f in elsewhere if f.inside is None]  # on the board: ``_sight`` is ctx's
    ctx.measure_sights(actor, seen)
    hidden = [f for f in elsewhere if f.inside is not None]
    return frozenset(
        [f.id for f in seen if not ctx.sight(actor, f).clear]
        + [f.id for f in hidden if not _sight(ctx, actor, f.id, f.pos).clear]
    )


def _location_verdict(ctx: Ctx, spell: s.SpellDef, sq: Square) -> Verdict:
    """Somewhere to stand: a summoned Large Creature needs all of its squares open and
    free -- every square someone stands on, then every square nothing can stand on; uneven
    floors are said when nothing else is."""
    summons = spell.effect.summons
    size = ctx.monster_size(summons) if summons else 1
    covered = footprint(sq, size)
    if size == 1:
        if not _standable(ctx, sq):
            return illegal(
                BrickQuestReason.INVALID_TARGET, f"nothing can stand at {place_name(sq)}", sq
            )
        if any(f.pos == sq and f.inside is None for f in ctx.state.figures.values()):
            return illegal(BrickQuestReason.OCCUPIED, f"{place_name(sq)} is occupied", sq)
        return LEGAL
    out: list[Reason] = []
    for q in covered:
        if any(q in ctx.squares(f) for f in ctx.state.figures.values() if f.inside is None):
            out.append(_reason(BrickQuestReason.OCCUPIED, f"{place_name(q)} is occupied", q))
    for q in covered:
        if not _standable(ctx, q):
            what = f"nothing can stand at {place_name(q)}"
            out.append(
                _reason(
                    BrickQuestReason.INVALID_TARGET,
                    f"{what} (it covers {', '.join(place_name(c) for c in covered)})",
                    q,
                )
            )
    if not out and not may_end_on(ctx, "", sq, size):  # its floors more than a step apart
        text = f"the floor from {place_name(sq)} is too uneven"
        out.append(_reason(BrickQuestReason.INVALID_TARGET, text, sq))
    return Verdict(reasons=tuple(out))


def _sight(ctx: Ctx, actor: FigureState, target: act.Target | None, sq: Square) -> SightLine:
    """The caster's sight of the target (``_measure_sight``), measured once per state:
    the choices of a caster ask it of every figure for each spell aimed at one.  A
    figure's sight of another on the board is ``Ctx.sight``, an attack's."""
    if actor is not ctx.state.figures.get(actor.id):
        return _measure_sight(ctx, actor, target, sq)  # a figure not of this state
    other = ctx.state.figures.get(target) if isinstance(target, str) else None
    if other is not None and actor.inside is None and other.inside is None:
        return ctx.sight(actor, other)
    key = (actor.id, target if isinstance(target, str) else None, sq)
    seen = ctx.square_sights.get(key)
    if seen is None:
        seen = ctx.square_sights[key] = _measure_sight(ctx, actor, target, sq)
    return seen


def _measure_sight(
    ctx: Ctx, actor: FigureState, target: act.Target | None, sq: Square
) -> SightLine:
    """The caster's sight of the target: of a figure, of any square it covers.  A figure
    hidden inside a barrel or sarcophagus is on no board: it sees and is seen from its
    object's square alone, whatever its footprint."""
    other = ctx.state.figures.get(target) if isinstance(target, str) else None
    if other is not None and (_spread(ctx, actor) or _spread(ctx, other)):
        board = ctx.board
        return figure_sight(board, _seen(ctx, actor), _seen(ctx, other))
    return line_of_sight(ctx.board, actor.pos, sq)


def _spread(ctx: Ctx, fig: FigureState) -> bool:
    """Whether the figure covers several squares (a Large Creature not hidden away)."""
    return fig.inside is None and ctx.size(fig) > 1


def _seen(ctx: Ctx, fig: FigureState) -> Token:
    """The figure's token on the board; one square at its object for a hidden figure."""
    if fig.inside is None:
        return ctx.board.token(fig.id)
    return replace(ctx.token(fig), large=False, size=1)


def _check_figure_target(
    ctx: Ctx, actor: FigureState, spell: s.SpellDef, action: act.Cast, sq: Square
) -> Verdict:
    """Spells on one figure: a living one, not hidden in an object; adjacent ones may be
    cast on the caster itself (the Vampire turns itself ethereal).  A target that is no
    figure, dead or hidden stops the rest; out of reach and no caster are both said."""
    if not isinstance(action.target, str):
        return illegal(
            BrickQuestReason.INVALID_TARGET, f"{spell.name} needs a figure as target", sq
        )
    fig = ctx.figure(action.target)
    if fig.dead:
        return illegal(BrickQuestReason.TARGET_DEAD, f"{fig.name} is dead", sq)
    if fig.inside is not None:
        return illegal(
            BrickQuestReason.INVALID_TARGET, f"{fig.name} is hidden inside an object", sq
        )
    out: list[Reason] = []
    if (
        isinstance(spell.area, s.AdjacentFigure)
        and squares_apart(ctx.squares(actor), ctx.squares(fig)) > 1
    ):
        out.append(
            _reason(BrickQuestReason.NOT_ADJACENT, f"{fig.name} is not next to {actor.name}", sq)
        )
    if spell.effect.spell_point_transfer_loss is not None and not spell_lists(ctx.card(fig)):
        out.append(
            _reason(
                BrickQuestReason.NOT_A_CASTER,
                f"{fig.name} is no priest or wizard: spell points are lost",
            )
        )
    return Verdict(reasons=tuple(out))


def _standable(ctx: Ctx, sq: Square) -> bool:
    """Open ground a figure may end a move on (no wall, water, lava, object, fire spout)."""
    dungeon = ctx.state.dungeon
    if not dungeon.in_bounds(*sq) or dungeon.blocks_movement()[sq[1], sq[0]]:
        return False
    return dungeon.terrain_at(*sq) is not Terrain.FIRE_SPOUT


def _check_teleport(ctx: Ctx, actor: FigureState, spell: s.SpellDef, sq: Square) -> Verdict:
    """Every reason against the square: not stood on before, too far, someone there (or
    the caster does not fit), nothing to stand on.  Its own square says only that."""
    reach = spell.effect.teleport_max_squares or DEFAULT_TELEPORT
    where = f"{place_name(sq)}"
    if sq == actor.pos:
        return illegal(
            BrickQuestReason.INVALID_TARGET, f"{actor.name} has not stood on {where} before"
        )
    out: list[Reason] = []
    if sq not in actor.visited:
        out.append(
            _reason(
                BrickQuestReason.INVALID_TARGET, f"{actor.name} has not stood on {where} before"
            )
        )
    d = ruler_distance(ctx.board, actor.pos, sq)
    if d > reach + 1e-9:
        out.append(
            _reason(BrickQuestReason.OUT_OF_RANGE, f"{where} is {d:.2f} squares away (max {reach})")
        )
    if any(f.pos == sq and f.id != actor.id for f in ctx.state.figures.values()):
        out.append(_reason(BrickQuestReason.OCCUPIED, f"{where} is occupied", sq))
    elif ctx.size(actor) > 1 and not may_end_on(ctx, actor.id, sq):
        out.append(
            _reason(BrickQuestReason.OCCUPIED, f"{actor.name} does not fit at {place_name(sq)}", sq)
        )
    if not _standable(ctx, sq):
        out.append(
            _reason(
                BrickQuestReason.INVALID_TARGET, f"nothing can stand at {place_name(sq)} now", sq
            )
        )
    return Verdict(reasons=tuple(out))


def _check_wall(ctx: Ctx, actor: FigureState, area: s.Wall, action: act.Cast) -> Verdict:
    """Every reason against the wall: its length, its line, then each square in the
    order given (no open floor there says only that; an object, a figure and the sight
    line are all said)."""
    squares = list(action.squares)
    out: list[Reason] = []
    if len(squares) != area.length:
        out.append(
            _reason(
                BrickQuestReason.INVALID_TARGET, f"the wall needs {area.length} squares in a row"
            )
        )
    xs = {x for x, _ in squares}
    ys = {y for _, y in squares}
    ordered = sorted(squares)
    in_row = (len(xs) == 1 or len(ys) == 1) and all(
        chebyshev(a, b) == 1 for a, b in itertools.pairwise(ordered)
    )
    if not in_row:
        out.append(
            _reason(
                BrickQuestReason.INVALID_TARGET, "the wall's squares must be adjacent, in a line"
            )
        )
    dungeon = ctx.state.dungeon
    for sq in squares:
        if not dungeon.in_bounds(*sq) or dungeon.terrain_at(*sq) is not Terrain.FLOOR:
            out.append(
                _reason(BrickQuestReason.INVALID_TARGET, f"no open floor at {place_name(sq)}", sq)
            )
            continue
        if dungeon.object_at(*sq) is not None:
            out.append(
                _reason(
                    BrickQuestReason.INVALID_TARGET, f"an object stands at {place_name(sq)}", sq
                )
            )
        if any(f.pos == sq or sq in ctx.squares(f) for f in ctx.state.figures.values()):
            out.append(_reason(BrickQuestReason.OCCUPIED, f"{place_name(sq)} is occupied", sq))
        if area.needs_line_of_sight and not line_of_sight(ctx.board, actor.pos, sq).clear:
            out.append(
                _reason(
                    BrickQuestReason.NO_LINE_OF_SIGHT,
                    f"{actor.name} cannot see {place_name(sq)}",
                    sq,
                )
            )
    return Verdict(reasons=tuple(out))


def _check_potion(ctx: Ctx, actor: FigureState, action: act.Cast) -> Verdict:
    """Every reason against the potion named: not held, not a potion, strengthened
    already.  No potion named, or one neither held nor known, says only that."""
    potion = action.target if isinstance(action.target, str) else None
    if potion is None:
        return illegal(BrickQuestReason.NO_SUCH_ITEM, f"{actor.name} holds no such potion")
    out: list[Reason] = []
    held = potion in actor.items
    if not held:
        out.append(_reason(BrickQuestReason.NO_SUCH_ITEM, f"{actor.name} holds no such potion"))
    item = ctx.catalog.items.get(item_base(potion))
    if item is None and not held:
        return Verdict(reasons=tuple(out))
    if item is None or item.category != s.ItemCategory.POTION:
        out.append(_reason(BrickQuestReason.INVALID_TARGET, f"{potion} is not a potion"))
        return Verdict(reasons=tuple(out))
    if "@" in potion:
        text = f"{item.name} has been strengthened already"
        out.append(_reason(BrickQuestReason.ALREADY_IN_STATE, text))
    return Verdict(reasons=tuple(out))
