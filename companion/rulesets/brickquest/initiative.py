"""Initiative: who goes when, for the rest of the game.

"Roll two six-sided dice to determine initiative. Add the results up and add any bonus
from the character sheet. [...] Higher numbers go first. Monsters in the dungeon do not
roll initiative but go on a number determined by their type."  Tied players re-roll
("as many times as necessary") and keep their number with a letter, 7A before 7B;
"Monsters automatically go last on their number."  A summoned Stone Elemental "goes on
its own initiative of 3".
"""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.state import FigureState, GameState

#: Tie re-rolls give up after this many rounds and keep the order the figures were listed
#: in (only a typed-in or rigged source can tie this often).
MAX_TIE_REROLLS = 20


def roll_initiative(
    state: GameState, catalog: BrickQuestCatalog, dice: Dice
) -> tuple[GameState, list[Event]]:
    """Roll for every living character, number every monster, and set the acting order.

    The first figure in the new order becomes the current one; the round is not changed.
    """
    numbers: dict[str, int] = {}
    events: list[Event] = []
    players = [f for f in state.figures.values() if f.class_id is not None and not f.dead]
    for fig in players:
        assert fig.class_id is not None  # players are the figures with a class
        bonus = catalog.classes[fig.class_id].initiative_bonus
        roll = dice.roll(2, f"{fig.name}'s initiative")
        numbers[fig.id] = roll.total + bonus
        text = f"{fig.name} rolls {list(roll.faces)} + {bonus}: initiative {numbers[fig.id]}."
        events.append(Event(kind="info", figure=fig.id, text=text))
    for fig in state.figures.values():
        if fig.monster_id is not None and not fig.dead:
            numbers[fig.id] = catalog.monsters[fig.monster_id].initiative
    players_order = _break_ties(players, numbers, dice, events)
    monsters = [f for f in state.figures.values() if f.id in numbers and f.class_id is None]
    order = sorted(
        [*players_order, *(m.id for m in monsters)],
        key=lambda fid: (-numbers[fid], state.figures[fid].class_id is None),
    )
    new = state.evolve(
        initiative=tuple(order),
        initiative_numbers=numbers,
        current=order[0] if order else None,
    )
    return new, events


def _break_ties(
    players: list[FigureState], numbers: dict[str, int], dice: Dice, events: list[Event]
) -> list[str]:
    """The players in order: by number, then by as many re-rolls as it takes."""
    out: list[str] = []
    for number in sorted({numbers[p.id] for p in players}, reverse=True):
        tied = [p for p in players if numbers[p.id] == number]
        out += _reroll(tied, dice, events, MAX_TIE_REROLLS)
    return out


def _reroll(tied: list[FigureState], dice: Dice, events: list[Event], left: int) -> list[str]:
    if len(tied) < 2 or left == 0:
        return [f.id for f in tied]
    rolls = {f.id: dice.roll(2, f"{f.name}'s initiative tie re-roll").total for f in tied}
    names = ", ".join(f"{f.name} {rolls[f.id]}" for f in tied)
    events.append(Event(kind="info", text=f"Initiative tie re-rolled: {names}."))
    out: list[str] = []
    for total in sorted(set(rolls.values()), reverse=True):
        group = [f for f in tied if rolls[f.id] == total]
        out += _reroll(group, dice, events, left - 1)
    return out


def initiative_labels(state: GameState) -> dict[str, str]:
    """Each figure's number as the table writes it: ``"9"``, or ``"7A"``/``"7B"`` for
    players who shared a number (monsters on that number keep it bare)."""
    order = state.initiative or ()
    numbers = state.initiative_numbers
    # The players on each number, in the order (one pass: 40 figures asked each other
    # figure's number before, on every view of the turn and the figures).
    players: dict[int, list[str]] = {}
    for o in order:
        number = numbers.get(o)
        if number is not None and state.figures[o].class_id is not None:
            players.setdefault(number, []).append(o)
    labels: dict[str, str] = {}
    for fid in order:
        if fid not in numbers:
            continue
        number = numbers[fid]
        sharing = players.get(number, [])
        letter = chr(ord("A") + sharing.index(fid)) if len(sharing) > 1 and fid in sharing else ""
        labels[fid] = f"{number}{letter}"
    return labels


def place_in_order(state: GameState, figure_id: str, number: int) -> GameState:
    """Put a newcomer (a summoned monster) into the order on ``number``: after every figure
    on that number or higher, as monsters go last on their number.  Without numbers (an
    order set by hand) it goes last."""
    if state.initiative is None or figure_id in state.initiative:
        return state
    order = [f for f in state.initiative if f != figure_id]
    known = state.initiative_numbers
    if all(f in known for f in order):
        at = next((i for i, f in enumerate(order) if known[f] < number), len(order))
    else:
        at = len(order)
    order.insert(at, figure_id)
    numbers = {**known, figure_id: number}
    return state.evolve(initiative=tuple(order), initiative_numbers=numbers)
