"""QUBQST behind Brick Companion's ruleset interface: the required core and its
capabilities — a graph board (``places``), user tables (``user_tables``) and the exact
odds of a fight (``odds``).  No special case in the core."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from companion.model.mapfile import MapDocument
from companion.rules.dice import Dice
from companion.rules.graph import GraphView
from companion.rules.ruleset import GAME_KEY, Event, Resolution, ScenarioSetup
from companion.rules.table import (
    ActionChoice,
    DieSpec,
    FigureTrack,
    FigureView,
    Odds,
    OptionSpec,
    Prompt,
    SetupChoice,
    SheetView,
    TurnView,
)
from companion.rules.user_tables import TableSpec, tables_stamp
from companion.rules.verdict import Verdict
from companion.rulesets.qubqst import INFO
from companion.rulesets.qubqst import state as s
from companion.rulesets.qubqst.board import graph_view, pool_glyphs
from companion.rulesets.qubqst.build import new_game
from companion.rulesets.qubqst.choices import action_choices
from companion.rulesets.qubqst.data import (
    COLOURS,
    SAMPLE_ALL,
    SAMPLE_CHOICES,
    SAMPLE_LABEL,
    TABLES,
    cards_for,
    layered,
    sample_cards,
    text_data,
)
from companion.rulesets.qubqst.odds import round_outcomes, win_chance
from companion.rulesets.qubqst.reasons import REASONS
from companion.rulesets.qubqst.resolve import resolve, score_of
from companion.rulesets.qubqst.scenarios import compare, query, scenario_setup
from companion.rulesets.qubqst.sheets import game_sheets
from companion.rulesets.qubqst.state import Game
from companion.rulesets.qubqst.validate import foe_name, validate
from companion.rulesets.qubqst.words import describe, phase_of

_RESOLUTION = Resolution[Game]


def option_specs() -> tuple[OptionSpec, ...]:
    """QUBQST's options: the sample filling, the mode, and every loose place of the text."""
    return (
        OptionSpec(
            key="sample",
            label=SAMPLE_LABEL,
            kind="choice",
            default="cards",
            choices=(
                ("cards", "Sample cards; your own Character Quick Cards"),
                ("all", SAMPLE_ALL),
                ("off", "Only your own tables"),
            ),
            help="The sample filling is the Brick Companion project's own, not the text's; "
            "your rows always win over it.",
            quote="see the Quick Cards (not included in the text)",
        ),
        OptionSpec(
            key="mode",
            label="Game mode",
            kind="choice",
            default="single",
            choices=(("single", "Single player"), ("coop", "Co-operative"), ("versus", "Versus")),
            quote="Single player / Multi player - Co-operative / Multi player - Versus",
        ),
        OptionSpec(
            key="players",
            label="Players",
            kind="text",
            default="",
            help="Comma-separated names; in versus, each plays a full game in this order.",
        ),
        OptionSpec(
            key="pool_after_defeat",
            label="Next character faces",
            kind="choice",
            default="remaining",
            choices=(("remaining", "the creature's remaining cubes"), ("fresh", "a fresh pool")),
            quote="The party must then decide which character will now face the creature",
        ),
        OptionSpec(
            key="tie_round",
            label="A tied round",
            kind="choice",
            default="nothing",
            choices=(("nothing", "no effect"), ("both_discard", "both discard 1 cube")),
            quote="Whoever has scored the most hits wins the combat round!",
        ),
        OptionSpec(
            key="cube_limit",
            label="Most Combat Cubes rolled a side (0: no limit)",
            kind="number",
            default=0,
            minimum=0,
            maximum=99,
            quote="There are 9 white Combat Cubes",
        ),
        OptionSpec(
            key="rest_cap",
            label="Resting stops at maximum Hit Power",
            kind="switch",
            default=True,
            quote="gain 1 Hit Power by resting",
        ),
        OptionSpec(
            key="swap_fighter",
            label="Another character may take over a fight",
            kind="switch",
            default=False,
            quote="Only 1 character can fight a creature at a time",
        ),
        OptionSpec(
            key="secret_items",
            label="Items cubes go in the secret-room bag",
            kind="switch",
            default=False,
            quote="The Magic Items and Normal Items Cache Cubes can also be put in if the "
            "party wishes",
        ),
        OptionSpec(
            key="resistance_fight",
            label="A normal attack on a resistant creature",
            kind="choice",
            default="refuse",
            choices=(
                ("refuse", "is refused (it can only be attacked with magic)"),
                ("no_harm", "may be tried, doing it no harm (so it engages)"),
            ),
            quote="it is resistant to normal attacks, and can only be attacked with magic",
        ),
    )


