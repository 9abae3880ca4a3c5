"""A BrickQuest character as play changes it, and a party of them saved as JSON.

Pure model, no Qt.  Every value is frozen: an operation returns a new
:class:`Character` and leaves the old one alone, so the GUI can keep both for
undo.  The rules that govern the brick sheet live here, not in widgets:

* Hit Points never go below 0 (0 means dead) and healing never lifts them above
  the starting maximum ("Cannot increase a character's Hit Points to more than
  those with which he started the game").
* Spell Points can only be spent if there are enough of them; restoring them
  stops at the starting maximum unless ``may_exceed`` is set (mana potion,
  infuse spell: "**Can** increase a character's Spell Points to more than those
  with which he started the game").
* Only casters (classes with spell points) have spell points at all.
* The rounds taken off the sheet lie in the slot above the swag bin: how many
  of each colour is derived from the current and starting values.
"""

from __future__ import annotations

import difflib
import json
import os
import uuid
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, Final, Literal, Protocol, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from companion.atomic import write_atomic
from companion.migrations import file_version, migrate, needs_migration
from companion.safefile import (
    FileProblem,
    Problem,
    ProblemList,
    parse_json,
    pydantic_problems,
    read_bounded,
)

#: The ``format`` of a party file (``companion.rules.parties.PartyFiles.party_format``).
PARTY_FORMAT: Final = "brick-companion-party"
#: Version of the party file format written by :meth:`Party.to_json_bytes`.
PARTY_FORMAT_VERSION: Final = 1
#: Largest party file we are willing to read (a party is a few kilobytes).
MAX_PARTY_FILE_BYTES = 2 * 1024 * 1024
#: Upper bound for any point value typed in by hand (a sanity cap, not a rule).
MAX_POINTS = 99
#: Most characters a party file may hold.
MAX_CHARACTERS = 64

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
Identifier = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Points = Annotated[int, Field(ge=0, le=MAX_POINTS)]


class CharacterError(ValueError):
    """An operation the rules do not allow on this character."""


class NotACasterError(CharacterError):
    """The character's class has no spell points."""


class NotEnoughSpellPointsError(CharacterError):
    """Spending more spell points than the character has."""


class PartyFileError(FileProblem):
    """A party file could not be read; names the file, the place and the problem."""


class PartyRules(Protocol):
    """The rules data a party file is checked against (a ``BrickQuestCatalog``)."""

    @property
    def classes(self) -> Mapping[str, ClassStats]: ...

    @property
    def items(self) -> Mapping[str, object]: ...


class ClassStats(Protocol):
    """What :meth:`Character.create` needs from a class definition (``ClassDef``)."""

    @property
    def id(self) -> str: ...

    @property
    def hit_points(self) -> int: ...

    @property
    def spell_points(self) -> int | None: ...


def _check_amount(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"amount must be an int, not {type(n).__name__}")
    if n < 0:
        raise CharacterError(f"amount must not be negative (got {n})")
    return n


