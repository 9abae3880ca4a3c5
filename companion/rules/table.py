"""What the table sees of a game, in terms every ruleset can fill.

The window, the command line and the tests show a game through these values only: the
figures (hit points, conditions, actions left), whose turn it is, what the acting figure
may do now, the odds of an attack, and the work to go through at the start of a turn.
A ruleset builds them from its own state; nothing here knows a rule.

Character sheets (``sheet_views``), board marks (``board_marks``), dice faces
(``dice_specs``) and facings (``facing``) live in modules of their own; their names are
importable from here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import Field, model_validator

from companion.model.geometry import arcs
from companion.rules.board_marks import BoardMark as BoardMark
from companion.rules.dice_specs import DieSpec as DieSpec
from companion.rules.dice_specs import numbered_die as numbered_die
from companion.rules.dice_specs import roll_labels as roll_labels
from companion.rules.facing import NO_FACING as NO_FACING
from companion.rules.facing import ArcSpec as ArcSpec
from companion.rules.facing import FacingKind as FacingKind
from companion.rules.facing import FacingSpec as FacingSpec
from companion.rules.sheet_views import Edit as Edit
from companion.rules.sheet_views import SheetField as SheetField
from companion.rules.sheet_views import SheetSection as SheetSection
from companion.rules.sheet_views import SheetView as SheetView
from companion.rules.view_value import Square as Square
from companion.rules.view_value import ViewValue

#: What an option is, and so how it is asked for and read: ``"switch"`` (on or off),
#: ``"number"`` (a whole number from ``minimum`` to ``maximum``), ``"decimal"`` (a number
#: with a fraction, in the same bounds), ``"choice"`` (one of ``choices``) or ``"text"``.
OptionKind = Literal["switch", "number", "decimal", "choice", "text"]


class OptionSpec(ViewValue):
    """An optional rule or reading, set per game: what it is (``kind``), its default, its
    bounds or choices, and what it means.  The New Game dialog draws it from this and
    ``game new --option`` reads it by it (``companion.rules.setups.read_options``)."""

    key: str
    label: str
    kind: OptionKind
    default: bool | int | float | str
    #: For a choice: the values allowed, with their titles.
    choices: tuple[tuple[int | float | str, str], ...] = ()
    #: For a number or a decimal: the smallest and largest values allowed (None: no bound).
    minimum: int | float | None = None
    maximum: int | float | None = None
    help: str = ""
    #: The rules' own sentence the option reads, when it settles a loose place of the text.
    quote: str = ""

    @model_validator(mode="after")
    def _default_fits_kind(self) -> OptionSpec:
        d, kind = self.default, self.kind
        fits = {
            "switch": isinstance(d, bool),
            "number": isinstance(d, int) and not isinstance(d, bool),
            "decimal": isinstance(d, (int, float)) and not isinstance(d, bool),
            "choice": any(type(v) is type(d) and v == d for v, _ in self.choices),
            "text": isinstance(d, str),
        }[kind]
        if not fits:
            raise ValueError(f"option {self.key}: default {d!r} is not a {kind}")
        if (self.choices != ()) != (kind == "choice"):
            raise ValueError(f"option {self.key}: only a choice has choices")
        if kind in ("number", "decimal"):
            assert not isinstance(d, (bool, str))
            if (self.minimum is not None and d < self.minimum) or (
                self.maximum is not None and d > self.maximum
            ):
                raise ValueError(f"option {self.key}: default {d} is out of its range")
        elif self.minimum is not None or self.maximum is not None:
            raise ValueError(f"option {self.key}: only a number has a range")
        return self

    @property
    def default_text(self) -> str:
        """The default as the table reads it ("on", "4", "2x2 squares")."""
        if self.kind == "switch":
            return "on" if self.default else "off"
        if self.kind == "choice":
            return next(t for v, t in self.choices if v == self.default)
        return str(self.default)

    @property
    def range_text(self) -> str:
        """ "1 or more", "0 to 4", "" (no bounds or not a number)."""
        lo, hi = self.minimum, self.maximum
        if lo is not None and hi is not None:
            return f"{lo} to {hi}"
        if lo is not None:
            return f"{lo} or more"
        return f"at most {hi}" if hi is not None else ""


class RosterFigure(ViewValue):
    """A roster character as a figure placed on a map stands for it (linked by ``id``)."""

    id: str
    #: Its name as the figure's label ("Sir Galen").
    name: str
    side: str
    #: The class (or hero kind) the figure is placed as.
    class_id: str


class SetupChoice(ViewValue):
    """A choice a monster's card leaves open (a skeleton's weapon, a snakeman's spells)."""

    figure: str
    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: tuple[str, ...] = ()
    #: Several values may be picked (optional abilities), or exactly one (a weapon).
    multiple: bool = False


