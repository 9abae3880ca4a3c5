"""Where the players' window and the phone page get the public view: one QObject.

``PublicViewSource`` builds ``companion.rules.public_view.public_view`` of the open game
whenever the players may see a change (an action, an undo, a room revealed, the odds
shown or hidden) and announces it once through ``viewChanged``.  While the BrickMaster
has frozen it, it keeps the picture it had (and the sheets as they were) and announces
nothing until released.  No rule lives here: what is public is the ruleset's to say.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import SIGNAL, QObject, Signal

from companion.gui.play.controller import PlayController
from companion.model.edits import Changes
from companion.rules.public_view import PublicSheet, PublicView, public_sheet, public_view
from companion.rules.table import Odds


class PublicViewSource(QObject):
    """The public view of the open game, announced on every change the players may see.

    ``viewChanged(PublicView | None)``: a new view (None: no game is open).  ``view()``
    and ``sheet(figure_id)`` answer at any time; both hold only public data."""

    viewChanged = Signal(object)
    frozenChanged = Signal(bool)

    def __init__(self, play: PlayController, session: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.play = play
        self.session = session
        self._frozen = False
        self._show_odds = False
        #: The odds of the pending attack at the hovered target, as the table reads them.
        self._odds: str | None = None
        #: Changes the game's log does not count (rooms revealed, odds shown), for the
        #: view's ``version``.
        self._revision = 0
        self._kept: PublicView | None = None
        #: The last view built and what it was built from (``_build``).
        self._last: tuple[tuple[object, ...], PublicView] | None = None
        self._kept_sheets: dict[str, PublicSheet | None] = {}
        play.changed.connect(self.publish)
        play.gameChanged.connect(self.publish)
        play.oddsShown.connect(self._odds_shown)
        play.pendingChanged.connect(self._pending_changed)
        session.changed.connect(self._map_changed)
        session.replaced.connect(self.publish)

    # -- what is asked ---------------------------------------------------------------------
    def view(self) -> PublicView | None:
        """The view as the players see it now (the frozen one while frozen)."""
        if self._frozen:
            return self._kept
        return self._build()

    def sheet(self, figure_id: str) -> PublicSheet | None:
        """One character's public sheet, read-only; None for no such public sheet."""
        if self._frozen:
            return self._kept_sheets.get(figure_id)
        game = self.play.game
        if game is None:
            return None
        return public_sheet(game, figure_id, rooms=self._rooms())

    @property
    def frozen(self) -> bool:
        return self._frozen

    @property
    def show_odds(self) -> bool:
        return self._show_odds

    # -- what the BrickMaster sets ---------------------------------------------------------
    def set_frozen(self, frozen: bool) -> None:
        """Freeze the view as it is (while the dungeon is rearranged), or release it."""
        if frozen == self._frozen:
            return
        if frozen:
            view = self._build()
            self._kept = view.model_copy(update={"frozen": True}) if view is not None else None
            game = self.play.game
            self._kept_sheets = (
                {
                    ref.figure_id: public_sheet(game, ref.figure_id, rooms=self._rooms())
                    for ref in view.sheets
                }
                if game is not None and view is not None
                else {}
            )
            self._frozen = True
            self.frozenChanged.emit(True)
            self.viewChanged.emit(self._kept)
        else:
            self._frozen = False
            self._kept = None
            self._kept_sheets = {}
            self._revision += 1
            self.frozenChanged.emit(False)
            self.publish()

    def set_show_odds(self, show: bool) -> None:
        if show != self._show_odds:
            self._show_odds = show
            self._revision += 1
            self.publish()

    # -- following the game ----------------------------------------------------------------
    def publish(self, *_args: object) -> None:
        """Announce the view as it is now (nothing while frozen, nor while nobody
        listens: the players' window closed, no phone page shared)."""
        if not self._frozen and self.receivers(SIGNAL("viewChanged(PyObject)")) > 0:
            self.viewChanged.emit(self._build())

    def _build(self) -> PublicView | None:
        """The view now; the same object again while nothing it is made from changed (the
        phone page asks for it on every request)."""
        game = self.play.game
        if game is None:
            return None
        odds = self._odds if self._show_odds else None
        key = (id(game), id(game.state), game.session.records_written, self._revision, odds)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        view = public_view(game, show_odds=odds, rooms=self._rooms(), revision=self._revision)
        self._last = (key, view)
        return view

    def _rooms(self) -> Any:
        """The rooms as the table has them now: the window's map, where the BrickMaster
        hides and reveals them (a game on a map only)."""
        doc = getattr(self.session, "doc", None)
        return doc.dungeon.rooms if doc is not None else None

    def _map_changed(self, changes: Changes) -> None:
        if changes.rooms or changes.everything:
            self._revision += 1
            self.publish()

    def _odds_shown(self, odds: object) -> None:
        text = odds.text if isinstance(odds, Odds) else None
        if text != self._odds:
            self._odds = text
            if self._show_odds:
                self._revision += 1
                self.publish()

    def _pending_changed(self, pending: object) -> None:
        if pending is None:
            self._odds_shown(None)
