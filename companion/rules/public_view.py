"""The game as the players may know it: the players' window and the phone page show this.

``public_view(game)`` builds a ``PublicView`` from a ``Game`` and nothing else reaches the
players: a map's hidden rooms and everything in them, the figures and places the ruleset
keeps secret (``PublicInfo``), BrickMaster-only notes and rulings are absent from the data,
not merely not drawn.  ``model_dump(mode="json")`` is what the phone server sends.  The
contract with the phone page is /work/helpers/PUBLIC-VIEW.md (issue 23).  No Qt.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from companion.model.dungeon import DungeonMap, Room
from companion.model.labels import unique_initials
from companion.model.textmap import terrain_rows
from companion.rules.capabilities import (
    CharacterSheets,
    GraphBoard,
    GridBoard,
    PublicInfo,
    TableActor,
    board_kind,
)
from companion.rules.game import GAME_SUFFIX, Game
from companion.rules.graph import GraphView
from companion.rules.secrets import Secrets
from companion.rules.table import (
    BoardMark,
    FigureView,
    SheetView,
    figure_tracks,
    roll_labels,
)

#: The most log lines a view carries (the newest).
LOG_LINES = 200
#: Who acts, when the figure acting is one the players may not know.
UNSEEN = "someone unseen"


class _Public(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PublicTrack(_Public):
    name: str
    value: int
    max: int


class PublicFigure(_Public):
    id: str
    name: str
    #: The short badge drawn on the board (initials, unique among the public figures).
    label: str
    side: str
    at: tuple[int, int] | None = None
    place: str | None = None
    #: Degrees clockwise from north; None off a map.
    facing: float | None = None
    tracks: list[PublicTrack] = []
    states: list[str] = []
    acting: bool = False
    #: The base's side (or diameter) in cells, and whether ``at`` is its top-left cell
    #: ("corner", a 2x2 monster) or its centre ("centre", a round base on a stud table).
    size: float = 1.0
    anchor: Literal["centre", "corner"] = "centre"


class PublicPath(_Public):
    """A path leaving a rolled place's face (a QUBQST cube): joined to another or not."""

    direction: str
    joined: bool = False


class PublicPlace(_Public):
    id: str
    name: str
    #: Where to draw it, 0..1 across and down.
    x: float
    y: float
    links: list[str] = []
    note: str | None = None
    #: Optional, for places drawn as rolled cubes: the face in a few words, its fill
    #: colour, the paths leaving it, and whether it is done with (drawn greyed).
    face: str = ""
    colour: str = ""
    paths: list[PublicPath] = []
    discarded: bool = False


class PublicMark(_Public):
    """Something the board shows on a square (a space's colour, a chest, a locked door)."""

    at: tuple[int, int]
    to: tuple[int, int] | None = None
    kind: Literal["fill", "token", "edge"] = "token"
    glyph: str = ""
    label: str = ""
    colour: str = "#888888"
    hatched: bool = False


class PublicBoard(_Public):
    kind: Literal["squares", "studs", "spaces", "graph", "none"]
    width: int = 0
    height: int = 0
    #: One string per map row, one text-map character per cell; unknown cells are " ".
    rows: list[str] = []
    #: Row-major floor heights (0 where unknown), or None on a flat map.
    heights: list[int] | None = None
    places: list[PublicPlace] = []
    #: The ruleset's board marks and the map's objects on known squares.
    marks: list[PublicMark] = []
    #: The names of the rooms the players know.
    rooms: list[str] = []


class PublicTracker(_Public):
    round: int | None = None
    phase: str | None = None
    acting: list[str] = []
    order: list[str] = []
    #: How the game ended, once it has.
    outcome: str | None = None


class PublicRoll(_Public):
    purpose: str
    faces: list[str]
    total: int | None = None
    who: str | None = None


class SheetRef(_Public):
    figure_id: str
    name: str


class PublicSection(_Public):
    heading: str
    rows: list[tuple[str, str]] = []


class PublicSheet(_Public):
    figure_id: str
    name: str
    sections: list[PublicSection] = []


