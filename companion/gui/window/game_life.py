"""A game's life in the window: the Game menu, starting, opening and closing a game, and
showing it as it goes (the board, the acting figure, refusals).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog

from companion.gui.busy import busy
from companion.gui.loading import LoadCancelled, run_in_background
from companion.gui.play.mapless import MaplessGames, table_menu_title
from companion.gui.play.new_game import GameSpec, NewGameDialog
from companion.gui.play.reasons import reason_marks
from companion.gui.roster import ROSTER_FILTER
from companion.gui.window.base import WindowBase
from companion.rules.capabilities import GridBoard, needs_map
from companion.rules.game import GAME_SUFFIX
from companion.rules.ruleset import CharacterSheets, Ruleset
from companion.userdirs import default_documents_dir

GAME_FILTER = f"Brick Companion games (*{GAME_SUFFIX});;All files (*)"


class GameLifePart(WindowBase):
    """The Game menu; new, open, close; what the window shows of the open game."""

    #: The game's party the roster sheets were last found to show (None: not known): the
    #: sheets' roster is compared with it only after either changed.
    _party_shown: Any = None
    #: What the map's board marks were last drawn from while a game is open: the game's
    #: marks (``Ruleset.marks``: the same object while the board's marks stand) and the
    #: fog over them (None: not drawn by ``_game_changed`` yet).
    _marks_drawn: tuple[Any, Any] | None = None
    #: The open game's ruleset and whether it keeps character sheets and has a grid
    #: board (asked once per ruleset: a protocol's ``isinstance`` is slow).
    _kinds: tuple[Any, bool, bool] | None = None

    def _build_game_menu(self) -> None:
        from PySide6.QtGui import QAction, QKeySequence

        menu = self.menuBar().addMenu("&Game")
        self.game_menu = menu
        self.roster_panel.rosterChanged.connect(self._forget_party_shown)

        def add(text: str, slot: object, keys: str = "") -> QAction:
            a = QAction(text, self)
            if keys:
                a.setShortcut(QKeySequence(keys))
            a.triggered.connect(slot)
            self.addAction(a)
            menu.addAction(a)
            return a

        self.new_game_action = add("&New game…", self.new_game, "Ctrl+Alt+N")
        self.mapless_games = MaplessGames(self, menu, GAME_FILTER)
        # ``triggered`` passes its ``checked`` flag: never let it in as the path.
        self.open_game_action = add("&Open game…", lambda: self.open_game(), "Ctrl+Alt+O")
        self.close_game_action = add("&Close game", self.close_game)
        menu.addSeparator()
        self.game_undo = add("&Undo action", self.play.undo)
        self.game_redo = add("&Redo action", self.play.redo)
        self.reset_turn_action = add("Reset &turn", self.play.reset_turn, "Ctrl+Shift+T")
        menu.addSeparator()
        self.brickmaster_menu = menu.addMenu(table_menu_title(None))
        self.brickmaster_menu.aboutToShow.connect(self._fill_brickmaster_menu)
        self.export_log_action = add("&Export the log…", lambda: self.log_dock.export())
        # A game is a document too: File starts and opens one as well.
        file_menu = self.actions_.file_menu
        games = [self.new_game_action, self.open_game_action]
        if len(file_menu.actions()) > 2:
            file_menu.insertActions(file_menu.actions()[2], games)
        else:
            file_menu.addActions(games)
        self._sync_game_actions()

    def _fill_brickmaster_menu(self) -> None:
        """The table's own actions (initiative, map edits), as the ruleset offers them."""
        menu = self.brickmaster_menu
        menu.clear()
        for choice in self.play.table_choices():
            a = menu.addAction(choice.label)
            a.triggered.connect(lambda _=False, c=choice: self.play.choose(c))
        menu.setEnabled(not menu.isEmpty())

    def _sync_game_actions(self) -> None:
        """In play mode with a game open, Ctrl+Z and the redo keys step through its log."""
        on = self.play.game is not None
        playing = on and self.mode == "play"
        undo_keys = [QKeySequence(QKeySequence.StandardKey.Undo)]
        redo_keys = list(self.actions_.redo_keys)
        self.actions_.undo.setShortcuts([] if playing else undo_keys)
        self.actions_.redo.setShortcuts([] if playing else redo_keys)
        self.game_undo.setShortcuts(undo_keys if playing else [])
        self.game_redo.setShortcuts(redo_keys if playing else [])
        for a in (self.close_game_action, self.export_log_action):
            a.setEnabled(on)
        self._sync_undo()
        self.brickmaster_menu.setEnabled(on)
        # A game keeps the map it began with: an edit would show what its rules do not
        # know (a wall drawn that nobody bumps into).  The map is edited between games.
        edit = self.actions_.edit_mode
        edit.setEnabled(not on)
        edit.setStatusTip(
            "Close the game to edit its map: a game keeps the map it began with"
            if on
            else "Build the dungeon"
        )
        game = self.play.game
        self.brickmaster_menu.setTitle(table_menu_title(game.ruleset if game else None))

    def new_game(self) -> bool:
        """Start a game on the open map (File → New game…): with the open party, or for a
        ruleset that keeps its characters in a roster, with a roster file."""
        rules: Ruleset[Any, Any] = self.session.ruleset
        if not needs_map(rules):  # its own board: the map plays no part
            return self.mapless_games.new_game(rules.id)
        roster: dict[str, Any] | None = None
        if isinstance(rules, CharacterSheets):
            roster = self._game_roster(rules)
            if roster is None and rules.roster_required:
                return False
            note = (
                f"{rules.title} · table: {self.session.doc.name} · roster: "
                f"{roster.get('name', 'roster')} ({len(roster.get('characters', []))} characters)"
                if roster is not None
                else f"{rules.title} · map: {self.session.doc.name} · the figures on the map"
            )
        else:
            placed = {f.id for f in self.session.doc.figures if f.class_id}
            linked = self.party_actions.linked_names(placed) if self.party_actions else []
            note = (
                f"Map: {self.session.doc.name}. Characters linked to the party's sheets: "
                f"{', '.join(linked) or 'none (the map figures keep their class cards)'}."
            )
        dialog = NewGameDialog(
            list(rules.option_specs()), list(rules.setup_choices(self.session.doc)), note, self
        )
        if not dialog.exec():
            return False
        start = str(default_documents_dir() / f"{self.session.doc.name}{GAME_SUFFIX}")
        name, _ = QFileDialog.getSaveFileName(self, "Save the game as", start, GAME_FILTER)
        if not name:
            return False
        path = Path(name)
        if not path.name.endswith(GAME_SUFFIX):
            path = path.with_name(path.name.removesuffix(".jsonl") + GAME_SUFFIX)
        return self.start_game(path, dialog.spec(), roster=roster)

    def _game_roster(self, rules: CharacterSheets) -> dict[str, Any] | None:
        """The roster a new game plays with: the one in the roster sheets if it is this
        ruleset's and has characters, else one chosen from a file (shown in the sheets)."""
        panel = self.roster_panel
        if panel.ruleset_id == self.session.ruleset_id and panel.roster().get("characters"):
            return panel.roster()
        if not rules.roster_required:
            return None  # the map's own figures play
        name, _ = QFileDialog.getOpenFileName(
            self, "Choose the roster (every side's characters)", "", ROSTER_FILTER
        )
        if not name or not self.open_roster(Path(name)):
            return None
        return panel.roster() if panel.ruleset_id == self.session.ruleset_id else None

    def start_game(self, path: Path, spec: GameSpec, roster: dict[str, Any] | None = None) -> bool:
        """A new game on the open map, written to ``path``: with ``roster`` for a ruleset
        that keeps its characters in one, else with the open party."""
        if roster is not None:
            party_doc: dict[str, Any] | None = roster
        else:
            party_doc = self.party_actions.game_party() if self.party_actions else None
        with busy():
            ok = self.play.new_game(
                path,
                self.session.doc.copy(),
                party=party_doc,
                options=spec.options,
                choices=spec.choices,
                dice=spec.dice,
                seed=spec.seed,
            )
        if ok:
            self._add_recent(path)
        return ok

    def open_game(self, path: Path | None = None) -> bool:
        if path is None:
            name, _ = QFileDialog.getOpenFileName(self, "Open game", "", GAME_FILTER)
            if not name:
                return False
            path = Path(name)
        if not self.maybe_save():
            return False

        def in_background(load: Any) -> Any:
            return run_in_background(load, parent=self, label=f"Opening {path.name}…")

        try:
            ok = self.play.open_game(path, in_background)
        except LoadCancelled:
            return False
        if ok:
            self._add_recent(path)
        return ok

    def close_game(self) -> None:
        self.play.close_game()

    def _game_opened(self) -> None:
        game = self.play.game
        self._marks_drawn = None  # another game (or none): its marks are drawn afresh
        self.session.board_source = None
        self.session.figure_source = None
        self.session.marks_source = None
        if game is not None:
            self.session.figure_source = self.play.figures  # sizes as the game says
            self.session.marks_source = self._game_marks  # the board as the game has it
            self.set_document(game.doc.copy(), None)
            if isinstance(game.ruleset, GridBoard):  # else it draws its own board
                self.session.board_source = self._game_board
            self.session.undo_stack.setClean()
            self.set_mode("play")
            self.set_tool("play")
            self._size_play_docks()
            QTimer.singleShot(0, self._size_play_docks)  # again once the docks are laid out
            self.log_dock.raise_()
            self.canvas.fit()
        else:
            self.marks.clear()
            self.canvas.refresh_marks()  # the map's own board again
            if self.party_actions is not None:
                self.party_actions.close_game()
            self.roster_panel.set_game_state(None)
        self._sync_game_actions()
        self._update_title()

    def _sync_undo(self) -> None:
        """Undo, Redo and Reset turn enabled only when the game has something to take back
        (or to apply again)."""
        game = self.play.game
        self.game_undo.setEnabled(game is not None and game.can_undo)
        self.game_redo.setEnabled(game is not None and game.can_redo)
        self.reset_turn_action.setEnabled(game is not None and game.can_reset_turn)

    def _game_changed(self) -> None:
        self._sync_undo()
        if self.play.game is None:
            return
        game = self.play.game
        if self.party_actions is not None and game.ruleset.id == self.party_dock_ruleset:
            self.party_actions.show_game(game.header.party, self.play.figures(), self.play.act)
        party = game.header.party
        if self._kinds_of(game.ruleset)[0] and party is not None:
            if party is not self._party_shown:  # (a copy of the sheets' roster is slow)
                if self.roster_panel.roster() != party:
                    self.roster_panel.set_roster(game.ruleset.id, party)
                self._party_shown = party
            self.roster_panel.set_game_state(game.state)
            acting = self.play.turn()
            who = acting.acting if acting is not None else None
            if who is not None and who != self.roster_panel.current_id():
                self.roster_panel.select(who)  # the sheet follows who acts
        self.play.sync_map(self.session)
        self._draw_marks()
        self.marks.show(self.play)
        self._center_acting()
        self._update_title()

    def _draw_marks(self) -> None:
        """The game's board marks on the map: asked once per change, drawn again only
        when the model answers other marks than those drawn, or the fog over them moved
        (most actions change no mark; a big board has thousands)."""
        source = self.session.marks_source  # ``_game_marks`` while a game is open
        marks = source() if source is not None else ()
        drawn = (marks, self.canvas.features.fog)
        last = self._marks_drawn
        if last is not None and last[0] is drawn[0] and last[1] is drawn[1]:
            return
        self.canvas.refresh_marks(marks)
        self._marks_drawn = drawn

    def _forget_party_shown(self) -> None:
        """The roster sheets changed (another roster opened, an edit): compare again."""
        self._party_shown = None

    def _kinds_of(self, ruleset: Any) -> tuple[bool, bool]:
        """Whether ``ruleset`` keeps character sheets, and whether it has a grid board."""
        kinds = self._kinds
        if kinds is None or kinds[0] is not ruleset:
            kinds = (
                ruleset,
                isinstance(ruleset, CharacterSheets),
                isinstance(ruleset, GridBoard),
            )
            self._kinds = kinds
        return kinds[1], kinds[2]

    def _game_marks(self) -> Any:
        """What the open game's board shows now (``Ruleset.marks``)."""
        game = self.play.game
        if game is None or not self._kinds_of(game.ruleset)[1]:
            return ()
        board: Any = game.ruleset  # a ``GridBoard``, as ``_kinds_of`` found
        return board.marks(game.state)

    def _game_board(self) -> Any:
        """The open game's board (the ruler and templates measure what the game sees)."""
        game = self.play.game
        assert game is not None and isinstance(game.ruleset, GridBoard)
        return game.ruleset.board(game.state)

    def _clear_refusal(self, *_: Any) -> None:
        self.canvas.overlays.reasons.set_marks(())

    def _show_refusal(self, verdict: Any) -> None:
        """Mark every square a refusal is about (a wall in the way, the blocking square of
        a sight line...), each numbered as its reason is listed."""
        self.canvas.overlays.rect.hide()
        self.canvas.overlays.reasons.set_marks(reason_marks(getattr(verdict, "reasons", ())))
        self._refused_at = self.canvas.hovered_square
        self.canvas.overlays.caption.hold(self._refused_at)  # the reasons are listed

    def _refusal_left(self, square: tuple[int, int] | None) -> None:
        """The mouse on another square of the map than the one refused: the refusal (its
        marks, its reasons in the action bar) is no longer the matter, the pending action
        goes on.  Off the map (on the refusal's own box) it stays."""
        if square is None or square == getattr(self, "_refused_at", None):
            return
        if self.canvas.overlays.reasons.marks:
            self._clear_refusal()
        self.action_dock.drop_refusal()

    def _refusal_on_screen(self) -> QRect | None:
        """Where the refusal's numbered marks are on the screen (the part of them in view),
        for the "Not allowed" box to leave them in sight; None when there are none."""
        item = self.canvas.overlays.reasons
        if not item.marks:
            return None
        canvas = self.canvas
        shown = canvas.mapFromScene(item.sceneBoundingRect()).boundingRect()
        shown = shown.intersected(canvas.viewport().rect())
        if shown.isEmpty():
            return None
        return QRect(canvas.viewport().mapToGlobal(shown.topLeft()), shown.size())

    def _center_acting(self) -> None:
        """Keep the acting figure in view; while a side picks who acts (In a World Where
        Bricks Rule's activations), the first it may pick; while nobody may (a roll is
        due), the first of the order: a big table stays at a readable scale."""
        turn = self.play.turn()
        if turn is None:
            return
        figure = turn.acting or next(iter(turn.choosable), None) or next(iter(turn.order), None)
        if figure is not None:
            self.center_on(figure)

    def center_on(self, figure_id: str) -> None:
        """Bring the figure into view (at a readable scale) if it is off screen."""
        view = self.play.figures().get(figure_id)
        if view is not None and view.at is not None:
            self.canvas.follow(view.at)

    def _play_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def _show_log_squares(self, squares: Iterable[tuple[int, int]]) -> None:
        import numpy as np
        from PySide6.QtGui import QColor

        d = self.session.doc.dungeon
        mask = np.zeros((d.height, d.width), dtype=bool)
        for x, y in squares:
            if d.in_bounds(x, y):
                mask[y, x] = True
        self.canvas.overlays.area.show_mask(mask, QColor(120, 200, 255), 130)
