"""The open map: its document, undo stack and file, announcing every change once.

Views subscribe to ``changed(Changes)`` (after each undo/redo/edit) and
``replaced()`` (a new or opened map).  Widgets never write the document directly:
they build an edit with ``companion.model.edits`` and ``push`` it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSaveFile, Signal
from PySide6.QtGui import QUndoStack

from companion.atomic import keep_backup
from companion.gui.commands import EditCommand
from companion.model.edits import EVERYTHING, Changes, Edit
from companion.model.figures import FOOTPRINT_SIZES, Token
from companion.model.geometry.rules import GridRules
from companion.model.mapfile import (
    MAX_FILE_BYTES,
    MapDocument,
    MapFileError,
    dump_map,
    new_document,
)
from companion.rules.capabilities import BoardSection, GridBoard, offers
from companion.rules.maps import load_map_bytes
from companion.rules.ruleset import (
    UnknownRuleset,
    get_ruleset,
    ruleset_info,
)
from companion.rules.table import BoardMark, FigureProfile
from companion.safefile import read_bounded


def save_bytes(path: Path, data: bytes, *, backup: bool = False) -> None:
    """Write ``data`` to ``path`` through ``QSaveFile``: the old file stays whole unless the
    new one is complete, and no temporary file is left behind; ``OSError`` on failure.
    With ``backup``, the replaced version is kept as ``FILE.bak``."""
    out = QSaveFile(str(path))
    try:
        if not out.open(QSaveFile.OpenModeFlag.WriteOnly):
            raise OSError(f"cannot write {path}: {out.errorString()}")
        if out.write(data) != len(data):
            raise OSError(f"cannot write {path}: {out.errorString()}")
        if backup:
            keep_backup(path)
        if not out.commit():
            raise OSError(f"cannot write {path}: {out.errorString()}")
    finally:
        if out.isOpen():  # not committed: drop the temporary file
            out.cancelWriting()
            out.commit()


def ruleset_of(doc: MapDocument) -> Any:
    """The plugin of the ruleset the map names.  One that is not registered, or does not
    load, is ``UnknownRuleset`` saying so: never another ruleset in its place."""
    try:
        return get_ruleset(doc.options.ruleset)
    except UnknownRuleset as exc:
        raise UnknownRuleset(f"the map “{doc.name}” cannot be shown: {exc}") from None


class MapSession(QObject):
    """One open map document with its undo history."""

    changed = Signal(object)  # Changes
    replaced = Signal()
    pathChanged = Signal()

    def __init__(self, doc: MapDocument | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        #: While a game is open: the game's board, asked instead of building one here.
        self.board_source: Callable[[], Any] | None = None
        #: While a game is open: its figures' views (``FigureView``), whose base sizes the
        #: map draws (the game's options may size them otherwise than the cards do).
        self.figure_source: Callable[[], Mapping[str, Any]] | None = None
        #: While a game is open: what its board shows now (``Ruleset.marks``), drawn
        #: instead of the map's own board section.
        self.marks_source: Callable[[], Sequence[BoardMark]] | None = None
        self.doc = doc if doc is not None else new_document(16, 12)
        #: The map's ruleset once asked for (``ruleset``): the window's first, blank map
        #: loads none until something about its figures or board is asked.
        self._ruleset: Any = None
        self.path: Path | None = None
        self.undo_stack = QUndoStack(self)
        self._strokes = itertools.count(1)
        self._board: Any = None

    @property
    def ruleset(self) -> Any:
        """The rules the map's figures are measured with (sizes, moves, attacks), loaded
        the first time they are asked for."""
        if self._ruleset is None:
            self._ruleset = ruleset_of(self.doc)
        return self._ruleset

    def reload_ruleset(self) -> None:
        """Load the map's ruleset anew when next asked (its data changed: the user's
        own tables were saved)."""
        self._ruleset = None

    @property
    def ruleset_id(self) -> str:
        """The id of ``ruleset``, known without loading it (as the map names it)."""
        if self._ruleset is not None:
            return str(self._ruleset.id)
        return self.doc.options.ruleset

    @property
    def grid(self) -> Any:
        """The geometry's numbers of the map's ruleset, from its declaration while it is
        not loaded (``ruleset_info``): a blank map is drawn without loading it."""
        if self._ruleset is None:
            try:
                return ruleset_info(self.ruleset_id).grid
            except UnknownRuleset:
                pass
        rules = self.ruleset
        return rules.grid if offers(rules, GridBoard) else GridRules()

    def profile(self, class_id: str | None, monster_id: str | None) -> FigureProfile | None:
        """What the map's ruleset says of a figure of this class or monster (None: it
        does not know it, or it plays without a map: no ``GridBoard``)."""
        rules = self.ruleset
        return rules.profile(class_id, monster_id) if offers(rules, GridBoard) else None

    def figure_kinds(self, kind: str) -> list[tuple[str, str]]:
        """The classes or monsters a figure of the map may be (none without a map)."""
        rules = self.ruleset
        return rules.figure_kinds(kind) if offers(rules, GridBoard) else []

    # -- edits ----------------------------------------------------------------------
    def new_stroke(self) -> int:
        """A number that ties the steps of one drag into one undo step."""
        return next(self._strokes)

    def push(self, edit: Edit | None, text: str, stroke: int | None = None) -> bool:
        """Apply ``edit`` as an undoable step; ``None`` (nothing to change) is not pushed."""
        if edit is None:
            return False
        self.undo_stack.push(EditCommand(self, edit, text, stroke))
        return True

    def apply_edits(self, edits: Sequence[Edit]) -> list[Edit]:
        """Apply edits in order (used by the undo commands); announce the change once."""
        inverses = []
        changes = Changes()
        for e in edits:
            inverses.append(e.apply(self.doc))
            changes = changes | e.changes()
        self._forget_board(changes)
        self.changed.emit(changes)
        return inverses

    def refresh(self, changes: Changes) -> None:
        """Announce a change made outside the undo stack (a game moving its figures)."""
        self._forget_board(changes)
        self.changed.emit(changes)

    def _forget_board(self, changes: Changes) -> None:
        """Update the cached board: its terrain is kept when only figures moved, and
        recomputed only around the squares an edit touched; else it is dropped.  While a
        game's board stands in for it (``board_source``) it is dropped, not kept up: a big
        board's every action would size each figure again for a board nobody asks."""
        if self.board_source is not None:
            self._board = None
            return
        map_changed = changes.everything or changes.layers or changes.objects or changes.options
        local = (
            self._board is not None
            and changes.region is not None
            and not (changes.everything or changes.options)
        )
        if self._board is not None and not map_changed and changes.figures:
            self._board = self._board.with_tokens(self.tokens())
        elif map_changed and local:
            tokens = self.tokens() if changes.figures else None
            self._board = self._board.with_changed_squares(self.doc.dungeon, changes.region, tokens)
        elif map_changed or changes.figures:
            self._board = None

    # -- whole documents -----------------------------------------------------------
    def replace(self, doc: MapDocument, path: Path | None) -> None:
        """Show another document; its history starts empty and clean.

        ``UnknownRuleset`` when its ruleset cannot be used: nothing is changed then."""
        ruleset = ruleset_of(doc)  # an opened map's ruleset loads with it
        self.doc = doc
        self._ruleset = ruleset
        self.path = path
        self._board = None
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.replaced.emit()
        self.changed.emit(EVERYTHING)
        self.pathChanged.emit()

    def load(self, path: Path) -> MapDocument:
        """Read a map file, refusing oversized or broken ones with ``MapFileError``.

        Messages name the file by its short name.  Safe to call off the GUI thread: it
        only reads (the open document is untouched until ``replace``).
        """
        data = read_bounded(
            path, MAX_FILE_BYTES, what="map file", error=MapFileError, name=path.name
        )
        return load_map_bytes(data, source=path.name)

    def save(self, path: Path) -> None:
        """Write atomically, keeping the version replaced as ``FILE.bak``."""
        save_bytes(path, dump_map(self.doc), backup=True)
        self.path = path
        self.undo_stack.setClean()
        self.pathChanged.emit()

    # -- geometry ------------------------------------------------------------------
    def tokens(self) -> tuple[Token, ...]:
        """The figures as the geometry sees them, sized and able as their cards say."""
        out = []
        for fig in self.doc.figures:
            token = fig.token()
            profile = self.profile(fig.class_id, fig.monster)
            if profile is not None:
                # A grid footprint (a BrickQuest Large Creature's 2x2 squares) is measured.
                size = int(profile.base_squares) if profile.anchor == "corner" else token.size
                token = replace(
                    token,
                    large=token.large or profile.large,
                    slips_through=profile.slips_through,
                    size=size if size in FOOTPRINT_SIZES else token.size,
                )
            out.append(token)
        return tuple(out)

    def figure_sizes(self) -> dict[str, float]:
        """Each figure's base width in squares, as its card says (1 when it says nothing),
        or as the open game says."""
        if self.figure_source is not None:
            return {fid: v.base_squares for fid, v in self.figure_source().items()}
        sizes = {}
        for fig in self.doc.figures:
            profile = self.profile(fig.class_id, fig.monster)
            sizes[fig.id] = profile.base_squares if profile is not None else 1.0
        return sizes

    def figure_anchors(self) -> dict[str, str]:
        """Where each figure's base lies on its square (``FigureProfile.anchor``): centred
        on it, or ``"corner"``: from it as the north-west square of a grid footprint."""
        if self.figure_source is not None:
            return {fid: v.anchor for fid, v in self.figure_source().items()}
        anchors: dict[str, str] = {}
        for fig in self.doc.figures:
            profile = self.profile(fig.class_id, fig.monster)
            anchors[fig.id] = profile.anchor if profile is not None else "centre"
        return anchors

    def board_marks(self) -> list[BoardMark]:
        """What the map shows of its ruleset's board: the open game's marks while a game
        is open, else the map's board section as its ruleset draws it (``BoardSection``)."""
        if self.marks_source is not None:
            return list(self.marks_source())
        board = self.doc.board
        if board is None or not isinstance(self.ruleset, BoardSection):
            return []
        return list(self.ruleset.board_marks(board, self.doc.dungeon))

    def board(self) -> Any:
        """The geometry's view of the map and figures (cached until the next change).

        While a game is open, the game's own board (``board_source``): one set of figures,
        the ruleset's, for measuring and playing alike."""
        if self.board_source is not None:
            return self.board_source()
        if self._board is None:
            from companion.model.geometry import Board

            self._board = Board(
                self.doc.dungeon,
                rules=self.grid,
                tokens=self.tokens(),
                los_mode=self.doc.options.los_mode,
                walls_stop_areas=self.doc.options.walls_stop_areas,
            )
        return self._board
