"""What the table sees of a game, in terms every ruleset can fill.

The window, the command line and the tests show a game through these values only: the
figures (hit points, conditions, actions left), whose turn it is, what the acting figure
may do now, the odds of an attack, and the work to go through at the start of a turn.
A ruleset builds them from its own state; nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.model.geometry import arcs
from companion.rules.dice import DiceRoll

Square = tuple[int, int]


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


#: What an option is, and so how it is asked for and read: ``"switch"`` (on or off),
#: ``"number"`` (a whole number from ``minimum`` to ``maximum``), ``"decimal"`` (a number
#: with a fraction, in the same bounds), ``"choice"`` (one of ``choices``) or ``"text"``.
OptionKind = Literal["switch", "number", "decimal", "choice", "text"]


class OptionSpec(_Value):
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


class RosterFigure(_Value):
    """A roster character as a figure placed on a map stands for it (linked by ``id``)."""

    id: str
    #: Its name as the figure's label ("Sir Galen").
    name: str
    side: str
    #: The class (or hero kind) the figure is placed as.
    class_id: str


class SetupChoice(_Value):
    """A choice a monster's card leaves open (a skeleton's weapon, a snakeman's spells)."""

    figure: str
    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: tuple[str, ...] = ()
    #: Several values may be picked (optional abilities), or exactly one (a weapon).
    multiple: bool = False


class Badge(_Value):
    """A condition shown on a figure: poisoned, cursed, raging... with rounds left."""

    id: str
    label: str
    rounds: int | None = None


class FigureTrack(_Value):
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


class FigureView(_Value):
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


class TrackView(_Value):
    """A track of boxes the game fills (Heroica's Fire Track): drawn as a strip."""

    id: str
    name: str
    filled: int
    length: int
    #: "#rrggbb" of a filled box.
    colour: str = "#c0392b"
    #: What filling it does, one line.
    note: str = ""


class TurnView(_Value):
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


class Prompt(_Value):
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


class ActionChoice(_Value):
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


class Odds(_Value):
    """The exact odds of an attack or damaging spell, computed, not sampled."""

    hit: float
    #: Damage -> probability (0 included).
    damage: dict[int, float]
    kill: float
    text: str


class MoveOption(_Value):
    """A square the figure can reach this action, with its path and cost."""

    square: Square
    cost: int
    path: tuple[Square, ...]


class FigureProfile(_Value):
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


#: How a sheet field is edited: "" (derived: read only), or the widget for it.
Edit = Literal["", "text", "int", "choice", "bool"]


class SheetField(_Value):
    """One line of a character sheet: a label and its value, and how it is edited."""

    #: The character's field an edit changes (``CharacterSheets.edit_character``).
    key: str
    label: str
    #: The value as shown and printed.
    value: str
    edit: Edit = ""
    #: For ``edit == "choice"``: (value, title) pairs.
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: A row of boxes to tick (hits taken): (filled, total).
    track: tuple[int, int] | None = None


class SheetSection(_Value):
    """A titled block of a sheet: fields, or a paragraph (a class's ability text)."""

    title: str
    fields: tuple[SheetField, ...] = ()
    text: str = ""


class SheetView(_Value):
    """A character sheet as any ruleset fills it; the screen and the PDF both draw this."""

    id: str
    title: str
    subtitle: str = ""
    #: The side or party it belongs to (a colour on screen and paper).
    side: str = ""
    sections: tuple[SheetSection, ...] = ()