class Badge(ViewValue):
    """A condition shown on a figure: poisoned, cursed, raging... with rounds left."""

    id: str
    label: str
    rounds: int | None = None


class FigureTrack(ViewValue):
    """A named track of a figure (hit points, armour pieces, spell points, casting points,
    a duel's guard): its value out of its maximum, drawn as boxes or as a number."""

    id: str
    name: str
    value: int
    maximum: int
    #: ``"boxes"``: a row of boxes, ``value`` of them whole (armour pieces, a guard);
    #: ``"number"``: "value/maximum" (hit points).
    style: Literal["boxes", "number"] = "number"
    #: A sign written before it instead of its name ("♥"), or "".
    glyph: str = ""

    @property
    def text(self) -> str:
        """The track as a line reads it: "♥ 3/5", "Guard ■■□"."""
        head = self.glyph or self.name
        if self.style == "boxes":
            whole = max(0, min(self.value, self.maximum))
            return f"{head} " + "■" * whole + "□" * (self.maximum - whole)
        return f"{head} {self.value}/{self.maximum}"


class FigureView(ViewValue):
    """One figure as the tracker, the roster and the map show it."""

    id: str
    name: str
    side: str
    #: What it is: "Human Warrior", "Orc".
    kind: str
    is_character: bool
    at: Square | None
    facing: str = "S"
    #: Hit points, for a ruleset that counts them (``figure_tracks`` makes them a track
    #: when ``tracks`` is empty); 0 of 0 for one whose figures have tracks instead.
    hp: int = 0
    max_hp: int = 0
    sp: int = 0
    max_sp: int = 0
    dead: bool = False
    #: Named tracks (armour pieces, a guard, casting points...); empty: hit points and
    #: spell points are its tracks (``figure_tracks``).
    tracks: tuple[FigureTrack, ...] = ()
    #: States worded for the table ("broken", "weak"), shown beside the figure's name.
    states: tuple[str, ...] = ()
    badges: tuple[Badge, ...] = ()
    actions_left: int = 0
    actions_total: int = 0
    initiative: str = ""
    #: A few lines for the info panel: ("Move", "4"), ("Attack", "3 dice melee")...
    stats: tuple[tuple[str, str], ...] = ()
    #: What it carries, by the names the table shows ("Healing Potion", not an id).
    items: tuple[str, ...] = ()
    #: Its base's width in squares, and whether the base is centred on ``at`` or covers
    #: squares from ``at`` as its north-west corner (``FigureProfile``), in this game.
    base_squares: float = 1.0
    anchor: Literal["centre", "corner"] = "centre"
    #: Its facing in degrees clockwise from north, when the ruleset's figures face eight
    #: ways or any angle (``FacingSpec``); None: ``facing`` (a compass name) says it.
    heading: float | None = None

    @property
    def facing_degrees(self) -> float:
        """Its facing in degrees clockwise from north: ``heading``, else ``facing``'s."""
        if self.heading is not None:
            return arcs.normal(self.heading)
        return arcs.COMPASS.get(self.facing.upper(), 180.0)


def figure_tracks(view: FigureView) -> tuple[FigureTrack, ...]:
    """The tracks the table shows of a figure: its own, or (for a ruleset that counts hit
    points) its hit points and, if it has any, its spell points.  The one place the old
    fields become tracks."""
    if view.tracks:
        return view.tracks
    out = [FigureTrack(id="hp", name="Hit points", value=view.hp, maximum=view.max_hp, glyph="♥")]
    if view.max_sp:
        out.append(
            FigureTrack(id="sp", name="Spell points", value=view.sp, maximum=view.max_sp, glyph="✦")
        )
    return tuple(out)


def tracks_text(view: FigureView) -> str:
    """A figure's tracks on one line: "♥ 3/5  ✦ 2/4", "Guard ■■□"."""
    return "  ".join(t.text for t in figure_tracks(view))


