"""The turn: who goes first, relics drawn, a hero's turn begun, ended and passed on."""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rulesets.heroica.actions import EndTurn, RollFirstPlayer
from companion.rulesets.heroica.dragon import dragon_of
from companion.rulesets.heroica.resolve_base import Events, _name, _say, _set_hero, _set_monster
from companion.rulesets.heroica.rules import Ctx, activated, adjacent, monster_name, plural
from companion.rulesets.heroica.schema import Category, Rank, TemporaryHealth
from companion.rulesets.heroica.state import MONSTER_COMBAT, MONSTER_MOVEMENT, UPKEEP, Quest


def _first_player(ctx: Ctx, a: RollFirstPlayer, dice: Dice, ev: Events) -> Quest:
    q = _draw_relics(ctx, ctx.quest, dice, ev)
    die = ctx.catalog.dice["character"]
    by_face = {ctx.catalog.heroes[h.hero].character_die_face: h.id for h in q.in_play()}
    for _ in range(50):
        face = die.faces[dice.roll(1, "first player", len(die.faces), die="character").faces[0] - 1]
        if face in by_face:
            seat = q.seats.index(by_face[face])
            _say(
                ev,
                "turn",
                f"The Character Die shows the {face}: {q.heroes[by_face[face]].name} goes first",
            )
            q = q.with_(token=by_face[face], first=seat)
            return begin_turn(ctx, q, seat, ev, new_round=False)
        if not ctx.options.first_player_reroll:
            _say(
                ev,
                "turn",
                f"The Character Die shows the {face}, not in play: the first seat begins",
            )
            return begin_turn(ctx, q.with_(token=q.seats[0], first=0), 0, ev, new_round=False)
        _say(ev, "turn", f"The Character Die shows the {face}, not in play: roll again")
    return begin_turn(ctx, q.with_(token=q.seats[0], first=0), 0, ev, new_round=False)


def _draw_relics(ctx: Ctx, q: Quest, dice: Dice, ev: Events) -> Quest:
    """Option relic_assignment = random: each Boss Monster without a relic draws one not
    yet in play, a die of as many faces as there are relics left (at the game's start)."""
    if ctx.options.relic_assignment.value != "random":
        return q
    for m in sorted(q.monsters.values(), key=lambda m: m.id):
        if ctx.catalog.monsters[m.kind].rank != Rank.BOSS or m.relic is not None:
            continue
        held = {x.relic for x in q.monsters.values()} | {
            r for h in q.heroes.values() for r in h.relics
        }
        free = [i.id for i in ctx.catalog.items_of(Category.RELIC) if i.id not in held]
        if not free:
            break
        pick = free[0]
        if len(free) > 1:
            face = dice.roll(1, f"the relic of the {monster_name(ctx, m)}", len(free)).faces[0]
            pick = free[face - 1]
        _say(ev, "relic", f"The {monster_name(ctx, m)} holds the {ctx.catalog.items[pick].name}")
        from companion.rulesets.heroica.setup import relic_health

        crystal = m.crystal or pick == "crystal_of_deflection"
        health = m.health + relic_health(ctx.catalog, pick)
        q = _set_monster(q, m.with_(relic=pick, crystal=crystal, health=health))
    return q


def begin_turn(ctx: Ctx, q: Quest, seat: int, ev: Events, *, new_round: bool) -> Quest:
    """The hero at ``seat`` begins its turn: Upkeep restores a skill point."""
    h = q.heroes[q.seats[seat]]
    points = ctx.catalog.skill_points
    skill = min(points.full, h.skill + points.upkeep_restore)
    temporary = h.temporary
    if ctx.options.temporary_health == TemporaryHealth.UNTIL_NEXT_TURN:
        temporary = 0
    q = _set_hero(q, h.with_(skill=skill, lose_move=False, temporary=temporary))
    q = q.with_(
        turn=seat,
        round=q.round + (1 if new_round else 0),
        phase=UPKEEP,
        move_face=None,
        moves_left=0,
        moved=0,
        stopped=False,
        move_lost=h.lose_move,
        skill_used=False,
        shield_used=False,
        magic_used=False,
        expanded=False,
        must_fight=(),
        must_search=None,
        fought=False,
        to_move=(),
        to_attack=(),
    )
    if new_round and q.dragon_awake:
        q = q.with_(dragon_due=True)
        _say(ev, "dragon", "A new round of the table: the Dragon's fire attack is due")
    gained = skill - h.skill
    points_gained = f": +{gained} {plural(gained, 'skill point')}" if gained else ""
    _say(ev, "turn", f"{h.name}'s turn{points_gained}", h.id)
    if h.lose_move:
        _say(ev, "turn", f"{h.name} may not move this turn", h.id)
    return q


def next_turn(ctx: Ctx, q: Quest, ev: Events) -> Quest:
    """The next hero in play, clockwise, begins its turn."""
    if q.outcome is not None or q.turn is None:
        return q
    n = len(q.seats)
    for step in range(1, n + 1):
        seat = (q.turn + step) % n
        if not q.heroes[q.seats[seat]].out:
            # A round of the table ends when play comes round to the first player's seat
            # again ("Roll at the start of the game to determine which hero goes first").
            new_round = (q.first - q.turn - 1) % n < step
            if new_round and q.dungeon_master and not q.dm_left:
                left = len(q.in_play())
                _say(
                    ev,
                    "phase",
                    "Every hero has had a turn: the Dungeon Master moves up to "
                    f"{left} {plural(left, 'monster')}",
                )
                return q.with_(dm_left=left, to_move=(), to_attack=(), phase=MONSTER_MOVEMENT)
            return begin_turn(ctx, q.with_(dm_left=0), seat, ev, new_round=new_round)
    return q


def _end_turn(ctx: Ctx, a: EndTurn, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = q.heroes[a.actor]
    if q.dungeon_master:
        return next_turn(ctx, q, ev)  # the monsters move in the Dungeon Master's turn
    acting = activated(ctx, h)
    dragon = dragon_of(ctx, q)
    if dragon is not None and adjacent(dragon.at, h.at):
        acting.append(
            dragon.id
        )  # "a normal attack ... against any hero who ends their turn" next to it
    attack_now = tuple(m for m in acting if adjacent(q.monsters[m].at, h.at))
    to_move = tuple(m for m in acting if m not in attack_now)
    if not acting:
        _say(ev, "turn", f"No monster sees {h.name}")
        return next_turn(ctx, q, ev)
    names = ", ".join(_name(ctx, m) for m in acting)
    _say(ev, "phase", f"The monsters move to attack {h.name}: {names}")
    q = q.with_(phase=MONSTER_MOVEMENT, to_move=to_move, to_attack=attack_now)
    return _after_monster(ctx, q, ev)


def _after_monster(ctx: Ctx, q: Quest, ev: Events) -> Quest:
    """Drop monsters that can no longer act; move on to combat, then to the next turn."""
    h = q.heroes.get(q.active or "")
    if h is None or q.outcome is not None:
        return q
    to_move = tuple(m for m in q.to_move if m in q.monsters)
    to_attack = tuple(
        m for m in q.to_attack if m in q.monsters and adjacent(q.monsters[m].at, h.at)
    )
    q = q.with_(to_move=to_move, to_attack=to_attack)
    if to_move:
        return q
    if to_attack:
        return q.with_(phase=MONSTER_COMBAT)
    return next_turn(ctx, q, ev)
