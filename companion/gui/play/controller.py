"""The play controller: one ``Game``, asked everything, told every click.

It never decides a rule.  It sends actions to ``Game.act`` (which validates and writes
them before they change anything), shows refusals with all their reasons, offers the
BrickMaster the override, asks the table for typed dice, and announces each change once
through ``changed``; the docks, the canvas tool and the map redraw from that.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from companion.gui.canvas.headings import figure_headings
from companion.gui.play import pending as pend
from companion.gui.play.dice_dialog import DiceDialog, DiceSheet
from companion.gui.play.reasons import reason_lines
from companion.model.dungeon import Facing
from companion.model.edits import EVERYTHING, Changes
from companion.model.geometry.arcs import nearest_direction
from companion.model.mapfile import FigurePlacement, MapDocument
from companion.rules.capabilities import Areas, AttackOdds, GridBoard, MoveHints
from companion.rules.dice import DiceError, DiceRoll
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
#: How many states' answers the controller keeps (see ``PlayController._recent``).
RECENT_STATES = 8


class DiceCancelled(DiceError):
    """The table did not type the dice: the action is not taken."""


class Answers:
    """What the ruleset said about one state, asked once and shared by every view.

    The docks, the canvas tool and the marks all redraw on the same ``changed``; asking
    the ruleset again for each of them (``figures()`` alone is a view of every figure)
    made one action cost many times what it should.  Kept for as long as the game's
    state is the same object (states are immutable values).
    """

    def __init__(self, game: Game, picked: str | None = None) -> None:
        self.state = game.state
        self.game = game
        #: The figure the player picked among those the rules let them choose.
        self.picked = picked
        self._figures: dict[str, FigureView] | None = None
        self._turn: TurnView | None = None
        self._choices: list[ActionChoice] | None = None
        self._table: list[ActionChoice] = []
        self._moves: dict[Square, MoveOption] | None = None
        self._prompts: list[Prompt] | None = None

    def turn(self) -> TurnView:
        """The ruleset's turn, with the player's pick as the acting figure when the rules
        let the player choose who acts (``TurnView.choosable``)."""
        if self._turn is None:
            turn = self.game.ruleset.turn(self.state)
            if self.picked in turn.choosable and turn.acting != self.picked:
                turn = turn.model_copy(update={"acting": self.picked})
            self._turn = turn
        return self._turn

    def figures(self) -> dict[str, FigureView]:
        if self._figures is None:
            self._figures = self.game.ruleset.figures(self.state)
        return self._figures

    def choices(self) -> list[ActionChoice]:
        if self._choices is None:
            rules = self.game.ruleset
            table = list(rules.choices(self.state, None))
            self._table = table
            # The round's roll first (it is due before anyone acts), the acting figure's
            # actions next, the table's other actions (grouped menus) last.
            out = [c for c in table if c.kind == "initiative"]
            acting = self.turn().acting
            if acting is not None:
                out += rules.choices(self.state, acting)
            out += [c for c in table if c.kind != "initiative"]
            self._choices = out
        return self._choices

    def table(self) -> list[ActionChoice]:
        """The table's own actions (``Ruleset.choices(state, None)``), not a figure's."""
        self.choices()
        return self._table

    def moves(self) -> dict[Square, MoveOption]:
        if self._moves is None:
            acting = self.turn().acting
            rules = self.game.ruleset
            if acting is not None and isinstance(rules, MoveHints):
                self._moves = rules.moves(self.state, acting)
            else:  # no one acts, or the ruleset gives no move hints
                self._moves = {}
        return self._moves

    def prompts(self) -> list[Prompt]:
        if self._prompts is None:
            self._prompts = list(self.game.ruleset.prompts(self.state))
        return self._prompts


class PlayController(QObject, pend.PendingChoices):
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
        self._answers: Answers | None = None
        #: The answers about the last few states, newest last: an undo, a redo or an
        #: action undone at once goes back to a state already asked about (states are
        #: kept, immutable, by the game), so its answers are reused, not asked again.
        self._recent: OrderedDict[tuple[int, str | None], Answers] = OrderedDict()
        #: The figure picked to act among ``TurnView.choosable`` (None: the rules' first).
        self.picked: str | None = None
        self.asking_die: DieSpec | None = None
        #: The facing chosen for the pending action (a compass name, or degrees at any
        #: angle: the ruleset's ``FacingSpec``), or None: as the figure stands.
        self.facing: str | float | None = None
        #: The figures picked for a pending action that takes several (``needs ==
        #: "figures"``).
        self.picks = pend.TargetPicks(self.check)
        #: The figures' facings in degrees as last put on the map (``sync_map``).
        self._headings: dict[str, float | None] = {}
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
        self._answers = None
        self._recent.clear()
        self.settings.remove(LAST_GAME_KEY)
        self.set_pending(None)
        self.gameChanged.emit()
        self.announce()

    def _set_game(self, game: Game) -> None:
        self.game = game
        self.pending = None
        self._answers = None
        self._recent.clear()
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
        got = self._answers
        if (
            got is None
            or got.game is not game
            or got.state is not game.state
            or got.picked != self.picked
        ):
            key = (id(game.state), self.picked)
            got = self._recent.get(key)
            # an entry holds its state, so the id is not reused while it is kept
            if got is None or got.game is not game or got.state is not game.state:
                got = Answers(game, self.picked)
            self._recent[key] = got
            self._recent.move_to_end(key)
            while len(self._recent) > RECENT_STATES:
                self._recent.popitem(last=False)
            self._answers = got
        return got

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
            return self.picks.refusal(target) if target not in self.picks.ids else None
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
        """Put the game's figures (and any changed squares) on the map the canvas shows.

        Announces only what changed: nothing when no figure moved (a turn beginning or
        ending), the squares of the figures that moved, everything if the map changed.
        """
        if self.game is None or not isinstance(self.game.ruleset, GridBoard):
            return  # a game without a map draws its own board (``GraphBoard``)
        doc: MapDocument = session.doc
        board = self.game.ruleset.board(self.game.state)
        map_changed = board.dungeon is not doc.dungeon and not _same_map(board.dungeon, doc.dungeon)
        if map_changed:
            doc.dungeon = board.dungeon.copy()
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
                    # the nearest of N/E/S/W: eight ways or any angle is ``headings``
                    facing=Facing(nearest_direction(view.facing_degrees, 4)),
                    class_id=base.class_id if base else None,
                    monster=base.monster if base else None,
                    large=base.large if base else False,
                )
            )
        # A turn that no placement shows (eight ways or any angle) redraws its figures.
        headings = figure_headings(session)
        turned = [f for f in placed if headings.get(f.id) != self._headings.get(f.id)]
        self._headings = headings
        if map_changed:
            doc.figures = placed
            session.refresh(EVERYTHING)
            return
        region = _moved_region(doc.figures, placed)
        if region is None and turned:
            region = _moved_region([], turned)
        if region is None:
            return
        doc.figures = placed
        session.refresh(Changes(figures=True, region=region))

    def die_spec(self, die: str | None) -> DieSpec | None:
        """The game's ruleset's die ``die`` (None: a plain numbered die)."""
        if die is None or self.game is None:
            return None
        return next((d for d in self.game.ruleset.dice_specs() if d.id == die), None)

    # -- dialogs -------------------------------------------------------------------------
    def _dice_sheet(self, action: Mapping[str, Any], forced: bool) -> list[list[int]] | None:
        """Every die ``action`` rolls, typed in one dialog (a row per roll, ties re-rolled
        in it); [] when it rolls none, None when the table cancels."""
        game = self.game
        assert game is not None
        probe = _Probe(game, action)
        first, done = probe([])
        if done and not first:
            return []
        title = first[0][2] if len(first) == 1 and done else "The dice of this action"
        sheet = DiceSheet(probe, self.die_spec, title, self.parent_widget)
        self.sheet = sheet
        return sheet.answers if sheet.exec() else None

    def _dialog_dice(self, count: int, sides: int, purpose: str) -> Sequence[int]:
        dialog = DiceDialog(count, sides, purpose, self.parent_widget, die=self.asking_die)
        return dialog.faces if dialog.exec() else []

    def _dialog_force(self, verdict: Verdict) -> str | None:
        reasons = "\n".join(reason_lines(verdict.reasons))
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

    def _dialog_confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self.parent_widget, "Aim at your own side?", question)
        return answer == QMessageBox.StandardButton.Yes

    def _dialog_reason(self, title: str, label: str) -> str | None:
        text, ok = QInputDialog.getText(self.parent_widget, title, label)
        return text.strip() if ok and text.strip() else None

    def _dialog_error(self, title: str, text: str) -> None:
        QMessageBox.warning(self.parent_widget, title, text)


class _Stop(Exception):
    """A probe reached a roll not typed yet."""


class _Probe:
    """Runs an action on the faces typed so far, without keeping anything, to learn which
    rolls it asks for next (``DiceSheet``): the model decides what is rolled, and when."""

    def __init__(self, game: Game, action: Mapping[str, Any]) -> None:
        self.game = game
        self.parsed = game.session.parse(dict(action))

    def __call__(
        self, answers: list[list[int]]
    ) -> tuple[list[tuple[int, int, str, str | None]], bool]:
        asked: list[tuple[int, int, str, str | None]] = []
        game = self.game

        class Dice:
            def roll(
                self, count: int, purpose: str, sides: int = 6, die: str | None = None
            ) -> DiceRoll:
                asked.append((count, sides, purpose, die))
                i = len(asked) - 1
                if i >= len(answers) or len(answers[i]) != count:
                    raise _Stop
                return DiceRoll(purpose=purpose, sides=sides, faces=tuple(answers[i]), die=die)

        try:
            game.ruleset.resolve(game.state, self.parsed, Dice())
        except _Stop:
            return asked, False
        except Exception:  # the real act will say what is wrong
            return asked, True
        return asked, True


def _same_map(a: Any, b: Any) -> bool:
    import numpy as np

    return bool(
        a.width == b.width
        and a.height == b.height
        and np.array_equal(a.terrain, b.terrain)
        and a.objects == b.objects
    )


def _moved_region(
    old: Sequence[FigurePlacement], new: Sequence[FigurePlacement]
) -> tuple[int, int, int, int] | None:
    """The squares (x0, y0, x1, y1, ends exclusive) where ``old`` and ``new`` figures
    differ, or None if they are the same; a change of order alone counts as a change."""
    if len(old) == len(new) and all(a == b for a, b in zip(old, new, strict=True)):
        return None
    before = {f.id: f for f in old}
    after = {f.id: f for f in new}
    squares = [f.at for fid, f in before.items() if after.get(fid) != f] + [
        f.at for fid, f in after.items() if before.get(fid) != f
    ]
    if not squares:  # only the order changed
        squares = [f.at for f in new] or [(0, 0)]
    xs = [sq[0] for sq in squares]
    ys = [sq[1] for sq in squares]
    # a large figure covers the square to its right and below too; a round base on a
    # stud table spreads a stud around its centre
    return (max(0, min(xs) - 1), max(0, min(ys) - 1), max(xs) + 2, max(ys) + 2)