def track_changes(before: dict[str, FigureView], after: dict[str, FigureView]) -> list[str]:
    """What an action did to the figures' named tracks and states, worded for the log
    ("Blue Knight: Guard ■■■ → ■■□", "Blue Knight is broken"); hit points are the
    ruleset's own sentences to tell, so only ``FigureView.tracks`` are compared."""
    out = []
    for fid, now in after.items():
        was = before.get(fid)
        if was is None:
            continue
        old = {t.id: t for t in was.tracks}
        for track in now.tracks:
            prior = old.get(track.id)
            if prior is not None and prior.value != track.value:
                out.append(
                    f"{now.name}: {prior.text} → {track.text.removeprefix(track.name + ' ')}"
                )
        for state in now.states:
            if state not in was.states:
                out.append(f"{now.name} is {state}")
        for state in was.states:
            if state not in now.states:
                out.append(f"{now.name} is no longer {state}")
    return out


class TrackView(ViewValue):
    """A track of boxes the game fills (Heroica's Fire Track): drawn as a strip."""

    id: str
    name: str
    filled: int
    length: int
    #: "#rrggbb" of a filled box.
    colour: str = "#c0392b"
    #: What filling it does, one line.
    note: str = ""


class TurnView(ViewValue):
    """Whose turn it is and the order of the round."""

    round: int
    #: The figure to act now (None: nobody yet, e.g. initiative is to be rolled).
    acting: str | None
    #: Every figure still in the order, in initiative order.
    order: tuple[str, ...]
    labels: dict[str, str] = Field(default_factory=dict)
    held: tuple[str, ...] = ()
    holding_phase: bool = False
    #: Initiative has to be rolled (or typed) before anyone acts.
    needs_initiative: bool = False
    #: The acting figure's turn has begun (its start-of-turn work is done).
    turn_started: bool = False
    #: Figures the player to move may pick to act now, when the rules let them choose
    #: (players alternating activations); empty when the order decides.
    choosable: tuple[str, ...] = ()
    #: One line on where the round stands ("Roll 14 · Blue activates a character").
    headline: str = ""
    #: The game's end, worded ("Blue wins"); None while it goes on.
    outcome: str | None = None
    #: Other things the table should see, one line each (items lying on the table...).
    notes: tuple[str, ...] = ()
    #: Tracks the game fills, drawn as strips of boxes in the tracker.
    tracks: tuple[TrackView, ...] = ()
    #: The phase of the round now ("Move"), when the round is made of named phases.
    phase: str = ""
    #: The round's named phases, in order ("Move", "Strike"); empty: no phases.
    phases: tuple[str, ...] = ()
    #: The action that sets a new order when the tracker's list is dragged, without its
    #: ``"order"`` (the figure ids, filled by the tracker); None: the order may not be
    #: dragged (the rules fix it).
    reorder: dict[str, Any] | None = None


class Prompt(ViewValue):
    """Work to go through at the start of a turn or round, with the roll it needs."""

    figure: str
    text: str
    #: The dice the work rolls, e.g. "1d6"; empty when it needs none.
    dice: str = ""


#: What a click must add to an action before it can be checked.
#: "destination": a square among ``Ruleset.moves`` (a straight move to it), given as [x, y].
#: "figures": several figures, a list of ids (``ActionChoice.min_targets`` to
#: ``max_targets`` of them): a gang-up, hits split among losers.
#: "place": a place of a graph board (``GraphBoard``), given as its id.
Needs = Literal["none", "path", "destination", "figure", "figures", "square", "area", "place"]