class Character(BaseModel):
    """One player character: who it is and where its points stand now.

    ``max_hit_points`` / ``max_spell_points`` are the values the character
    started the game with (from its class).  ``spell_points`` and
    ``max_spell_points`` are ``None`` for classes that cast no spells.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: Identifier
    name: Name
    player: Name
    class_id: Identifier
    hit_points: Points
    max_hit_points: Annotated[int, Field(ge=1, le=MAX_POINTS)]
    spell_points: Points | None = None
    max_spell_points: Points | None = None
    swag: tuple[Identifier, ...] = ()
    notes: Annotated[str, StringConstraints(max_length=4000)] = ""

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.hit_points > self.max_hit_points:
            raise ValueError(
                f"hit_points {self.hit_points} exceed the starting maximum {self.max_hit_points}"
            )
        if (self.spell_points is None) != (self.max_spell_points is None):
            raise ValueError(
                "spell_points and max_spell_points must both be set (caster) "
                "or both be null (non-caster)"
            )
        return self

    # ----------------------------------------------------------------- create
    @classmethod
    def create(
        cls,
        class_def: ClassStats,
        name: str,
        player: str,
        *,
        character_id: str | None = None,
    ) -> Character:
        """A fresh character of ``class_def`` at its starting points.

        Raises :class:`CharacterError` naming what is missing (a blank name or
        player name).
        """
        missing = [
            what
            for what, text in (("character name", name), ("player name", player))
            if not text.strip()
        ]
        if missing:
            raise CharacterError("the " + " and the ".join(missing) + " must not be blank")
        sp = class_def.spell_points
        try:
            return cls(
                id=character_id or uuid.uuid4().hex[:12],
                name=name,
                player=player,
                class_id=class_def.id,
                hit_points=class_def.hit_points,
                max_hit_points=class_def.hit_points,
                spell_points=sp,
                max_spell_points=sp,
            )
        except ValidationError as exc:
            raise CharacterError(_explain_text(exc)) from exc

    def _with(self, **changes: object) -> Character:
        """A validated copy with ``changes`` applied (``model_copy`` skips validation)."""
        data = self.model_dump()
        data.update(changes)
        return type(self).model_validate(data)

    # ------------------------------------------------------------ derived
    @property
    def is_caster(self) -> bool:
        """Whether this character has spell points at all."""
        return self.max_spell_points is not None

    @property
    def is_dead(self) -> bool:
        """0 Hit Points: the character is dead (the corpse can be looted)."""
        return self.hit_points == 0

    @property
    def slot_hit_points(self) -> int:
        """Green rounds lying in the slot: the damage taken so far."""
        return self.max_hit_points - self.hit_points

    @property
    def slot_spell_points(self) -> int:
        """Blue rounds lying in the slot: spell points spent below the start."""
        if self.spell_points is None or self.max_spell_points is None:
            return 0
        return max(0, self.max_spell_points - self.spell_points)

    @property
    def extra_spell_points(self) -> int:
        """Blue rounds added on top of the start (mana potion, infuse)."""
        if self.spell_points is None or self.max_spell_points is None:
            return 0
        return max(0, self.spell_points - self.max_spell_points)

    # --------------------------------------------------------- operations
    def damage(self, n: int) -> Character:
        """Take ``n`` points of damage; Hit Points stop at 0."""
        _check_amount(n)
        return self._with(hit_points=max(0, self.hit_points - n))

    def heal(self, n: int) -> Character:
        """Heal ``n`` points, never above the starting Hit Points."""
        _check_amount(n)
        return self._with(hit_points=min(self.max_hit_points, self.hit_points + n))

    def set_hit_points(self, value: int) -> Character:
        """Set Hit Points to a typed-in value between 0 and the starting maximum."""
        if not 0 <= value <= self.max_hit_points:
            raise CharacterError(
                f"Hit Points must be between 0 and {self.max_hit_points} (got {value})"
            )
        return self._with(hit_points=value)

    def _require_caster(self) -> int:
        if self.spell_points is None:
            raise NotACasterError(f"{self.name} ({self.class_id}) has no spell points")
        return self.spell_points

    def spend_spell_points(self, n: int) -> Character:
        """Spend ``n`` spell points; an error if the character has fewer."""
        _check_amount(n)
        sp = self._require_caster()
        if n > sp:
            raise NotEnoughSpellPointsError(
                f"{self.name} has {sp} spell point{'s' if sp != 1 else ''}, needs {n}"
            )
        return self._with(spell_points=sp - n)

    def restore_spell_points(self, n: int, may_exceed: bool = False) -> Character:
        """Regain ``n`` spell points.

        Without ``may_exceed`` (recuperation, meditation) the total stops at the
        starting value, and a total already above it stays as it is.  With it
        (mana potion, infuse) the total may rise above the start.
        """
        _check_amount(n)
        sp = self._require_caster()
        assert self.max_spell_points is not None
        new = sp + n
        if not may_exceed:
            new = max(sp, min(new, self.max_spell_points))
        if new > MAX_POINTS:
            raise CharacterError(f"spell points cannot exceed {MAX_POINTS}")
        return self._with(spell_points=new)

    def set_spell_points(self, value: int) -> Character:
        """Set Spell Points to a typed-in value (it may exceed the start)."""
        self._require_caster()
        if not 0 <= value <= MAX_POINTS:
            raise CharacterError(f"Spell Points must be between 0 and {MAX_POINTS}")
        return self._with(spell_points=value)

    def rename(self, name: str | None = None, player: str | None = None) -> Character:
        """Change the character's or the player's name (blank names are refused)."""
        changes: dict[str, object] = {}
        if name is not None:
            changes["name"] = name
        if player is not None:
            changes["player"] = player
        try:
            return self._with(**changes)
        except ValidationError as exc:
            raise CharacterError("names must not be blank") from exc

    def add_swag(self, item_id: str) -> Character:
        """Put an item in the swag bin."""
        return self._with(swag=(*self.swag, item_id))

    def remove_swag(self, item_id: str) -> Character:
        """Take one copy of ``item_id`` out of the swag bin."""
        if item_id not in self.swag:
            raise CharacterError(f"{item_id!r} is not in {self.name}'s swag bin")
        items = list(self.swag)
        items.remove(item_id)
        return self._with(swag=tuple(items))


class Party(BaseModel):
    """The characters at the table, in seating order, as saved to a file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["brick-companion-party"] = "brick-companion-party"
    version: Literal[1] = PARTY_FORMAT_VERSION
    ruleset: Literal["brickquest"] = "brickquest"
    characters: tuple[Character, ...] = ()

    @model_validator(mode="after")
    def _unique_ids(self) -> Self:
        seen: set[str] = set()
        for c in self.characters:
            if c.id in seen:
                raise ValueError(f"two characters share the id {c.id!r}")
            seen.add(c.id)
        return self

    # -------------------------------------------------------------- access
    def get(self, character_id: str) -> Character:
        """The character with ``character_id`` (KeyError if absent)."""
        for c in self.characters:
            if c.id == character_id:
                return c
        raise KeyError(character_id)

    def ids(self) -> list[str]:
        """Character ids in seating order."""
        return [c.id for c in self.characters]

    def replace(self, character: Character) -> Party:
        """A party with the character of the same id replaced."""
        self.get(character.id)
        return self.model_copy(
            update={
                "characters": tuple(
                    character if c.id == character.id else c for c in self.characters
                )
            }
        )

    def add(self, character: Character, index: int | None = None) -> Party:
        """A party with ``character`` added (at ``index``, default at the end)."""
        chars = list(self.characters)
        chars.insert(len(chars) if index is None else index, character)
        return Party(characters=tuple(chars))

    def remove(self, character_id: str) -> Party:
        """A party without the character ``character_id``."""
        self.get(character_id)
        return Party(characters=tuple(c for c in self.characters if c.id != character_id))

    def unknown_classes(self, known_class_ids: Iterable[str]) -> list[str]:
        """Names of characters whose class is not in ``known_class_ids``."""
        known = set(known_class_ids)
        return [f"{c.name} ({c.class_id})" for c in self.characters if c.class_id not in known]

    # ------------------------------------------------------------- file i/o
    def to_json_bytes(self) -> bytes:
        """The party as UTF-8 JSON, with format name and version."""
        return self.model_dump_json(indent=2).encode("utf-8") + b"\n"

    @classmethod
    def from_json_bytes(
        cls,
        data: bytes,
        known_class_ids: Iterable[str] | None = None,
        *,
        rules: PartyRules | None = None,
        source: str = "",
    ) -> Party:
        """Read a party file's bytes; :class:`PartyFileError` listing every problem.

        Beyond the file's own shape, each character is checked against ``rules``
        (default: the bundled BrickQuest data): its class and swag exist, its starting
        points are its class's, and only casters have spell points.
        """
        if len(data) > MAX_PARTY_FILE_BYTES:
            raise PartyFileError(
                f"file is too large for a party ({len(data)} bytes, limit {MAX_PARTY_FILE_BYTES})",
                file=source,
            )
        try:
            raw = parse_json(data, file=source, error=PartyFileError)
        except PartyFileError as exc:
            raise PartyFileError(
                f"not a valid JSON file ({exc.message})", file=source, place=exc.place
            ) from None
        _check_header(raw, source)
        if needs_migration("party", raw):
            raw = migrate("party", raw, file=source, error=PartyFileError)
            data = json.dumps(raw, ensure_ascii=False).encode()
        else:
            file_version("party", raw, file=source, error=PartyFileError)
        try:
            party = cls.model_validate_json(data, strict=True)
        except ValidationError as exc:
            raise PartyFileError(file=source, problems=_explain(exc)) from None
        problems = ProblemList()
        if known_class_ids is not None:
            unknown = party.unknown_classes(known_class_ids)
            if unknown:
                problems.add("", "unknown character class: " + ", ".join(unknown))
        problems.extend(party.rules_problems(rules or _default_rules()))
        problems.raise_if_any(PartyFileError, source)
        return party

    def rules_problems(self, rules: PartyRules) -> list[Problem]:
        """What in this party the rules data does not allow, each with its place."""
        out: list[Problem] = []
        for i, c in enumerate(self.characters):
            place = f"characters[{i}] {c.name!r}"
            cdef = rules.classes.get(c.class_id)
            if cdef is None:
                near = difflib.get_close_matches(c.class_id, list(rules.classes), n=3)
                hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
                out.append(Problem(f"{place}.class_id", f"unknown class {c.class_id!r}{hint}"))
                continue
            if c.max_hit_points > cdef.hit_points:
                out.append(
                    Problem(
                        f"{place}.max_hit_points",
                        f"{c.max_hit_points} is above the {c.class_id} maximum of "
                        f"{cdef.hit_points}",
                    )
                )
            if cdef.spell_points is None and c.max_spell_points is not None:
                out.append(
                    Problem(
                        f"{place}.spell_points",
                        f"a {c.class_id} casts no spells; expected null spell points",
                    )
                )
            elif cdef.spell_points is not None and c.max_spell_points is None:
                out.append(
                    Problem(
                        f"{place}.spell_points",
                        f"a {c.class_id} is a caster; expected spell points "
                        f"(starting maximum {cdef.spell_points})",
                    )
                )
            elif c.max_spell_points is not None and c.max_spell_points > (cdef.spell_points or 0):
                out.append(
                    Problem(
                        f"{place}.max_spell_points",
                        f"{c.max_spell_points} is above the {c.class_id} starting "
                        f"{cdef.spell_points}",
                    )
                )
            for j, item in enumerate(c.swag):
                if item not in rules.items:
                    near = difflib.get_close_matches(item, list(rules.items), n=3)
                    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
                    out.append(Problem(f"{place}.swag[{j}]", f"unknown item {item!r}{hint}"))
        return out

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the party atomically (temp file in the same folder, then replace),
        keeping the version it replaces as ``FILE.bak``."""
        write_atomic(path, self.to_json_bytes(), backup=True)

    @classmethod
    def load(
        cls,
        path: str | os.PathLike[str],
        known_class_ids: Iterable[str] | None = None,
        *,
        rules: PartyRules | None = None,
    ) -> Party:
        """Read a party file: a regular file under the size cap, never a blocking pipe."""
        target = Path(path)
        data = read_bounded(
            target, MAX_PARTY_FILE_BYTES, what="party file", error=PartyFileError, name=target.name
        )
        return cls.from_json_bytes(data, known_class_ids, rules=rules, source=target.name)


def _check_header(raw: Any, source: str) -> None:
    """A file must say what it is (only code may rely on the defaults); few characters."""
    if not isinstance(raw, dict):
        raise PartyFileError(
            f"not a Brick Companion party file (a JSON {type(raw).__name__}, expected an object)",
            file=source,
        )
    missing = [k for k in ("format", "version") if k not in raw]
    if missing:
        raise PartyFileError(
            "not a Brick Companion party file (missing " + ", ".join(missing) + ")", file=source
        )
    chars = raw.get("characters")
    if isinstance(chars, list) and len(chars) > MAX_CHARACTERS:
        raise PartyFileError(
            f"{len(chars)} characters; a party has at most {MAX_CHARACTERS}",
            file=source,
            place="characters",
        )


def _default_rules() -> PartyRules:
    from companion.rulesets.brickquest.catalog import default_catalog

    return default_catalog()


def _explain(exc: ValidationError) -> list[Problem]:
    """Pydantic's errors as problems, with plain words for the header fields."""
    first = exc.errors(include_url=False)[0]
    if first["loc"] and first["loc"][0] == "version":
        return [
            Problem(
                "version",
                f"unsupported party file version {first.get('input')!r} "
                f"(this program reads version {PARTY_FORMAT_VERSION})",
            )
        ]
    if first["loc"] and first["loc"][0] == "format":
        return [Problem("format", "not a Brick Companion party file")]
    return pydantic_problems(exc)


def _explain_text(exc: ValidationError) -> str:
    """The first problem of a pydantic error, on one line."""
    return str(_explain(exc)[0])