class PublicView(_Public):
    #: Grows with every change the players may see (an action, an undo, a room revealed).
    version: int
    ruleset: str
    title: str
    game: str
    board: PublicBoard
    figures: list[PublicFigure] = []
    tracker: PublicTracker
    last_roll: PublicRoll | None = None
    odds: str | None = None
    log: list[str] = []
    sheets: list[SheetRef] = []
    frozen: bool = False


# -- what is secret ---------------------------------------------------------------------------
def ruleset_secrets(game: Game) -> Secrets:
    """What the game's ruleset keeps from the players now (nothing without ``PublicInfo``)."""
    rules = game.ruleset
    if isinstance(rules, PublicInfo):
        return rules.secrets(game.state)
    return Secrets()


def _dungeon(game: Game) -> DungeonMap | None:
    rules = game.ruleset
    if not isinstance(rules, GridBoard):
        return None
    return rules.board(game.state).dungeon


def unknown_squares(
    board: DungeonMap, plan: DungeonMap, rooms: Sequence[Room] | None, secrets: Secrets
) -> np.ndarray:
    """Bool ``[y, x]`` over ``board`` (the game's map now): the squares the players may
    not know.  The rooms are where the map the game began on (``plan``) draws them; each
    is hidden as ``rooms`` (the window's map, where the BrickMaster reveals them) says for
    a room of that name, else as ``plan`` says.  Then the ruleset's secret squares."""
    said = {r.name: r.hidden for r in rooms} if rooms is not None else {}
    hidden = np.zeros(len(plan.rooms) + 1, dtype=bool)  # the last: no room (room_of -1)
    for i, room in enumerate(plan.rooms):
        hidden[i] = said.get(room.name, room.hidden)
    room_of = np.where(plan.room_of < len(plan.rooms), plan.room_of, -1)
    mask = np.zeros(board.terrain.shape, dtype=bool)
    h = min(board.height, plan.height)
    w = min(board.width, plan.width)
    mask[:h, :w] = hidden[room_of[:h, :w]]
    for x, y in secrets.squares:
        if board.in_bounds(x, y):
            mask[y, x] = True
    return mask


def _hidden_at(mask: np.ndarray | None, sq: Sequence[int] | None) -> bool:
    if mask is None or sq is None:
        return False
    x, y = int(sq[0]), int(sq[1])
    h, w = mask.shape
    return 0 <= x < w and 0 <= y < h and bool(mask[y, x])


class _Known:
    """What the players know of one game now: the one place every part below asks."""

    def __init__(self, game: Game, rooms: Sequence[Room] | None) -> None:
        self.game = game
        self.secrets = ruleset_secrets(game)
        self.dungeon = _dungeon(game)
        self.mask = (
            unknown_squares(self.dungeon, game.doc.dungeon, rooms, self.secrets)
            if self.dungeon is not None
            else None
        )
        rules = game.ruleset
        self.graph: GraphView | None = (
            rules.places(game.state) if isinstance(rules, GraphBoard) else None
        )
        self.views = game.figures()
        self.hidden_places = set(self.secrets.places)
        secret = set(self.secrets.figures)
        for view in self.views.values():
            if _hidden_at(self.mask, view.at):
                secret.add(view.id)
        if self.graph is not None:
            for place in self.graph.places:
                if place.id in self.hidden_places:
                    secret.update(place.figures)
        self.secret_figures = secret
        self.public = {fid: v for fid, v in self.views.items() if fid not in secret}
        # A secret figure's name, unless a public figure shares it ("Goblin" and "Goblin").
        shown = {v.name.casefold() for v in self.public.values()}
        names = {self.views[f].name for f in secret if f in self.views}
        if self.graph is not None:
            shown |= {
                p.label.casefold() for p in self.graph.places if p.id not in self.hidden_places
            }
            names |= {p.label for p in self.graph.places if p.id in self.hidden_places}
        plan = game.doc.dungeon
        if self.mask is not None and plan.rooms:  # the names of the hidden rooms
            h, w = min(plan.height, self.mask.shape[0]), min(plan.width, self.mask.shape[1])
            room_of, mask = plan.room_of[:h, :w], self.mask[:h, :w]
            hidden = {int(i) for i in np.unique(room_of[mask]) if 0 <= i < len(plan.rooms)}
            known = {int(i) for i in np.unique(room_of[~mask]) if 0 <= i < len(plan.rooms)}
            names |= {plan.rooms[i].name for i in hidden - known}
            shown |= {plan.rooms[i].name.casefold() for i in known - hidden}
        self.secret_words = [
            w for w in {*names, *self.secrets.words} if w and w.casefold() not in shown
        ]
        self._words = (
            re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in self.secret_words), re.I)
            if self.secret_words
            else None
        )

    def says_secret(self, text: str) -> bool:
        """Whether ``text`` names something the players may not know."""
        return self._words is not None and self._words.search(text) is not None

    def name_of(self, figure_id: str | None) -> str | None:
        if figure_id is None:
            return None
        if figure_id in self.secret_figures:
            return UNSEEN
        view = self.views.get(figure_id)
        if view is not None:
            return view.name
        rules = self.game.ruleset
        if isinstance(rules, TableActor) and figure_id == rules.table_actor:
            return rules.table_actor_label
        return figure_id


