"""A game session: a set-up plus an append-only log of actions with their dice.

The current state is a fold over the log.  Undo and redo move a cursor through it;
the file records them too, so the file itself only ever grows: each action is one
JSON line, appended and flushed before the table sees the result, so a crash loses at
most the action in progress.  The first line is a header with the format version.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from companion.atomic import write_atomic
from companion.rules.dice import Dice, DiceError, DiceRoll, RecordingDice, ReplayDice
from companion.rules.ruleset import Event, Ruleset, get_ruleset
from companion.rules.verdict import Reason, Verdict

FORMAT = "brick-companion-session"
VERSION = 1
#: Session files larger than this are refused before reading.
MAX_FILE_BYTES = 64 * 1024 * 1024


class SessionError(ValueError):
    """A session file or action that cannot be used; the message says what and where."""


class IllegalAction(SessionError):
    """An illegal action that was not forced."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict


class Header(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["brick-companion-session"]
    version: int = Field(ge=1, le=VERSION)
    ruleset: str
    setup: dict[str, Any]


class ActionRecord(BaseModel):
    """One resolved action: what was asked, the dice, and whether the BrickMaster forced it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["action"] = "action"
    action: dict[str, Any]
    rolls: tuple[DiceRoll, ...] = ()
    forced: bool = False
    overruled: tuple[Reason, ...] = ()
    why: str = ""


class UndoRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["undo", "redo"]


Record = ActionRecord | UndoRecord
_RECORD = TypeAdapter(Record)


class Session:
    """A game in progress.  ``state`` is the fold of the log up to the cursor."""

    def __init__(
        self,
        ruleset: Ruleset[Any, Any],
        setup: Mapping[str, Any],
        path: Path | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.setup = dict(setup)
        self.path = path
        self._entries: list[ActionRecord] = []
        self._states: list[Any] = [ruleset.initial_state(self.setup)]
        self._events: list[tuple[Event, ...]] = [()]
        self._cursor = 0

    # -- reading --------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[self._cursor]

    @property
    def entries(self) -> list[ActionRecord]:
        """The actions in effect (up to the cursor)."""
        return self._entries[: self._cursor]

    @property
    def last_events(self) -> tuple[Event, ...]:
        return self._events[self._cursor]

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._entries)

    def check(self, action: Any) -> Verdict:
        """Validate without changing anything."""
        return self.ruleset.validate(self.state, self._parse(action))

    # -- changing -------------------------------------------------------------
    def act(
        self, action: Any, dice: Dice, *, force: bool = False, why: str = ""
    ) -> tuple[Event, ...]:
        """Validate and resolve ``action``; refuse an illegal one unless ``force``.

        A forced illegal action is logged with the reasons it was illegal and ``why``.
        """
        parsed = self._parse(action)
        verdict = self.ruleset.validate(self.state, parsed)
        if not verdict.legal and not force:
            raise IllegalAction(verdict)
        recorder = RecordingDice(dice)
        try:
            resolution = self.ruleset.resolve(self.state, parsed, recorder)
        except DiceError:
            raise
        except ValueError as exc:  # e.g. a forced action that cannot be carried out at all
            raise SessionError(f"cannot carry out the action: {exc}") from None
        record = ActionRecord(
            action=parsed.model_dump(mode="json"),
            rolls=tuple(recorder.rolls),
            forced=not verdict.legal,
            overruled=verdict.reasons,
            why=why if not verdict.legal else "",
        )
        self._push(record, resolution.state, resolution.events)
        self._append(record)
        return resolution.events

    def undo(self) -> None:
        if not self.can_undo:
            raise SessionError("nothing to undo")
        self._cursor -= 1
        self._append(UndoRecord(type="undo"))

    def redo(self) -> None:
        if not self.can_redo:
            raise SessionError("nothing to redo")
        self._cursor += 1
        self._append(UndoRecord(type="redo"))

    # -- files ----------------------------------------------------------------
    @classmethod
    def create(cls, ruleset: Ruleset[Any, Any], setup: Mapping[str, Any], path: Path) -> Session:
        """A new session whose log is kept in ``path`` from the first action on."""
        session = cls(ruleset, setup)
        session.save_as(path)
        return session

    def header(self) -> Header:
        return Header(format=FORMAT, version=VERSION, ruleset=self.ruleset.id, setup=self.setup)

    def save_as(self, path: Path) -> None:
        """Write the whole session (the entries in effect) to ``path`` atomically."""
        lines = [self.header().model_dump_json()]
        lines += [e.model_dump_json() for e in self.entries]
        write_atomic(path, ("\n".join(lines) + "\n").encode("utf-8"))
        self._entries = self._entries[: self._cursor]
        self.path = path

    @classmethod
    def load(cls, path: Path) -> Session:
        """Read a session file; a cut-off last line (a crash mid-write) is dropped."""
        try:
            size = path.stat().st_size
        except OSError as exc:
            raise SessionError(f"{path}: cannot read ({exc.strerror})") from None
        if size > MAX_FILE_BYTES:
            raise SessionError(f"{path}: {size} bytes is larger than a session can be")
        raw = path.read_bytes().split(b"\n")
        if not raw or not raw[0].strip():
            raise SessionError(f"{path}: empty file, no session header")
        try:
            header = Header.model_validate_json(raw[0])
        except ValidationError as exc:
            raise SessionError(
                f"{path}: line 1: not a session header: {_first_error(exc)}"
            ) from None
        try:
            ruleset = get_ruleset(header.ruleset)
        except LookupError as exc:
            raise SessionError(f"{path}: {exc}") from None
        session = cls(ruleset, header.setup)
        last = len(raw)  # a file cut off mid-write ends without a newline
        for lineno, line in enumerate(raw[1:], start=2):
            if not line.strip():
                continue
            try:
                record = _RECORD.validate_json(line)
            except ValidationError as exc:
                if lineno == last:
                    break  # the action in progress when the program stopped: dropped
                raise SessionError(f"{path}: line {lineno}: {_first_error(exc)}") from None
            session._replay(record, f"{path}: line {lineno}")
        session.path = path
        return session

    # -- internals ------------------------------------------------------------
    def _parse(self, action: Any) -> Any:
        if isinstance(action, BaseModel):
            return action
        try:
            return self.ruleset.actions.validate_python(action)
        except ValidationError as exc:
            raise SessionError(f"not a valid action: {_first_error(exc)}") from None

    def _push(self, record: ActionRecord, state: Any, events: tuple[Event, ...]) -> None:
        del self._entries[self._cursor :]
        del self._states[self._cursor + 1 :]
        del self._events[self._cursor + 1 :]
        self._entries.append(record)
        self._states.append(state)
        self._events.append(events)
        self._cursor += 1

    def _replay(self, record: Record, where: str) -> None:
        if isinstance(record, UndoRecord):
            if record.type == "undo" and self.can_undo:
                self._cursor -= 1
            elif record.type == "redo" and self.can_redo:
                self._cursor += 1
            else:
                raise SessionError(f"{where}: {record.type} with nothing to {record.type}")
            return
        action = self._parse(record.action)
        try:
            resolution = self.ruleset.resolve(self.state, action, ReplayDice(record.rolls))
        except ValueError as exc:
            raise SessionError(f"{where}: cannot replay: {exc}") from None
        self._push(record, resolution.state, resolution.events)

    def _append(self, record: Record) -> None:
        if self.path is None:
            return
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(record.model_dump_json() + "\n")
            fh.flush()
            os.fsync(fh.fileno())


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    return f"{loc}: {err['msg']}" if loc else err["msg"]