class BoardMark(_Value):
    """Something a ruleset's board shows on a square or an edge (a Heroica space's colour,
    a chest, a locked door between two spaces), drawn by the map.

    ``"fill"`` tints the whole square under the figures (a location's realm colour); a
    square with several fills, or a ``hatched`` one, is drawn striped (a link piece, in
    two locations).  ``"token"`` draws a round badge with the glyph above the terrain.
    ``"edge"`` draws a thick bar on the edge between ``at`` and ``to``."""

    at: Square
    #: The square across the edge, for ``kind == "edge"``.
    to: Square | None = None
    #: Up to three characters drawn on a token.
    glyph: str = Field(default="", max_length=3)
    #: What it is, for the tooltip and the legend.
    label: str = Field(default="", max_length=200)
    #: "#rrggbb".
    colour: str = Field(default="#888888", pattern=r"^#[0-9A-Fa-f]{6}$")
    kind: Literal["fill", "token", "edge"] = "token"
    #: A fill drawn with stripes (a square shared by two places: a link piece).
    hatched: bool = False

    @model_validator(mode="after")
    def _edge_has_two_squares(self) -> BoardMark:
        if self.kind == "edge" and (
            self.to is None or abs(self.to[0] - self.at[0]) + abs(self.to[1] - self.at[1]) != 1
        ):
            raise ValueError("an edge mark needs 'to': the square next to 'at'")
        return self


class DieSpec(_Value):
    """One of a ruleset's dice: its id and the label of each face (face 1 first).

    Numbered dice label their faces "1".."n"; symbol dice name theirs ("Shield").  Typed
    dice may be given by label, and the log and the dice dialog show the labels."""

    id: str
    name: str
    faces: tuple[str, ...] = Field(min_length=2)

    @property
    def sides(self) -> int:
        return len(self.faces)

    @property
    def numbered(self) -> bool:
        return self.faces == tuple(str(i) for i in range(1, len(self.faces) + 1))

    def label(self, face: int) -> str:
        """The label of ``face`` (1-based); the number itself when off the die."""
        return self.faces[face - 1] if 1 <= face <= len(self.faces) else str(face)

    def face(self, text: str) -> int:
        """The face a typed label or number stands for; ``ValueError`` names a wrong one."""
        wanted = text.strip().casefold()
        for i, label in enumerate(self.faces, 1):
            if label.casefold() == wanted:
                return i
        # A plain number is a face's number on a numbered die only: a symbol die's faces
        # are named, and "1" on Heroica's Action Die means its "1/Skull/Sword" face.
        if self.numbered and wanted.isdigit() and 1 <= int(wanted) <= len(self.faces):
            return int(wanted)
        raise ValueError(f"{text!r} is not a face of the {self.name} ({', '.join(self.faces)})")


def numbered_die(sides: int) -> DieSpec:
    """A plain d``sides``."""
    return DieSpec(id=f"d{sides}", name=f"d{sides}", faces=tuple(map(str, range(1, sides + 1))))


def roll_labels(roll: DiceRoll, specs: Sequence[DieSpec]) -> list[str]:
    """A roll's faces as labels when it was made on one of ``specs``' dice, else numbers."""
    spec = next((d for d in specs if d.id == roll.die), None)
    if spec is None:
        return [str(f) for f in roll.faces]
    return [spec.label(f) for f in roll.faces]


#: How a ruleset's figures face: not at all, one of four or eight compass directions,
#: or any angle (degrees clockwise from north).
FacingKind = Literal["none", "four", "eight", "any"]


class ArcSpec(_Value):
    """An arc a ruleset's attacks reach into, centred on the figure's facing: its key
    (what an action or a query names), its title and its width (90: BrickQuest's ±45°,
    180: a forward semicircle, 360: all round)."""

    key: str
    label: str
    degrees: float = Field(gt=0, le=360)


