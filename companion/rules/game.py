"""A game at the table: a map, a party, options, a seed and the log of actions.

One model-level object driven alike by the window and by ``brick-companion game``.  The
game file is a session log (``companion.rules.session``) whose header holds the game's
inputs — the map document, the party, the options, the choices the cards left open, the
dice mode and the seed — so opening it builds the same set-up through the ruleset's
``game_setup`` hook and replays the log to the identical state.

Dice: rolled by the app (each action's dice from the seed and the number of records
written, so a game reopened rolls on as it would have), or typed in from the physical
dice.  Faces typed for an action must all be used by it.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.model.mapfile import MapDocument, dump_map
from companion.rules.capabilities import GraphBoard, needs_map
from companion.rules.dice import Ask, Dice, DiceError, DiceRoll, SeededDice, TypedDice
from companion.rules.game_file import GAME_FORMAT as GAME_FORMAT
from companion.rules.game_file import GAME_SUFFIX as GAME_SUFFIX
from companion.rules.game_file import GAME_VERSION as GAME_VERSION
from companion.rules.game_file import DiceMode as DiceMode
from companion.rules.game_file import GameFileError as GameFileError
from companion.rules.game_file import GameHeader as GameHeader
from companion.rules.game_file import GameOptionError as GameOptionError
from companion.rules.game_file import input_part, read_game, session_for
from companion.rules.ruleset import Bookkeeping, Event, Ruleset, blank_table, get_ruleset
from companion.rules.session import IllegalAction, Session, SessionError, Step, _first_error
from companion.rules.setups import OptionError, read_options
from companion.rules.table import FigureView, TurnView, figure_tracks, roll_labels, track_changes
from companion.rules.user_tables import rows_fingerprint
from companion.rules.verdict import Reason, Verdict
from companion.safefile import text_problem


@dataclass(frozen=True)
class LogLine:
    """One action of the game log as the table reads it."""

    index: int
    text: str
    actor: str
    forced: bool
    why: str
    rolls: tuple[DiceRoll, ...]
    note: str
    squares: tuple[tuple[int, int], ...]
    #: Each roll as the table reads it: "purpose: faces", symbol dice by their labels.
    dice: tuple[str, ...] = ()
    #: What it did to the figures' named tracks and states ("Blue: Guard ■■□ → ■□□").
    changes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """What an applied action did."""

    events: tuple[Event, ...]
    text: str
    forced: bool


class Game:
    """A game in progress, kept in its file after every action."""

    def __init__(self, header: GameHeader, session: Session, doc: MapDocument) -> None:
        self.header = header
        self.session = session
        #: The map the game was made from (rooms, names); the game state holds its changes.
        self.doc = doc
        #: Whether the ruleset's figures have named tracks or states (asked once).
        self._tracked: bool | None = None
        #: Each log entry as worded, kept with the record and states it was worded from.
        self._lines: dict[int, tuple[Any, Any, Any, LogLine]] = {}

    # -- making and opening -------------------------------------------------------------
    @classmethod
    def create(
        cls,
        path: Path,
        doc: MapDocument | None,
        *,
        party: Mapping[str, Any] | None = None,
        ruleset_id: str | None = None,
        options: Mapping[str, Any] | None = None,
        choices: Mapping[str, Mapping[str, Any]] | None = None,
        dice: DiceMode = "app",
        seed: int | None = None,
    ) -> Game:
        """A new game written to ``path`` under the map's ruleset (or ``ruleset_id``);
        with app dice, initiative (the round's roll) is rolled at once.

        A ruleset played without a map (no ``GridBoard``) takes ``doc=None`` and its
        ``ruleset_id``; one played on a map needs the map."""
        if doc is None and not ruleset_id:
            raise GameFileError("a game without a map needs its ruleset's id", part="ruleset")
        ruleset_id = ruleset_id or (doc.options.ruleset if doc is not None else "")
        problem = text_problem({"party": party, "options": options, "choices": choices})
        if problem is not None:
            raise GameFileError(str(problem), part=input_part(str(problem)))
        try:
            ruleset = get_ruleset(ruleset_id)
        except LookupError as exc:
            raise GameFileError(str(exc), part="ruleset") from None
        on_map = needs_map(ruleset)
        if doc is None and on_map:
            raise GameFileError(
                f"the ruleset {ruleset.title!r} ({ruleset_id}) is played on a map: give one",
                part="map",
            )
        if doc is not None and not on_map:
            raise GameFileError(
                f"the ruleset {ruleset.title!r} ({ruleset_id}) is played without a map "
                "(its board is its own): leave the map out",
                part="map",
            )
        if doc is not None and doc.options.ruleset != ruleset_id:
            raise GameFileError(
                f"the map is made for the ruleset {doc.options.ruleset!r}, not {ruleset_id!r}",
                part="ruleset",
            )
        table = doc if doc is not None else blank_table(ruleset_id, ruleset.title)
        try:
            options = read_options(ruleset.option_specs(), options or {})
        except OptionError as exc:
            raise GameOptionError(str(exc)) from None
        try:
            header = GameHeader(
                format=GAME_FORMAT,
                version=GAME_VERSION,
                ruleset=ruleset_id,
                map=json.loads(dump_map(doc)) if doc is not None else None,
                party=dict(party) if party is not None else None,
                options=options,
                choices={k: dict(v) for k, v in (choices or {}).items()},
                dice=dice,
                seed=seed if seed is not None else random.SystemRandom().randrange(2**31),
                user_tables=rows_fingerprint(ruleset, ruleset_id),
            )
        except ValidationError as exc:  # e.g. a negative seed
            text = _first_error(exc)
            raise GameFileError(text, part=input_part(text)) from None
        game = cls(header, session_for(ruleset, header, table, ""), table)
        try:
            game.session.save_as(path)
        except OSError as exc:  # a folder that does not exist, a read-only disk
            why = exc.strerror or type(exc).__name__
            raise GameFileError(f"{path}: cannot write the game ({why})", part="file") from None
        if dice == "app":
            try:
                for choice in ruleset.choices(game.state, None):
                    if choice.kind == "initiative":
                        game.act(choice.template)
            except (SessionError, DiceError) as exc:  # no half-made game is left behind
                path.unlink(missing_ok=True)
                raise GameFileError(f"the first roll of initiative fails: {exc}") from None
        return game

    @classmethod
    def open(cls, path: Path, *, mend: bool = True) -> Game:
        """Read a game file and replay it; ``GameFileError`` says what is wrong and where.

        A last line cut off by a crash is cut from the file too, unless ``mend`` is off
        (checking a file must not change it)."""
        header, session, doc = read_game(path, mend=mend)
        return cls(header, session, doc)

    # -- reading ------------------------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset[Any, Any]:
        return self.session.ruleset

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def path(self) -> Path | None:
        return self.session.path

    @property
    def notice(self) -> str:
        """What opening the file had to mend (a torn last line), or empty."""
        return self.session.notice

    def turn(self) -> TurnView:
        return self.ruleset.turn(self.state)

    def figures(self) -> dict[str, FigureView]:
        return self.ruleset.figures(self.state)

    def check(self, action: Any) -> Verdict:
        try:
            return self.session.check(action)
        except LookupError as exc:
            raise SessionError(str(exc)) from None

    def snapshot(self) -> dict[str, Any]:
        """The state as ``game state`` prints it."""
        turn = self.turn()
        out = {
            "ruleset": self.ruleset.id,
            "round": turn.round,
            "phase": turn.phase,
            "phases": list(turn.phases),
            "acting": turn.acting,
            "needs_initiative": turn.needs_initiative,
            "headline": turn.headline,
            "outcome": turn.outcome,
            "choosable": list(turn.choosable),
            "notes": list(turn.notes),
            "tracks": {
                t.id: {"name": t.name, "filled": t.filled, "length": t.length} for t in turn.tracks
            },
            "order": list(turn.order),
            "labels": turn.labels,
            "figures": {
                f.id: {
                    "name": f.name,
                    "side": f.side,
                    "at": list(f.at) if f.at else None,
                    "hp": f.hp,
                    "max_hp": f.max_hp,
                    "sp": f.sp,
                    "effects": [b.id for b in f.badges],
                    "actions_left": f.actions_left,
                    "dead": f.dead,
                    "tracks": {
                        t.id: {"name": t.name, "value": t.value, "maximum": t.maximum}
                        for t in figure_tracks(f)
                    },
                    "states": list(f.states),
                }
                for f in self.figures().values()
            },
        }
        rules = self.ruleset
        if isinstance(rules, GraphBoard):
            graph = rules.places(self.state)
            out["board"] = {
                "current": graph.current,
                "places": {p.id: list(p.figures) for p in graph.places},
            }
        return out

    def log(self) -> list[LogLine]:
        """The actions in effect, worded.  Each entry is worded once and kept while its
        record and the states around it are the very ones it was worded from (an action
        words its own line only, not the whole game's again)."""
        out = []
        for i, step in enumerate(self.session.history()):
            kept = self._lines.get(i)
            if (
                kept is not None
                and kept[0] is step.record
                and kept[1] is step.before
                and kept[2] is step.after
            ):
                out.append(kept[3])
                continue
            line = self._log_line(i, step)
            self._lines[i] = (step.record, step.before, step.after, line)
            out.append(line)
        for i in [i for i in self._lines if i >= len(out)]:
            del self._lines[i]
        return out

    def _log_line(self, index: int, step: Step) -> LogLine:
        action = step.record.action
        return LogLine(
            index=index,
            text=self.ruleset.describe(step.before, action, step.events),
            actor=str(action.get("actor", "")),
            forced=step.record.forced,
            why=step.record.why,
            rolls=step.record.rolls,
            note=step.record.note,
            squares=_squares(action, step.record.overruled),
            dice=tuple(self.roll_text(r) for r in step.record.rolls),
            changes=self._track_changes(step.before, step.after),
        )

    def _track_changes(self, before: Any, after: Any) -> tuple[str, ...]:
        """What an entry did to named tracks and states (``track_changes``); asked only of
        a ruleset whose figures have them."""
        if self._tracked is None:
            views = self.ruleset.figures(self.session.state_at(0))
            self._tracked = any(v.tracks or v.states for v in views.values())
        if not self._tracked:
            return ()
        return tuple(track_changes(self.ruleset.figures(before), self.ruleset.figures(after)))

    def entry_squares(self, index: int) -> tuple[tuple[int, int], ...]:
        """Every square entry ``index`` of the log touches, for the map to show: the squares
        its action names (a path, a template's squares, a target square) and where the
        actor, its target figure(s) and every figure an event names stood before it."""
        step = next(itertools.islice(self.session.history(), index, None), None)
        if index < 0 or step is None:
            return ()
        action = step.record.action
        out = list(_squares(action, step.record.overruled))
        for key in ("at", "to", "origin", "square"):
            sq = action.get(key)
            if (
                isinstance(sq, list | tuple)
                and len(sq) == 2
                and all(isinstance(v, int) for v in sq)
            ):
                out.append((int(sq[0]), int(sq[1])))
        figures = self.ruleset.figures(step.before)
        named: list[object] = [action.get("actor"), action.get("target"), action.get("figure")]
        named += list(action.get("targets") or ())
        named += [e.figure for e in step.events]
        for fid in named:
            view = figures.get(fid) if isinstance(fid, str) else None
            if view is not None and view.at is not None:
                out.append((int(view.at[0]), int(view.at[1])))
        return tuple(dict.fromkeys(out))  # in order, once each

    def entry_rounds(self) -> list[int]:
        """The round each entry of the log was taken in."""
        return [self.ruleset.turn(step.before).round for step in self.session.history()]

    def roll_text(self, roll: DiceRoll) -> str:
        """A roll as the table reads it: its purpose and faces (labels for symbol dice)."""
        return f"{roll.purpose}: {' '.join(roll_labels(roll, self.ruleset.dice_specs()))}"

    # -- changing -----------------------------------------------------------------------
    def dice(self, faces: Sequence[int | str] | None = None, ask: Ask | None = None) -> Dice:
        """Where the next action's dice come from: typed ``faces`` (numbers, or labels of
        the ruleset's dice), the table (``ask``), or the app's seeded roll."""
        if faces is not None or self.header.dice == "typed":
            return TypedDice(
                faces or (),
                ask=ask,
                specs=self.ruleset.dice_specs(),
                parse=lambda label: self.ruleset.parse_faces([label])[0],
            )
        return SeededDice(rng=random.Random(f"{self.header.seed}/{self.session.records_written}"))

    def act(
        self,
        action: Any,
        *,
        faces: Sequence[int | str] | None = None,
        ask: Ask | None = None,
        force: str | None = None,
        note: str = "",
    ) -> Outcome:
        """Validate and apply ``action``; ``force`` (the reason) applies an illegal one.

        Raises ``IllegalAction`` (with the verdict), ``DiceError`` (dice missing, off the
        die, or typed but unused) or ``SessionError`` (a bad action, a failed write).
        Nothing is changed or written when it raises.
        """
        dice = self.dice(faces, ask)
        before = self.state

        def all_used() -> None:
            if isinstance(dice, TypedDice) and dice.remaining:
                left = ", ".join(map(str, dice.remaining))
                raise DiceError(f"{len(dice.remaining)} typed dice were not needed: {left}")

        try:
            events = self.session.act(
                action,
                dice,
                force=force is not None,
                why=force or "",
                before_commit=all_used,
                note=note,
            )
        except (IllegalAction, DiceError, SessionError):
            raise
        except LookupError as exc:  # an unknown figure named by the action
            raise SessionError(str(exc)) from None
        record = self.session.entries[-1]
        text = self.ruleset.describe(before, record.action, events)
        return Outcome(events=events, text=text, forced=record.forced)

    def reroll_last(self, why: str, *, ask: Ask | None = None) -> Outcome:
        """Take back the last action and roll its dice again: a logged BrickMaster override.

        The same action is applied with new dice (the app's, or typed through ``ask``); the
        record says it was re-rolled and why.  If it cannot be applied again, the old one
        is restored.
        """
        if not self.can_undo:
            raise SessionError("there is no action to re-roll")
        record = self.session.entries[-1]
        if not record.rolls:
            raise SessionError("the last action rolled no dice")
        self.undo()
        try:
            return self.act(
                record.action,
                ask=ask,
                force=record.why or "forced" if record.forced else None,
                note=f"dice rolled again: {why}",
            )
        except (IllegalAction, DiceError, SessionError):
            self.redo()
            raise

    def undo(self) -> None:
        """Take back the last record, whatever it is (``undo_step`` for the table's undo)."""
        self.session.undo()

    def bookkeeping(self, action: Mapping[str, Any]) -> bool:
        """Whether the ruleset calls ``action`` bookkeeping (``Bookkeeping``)."""
        rules = self.ruleset
        return isinstance(rules, Bookkeeping) and rules.bookkeeping(action)

    def _text(self, index: int) -> str:
        """The log's sentence of the ``index``-th record (0-based) of the whole log."""
        record = self.session.record_at(index)
        before = self.session.state_at(index)
        return self.ruleset.describe(before, record.action, self.session.events_at(index + 1))

    def undo_step(self) -> str:
        """Take back the last action a player took, and the bookkeeping after it (turns
        ended, figures passing); the sentence of the action taken back.

        ``SessionError`` when there is nothing to undo."""
        if not self.can_undo:
            raise SessionError("nothing to undo")
        skipped = 0
        while self.can_undo:
            index = self.session.cursor - 1
            record = self.session.record_at(index)
            text = self._text(index)
            self.undo()
            if not self.bookkeeping(record.action):
                return text + (f" (and {skipped} turn changes after it)" if skipped else "")
            skipped += 1
        return f"{skipped} turn changes"

    def redo_step(self) -> str:
        """Apply again the next action taken back, and the bookkeeping that followed it;
        the sentence of the action.  ``SessionError`` when there is nothing to redo."""
        if not self.can_redo:
            raise SessionError("nothing to redo")
        index = self.session.cursor
        self.redo()
        text = self._text(index)
        while self.can_redo and self.bookkeeping(
            self.session.record_at(self.session.cursor).action
        ):
            self.redo()
        return text

    def redo(self) -> None:
        self.session.redo()

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.session.can_redo

    @property
    def can_reset_turn(self) -> bool:
        """Whether Reset turn takes anything back: the last action was the acting figure's."""
        acting = self.turn().acting
        if not self.can_undo or acting is None:
            return False
        before = self.session.state_at(self.session.cursor - 1)
        return self.ruleset.turn(before).acting == acting

    def reset_turn(self) -> int:
        """Undo back to the start of the acting figure's turn; the number of undos."""
        acting = self.turn().acting
        steps = 0
        while self.can_undo and acting is not None:
            before = self.session.state_at(self.session.cursor - 1)
            turn = self.ruleset.turn(before)
            if turn.acting != acting:
                break
            self.undo()
            steps += 1
            if not turn.turn_started:
                break
        return steps


def _squares(action: Mapping[str, Any], overruled: Sequence[Reason]) -> tuple[tuple[int, int], ...]:
    """The squares an action names (its path, target square or squares), for highlighting.

    Only lists of squares count: a ruleset without squares may name other things so (a
    QUBQST ``"path": "N"`` is a cube's side)."""
    out: list[tuple[int, int]] = []
    for key in ("path", "squares"):
        squares = action.get(key)
        if isinstance(squares, list | tuple):
            out.extend(sq for sq in map(_square, squares) if sq is not None)
    target = _square(action.get("target"))
    if target is not None:
        out.append(target)
    for reason in overruled:
        if reason.square is not None:
            x, y = reason.square
            out.append((x, y))
    return tuple(out)


def _square(value: Any) -> tuple[int, int] | None:
    """``value`` as a square (two whole numbers), or None."""
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        return (int(value[0]), int(value[1]))
    return None


def open_game(path: Path, *, mend: bool = True) -> Game:
    """Open a game file (``brick-companion validate`` checks games with this, unmended)."""
    return Game.open(path, mend=mend)