# -- the parts of the view --------------------------------------------------------------------
def _grid_board(known: _Known, kind: Any) -> PublicBoard:
    dungeon, mask = known.dungeon, known.mask
    assert dungeon is not None and mask is not None
    rows = terrain_rows(dungeon, blank=mask)
    floor = np.where(mask, 0, dungeon.floor)
    heights = floor.ravel().tolist() if bool(floor.any()) else None
    marks: list[PublicMark] = []
    rules = known.game.ruleset
    assert isinstance(rules, GridBoard)
    for m in rules.marks(known.game.state):
        if _mark_public(known, m):
            marks.append(PublicMark(**m.model_dump()))
    for (x, y), obj in sorted(dungeon.objects.items()):
        if mask[y, x]:
            continue
        label = obj.kind.value + (" (open)" if obj.is_open else "")
        if label in known.secrets.marks:
            continue
        marks.append(
            PublicMark(at=(x, y), glyph=obj.kind.value[:1].upper(), label=label, colour="#8d6e63")
        )
    plan = known.game.doc.dungeon  # where the rooms are
    h, w = min(plan.height, dungeon.height), min(plan.width, dungeon.width)
    room_of = plan.room_of[:h, :w]
    hidden_rooms = {int(i) for i in np.unique(room_of[mask[:h, :w]])}
    shown_rooms = {int(i) for i in np.unique(room_of[~mask[:h, :w]])} - hidden_rooms
    rooms = [
        r.name
        for i, r in enumerate(plan.rooms)
        if i in shown_rooms and not known.says_secret(r.name)
    ]
    return PublicBoard(
        kind=kind,
        width=dungeon.width,
        height=dungeon.height,
        rows=rows,
        heights=heights,
        marks=marks,
        rooms=rooms,
    )


def _mark_public(known: _Known, mark: BoardMark) -> bool:
    if mark.label in known.secrets.marks or known.says_secret(mark.label):
        return False
    return not _hidden_at(known.mask, mark.at) and not _hidden_at(known.mask, mark.to)


def _graph_board(known: _Known) -> PublicBoard:
    graph = known.graph
    assert graph is not None
    laid = dict(zip(graph.places, _layout([p.at for p in graph.places]), strict=True))
    shown = [p for p in graph.places if p.id not in known.hidden_places]
    places = [
        PublicPlace(
            id=p.id,
            name=p.label,
            x=x,
            y=y,
            links=[o for o in p.links if o not in known.hidden_places],
            note=p.note or None,
            face=p.face,
            colour=p.colour,
            paths=[
                PublicPath(
                    direction=path.direction,
                    joined=path.to is not None and path.to not in known.hidden_places,
                )
                for path in p.paths
            ],
            discarded=p.discarded,
        )
        for p in shown
        for x, y in (laid[p],)
    ]
    return PublicBoard(kind="graph", places=places)


