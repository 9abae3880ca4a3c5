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
from PySide6.QtWidgets import QWidget

from companion.gui.play import pending as pend
from companion.gui.play.answers import AnswerCache, Answers
from companion.gui.play.map_sync import MapSync
from companion.gui.play.play_dialogs import PlayDialogs
from companion.model.mapfile import MapDocument
from companion.rules.capabilities import Areas, AttackOdds
from companion.rules.dice import DiceError
from companion.rules.game import Game, GameFileError, Outcome
from companion.rules.session import IllegalAction, SessionError
from companion.rules.table import (
    ActionChoice,
    DieSpec,
    FigureView,
    MoveOption,
    Odds,
    Prompt,
    TurnView,
)
from companion.rules.verdict import Verdict

Square = tuple[int, int]
LAST_GAME_KEY = "play/openGame"


class DiceCancelled(DiceError):
    """The table did not type the dice: the action is not taken."""


class PlayController(QObject, pend.PendingChoices, PlayDialogs):
    """Holds the open game; everything the play docks show comes through here."""

    changed = Signal()  # the state changed (an action, undo, redo, a game opened)
    gameChanged = Signal()  # a game was opened or closed
    pendingChanged = Signal(object)  # the ActionChoice waiting for a click, or None
    verdictShown = Signal(object)  # the Verdict of a refused action
    oddsShown = Signal(object)  # the Odds of the pending action at the hovered target, or None
    centerRequested = Signal(str)  # a figure id the map should show
    turnPassed = Signal()  # another figure acts now (or nobody): refusals shown are stale
    message = Signal(str)

    def __init__(self, parent: QWidget, settings: QSettings) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.settings = settings
        self.game: Game | None = None
        self.pending: ActionChoice | None = None
        #: The ruleset's answers about the last few states (``answers``).
        self._answers = AnswerCache()
        #: The figure picked to act among ``TurnView.choosable`` (None: the rules' first).
        self.picked: str | None = None
        self.asking_die: DieSpec | None = None
        #: The facing chosen for the pending action (a compass name, or degrees at any
        #: angle: the ruleset's ``FacingSpec``), or None: as the figure stands.
        self.facing: str | float | None = None
        #: The figures picked for a pending action that takes several (``needs ==
        #: "figures"``).
        self.picks = pend.TargetPicks(self.check)
        #: What was last put on the map (``sync_map``).
        self._map = MapSync()
        #: Who acted when the state was last announced (to tell when the turn passes).
        self._last_acting: str | None = None
        #: True while ``complete`` applies the pending action.
        self._completing = False
        #: Replaced by tests: ask for typed dice, confirm a forced action, show an error.
        self.ask_dice: Callable[[int, int, str], Sequence[int]] = self._dialog_dice
        self.confirm_force: Callable[[Verdict], str | None] = self._dialog_force
        self.show_error: Callable[[str, str], None] = self._dialog_error
        #: Asks before a harmful action is aimed at an ally or the actor itself.
        self.confirm_target: Callable[[str], bool] = self._dialog_confirm
        self.ask_reason: Callable[[str, str], str | None] = self._dialog_reason
        self.keep_clear = lambda: None

    # -- the game ------------------------------------------------------------------------
    def new_game(self, path: Path, doc: MapDocument | None, **kwargs: Any) -> bool:
        """Start a game on ``doc`` (None: its ruleset, ``ruleset_id``, needs no map)."""
        try:
            game = Game.create(path, doc, **kwargs)
        except (GameFileError, SessionError, DiceError, OSError) as exc:
            self.show_error("Cannot start the game", str(exc))
            return False
        self._set_game(game)
        return True

    def open_game(
        self, path: Path, load: Callable[[Callable[[], Game]], Game] | None = None
    ) -> bool:
        """Open and replay a game file; ``load`` runs the reading (e.g. off the GUI thread,
        raising ``LoadCancelled``), by default here and now."""
        try:
            game = load(lambda: Game.open(path)) if load else Game.open(path)
        except (GameFileError, SessionError, OSError) as exc:
            self.show_error("Cannot open the game", str(exc))
            return False
        self._set_game(game)
        if game.notice:
            self.message.emit(game.notice)
        return True

    def close_game(self) -> None:
        self.game = None
        self._answers.clear()
        self.settings.remove(LAST_GAME_KEY)
        self.set_pending(None)
        self.gameChanged.emit()
        self.announce()

    def _set_game(self, game: Game) -> None:
        self.game = game
        self.pending = None
        self._answers.clear()
        if game.path is not None:
            self.settings.setValue(LAST_GAME_KEY, str(game.path.resolve()))
        self.gameChanged.emit()
        self.announce()

    # -- what the model says -------------------------------------------------------------
    def answers(self) -> Answers | None:
        """The ruleset's answers about the state as it is now (asked at most once each)."""
        game = self.game
        if game is None:
            return None
        return self._answers.get(game, self.picked)

    def pick(self, figure_id: str) -> bool:
        """Choose who acts next, when the rules leave it to the player; False otherwise."""
        turn = self.turn()
        if turn is None or figure_id not in turn.choosable or turn.turn_started:
            return False
        if figure_id != self.picked:
            self.picked = figure_id
            self.set_pending(None)
            self.announce()
        return True

    def turn(self) -> TurnView | None:
        got = self.answers()
        return got.turn() if got else None

    def figures(self) -> dict[str, FigureView]:
        """Every figure's view (the same dict for every caller until the state changes:
        do not modify it)."""
        got = self.answers()
        return got.figures() if got else {}

    def choices(self) -> list[ActionChoice]:
        """The BrickMaster's table actions, then the acting figure's."""
        got = self.answers()
        return list(got.choices()) if got else []

    def table_choices(self) -> list[ActionChoice]:
        """The table's actions (the BrickMaster's, in BrickQuest): those the ruleset offers
        for nobody in particular (``Ruleset.choices(state, None)``)."""
        got = self.answers()
        return list(got.table()) if got else []

    def from_table(self, choice: ActionChoice) -> bool:
        """Whether ``choice`` is one of the table's actions rather than a figure's."""
        got = self.answers()
        return got is not None and any(c is choice for c in got.table())

    def moves(self) -> dict[Square, MoveOption]:
        got = self.answers()
        return got.moves() if got else {}

    def prompts(self) -> list[Prompt]:
        """The start-of-turn work of the acting figure."""
        got = self.answers()
        return list(got.prompts()) if got else []

    def area(self, action: Mapping[str, Any]) -> tuple[list[Square], list[str]]:
        if self.game is None or not isinstance(self.game.ruleset, Areas):
            return [], []
        return self.game.ruleset.area(self.game.state, action)

    def odds(self, action: Mapping[str, Any]) -> Odds | None:
        if self.game is None or not isinstance(self.game.ruleset, AttackOdds):
            return None
        return self.game.ruleset.odds(self.game.state, action)

    def show_odds_for(self, target: str | None) -> None:
        """Announce the odds of the pending action aimed at ``target`` (None clears them)."""
        self.oddsShown.emit(self.odds_at(target))

    def odds_at(self, target: str | None) -> Odds | str | None:
        """The odds of the pending action aimed at ``target``; for a figure it may not be
        aimed at, the rules' reason instead (a text); None when there is nothing to show."""
        choice = self.pending
        if target is None or choice is None or choice.needs not in ("figure", "figures"):
            return None
        if choice.needs == "figures":
            # The odds of the action with the figures picked so far and this one (a
            # gang-up's bumps), or why this one cannot be picked.
            picked = list(self.picks.ids)
            if target not in picked:
                refusal = self.picks.refusal(target)
                if refusal is not None:
                    return refusal
                picked.append(target)
            return self.odds({**choice.template, choice.field: picked})
        action = {**choice.template, choice.field: target}
        if target not in choice.targets:
            verdict = self.check(action)
            if verdict is not None and not verdict.legal:
                return verdict.message
            return "not among the figures this action may be aimed at"
        return self.odds(action)

    def check(self, action: Mapping[str, Any]) -> Verdict | None:
        if self.game is None:
            return None
        try:
            return self.game.check(dict(action))
        except SessionError:
            return None

    # -- acting --------------------------------------------------------------------------
    def choose(self, choice: ActionChoice) -> bool:
        """Take ``choice`` now, or wait for the click it needs; one the rules say cannot be
        taken now is not taken, and the reason is said."""
        if not choice.enabled:
            self.set_pending(None)
            self.message.emit(f"{choice.label}: not possible now — {choice.why_not}")
            return False
        if choice.needs == "none":
            self.set_pending(None)
            return self.act(choice.template)
        self.set_pending(choice)
        return False

    def set_pending(self, choice: ActionChoice | None) -> None:
        self.pending = choice
        self.facing = None
        self.picks.start(choice)
        self.pendingChanged.emit(choice)

    def complete(self, value: Any, then: Any = None) -> bool:
        """Finish the pending action with what the click gave (a path, a figure, a square),
        and what a second click gave when the action asks for two."""
        if self.pending is None:
            return False
        action = dict(self.pending.template)
        action[self.pending.field] = value
        if self.pending.then_field:
            action[self.pending.then_field] = then
        if self.facing is not None and self.pending.facing_field:
            action[self.pending.facing_field] = self.facing
        question = self.question(self.pending, action, value)
        if question is not None and not self.confirm_target(question):
            self.message.emit("Not done: " + question)
            return False
        self._completing = True
        try:
            done = self.act(action)
        finally:
            self._completing = False
        if done:
            self.set_pending(None)
        return done

    def question(self, choice: ActionChoice, action: Mapping[str, Any], value: Any) -> str | None:
        """What to ask before ``action`` is taken (the model's wording): its target is an
        ally or the actor itself, or its area catches some; None when nothing to ask."""
        asks = dict(choice.confirm)
        if choice.needs == "figures" and isinstance(value, list):
            return "\n".join(asks[f] for f in value if f in asks) or None
        if choice.needs == "area":
            if not asks:
                return None
            lines = [asks[f] for f in self.area(action)[1] if f in asks]
            return "\n".join(lines) or None
        return asks.get(value) if isinstance(value, str) else None

    def act(self, action: Mapping[str, Any], force: str | None = None) -> bool:
        """Validate and apply; a refusal shows its reasons and offers the override."""
        if self.game is None:
            return False
        faces: list[int] | None = None
        if self.game.header.dice == "typed" and self.ask_dice == self._dialog_dice:
            verdict = self.check(action)
            if verdict is not None and (verdict.legal or force):
                typed = self._dice_sheet(action, force is not None)
                if typed is None:
                    self.message.emit("No dice typed: the action was not taken.")
                    return False
                faces = [f for row in typed for f in row] if typed else None
        try:
            out = self.game.act(dict(action), ask=self._ask, force=force, faces=faces)
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
        if self._completing and self.pending is not None:
            # The pending action is taken: clear it before the views redraw the new
            # state, or they show (and ask the ruleset for) its choices there first.
            self.set_pending(None)
        self._after(out)
        return True

    def _after(self, out: Outcome | None) -> None:
        if out is not None:
            self.message.emit(out.text)
        self.announce()

    def announce(self) -> None:
        """Tell every view the state changed, and whether the turn passed to another."""
        turn = self.turn()
        acting = turn.acting if turn else None
        passed = acting != self._last_acting
        self._last_acting = acting
        if passed:
            self.turnPassed.emit()
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
        """Take back the last player's action (over the bookkeeping after it), and say it."""
        game = self.game
        if game is not None and game.can_undo:
            self._guard(lambda: self.message.emit(f"Undone: {game.undo_step()}"))

    def redo(self) -> None:
        """Apply the next action taken back again (and its bookkeeping), and say it."""
        game = self.game
        if game is not None and game.can_redo:
            self._guard(lambda: self.message.emit(f"Redone: {game.redo_step()}"))

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

    def _ask(self, count: int, sides: int, purpose: str, die: str | None = None) -> Sequence[int]:
        #: The symbol die asked for, so the dialog can show its faces' labels.
        self.asking_die = self.die_spec(die)
        faces = list(self.ask_dice(count, sides, purpose))
        if len(faces) != count:
            raise DiceCancelled(f"{purpose}: no dice typed")
        return faces

    # -- the map the canvas shows --------------------------------------------------------
    def sync_map(self, session: Any) -> None:
        """Put the game's figures (and any changed squares) on the map the canvas shows
        (``map_sync.MapSync``): only what changed is announced."""
        if self.game is not None:
            self._map.sync(self.game, self.figures, session)