class ActionChoice(ViewValue):
    """Something the acting figure (or the BrickMaster) may do now."""

    #: Stable key for the GUI and its shortcut, e.g. "move", "attack", "cast", "end_turn".
    kind: str
    label: str
    #: The action to send, without what the click adds (``needs``).
    template: dict[str, Any]
    needs: Needs = "none"
    #: The field ``needs`` fills: "path", "target", "squares".
    field: str = ""
    #: A second square clicked after the first fills this field (an object moved: from, to).
    then_field: str = ""
    #: Figures the action may be aimed at (for ``needs == "figure"``).
    targets: tuple[str, ...] = ()
    #: For an area: its shape and size, so a template can follow the mouse.
    area: dict[str, Any] | None = None
    #: Grouped under this menu in the action bar ("Cast", "Interact", "Use item"...).
    group: str = ""
    enabled: bool = True
    #: Why it cannot be taken now (shown beside the disabled button), from the rules.
    why_not: str = ""
    #: Targets the table should confirm before they are hit (an ally, the actor itself),
    #: each with the question to ask: ``((target, question), ...)``.  For an area
    #: (``needs == "area"``): every figure it may catch; the table asks about those
    #: ``Ruleset.area`` says the area aimed covers.
    confirm: tuple[tuple[str, str], ...] = ()
    #: The ways the figure may end the action facing ("N", "E", "S", "W"), when the
    #: ruleset has facing; chosen while the action is pending and sent in ``facing_field``.
    #: Empty with a ``facing_field``: every facing the ruleset's ``FacingSpec`` allows
    #: (any angle: a number of degrees).
    facings: tuple[str, ...] = ()
    facing_field: str = ""
    #: For ``needs == "figures"``: how many of ``targets`` the action takes, sent as a
    #: list of ids in ``field``.
    min_targets: int = Field(default=1, ge=1)
    max_targets: int = Field(default=1, ge=1)
    #: One line on what it does (an item's effect in a shop), shown beside it.
    detail: str = ""
    #: Its group opens as a dialog listing every member, which stays open while several
    #: are taken (a shop), instead of a menu.
    dialog: bool = False
    #: Its exact odds (``AttackOdds.odds`` of ``template``) are shown while it is offered,
    #: before it is taken (a fight's next round: nothing to aim, so nothing to hover).
    show_odds: bool = False

    @model_validator(mode="after")
    def _target_counts(self) -> ActionChoice:
        if self.max_targets < self.min_targets:
            raise ValueError(
                f"{self.kind}: max_targets {self.max_targets} is below "
                f"min_targets {self.min_targets}"
            )
        return self

    @property
    def count_text(self) -> str:
        """How many targets it takes, worded: "2", "1 to 3"."""
        lo, hi = self.min_targets, self.max_targets
        return str(lo) if lo == hi else f"{lo} to {hi}"


def confirm_allies(
    targets: Sequence[str], actor: str, sides: dict[str, str], names: dict[str, str], what: str
) -> tuple[tuple[str, str], ...]:
    """The questions to ask before ``actor`` aims a harmful action (``what``: "Melee
    attack") at itself or one of its own side, for ``ActionChoice.confirm``."""
    out = []
    for t in targets:
        name = names.get(t, t)
        if t == actor:
            out.append((t, f"{what} on {name} itself?"))
        elif sides.get(t) is not None and sides.get(t) == sides.get(actor):
            out.append((t, f"{name} is on {names.get(actor, actor)}'s side. {what} anyway?"))
    return tuple(out)


class Odds(ViewValue):
    """The exact odds of an attack or damaging spell, computed, not sampled."""

    hit: float
    #: Damage -> probability (0 included).
    damage: dict[int, float]
    kill: float
    text: str
    #: The line to show first instead of "hit to hurt, kill to kill" (a fight won or
    #: lost as a whole: "62% to win the fight"); "": those two numbers.
    headline: str = ""


class MoveOption(ViewValue):
    """A square the figure can reach this action, with its path and cost."""

    square: Square
    cost: int
    path: tuple[Square, ...]
    #: One line the table shows with it, from the rules (a move whose path ends on
    #: another figure and goes on to ``square``: where and why).
    note: str = ""
    #: The move's length as the rules write it in the log ("15.6 studs"); "": ``cost``
    #: squares.
    length: str = ""


class FigureProfile(ViewValue):
    """What a class or monster card says about moving and attacking, for measuring a
    figure placed on a map (no game needed)."""

    name: str
    move: int
    melee: bool
    reach: bool
    #: (minimum, maximum) range of a ranged attack, or None.
    ranged: tuple[float, float] | None = None
    large: bool = False
    #: It may move through occupied squares (vermin, incorporeal).
    slips_through: bool = False
    #: Its base's width in squares (a round 2-stud base on a one-stud table: 2).
    base_squares: float = 1.0
    #: Where a base wider than one square lies: ``"centre"``, centred on the figure's
    #: square (a table's round base); ``"corner"``, with the figure's square as its
    #: north-west square (a grid footprint: a BrickQuest Large Creature's 2x2 squares).
    anchor: Literal["centre", "corner"] = "centre"
