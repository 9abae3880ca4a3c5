"""The play controller: one ``Game``, asked everything, told every click.

It never decides a rule.  It sends actions to ``Game.act`` (which validates and writes
them before they change anything), shows refusals with all their reasons, offers the
BrickMaster the override, asks the table for typed dice, and announces each change once
through ``changed``; the docks, the canvas tool and the map redraw from that.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from companion.gui.play.dice_dialog import DiceDialog
from companion.model.edits import EVERYTHING, Changes
from companion.model.mapfile import FigurePlacement, MapDocument
from companion.rules.dice import DiceError
from companion.rules.game import Game, GameFileError, Outcome
from companion.rules.session import IllegalAction, SessionError
from companion.rules.table import ActionChoice, FigureView, MoveOption, Odds, TurnView
from companion.rules.verdict import Verdict

Square = tuple[int, int]
LAST_GAME_KEY = "play/openGame"


class DiceCancelled(DiceError):
    """The table did not type the dice: the action is not taken."""


class PlayController(QObject):
    """Holds the open game; everything the play docks show comes through here."""

    changed = Signal()  # the state changed (an action, undo, redo, a game opened)
    gameChanged = Signal()  # a game was opened or closed
    pendingChanged = Signal(object)  # the ActionChoice waiting for a click, or None
    verdictShown = Signal(object)  # the Verdict of a refused action
    oddsShown = Signal(object)  # the Odds of the pending action at the hovered target, or None
    centerRequested = Signal(str)  # a figure id the map should show
    message = Signal(str)

    def __init__(self, parent: QWidget, settings: QSettings) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.settings = settings
        self.game: Game | None = None
        self.pending: ActionChoice | None = None
        self._moves: dict[Square, MoveOption] | None = None
        #: Replaced by tests: ask for typed dice, confirm a forced action, show an error.
        self.ask_dice: Callable[[int, int, str], Sequence[int]] = self._dialog_dice
        self.confirm_force: Callable[[Verdict], str | None] = self._dialog_force
        self.show_error: Callable[[str, str], None] = self._dialog_error
        self.ask_reason: Callable[[str, str], str | None] = self._dialog_reason

    # -- the game ------------------------------------------------------------------------
    def new_game(self, path: Path, doc: MapDocument, **kwargs: Any) -> bool:
        try:
            game = Game.create(path, doc, **kwargs)
        except (GameFileError, SessionError, DiceError, OSError) as exc:
            self.show_error("Cannot start the game", str(exc))
            return False
        self._set_game(game)
        return True

    def open_game(self, path: Path) -> bool:
        try:
            game = Game.open(path)
        except (GameFileError, SessionError, OSError) as exc:
            self.show_error("Cannot open the game", str(exc))
            return False
        self._set_game(game)
        if game.notice:
            self.message.emit(game.notice)
        return True

    def close_game(self) -> None:
        self.game = None
        self.settings.remove(LAST_GAME_KEY)
        self.set_pending(None)
        self.gameChanged.emit()
        self.changed.emit()

    def _set_game(self, game: Game) -> None:
        self.game = game
        self.pending = None
        self._moves = None
        if game.path is not None:
            self.settings.setValue(LAST_GAME_KEY, str(game.path.resolve()))
        self.gameChanged.emit()
        self.changed.emit()

    # -- what the model says -------------------------------------------------------------
    def turn(self) -> TurnView | None:
        return self.game.turn() if self.game else None

    def figures(self) -> dict[str, FigureView]:
        return self.game.figures() if self.game else {}

    def choices(self) -> list[ActionChoice]:
        """The BrickMaster's table actions, then the acting figure's."""
        if self.game is None:
            return []
        rules, state = self.game.ruleset, self.game.state
        out = list(rules.choices(state, None))
        acting = rules.turn(state).acting
        if acting is not None:
            out += rules.choices(state, acting)
        return out

    def moves(self) -> dict[Square, MoveOption]:
        if self.game is None:
            return {}
        acting = self.game.turn().acting
        if acting is None:
            return {}
        if self._moves is None:
            self._moves = self.game.ruleset.moves(self.game.state, acting)
        return self._moves

    def area(self, action: Mapping[str, Any]) -> tuple[list[Square], list[str]]:
        if self.game is None:
            return [], []
        return self.game.ruleset.area(self.game.state, action)

    def odds(self, action: Mapping[str, Any]) -> Odds | None:
        if self.game is None:
            return None
        return self.game.ruleset.odds(self.game.state, action)

    def show_odds_for(self, target: str | None) -> None:
        """Announce the odds of the pending action aimed at ``target`` (None clears them)."""
        odds = None
        if target is not None and self.pending is not None:
            odds = self.odds({**self.pending.template, self.pending.field: target})
        self.oddsShown.emit(odds)

    def check(self, action: Mapping[str, Any]) -> Verdict | None:
        if self.game is None:
            return None
        try:
            return self.game.check(dict(action))
        except SessionError:
            return None

    # -- acting --------------------------------------------------------------------------
    def choose(self, choice: ActionChoice) -> bool:
        """Take ``choice`` now, or wait for the click it needs."""
        if choice.needs == "none":
            self.set_pending(None)
            return self.act(choice.template)
        self.set_pending(choice)
        return False

    def set_pending(self, choice: ActionChoice | None) -> None:
        self.pending = choice
        self.pendingChanged.emit(choice)

    def complete(self, value: Any) -> bool:
        """Finish the pending action with what the click gave (a path, a figure, a square)."""
        if self.pending is None:
            return False
        action = dict(self.pending.template)
        action[self.pending.field] = value
        done = self.act(action)
        if done:
            self.set_pending(None)
        return done

    def act(self, action: Mapping[str, Any], force: str | None = None) -> bool:
        """Validate and apply; a refusal shows its reasons and offers the override."""
        if self.game is None:
            return False
        try:
            out = self.game.act(dict(action), ask=self._ask, force=force)
        except IllegalAction as exc:
            self.verdictShown.emit(exc.verdict)
            why = self.confirm_force(exc.verdict)
            if why:
                return self.act(action, force=why)
            return False
        except DiceCancelled:
            self.message.emit("No dice typed: the action was not taken.")
            return False
        except (DiceError, SessionError) as exc:
            self.show_error("The action was not taken", str(exc))
            return False
        self._after(out)
        return True

    def _after(self, out: Outcome | None) -> None:
        self._moves = None
        if out is not None:
            self.message.emit(out.text)
        self.changed.emit()

    def reroll_last(self) -> bool:
        """Roll the last action's dice again, as a logged override with the reason."""
        if self.game is None:
            return False
        why = self.ask_reason("Roll the dice again", "Why are the dice rolled again?")
        if not why:
            return False
        try:
            out = self.game.reroll_last(why, ask=self._ask)
        except DiceCancelled:
            self.message.emit("No dice typed: the dice were not rolled again.")
            return False
        except (IllegalAction, DiceError, SessionError) as exc:
            self.show_error("Cannot roll again", str(exc))
            return False
        self._after(out)
        return True

    def undo(self) -> None:
        if self.game is not None and self.game.can_undo:
            self._guard(self.game.undo)

    def redo(self) -> None:
        if self.game is not None and self.game.can_redo:
            self._guard(self.game.redo)

    def reset_turn(self) -> None:
        if self.game is not None:
            self._guard(self.game.reset_turn)

    def _guard(self, step: Callable[[], object]) -> None:
        try:
            step()
        except SessionError as exc:
            self.show_error("Cannot do that", str(exc))
            return
        self.set_pending(None)
        self._after(None)

    def _ask(self, count: int, sides: int, purpose: str) -> Sequence[int]:
        faces = list(self.ask_dice(count, sides, purpose))
        if len(faces) != count:
            raise DiceCancelled(f"{purpose}: no dice typed")
        return faces

    # -- the map the canvas shows --------------------------------------------------------
    def sync_map(self, session: Any) -> None:
        """Put the game's figures (and any changed squares) on the map the canvas shows."""
        if self.game is None:
            return
        doc: MapDocument = session.doc
        board = self.game.ruleset.board(self.game.state)
        changes = Changes(figures=True)
        if board.dungeon is not doc.dungeon and not _same_map(board.dungeon, doc.dungeon):
            doc.dungeon = board.dungeon.copy()
            changes = EVERYTHING
        known = {f.id: f for f in self.game.doc.figures}
        placed = []
        for view in self.figures().values():
            if view.at is None:
                continue
            base = known.get(view.id)
            placed.append(
                FigurePlacement(
                    id=view.id,
                    name=view.name,
                    side=view.side,
                    at=view.at,
                    facing=view.facing,  # type: ignore[arg-type]
                    class_id=base.class_id if base else None,
                    monster=base.monster if base else None,
                    large=base.large if base else False,
                )
            )
        doc.figures = placed
        session.refresh(changes)

    # -- dialogs -------------------------------------------------------------------------
    def _dialog_dice(self, count: int, sides: int, purpose: str) -> Sequence[int]:
        dialog = DiceDialog(count, sides, purpose, self.parent_widget)
        return dialog.faces if dialog.exec() else []

    def _dialog_force(self, verdict: Verdict) -> str | None:
        reasons = "\n".join(f"• {r.message}" for r in verdict.reasons)
        box = QMessageBox(self.parent_widget)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Not allowed")
        box.setText(f"The rules do not allow this:\n{reasons}")
        force = box.addButton("Force it…", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        if box.clickedButton() is not force:
            return None
        why, ok = QInputDialog.getText(
            self.parent_widget, "Force the action", "Why does the BrickMaster allow it?"
        )
        return why.strip() or "BrickMaster's ruling" if ok else None

    def _dialog_reason(self, title: str, label: str) -> str | None:
        text, ok = QInputDialog.getText(self.parent_widget, title, label)
        return text.strip() if ok and text.strip() else None

    def _dialog_error(self, title: str, text: str) -> None:
        QMessageBox.warning(self.parent_widget, title, text)


def _same_map(a: Any, b: Any) -> bool:
    import numpy as np

    return bool(
        a.width == b.width
        and a.height == b.height
        and np.array_equal(a.terrain, b.terrain)
        and a.objects == b.objects
    )
