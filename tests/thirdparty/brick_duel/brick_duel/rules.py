"""Brick Duel's data, state, actions and rules (no Qt, no Brick Companion GUI).

Two fighters on a board of linked places.  A turn is two phases: Move (to a linked place,
or Hold), then Strike (a fighter at the same place: 1d6, ``hit_on`` or more breaks one box
of its guard) or Rest.  A fighter with no guard left is broken, and the other wins.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from companion.rules.dice import Dice
from companion.rules.reasons import SHARED_REASONS
from companion.rules.ruleset import Event
from companion.rules.verdict import LEGAL, Reason, Verdict

RULESET_ID = "duel"
PHASES = ("Move", "Strike")

#: Every reason code Brick Duel's verdicts give, each with the sentence that explains it:
#: its own, and one shared with every ruleset (the core's, with the core's sentence).
REASONS: dict[str, str] = {
    "duel_over": "the duel is over",
    "not_your_turn": SHARED_REASONS["not_your_turn"],
    "wrong_phase": "that is done in another phase of the turn",
    "not_linked": "no link leads there from here",
    "unknown_place": "there is no such place",
    "not_face_to_face": "a fighter can only strike a fighter at the same place",
    "no_such_fighter": "there is no such fighter",
}


def refuse(code: str, detail: str) -> Verdict:
    """A refusal with the duel's ``code`` and its sentence."""
    return Verdict(reasons=(Reason(code=code, message=f"{REASONS[code]}: {detail}"),))