def _layout(points: Sequence[tuple[float, float] | None]) -> list[tuple[float, float]]:
    """Each place's position scaled into 0..1 (a margin kept, the whole centred, the
    aspect kept); places without one on a circle, as the window draws them."""
    n = len(points)
    if n and all(p is not None for p in points):
        xs = [p[0] for p in points if p is not None]
        ys = [p[1] for p in points if p is not None]
        span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
        mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        return [
            (round(0.5 + 0.8 * (p[0] - mx) / span, 4), round(0.5 + 0.8 * (p[1] - my) / span, 4))
            for p in points
            if p is not None
        ]
    return [
        (
            round(0.5 + 0.4 * math.sin(2 * math.pi * i / max(n, 1)), 4),
            round(0.5 - 0.4 * math.cos(2 * math.pi * i / max(n, 1)), 4),
        )
        for i in range(n)
    ]


def _board(known: _Known) -> PublicBoard:
    rules = known.game.ruleset
    if isinstance(rules, GridBoard):
        return _grid_board(known, board_kind(rules))
    if known.graph is not None:
        return _graph_board(known)
    return PublicBoard(kind="none")


def _figures(known: _Known, acting: set[str]) -> list[PublicFigure]:
    labels = unique_initials((v.id, v.name) for v in known.public.values())
    out = []
    for view in known.public.values():
        on_map = known.dungeon is not None and view.at is not None
        place = known.graph.where(view.id) if known.graph is not None else None
        out.append(
            PublicFigure(
                id=view.id,
                name=view.name,
                label=labels.get(view.id, "?"),
                side=view.side,
                at=(int(view.at[0]), int(view.at[1])) if on_map and view.at else None,
                place=place,
                facing=round(view.facing_degrees, 2) if on_map else None,
                tracks=[
                    PublicTrack(name=t.name, value=t.value, max=t.maximum)
                    for t in figure_tracks(view)
                ],
                states=_states(view),
                acting=view.id in acting,
                size=view.base_squares,
                anchor=view.anchor,
            )
        )
    return out


def _states(view: FigureView) -> list[str]:
    out = list(view.states) + [b.label for b in view.badges]
    if view.dead and "dead" not in out:
        out.append("dead")
    return out


def _tracker(known: _Known) -> tuple[PublicTracker, set[str]]:
    turn = known.game.turn()
    acting = {turn.acting} if turn.acting else set()
    names = [n for n in (known.name_of(a) for a in sorted(acting)) if n]
    order = [known.name_of(f) or f for f in turn.order if f not in known.secret_figures]
    outcome = turn.outcome if turn.outcome and not known.says_secret(turn.outcome) else None
    tracker = PublicTracker(
        round=turn.round,
        phase=turn.phase or None,
        acting=names,
        order=order,
        outcome=outcome,
    )
    return tracker, acting


def _log_and_roll(known: _Known) -> tuple[list[str], PublicRoll | None]:
    """The public log (no BrickMaster's notes or reasons, no line naming a secret) and
    the last public roll."""
    game = known.game
    lines = game.log()
    text: list[str] = []
    roll: PublicRoll | None = None
    specs = game.ruleset.dice_specs()
    for line, step in zip(lines, game.session.history(), strict=False):
        if line.actor in known.secret_figures or known.says_secret(line.text):
            continue
        if _hidden_squares(known, line.squares) or _names_secret(known, step.record.action):
            continue
        if any(e.figure in known.secret_figures for e in step.events):
            continue
        text.append(line.text)
        for r in line.rolls:
            if r.purpose in known.secrets.rolls or known.says_secret(r.purpose):
                continue
            numbered = all(s.id != r.die for s in specs) or r.die is None
            roll = PublicRoll(
                purpose=r.purpose,
                faces=roll_labels(r, specs),
                total=r.total if numbered else None,
                who=known.name_of(line.actor) if line.actor else None,
            )
    return text[-LOG_LINES:], roll


def _hidden_squares(known: _Known, squares: Iterable[tuple[int, int]]) -> bool:
    return any(_hidden_at(known.mask, sq) for sq in squares)


