"""Heroica (expanded rules) behind the ruleset interface (``companion.rules.ruleset``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from companion.model.dungeon import DungeonMap, Terrain
from companion.model.figures import Token
from companion.model.geometry import Board
from companion.model.mapfile import MapDocument
from companion.rules.board_cache import BoardCache
from companion.rules.places import place_name
from companion.rules.plugin_base import RulesetPlugin, field_problems
from companion.rules.printing import PrintLayout
from companion.rules.ruleset import GAME_KEY, Event, Resolution
from companion.rules.secrets import Secrets
from companion.rules.table import (
    ActionChoice,
    BoardMark,
    DieSpec,
    FigureProfile,
    FigureView,
    MoveOption,
    Odds,
    OptionSpec,
    Prompt,
    RosterFigure,
    SetupChoice,
    SheetView,
    TurnView,
)
from companion.rulesets.heroica import INFO, cards, paper, views
from companion.rulesets.heroica import board as boards
from companion.rulesets.heroica.actions import ACTIONS, Action
from companion.rulesets.heroica.catalog import RULESET_ID, HeroicaCatalog, default_catalog
from companion.rulesets.heroica.reach import map_problems
from companion.rulesets.heroica.reasons import REASONS
from companion.rulesets.heroica.resolve import resolve
from companion.rulesets.heroica.rules import Ctx, distances, plural, straight_line
from companion.rulesets.heroica.setup import build_quest, game_setup, scenario_setup
from companion.rulesets.heroica.state import Quest
from companion.rulesets.heroica.validate import validate

#: Spaces on a square lattice: one step a space, no diagonals (``moves`` gives the steps).
SPACE_GRID = INFO.grid


class HeroicaRules(RulesetPlugin[Quest, HeroicaCatalog, Ctx]):
    """The Heroica (expanded rules) ruleset plugin."""

    id = RULESET_ID
    title = INFO.title
    actions = ACTIONS
    grid = SPACE_GRID
    roster_required = False
    _resolution = Resolution[Quest]
    _default_catalog = staticmethod(default_catalog)
    _context = Ctx
    _build = staticmethod(build_quest)
    _validate = staticmethod(validate)
    _resolve = staticmethod(resolve)
    _order = staticmethod(views.order)
    _scenario_setup = staticmethod(scenario_setup)

    def __init__(self, catalog: HeroicaCatalog | None = None) -> None:
        super().__init__(catalog)
        self._boards = BoardCache(SPACE_GRID)
        self._table: tuple[frozenset[tuple[int, int]], DungeonMap] | None = None
        self._marks: dict[str, tuple[tuple[object, ...], list[BoardMark]]] = {}
        self._marks_list: tuple[list[BoardMark], list[BoardMark], list[BoardMark]] | None = None

    # -- the rules ----------------------------------------------------------------------
    def force_refusal(self, state: Quest, action: Action) -> str | None:
        """Why forcing ``action`` would not do what was asked (``Session.act``): a hero's
        move may be forced too far, diagonally or past a locked door, but every square it
        steps on must be a space, and it cannot end on a monster, rocks or a magic door."""
        from companion.rulesets.heroica.actions import Move
        from companion.rulesets.heroica.rules import hero_blockers

        if not isinstance(action, Move) or not action.path:
            return None
        q = state
        h = q.heroes.get(action.actor)
        if h is None:
            return None
        for c in action.path:
            if c not in q.spaces:
                return f"{place_name(c)} is not a space: no hero can stand there, even by force"
        end = action.path[-1]
        if end in hero_blockers(self._ctx(state), h):
            return f"{h.name} cannot end a move on {place_name(end)}: something stands there"
        return None

    # -- scenarios ------------------------------------------------------------------------
    def reasons(self) -> Mapping[str, str]:
        return REASONS

    def parse_faces(self, values: Sequence[Any]) -> list[int]:
        """Typed faces: a label of any of the dice ("Shield", "2/Skull"...) or a number."""
        out = []
        for v in values:
            if isinstance(v, int) and not isinstance(v, bool):
                out.append(v)
                continue
            text = str(v)
            for spec in self.dice_specs():
                try:
                    out.append(spec.face(text))
                    break
                except ValueError:
                    continue
            else:
                raise ValueError(f"{v!r} is not a face of Heroica's dice")
        return out

    def query(self, state: Quest, query: Mapping[str, Any]) -> Any:
        return views.query(self._ctx(state), query)

    def compare(self, state: Quest, expected: Mapping[str, Any]) -> list[str]:
        ctx = self._ctx(state)
        problems: list[str] = []
        for fid, fields in expected.items():
            if fid == GAME_KEY:
                actual = views.game_fields(ctx)
            elif fid in state.heroes:
                actual = views.hero_fields(ctx, state.heroes[fid])
            elif fid in state.monsters:
                actual = views.monster_fields(ctx, state.monsters[fid])
            elif fid in state.defeated:
                actual = {"defeated": True}
            else:
                problems.append(f"{fid}: no such hero or monster")
                continue
            problems += field_problems(fid, actual, fields)
        return problems

    # -- a game at the table --------------------------------------------------------------
    def option_specs(self) -> Sequence[OptionSpec]:
        return views.option_specs(self.catalog)

    def setup_choices(self, doc: MapDocument) -> Sequence[SetupChoice]:
        """The play variation, Dungeon Master play, and the target monster."""
        play = (
            SetupChoice(
                figure="_game",
                key="variation",
                label="Play variation",
                choices=(
                    ("co_operative", "Co-operative: the heroes together, with the Fire Track"),
                    ("versus", "Versus: each hero for himself, the most gold wins"),
                ),
                default=("co_operative",),
            ),
            SetupChoice(
                figure="_game",
                key="map",
                label="Map",
                choices=(
                    ("fixed_map", "Fixed Map: the board as it is"),
                    ("map_build", "Map Build: locations are added as you play"),
                ),
                default=("fixed_map",),
            ),
            SetupChoice(
                figure="_game",
                key="dungeon_master",
                label="Monsters",
                choices=(
                    ("no", "moved by the player whose hero they attack"),
                    ("yes", "moved by a Dungeon Master after every hero's turn"),
                ),
                default=("no",),
            ),
        )
        monsters = [p for p in doc.figures if p.monster]
        if not monsters:
            return play
        default = str((doc.board or {}).get("target") or "")
        names = {
            m.id: m.name or self.catalog.monsters[m.monster or ""].name
            for m in monsters
            if m.monster in self.catalog.monsters
        }
        return (
            *play,
            SetupChoice(
                figure="_game",
                key="target",
                label="Target monster (the heroes win when it is defeated)",
                choices=tuple((mid, f"{name} ({mid})") for mid, name in names.items()),
                default=(default,) if default in names else (),
            ),
        )

    def game_setup(
        self,
        doc: MapDocument,
        party: Mapping[str, Any] | None,
        options: Mapping[str, Any],
        choices: Mapping[str, Mapping[str, Any]],
    ) -> dict[str, Any]:
        game = choices.get("_game", {})

        def one(key: str) -> str | None:
            value = game.get(key)
            if isinstance(value, (list, tuple)):
                value = value[0] if value else None
            return str(value) if value else None

        return game_setup(
            doc,
            options,
            one("target"),
            party,
            self.catalog,
            variation=one("variation") or "co_operative",
            dungeon_master=one("dungeon_master") == "yes",
            map_build=one("map") == "map_build",
        )

    def profile(self, class_id: str | None, monster_id: str | None) -> FigureProfile | None:
        if class_id in self.catalog.heroes:
            hero = self.catalog.heroes[class_id or ""]
            return FigureProfile(name=hero.name, move=4, melee=True, reach=False)
        if monster_id in self.catalog.monsters:
            m = self.catalog.monsters[monster_id or ""]
            return FigureProfile(name=m.name, move=4, melee=True, reach=False)
        return None

    def figure_kinds(self, kind: str) -> list[tuple[str, str]]:
        if kind == "class":
            return [(h.id, h.name) for h in self.catalog.heroes.values()]
        if kind == "monster":
            return [(m.id, m.name) for m in self.catalog.monsters.values()]
        return []

    def _dungeon(self, state: Quest) -> DungeonMap:
        cached = self._table
        if cached is not None and cached[0] is state.spaces:
            return cached[1]
        width = max(max((x for x, _ in state.spaces), default=0) + 1, state.bounds[0])
        height = max(max((y for _, y in state.spaces), default=0) + 1, state.bounds[1])
        dungeon = DungeonMap.blank(width, height, fill=Terrain.VOID)
        if state.spaces:
            xs, ys = zip(*state.spaces, strict=True)
            dungeon.terrain[np.array(ys), np.array(xs)] = int(Terrain.FLOOR)
        self._table = (state.spaces, dungeon)
        return dungeon

    def board(self, state: Quest) -> Board:
        # Built once per state, on the terrain layers of its spaces (kept while the
        # spaces are: a figure's move places the figures again, nothing more).
        def tokens() -> list[Token]:
            return [
                Token(id=h.id, x=h.at[0], y=h.at[1], side="heroes") for h in state.in_play()
            ] + [
                Token(id=m.id, x=m.at[0], y=m.at[1], side="monsters")
                for m in state.monsters.values()
            ]

        return self._boards.board(state, self._dungeon(state), tokens)

    def figures(self, state: Quest) -> dict[str, FigureView]:
        return views.figure_views(self._ctx(state))

    def turn(self, state: Quest) -> TurnView:
        return views.turn_view(self._ctx(state))

    def prompts(self, state: Quest) -> Sequence[Prompt]:
        return ()

    def choices(self, state: Quest, figure_id: str | None) -> Sequence[ActionChoice]:
        return views.choices(self._ctx(state), figure_id, self.validate)

    def moves(self, state: Quest, figure_id: str) -> dict[tuple[int, int], MoveOption]:
        return views.moves(self._ctx(state), figure_id)

    def area(
        self, state: Quest, action: Mapping[str, Any]
    ) -> tuple[list[tuple[int, int]], list[str]]:
        return [], []

    def odds(self, state: Quest, action: Mapping[str, Any]) -> Odds | None:
        return views.odds(self._ctx(state), action)

    def describe(self, before: Quest, action: Mapping[str, Any], events: Sequence[Event]) -> str:
        return views.describe(self._ctx(before), action, events)

    def dice_specs(self) -> Sequence[DieSpec]:
        tokens = tuple(t.token for t in self.catalog.tables.casket.tokens)
        return (*self.catalog.dice_specs(), DieSpec(id="casket", name="Casket token", faces=tokens))

    def ruler_notes(self, board: Board, a: tuple[int, int], b: tuple[int, int]) -> list[str]:
        spaces = frozenset(
            (int(x), int(y))
            for y, x in zip(*np.nonzero(board.dungeon.terrain == int(Terrain.FLOOR)), strict=True)
        )
        probe = Quest(
            spaces=spaces,
            locations={},
            colours={},
            heroes={},
            monsters={},
            features={},
            items={},
            seats=(),
            options=self.catalog.default_options(),
            start=a,
        )
        dist = distances(probe, a).get(b)
        notes = [
            f"{dist} {plural(dist, 'space')} along the board"
            if dist is not None
            else "no path of spaces"
        ]
        if straight_line(probe, a, b, set()):
            notes.append("in a straight line")
        return notes

    def bookkeeping(self, action: Mapping[str, Any]) -> bool:
        """A turn begun or ended (or passed): undo and redo step over it (``Bookkeeping``)."""
        return action.get("action") in ("end_turn", "pass_token")

    def marks(self, state: Quest) -> Sequence[BoardMark]:
        # Kept while the very same objects stand: the spaces' tints change only when the
        # map grows, the features and items when one is taken or moved.
        ctx = self._ctx(state)
        spaces = self._kept("spaces", (state.locations, state.own_colours), views.space_marks, ctx)
        things = self._kept("things", (state.features, state.items), views.thing_marks, ctx)
        # The same list while both parts are (12,696 marks on the big board): a view may
        # tell an unchanged board by identity instead of comparing every mark.
        both = self._marks_list
        if both is None or both[0] is not spaces or both[1] is not things:
            both = self._marks_list = (spaces, things, [*spaces, *things])
        return both[2]

    def secrets(self, state: Quest) -> Secrets:
        """A casket's token stays face down (its mark never says it, ``views.thing_marks``)
        and a monster's relic stays unknown until the monster falls: its name is in no
        public line, its row on no public sheet (``PublicInfo``)."""
        items = self._ctx(state).catalog.items
        relics = {
            items[m.relic].name for m in state.monsters.values() if m.relic and m.relic in items
        }
        held = {items[i].name for h in state.heroes.values() for i in h.relics if i in items}
        return Secrets(words=frozenset(relics - held), sheet_rows=frozenset({"Relic"}))

    def _kept(
        self,
        name: str,
        key: tuple[object, ...],
        make: Callable[[Ctx], list[BoardMark]],
        ctx: Ctx,
    ) -> list[BoardMark]:
        cached = self._marks.get(name)
        if cached is None or any(a is not b for a, b in zip(cached[0], key, strict=True)):
            # A resolver may copy a dict it did not change (a move copies the features):
            # the same entries in the same order draw the same marks.
            if cached is None or not all(
                _same_entries(a, b) for a, b in zip(cached[0], key, strict=True)
            ):
                cached = (key, make(ctx))
            else:
                cached = (key, cached[1])
            self._marks[name] = cached
        return cached[1]

    # -- the board section of a map (BoardSection) ------------------------------------
    def table_problems(self, doc: MapDocument) -> list[tuple[str, str]]:
        """A quest whose target, generators' and relics' bosses, chests, items and link
        pieces are on the board and joined to the start (``reach.quest_problems``)."""
        return map_problems(doc)

    def board_problems(
        self, board: Mapping[str, Any], dungeon: DungeonMap
    ) -> list[tuple[str, str]]:
        return boards.check_board(board, dungeon, self.catalog)

    def board_marks(self, board: Mapping[str, Any], dungeon: DungeonMap) -> list[BoardMark]:
        return boards.board_marks(board, dungeon, self.catalog)

    # -- the party and its hero cards (CharacterSheets, PrintedRoster) -----------------
    def blank_roster(self) -> dict[str, Any]:
        return cards.blank_roster()

    def check_roster(self, party: Mapping[str, Any]) -> None:
        cards.check_roster(party, self.catalog)

    def sheets(self, party: Mapping[str, Any], state: Quest | None = None) -> list[SheetView]:
        return cards.sheets(party, state, self.catalog)

    def roster_figures(self, party: Mapping[str, Any]) -> list[RosterFigure]:
        return cards.roster_figures(party, self.catalog)

    def creation_fields(self, party: Mapping[str, Any]) -> SheetView:
        return cards.creation_fields(party, self.catalog)

    def add_character(self, party: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
        return cards.add_character(party, values, self.catalog)

    def edit_character(
        self, party: Mapping[str, Any], character_id: str, key: str, value: Any
    ) -> dict[str, Any]:
        return cards.edit_character(party, character_id, key, value, self.catalog)

    def remove_character(self, party: Mapping[str, Any], character_id: str) -> dict[str, Any]:
        return cards.remove_character(party, character_id)

    def print_layout(self, party: Mapping[str, Any], state: Quest | None = None) -> PrintLayout:
        return paper.print_layout(party, state, self.catalog)


def _same_entries(a: object, b: object) -> bool:
    """Whether two of a state's parts hold the same entries in the same order (dicts of
    frozen values, compared entry by entry; anything else by identity)."""
    if a is b:
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return len(a) == len(b) and list(a.items()) == list(b.items())
    return False