# -- data -------------------------------------------------------------------------------------
class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlaceDef(_Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    label: str
    kind: str = ""
    at: tuple[float, float] | None = None
    links: tuple[str, ...] = ()


class FighterDef(_Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    side: str
    start: str


class DuelData(_Frozen):
    title: str
    hit_on: int = Field(ge=2, le=6)
    guard: int = Field(ge=1, le=9)
    places: tuple[PlaceDef, ...] = Field(min_length=2)
    fighters: tuple[FighterDef, FighterDef]

    def place(self, place_id: str) -> PlaceDef | None:
        return next((p for p in self.places if p.id == place_id), None)


def data_file(name: str) -> Path:
    """One of the duel's own data files (``brick_duel/data/``)."""
    return Path(str(resources.files("brick_duel").joinpath("data", name)))


def place_problems(places: Sequence[PlaceDef]) -> list[tuple[int, str, str]]:
    """A board's places that link to no place, or to themselves: ``(index, field, why)``."""
    ids = {p.id for p in places}
    out = []
    for i, p in enumerate(places):
        for link in p.links:
            if link == p.id:
                out.append((i, "links", f"{p.id!r} links to itself"))
            elif link not in ids:
                out.append((i, "links", f"{link!r} is not a place"))
    return out


def load_data(places: Sequence[PlaceDef]) -> DuelData:
    """The duel's rules file (``brick_duel/data/duel.json``) with the board's ``places``
    (the places table, ``places.toml`` with the user's own), validated."""
    raw = json.loads(data_file("duel.json").read_text(encoding="utf-8"))
    data = DuelData.model_validate({**raw, "places": [p.model_dump() for p in places]})
    missing = [f.start for f in data.fighters if data.place(f.start) is None]
    if missing:
        raise ValueError(f"fighters start at {', '.join(missing)}, which are not places")
    return data


# -- state ------------------------------------------------------------------------------------
class Fighter(_Frozen):
    id: str
    name: str
    side: str
    place: str
    guard: int
    max_guard: int

    @property
    def broken(self) -> bool:
        return self.guard <= 0


class Duel(_Frozen):
    round: int = 1
    order: tuple[str, str]
    #: Index in ``order`` of the fighter whose turn it is.
    turn: int = 0
    phase: Literal["Move", "Strike"] = "Move"
    fighters: dict[str, Fighter]
    winner: str | None = None

    @property
    def acting(self) -> str | None:
        return None if self.winner else self.order[self.turn]


def new_duel(data: DuelData, guard: int, first: str) -> Duel:
    """A duel at its start: each fighter at its place, ``first`` to act."""
    fighters = {
        f.id: Fighter(
            id=f.id, name=f.name, side=f.side, place=f.start, guard=guard, max_guard=guard
        )
        for f in data.fighters
    }
    ids = [f.id for f in data.fighters]
    if first not in ids:
        raise ValueError(f"choices._game.first: {first!r} is not a fighter ({', '.join(ids)})")
    order = (first, next(i for i in ids if i != first))
    return Duel(order=order, fighters=fighters)


# -- actions ----------------------------------------------------------------------------------
class _Action(_Frozen):
    actor: str


class Move(_Action):
    action: Literal["move"] = "move"
    place: str


class Hold(_Action):
    action: Literal["hold"] = "hold"


class Strike(_Action):
    action: Literal["strike"] = "strike"
    target: str


class Rest(_Action):
    action: Literal["rest"] = "rest"


Action = Annotated[Move | Hold | Strike | Rest, Field(discriminator="action")]
ACTIONS: TypeAdapter[Move | Hold | Strike | Rest] = TypeAdapter(Action)


# -- the rules --------------------------------------------------------------------------------
def validate(data: DuelData, state: Duel, action: Move | Hold | Strike | Rest) -> Verdict:
    """Whether ``action`` is legal, with the duel's own reasons."""
    if state.winner is not None:
        return refuse("duel_over", f"{state.fighters[state.winner].name} has won")
    if action.actor not in state.fighters:
        return refuse("no_such_fighter", repr(action.actor))
    me = state.fighters[action.actor]
    if action.actor != state.acting:
        return refuse("not_your_turn", f"{state.fighters[state.order[state.turn]].name} acts")
    wanted = "Move" if isinstance(action, Move | Hold) else "Strike"
    if state.phase != wanted:
        return refuse("wrong_phase", f"it is the {state.phase} phase of {me.name}'s turn")
    if isinstance(action, Move):
        here, there = data.place(me.place), data.place(action.place)
        if there is None:
            return refuse("unknown_place", repr(action.place))
        if here is None or there.id not in here.links:
            return refuse("not_linked", f"from the {_label(data, me.place)} to the {there.label}")
    if isinstance(action, Strike):
        target = state.fighters.get(action.target)
        if target is None or target.id == me.id:
            return refuse("no_such_fighter", f"{action.target!r} is not an opponent")
        if target.place != me.place:
            return refuse(
                "not_face_to_face", f"{target.name} is at the {_label(data, target.place)}"
            )
    return LEGAL


def resolve(
    data: DuelData, state: Duel, action: Move | Hold | Strike | Rest, dice: Dice
) -> tuple[Duel, list[Event]]:
    """The state after ``action`` and what happened."""
    me = state.fighters[action.actor]
    events: list[Event] = []
    if isinstance(action, Move):
        moved = me.model_copy(update={"place": action.place})
        text = f"{me.name} moves to the {_label(data, action.place)}"
        events.append(Event(kind="moved", text=text, figure=me.id))
        state = _with(state, moved).model_copy(update={"phase": "Strike"})
    elif isinstance(action, Hold):
        state = state.model_copy(update={"phase": "Strike"})
    elif isinstance(action, Strike):
        target = state.fighters[action.target]
        roll = dice.roll(1, "strike", sides=6)
        if roll.faces[0] >= data.hit_on:
            hit = target.model_copy(update={"guard": target.guard - 1})
            events.append(
                Event(kind="damage", text=f"{target.name}'s guard breaks", figure=hit.id, amount=1)
            )
            state = _with(state, hit)
            if hit.broken:
                events.append(Event(kind="condition", text=f"{hit.name} is broken", figure=hit.id))
                return state.model_copy(update={"winner": me.id}), events
        else:
            events.append(Event(kind="miss", text=f"{target.name} parries", figure=target.id))
        state = _next_turn(state)
    else:
        state = _next_turn(state)
    return state, events


def _with(state: Duel, fighter: Fighter) -> Duel:
    return state.model_copy(update={"fighters": {**state.fighters, fighter.id: fighter}})


def _next_turn(state: Duel) -> Duel:
    turn = (state.turn + 1) % 2
    rounds = state.round + (1 if turn == 0 else 0)
    return state.model_copy(update={"turn": turn, "round": rounds, "phase": "Move"})


def _label(data: DuelData, place_id: str) -> str:
    place = data.place(place_id)
    return place.label if place else place_id


def describe(data: DuelData, before: Duel, action: dict[str, Any], events: list[Event]) -> str:
    """One line of the log."""
    who = before.fighters.get(str(action.get("actor")))
    name = who.name if who else str(action.get("actor"))
    kind = action.get("action")
    if kind == "move":
        return f"{name} moves to the {_label(data, str(action.get('place')))}."
    if kind == "hold":
        return f"{name} holds at the {_label(data, who.place) if who else '?'}."
    if kind == "rest":
        return f"{name} rests."
    if kind == "strike":
        target = before.fighters.get(str(action.get("target")))
        tail = "; ".join(e.text for e in events) or "no effect"
        return f"{name} strikes at {target.name if target else action.get('target')}: {tail}."
    return f"{name}: {kind}."
