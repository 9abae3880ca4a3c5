"""Brick Duel behind Brick Companion's ruleset interface: the required core, and one
capability, a graph board (``GraphBoard.places``).  No grid, no map, no move hints."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from brick_duel import INFO
from brick_duel import rules as r
from companion.model.mapfile import MapDocument
from companion.rules.dice import Dice
from companion.rules.graph import GraphView, PlaceView
from companion.rules.ruleset import GAME_KEY, Event, Resolution, ScenarioSetup, int_faces
from companion.rules.scenario import ScenarioError
from companion.rules.secrets import Secrets
from companion.rules.table import (
    ActionChoice,
    DieSpec,
    FigureTrack,
    FigureView,
    OptionSpec,
    Prompt,
    SetupChoice,
    TurnView,
    numbered_die,
)
from companion.rules.user_tables import TableSpec, load_table, tables_stamp
from companion.rules.verdict import Verdict
from companion.safefile import Problem

_RESOLUTION = Resolution[r.Duel]

#: The board, a table the user may fill in: new places, or the duel's own redrawn.
PLACES = TableSpec(
    id="places",
    title="Places",
    row=r.PlaceDef,
    bundled=r.data_file("places.toml"),
    overrides=True,
    check=r.place_problems,
    description="The places of the duel's board and the links between them.",
)
#: The keys of a duel's scenario besides the core's.
SETUP = ("guard", "first")


class DuelRules:
    """The Brick Duel ruleset plugin."""

    id = INFO.id
    title = INFO.title
    actions = r.ACTIONS

    def __init__(self) -> None:
        self._data: tuple[object, r.DuelData] | None = None

    @property
    def data(self) -> r.DuelData:
        """The rules file with the board's places as the user's table has them now."""
        stamp = tables_stamp(self.id)
        if self._data is None or self._data[0] != stamp:
            table = load_table(PLACES, self.id)
            self._data = (stamp, r.load_data([row.row for row in table.rows]))
        return self._data[1]

    # -- the user's tables (UserTables) -----------------------------------------------------
    def user_tables(self) -> Sequence[TableSpec[Any]]:
        """The board's places: the user may add places or redraw the duel's own."""
        return (PLACES,)

    # -- the rules --------------------------------------------------------------------------
    def initial_state(self, setup: Mapping[str, Any]) -> r.Duel:
        return r.new_duel(self.data, int(setup.get("guard", self.data.guard)), str(setup["first"]))

    def validate(self, state: r.Duel, action: Any) -> Verdict:
        return r.validate(self.data, state, action)

    def resolve(self, state: r.Duel, action: Any, dice: Dice) -> Resolution[r.Duel]:
        new, events = r.resolve(self.data, state, action, dice)
        return _RESOLUTION(state=new, events=tuple(events))

    def acting_order(self, state: r.Duel) -> Sequence[str]:
        return state.order[state.turn :] + state.order[: state.turn]

    # -- scenarios --------------------------------------------------------------------------
    def scenario_setup(self, doc: Mapping[str, Any]) -> ScenarioSetup:
        """A duel's scenario keys: ``guard`` (boxes, 1-9) and ``first`` (a fighter's id)."""
        problems = [Problem(k, "not a key of a duel's scenario") for k in doc if k not in SETUP]
        guard = doc.get("guard", self.data.guard)
        if not isinstance(guard, int) or isinstance(guard, bool) or not 1 <= guard <= 9:
            problems.append(Problem("guard", f"{guard!r} is not a number of boxes from 1 to 9"))
        first = doc.get("first", self.data.fighters[0].id)
        if first not in {f.id for f in self.data.fighters}:
            problems.append(Problem("first", f"{first!r} is not a fighter"))
        if problems:
            raise ScenarioError(problems=problems)
        return ScenarioSetup(setup={"guard": guard, "first": first})

    def reasons(self) -> Mapping[str, str]:
        return r.REASONS

    def parse_faces(self, values: Sequence[Any]) -> list[int]:
        return int_faces(values)

    def query(self, state: r.Duel, query: Mapping[str, Any]) -> Any:
        raise ValueError("a duel has no measurements to query")

    def compare(self, state: r.Duel, expected: Mapping[str, Any]) -> list[str]:
        problems = []
        for fid, fields in expected.items():
            if fid == GAME_KEY:
                actual: dict[str, Any] = {
                    "round": state.round,
                    "phase": state.phase,
                    "acting": state.acting,
                    "winner": state.winner,
                }
            elif fid in state.fighters:
                f = state.fighters[fid]
                actual = {"place": f.place, "guard": f.guard, "broken": f.broken}
            else:
                problems.append(f"{fid}: no such fighter")
                continue
            for key, want in fields.items():
                if actual.get(key, KeyError) != want:
                    problems.append(f"{fid}.{key}: expected {want!r}, got {actual.get(key)!r}")
        return problems

    # -- a game at the table ----------------------------------------------------------------
    def option_specs(self) -> Sequence[OptionSpec]:
        return (
            OptionSpec(
                key="guard",
                label="Guard boxes",
                kind="number",
                default=self.data.guard,
                minimum=1,
                maximum=9,
                help="How many boxes of guard each fighter starts with.",
            ),
        )

    def setup_choices(self, doc: MapDocument) -> Sequence[SetupChoice]:
        return (
            SetupChoice(
                figure=GAME_KEY,
                key="first",
                label="Who acts first",
                choices=tuple((f.id, f.name) for f in self.data.fighters),
                default=(self.data.fighters[0].id,),
            ),
        )

    def game_setup(
        self,
        doc: MapDocument,
        party: Mapping[str, Any] | None,
        options: Mapping[str, Any],
        choices: Mapping[str, Mapping[str, Any]],
    ) -> dict[str, Any]:
        if party is not None:
            raise ValueError("party: a duel has no party (its fighters are its own)")
        first = choices.get(GAME_KEY, {}).get("first", self.data.fighters[0].id)
        if isinstance(first, list | tuple):
            first = first[0] if first else self.data.fighters[0].id
        try:
            r.new_duel(self.data, 1, str(first))
        except (ValueError, ValidationError) as exc:
            raise ValueError(str(exc)) from None
        return {"guard": int(options.get("guard", self.data.guard)), "first": str(first)}

    def figures(self, state: r.Duel) -> dict[str, FigureView]:
        out = {}
        for f in state.fighters.values():
            guard = FigureTrack(
                id="guard", name="Guard", value=f.guard, maximum=f.max_guard, style="boxes"
            )
            out[f.id] = FigureView(
                id=f.id,
                name=f.name,
                side=f.side,
                kind="Knight",
                is_character=True,
                at=None,
                tracks=(guard,),
                states=("broken",) if f.broken else (),
                actions_left=1 if state.acting == f.id else 0,
                actions_total=1,
                stats=(("Place", self.data.place(f.place).label),),  # type: ignore[union-attr]
            )
        return out

    def turn(self, state: r.Duel) -> TurnView:
        outcome = None
        if state.winner is not None:
            loser = next(f for f in state.fighters.values() if f.id != state.winner)
            outcome = f"{state.fighters[state.winner].name} wins: {loser.name} is broken"
        return TurnView(
            round=state.round,
            acting=state.acting,
            order=state.order,
            turn_started=state.phase != "Move",
            phase=state.phase,
            phases=r.PHASES,
            outcome=outcome,
        )

    def prompts(self, state: r.Duel) -> Sequence[Prompt]:
        return ()

    def choices(self, state: r.Duel, figure_id: str | None) -> Sequence[ActionChoice]:
        if figure_id is None or figure_id != state.acting:
            return ()
        me = {"actor": figure_id}
        if state.phase == "Move":
            return (
                ActionChoice(
                    kind="move",
                    label="Move",
                    template={**me, "action": "move"},
                    needs="place",
                    field="place",
                ),
                ActionChoice(kind="hold", label="Hold", template={**me, "action": "hold"}),
            )
        others = tuple(f for f in state.order if f != figure_id)
        here = state.fighters[figure_id].place
        near = tuple(f for f in others if state.fighters[f].place == here)
        return (
            ActionChoice(
                kind="strike",
                label="Strike",
                template={**me, "action": "strike"},
                needs="figure",
                field="target",
                targets=near,
                enabled=bool(near),
                why_not="" if near else r.REASONS["not_face_to_face"],
            ),
            ActionChoice(kind="rest", label="Rest", template={**me, "action": "rest"}),
        )

    def describe(self, before: r.Duel, action: Mapping[str, Any], events: Sequence[Event]) -> str:
        return r.describe(self.data, before, dict(action), list(events))

    def dice_specs(self) -> Sequence[DieSpec]:
        return (numbered_die(6),)

    # -- the graph board (GraphBoard) -------------------------------------------------------
    def places(self, state: r.Duel) -> GraphView:
        where: dict[str, list[str]] = {}
        for f in state.fighters.values():
            where.setdefault(f.place, []).append(f.id)
        acting = state.acting
        return GraphView(
            places=tuple(
                PlaceView(
                    id=p.id,
                    label=p.label,
                    links=p.links,
                    kind=p.kind,
                    at=p.at,
                    figures=tuple(where.get(p.id, ())),
                )
                for p in self.data.places
            ),
            current=state.fighters[acting].place if acting else None,
        )

    # -- what the watchers may know (PublicInfo) ----------------------------------------------
    def secrets(self, state: r.Duel) -> Secrets:
        """The duel is fought in the dark: the watchers know the places where a fighter
        stands and those one link away, not the rest of the keep."""
        lit: set[str] = set()
        for f in state.fighters.values():
            lit.add(f.place)
            place = self.data.place(f.place)
            if place is not None:
                lit.update(place.links)
        return Secrets(places=frozenset(p.id for p in self.data.places if p.id not in lit))