class QubqstRules:
    """The QUBQST ruleset plugin."""

    id = INFO.id
    title = INFO.title
    actions = s.ACTIONS

    def __init__(self) -> None:
        self._dice: tuple[object, tuple[DieSpec, ...]] | None = None

    # -- the user's tables (UserTables) -----------------------------------------------------
    def user_tables(self) -> Sequence[TableSpec[Any]]:
        return TABLES

    # -- the rules --------------------------------------------------------------------------
    def initial_state(self, setup: Mapping[str, Any]) -> Game:
        try:
            return new_game(setup)
        except ValidationError as exc:
            raise ValueError(str(exc).splitlines()[0]) from None

    def validate(self, state: Game, action: Any) -> Verdict:
        return validate(state, action)

    def resolve(self, state: Game, action: Any, dice: Dice) -> Resolution[Game]:
        new, events = resolve(state, action, dice)
        return _RESOLUTION(state=new, events=tuple(events))

    def acting_order(self, state: Game) -> Sequence[str]:
        able = [c for c in state.party_ids if state.characters[c].able]
        fighting = [c for c in able if state.characters[c].pool is not None]
        return fighting + [c for c in able if c not in fighting]

    # -- scenarios --------------------------------------------------------------------------
    def scenario_setup(self, doc: Mapping[str, Any]) -> ScenarioSetup:
        return scenario_setup(doc)

    def reasons(self) -> Mapping[str, str]:
        return REASONS

    def parse_faces(self, values: Sequence[Any]) -> list[int]:
        out = []
        for v in values:
            if isinstance(v, int) and not isinstance(v, bool):
                out.append(v)
                continue
            if not isinstance(v, str):
                raise ValueError(f"{v!r} is not a face: give a number or a label")
            for spec in self.dice_specs():
                try:
                    out.append(spec.face(v))
                    break
                except ValueError:
                    continue
            else:
                raise ValueError(f"{v!r} is not the label of a face of any QUBQST cube")
        return out

    def query(self, state: Game, q: Mapping[str, Any]) -> Any:
        return query(state, q)

    def compare(self, state: Game, expected: Mapping[str, Any]) -> list[str]:
        return compare(state, expected)

    # -- a game at the table ----------------------------------------------------------------
    def option_specs(self) -> Sequence[OptionSpec]:
        return option_specs()

    def setup_choices(self, doc: MapDocument) -> Sequence[SetupChoice]:
        td = text_data()
        return (
            SetupChoice(
                figure=GAME_KEY,
                key="party",
                label="The party (1 to 3 characters)",
                choices=tuple((c.id, f"{c.name} ({c.code})") for c in td.characters),
                default=tuple(c.id for c in td.characters),
                multiple=True,
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
            raise ValueError("party: a QUBQST party is chosen at set-up (choices._game.party)")
        raw = choices.get(GAME_KEY, {}).get("party", ["war", "wiz", "thf"])
        if isinstance(raw, str):
            raw = [p for p in raw.replace("+", ",").split(",") if p]
        ids = [str(p).strip().lower() for p in raw]
        known = [c.id for c in text_data().characters]
        bad = [p for p in ids if p not in known]
        if bad or not 1 <= len(ids) <= 3 or len(set(ids)) != len(ids):
            raise ValueError(
                f"choices._game.party: {', '.join(ids) or 'nobody'} is not 1 to 3 "
                f"different characters of {', '.join(known)}"
            )
        sample = str(options.get("sample", "cards"))
        if sample not in SAMPLE_CHOICES:
            raise ValueError(f"options.sample: {sample!r} is not one of {SAMPLE_CHOICES}")
        cards = cards_for(ids, sample)  # MissingEntries names every empty entry it needs
        if options.get("mode") == "versus":  # each player may choose a party of their own
            # Only the first party's cards filled: the other players play that party too.
            with contextlib.suppress(ValueError):
                cards = cards_for(known, sample)
        opts = {o.key: options.get(o.key, o.default) for o in option_specs()}
        return {"party": ids, "options": opts, "cards": cards.model_dump(mode="json")}

    def figures(self, state: Game) -> dict[str, FigureView]:
        out: dict[str, FigureView] = {}
        acting = self.acting_order(state)
        for cid in state.party_ids:
            c = state.characters[cid]
            tracks = [
                FigureTrack(
                    id="hit_power", name="Hit Power", value=c.hit_power, maximum=c.max_hit_power
                )
            ]
            if state.cards.characters[cid].casting_points > 0:
                tracks.append(
                    FigureTrack(
                        id="casting_points",
                        name="Casting Points",
                        value=c.casting_points,
                        maximum=max(c.casting_points, state.cards.characters[cid].casting_points),
                    )
                )
            if c.pool is not None:
                tracks.append(
                    FigureTrack(id="pool", name="Combat Cubes", value=c.pool, maximum=c.hit_power)
                )
            states = tuple(
                n for n, on in (("WEK", c.weak), ("dead", c.dead), ("down", c.down)) if on
            )
            out[cid] = FigureView(
                id=cid,
                name=c.name,
                side="party",
                kind=c.name,
                is_character=True,
                at=None,
                hp=c.hit_power,
                max_hp=c.max_hit_power,
                sp=c.casting_points,
                dead=c.dead,
                tracks=tuple(tracks),
                states=states,
                actions_left=1 if acting and acting[0] == cid else 0,
                actions_total=1,
                stats=(("Code", cid.upper()),),
                items=tuple(
                    i.upper() for i in (state.party.normal_item, state.party.magic_item) if i
                ),
            )
        enc = state.encounter
        for foe in enc.foes if enc else ():
            if foe.bag is not None:
                continue
            pool = foe.pool if foe.pool is not None else foe.hit_power
            out[foe.id] = FigureView(
                id=foe.id,
                name=foe_name(state, foe),
                side="catacomb",
                kind=foe.colour,
                is_character=False,
                at=None,
                hp=foe.hit_power,
                max_hp=foe.hit_power,
                dead=foe.defeated,
                tracks=(
                    FigureTrack(
                        id="pool", name="Combat Cubes", value=pool, maximum=max(pool, foe.hit_power)
                    ),
                ),
                states=tuple(
                    n
                    for n, on in (
                        ("defeated", foe.defeated),
                        ("sneaked past", foe.sneaked),
                        ("evaded", foe.evaded),
                        ("engaged", foe.engaged and not foe.resolved),
                    )
                    if on
                ),
                stats=tuple(
                    ("Abilities", ", ".join(state.cards.creatures[foe.creature].abilities) or "-")
                    for _ in (1,)
                    if foe.creature
                ),
            )
        return out

    def turn(self, state: Game) -> TurnView:
        order = tuple(self.acting_order(state))
        outcome = None
        if state.phase == "over":
            outcome = (
                f"the catacombs are conquered: score {score_of(state)}"
                if state.outcome == "won"
                else "every character is dead: the quest is lost"
            )
            if state.options.mode == "versus" and state.results:
                done = [r for r in state.results if r.completed]
                if done and state.player + 1 >= len(state.players):
                    best = max(done, key=lambda r: r.score)
                    outcome += f"; {best.player} wins with {best.score}"
        notes = []
        if state.encounter is not None:
            notes.append(f"Cube {state.visited}: {state.encounter.cube}")
            if state.phase == "play" and not any(
                c.enabled for who in order for c in action_choices(state, who)
            ):
                notes.append(
                    "Nobody can deal with what is here (a resistant creature needs magic: "
                    "the option resistance_fight=no_harm lets a normal attack engage it)"
                )
        return TurnView(
            round=max(1, state.visited),
            acting=None if state.phase == "over" else (order[0] if order else None),
            order=order,
            # The party decides together who acts: any able character may be picked.
            turn_started=False,
            choosable=order if state.phase != "over" else (),
            phase=phase_of(state),
            phases=s.PHASES,
            outcome=outcome,
            headline=f"Score {score_of(state)}" if state.phase != "setup" else "Set-up",
            notes=tuple(notes),
        )

    def prompts(self, state: Game) -> Sequence[Prompt]:
        return ()

    def choices(self, state: Game, figure_id: str | None) -> Sequence[ActionChoice]:
        return action_choices(state, figure_id)

    def describe(self, before: Game, action: Mapping[str, Any], events: Sequence[Event]) -> str:
        return describe(before, dict(action), list(events))

    def dice_specs(self) -> Sequence[DieSpec]:
        """The Combat Cube, a d6 for rolls, and each cube with its faces' labels (from the
        tables as they are now: the sample under your rows); remembered until the user's
        table files change."""
        stamp = tables_stamp(self.id)
        cached = self._dice
        if cached is None or cached[0] != stamp:
            cached = (stamp, self._dice_specs())
            self._dice = cached
        return cached[1]

    def _dice_specs(self) -> tuple[DieSpec, ...]:
        td = text_data()
        specs = [
            DieSpec(id="combat", name="Combat Cube", faces=td.combat_faces),
            DieSpec(id="d6", name="d6", faces=tuple(str(i) for i in range(1, 7))),
        ]
        try:
            rows = layered("all")
        except Exception:  # a faulty user file: numbered faces
            rows = {}
        names = {f"creature_{c}": f"{c} Creature Cube" for c in COLOURS}
        names |= {c.id: f"{c.name} Cache Cube" for c in td.caches}
        names["contraption"] = "Contraption Cube"
        for cube, name in names.items():
            faces = rows.get("cubes", {}).get(cube, {}).get("faces")
            labels = _labels(faces)
            if cube in ("gold", "gems") and faces:  # "3/GP", "2/gems": not face numbers
                unit = "GP" if cube == "gold" else "gems"
                labels = tuple(f if f == "trp" else f"{f}/{unit}" for f in labels)
            specs.append(DieSpec(id=cube, name=name, faces=labels))
        for cdef in td.cubes:
            faces = rows.get("catacombs", {}).get(cdef.id, {}).get("faces")
            specs.append(
                DieSpec(id=f"catacomb_{cdef.id}", name=f"{cdef.id} cube", faces=_labels(faces))
            )
        return tuple(specs)

    # -- the graph board (GraphBoard) ---------------------------------------------------------
    def places(self, state: Game) -> GraphView:
        return graph_view(state)

    # -- odds (AttackOdds) ---------------------------------------------------------------------
    def odds(self, state: Game, action: Mapping[str, Any]) -> Odds | None:
        if action.get("action") != "fight" or state.encounter is None:
            return None
        me = state.characters.get(str(action.get("actor")))
        foe = next((f for f in state.encounter.foes if f.id == action.get("foe")), None)
        if me is None or foe is None or foe.creature is None:
            return None
        mine = me.pool if me.pool is not None and foe.fighter == me.id else me.hit_power
        theirs = foe.pool if foe.pool is not None else foe.hit_power
        absorb = "absorb" in state.cards.creatures[foe.creature].abilities
        o = state.options
        win = win_chance(mine, theirs, absorb, o.tie_round, o.cube_limit)
        rnd = round_outcomes(mine, theirs, o.cube_limit)
        hit = sum(p for d, p in rnd.items() if d > 0)
        damage: dict[int, float] = {}
        for d, p in rnd.items():
            damage[max(0, d)] = damage.get(max(0, d), 0.0) + p
        text = (
            f"{me.name} {pool_glyphs(mine)} v {foe_name(state, foe)} {pool_glyphs(theirs)}: "
            f"wins the round "
            f"{hit:.0%}, the fight {win:.1%}"
        )
        return Odds(
            hit=hit, damage=damage, kill=win, text=text, headline=f"{win:.0%} to win the fight"
        )

    # -- the party sheet (GameSheets) ---------------------------------------------------------
    def game_sheets(self, state: Game) -> Sequence[SheetView]:
        return game_sheets(state)


def _labels(faces: Any) -> tuple[str, ...]:
    if isinstance(faces, list | tuple) and len(faces) == 6:
        return tuple(str(f) for f in faces)
    return tuple(str(i) for i in range(1, 7))


__all__ = ["QubqstRules", "sample_cards"]