def _names_secret(known: _Known, action: Mapping[str, Any]) -> bool:
    """Whether a logged action names a secret figure or place, or an unknown square
    (the BrickMaster adjusting a monster in a hidden room, a secret door found there)."""
    named = [action.get(k) for k in ("figure", "target", "place")]
    named += list(action.get("targets") or ())
    if any(
        isinstance(n, str) and (n in known.secret_figures or n in known.hidden_places)
        for n in named
    ):
        return True
    for key in ("at", "to", "origin", "square"):
        sq = action.get(key)
        if not isinstance(sq, list | tuple) or len(sq) != 2:
            continue
        if all(isinstance(v, int) for v in sq) and _hidden_at(known.mask, sq):
            return True
    return False


def _sheet_refs(known: _Known) -> list[SheetRef]:
    return [SheetRef(figure_id=v.id, name=v.name) for v in known.public.values() if v.is_character]


def public_view(
    game: Game,
    *,
    show_odds: str | None = None,
    frozen: bool = False,
    rooms: Sequence[Room] | None = None,
    revision: int = 0,
) -> PublicView:
    """What the players may know of ``game`` now.

    ``show_odds``: a pending attack's odds, when the BrickMaster chooses to show them;
    ``frozen``: the BrickMaster froze the view; ``rooms``: the map's rooms as the table has
    them now (the window's map, where the BrickMaster reveals them), else the game's own;
    ``revision``: changes the log does not count (a room revealed), added to ``version``."""
    known = _Known(game, rooms)
    tracker, acting = _tracker(known)
    log, roll = _log_and_roll(known)
    odds = show_odds if show_odds and not known.says_secret(show_odds) else None
    return PublicView(
        version=game.session.records_written + revision,
        ruleset=game.ruleset.id,
        title=game.ruleset.title,
        game=game.path.name.removesuffix(GAME_SUFFIX) if game.path is not None else "",
        board=_board(known),
        figures=_figures(known, acting),
        tracker=tracker,
        last_roll=roll,
        odds=odds,
        log=log,
        sheets=_sheet_refs(known),
        frozen=frozen,
    )


# -- sheets -----------------------------------------------------------------------------------
def public_sheet(
    game: Game, figure_id: str, *, rooms: Sequence[Room] | None = None
) -> PublicSheet | None:
    """The sheet of one character the players may open, read-only; None when there is no
    such public sheet (an unknown id, a monster, a figure the players may not know)."""
    known = _Known(game, rooms)
    view = known.public.get(figure_id)
    if view is None or not view.is_character:
        return None
    sheet = _ruleset_sheet(game, view)
    sections = _sheet_sections(sheet) if sheet is not None else _view_sections(view)
    kept = []
    for heading, rows in sections:
        if heading in known.secrets.sheet_rows:
            continue
        rows = [
            (label, value)
            for label, value in rows
            if label not in known.secrets.sheet_rows
            and not known.says_secret(label)
            and not known.says_secret(value)
        ]
        if rows:
            kept.append(PublicSection(heading=heading, rows=rows))
    return PublicSheet(figure_id=view.id, name=view.name, sections=kept)


def _ruleset_sheet(game: Game, view: FigureView) -> SheetView | None:
    rules = game.ruleset
    party: Mapping[str, Any] | None = game.header.party
    if not isinstance(rules, CharacterSheets) or party is None:
        return None
    try:
        sheets = rules.sheets(party, game.state)
    except ValueError:
        return None
    return next((s for s in sheets if s.id == view.id), None) or next(
        (s for s in sheets if s.title == view.name), None
    )


def _sheet_sections(sheet: SheetView) -> list[tuple[str, list[tuple[str, str]]]]:
    out = []
    for section in sheet.sections:
        rows = [(f.label, f.value) for f in section.fields]
        if section.text:
            rows.append(("", section.text))
        out.append((section.title, rows))
    return out


def _view_sections(view: FigureView) -> list[tuple[str, list[tuple[str, str]]]]:
    """A sheet made of what the table shows of a figure, for a ruleset without sheets."""
    out: list[tuple[str, list[tuple[str, str]]]] = [
        (view.kind or "Figure", [(t.name, t.text) for t in figure_tracks(view)])
    ]
    if view.stats:
        out.append(("Stats", [(k, v) for k, v in view.stats]))
    if view.items:
        out.append(("Items", [(str(i + 1), item) for i, item in enumerate(view.items)]))
    states = _states(view)
    if states:
        out.append(("States", [("", s) for s in states]))
    return out