class FacingSpec(_Value):
    """How a ruleset's figures face and the arcs its attacks use, as data: the geometry
    measures with it (``companion.model.geometry.arcs``) and the window draws and sets
    facings from it.  A facing travels in an action as a compass name ("N", "SE") when
    the figures face four or eight ways, as a number of degrees when any angle."""

    kind: FacingKind = "none"
    #: The arcs, the one drawn for a figure first.
    arcs: tuple[ArcSpec, ...] = ()
    #: When a figure's facing is set, in the rules' words ("when a figure stops moving").
    note: str = ""

    @model_validator(mode="after")
    def _arcs_need_facing(self) -> FacingSpec:
        if self.kind == "none" and self.arcs:
            raise ValueError("figures that do not face have no arcs")
        keys = [a.key for a in self.arcs]
        if len(set(keys)) != len(keys):
            raise ValueError(f"arc keys must differ: {', '.join(keys)}")
        return self

    @property
    def faces(self) -> bool:
        return self.kind != "none"

    @property
    def count(self) -> int:
        """How many directions a figure may face: 4, 8, 0 (none or any angle)."""
        return {"four": 4, "eight": 8}.get(self.kind, 0)

    @property
    def directions(self) -> tuple[str, ...]:
        """The compass names a figure may face, clockwise from north (empty: none, or
        any angle)."""
        return arcs.DIRECTIONS.get(self.count, ())

    def arc(self, key: str | None = None) -> ArcSpec | None:
        """The arc named ``key`` (None: the first, the one drawn); None when there is none."""
        if key is None:
            return self.arcs[0] if self.arcs else None
        return next((a for a in self.arcs if a.key == key), None)

    def degrees(self, facing: str | float) -> float:
        """A facing as degrees clockwise from north (a compass name or a number);
        ``ValueError`` names a wrong one."""
        if isinstance(facing, str):
            return arcs.compass_degrees(facing)
        if isinstance(facing, bool) or not isinstance(facing, (int, float)):
            raise ValueError(f"a facing is a compass name or degrees, not {facing!r}")
        return arcs.normal(float(facing))

    def allows(self, facing: str | float) -> bool:
        """Whether a figure may face ``facing`` under these rules."""
        if self.kind == "none":
            return False
        if self.kind == "any":
            try:
                self.degrees(facing)
            except ValueError:
                return False
            return True
        return isinstance(facing, str) and facing.upper() in self.directions

    def value(self, degrees: float) -> str | float:
        """The facing nearest ``degrees`` as an action carries it: a compass name among
        ``directions``, or the angle itself (to a tenth of a degree) for any angle."""
        if self.kind == "any":
            return round(arcs.normal(degrees), 1) % 360.0
        if not self.count:
            raise ValueError("these figures do not face")
        return arcs.nearest_direction(degrees, self.count)

    def toward(self, origin: tuple[float, float], target: tuple[float, float]) -> str | float:
        """The facing from ``origin`` toward ``target`` (``ValueError`` when they are one)."""
        return self.value(arcs.bearing(target[0] - origin[0], target[1] - origin[1]))

    def stepped(self, facing: str | float, steps: int) -> str | float:
        """The facing ``steps`` directions clockwise (negative: anticlockwise) from
        ``facing``: among four or eight, or by 45° at any angle."""
        if self.kind == "any":
            return self.value(self.degrees(facing) + 45.0 * steps)
        if not self.count:
            raise ValueError("these figures do not face")
        name = facing if isinstance(facing, str) else self.value(facing)
        return arcs.stepped(str(name), steps, self.count)

    def text(self, facing: str | float) -> str:
        """A facing as the table reads it: "NE", "123°"."""
        if isinstance(facing, str):
            return facing.upper()
        return f"{facing:g}°"

    def in_arc(
        self,
        origin: tuple[float, float],
        facing: str | float,
        target: tuple[float, float],
        arc: str | None = None,
    ) -> bool:
        """``target`` lies in the arc ``arc`` (None: the first) of a figure at ``origin``
        facing ``facing``; a ruleset without facing or arcs has everything in reach."""
        spec = self.arc(arc)
        if spec is None:
            if arc is not None:
                raise ValueError(f"no arc {arc!r} in these rules")
            return (target[0], target[1]) != (origin[0], origin[1])
        return arcs.in_arc_at(origin, self.degrees(facing), spec.degrees, target)


#: Figures that do not face (Heroica's spaces, a graph of places): no arcs.
NO_FACING = FacingSpec()
