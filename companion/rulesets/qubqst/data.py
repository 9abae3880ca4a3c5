"""QUBQST's data: what the text names (bundled, ``rules.toml``) and the numbers it leaves
to its missing Quick Cards, tables the user fills in (``tables/``, a template with every
named entry and its numbers empty), with the project's own sample filling (``sample/``).

``cards_for`` layers them — the template, the sample where the game takes it, the user's
rows over both — and names every entry a game needs that is still empty.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.datafiles import read_toml
from companion.paths import resource_dir
from companion.rules.user_tables import CrossProblem, TableSpec, load_table, read_table_file

RULESET_ID = "qubqst"
DIRS = ("N", "E", "S", "W")
COLOURS = ("yellow", "orange", "green", "blue", "white", "red", "black", "purple")
CACHES = ("gold", "gems", "normal", "magic")
ABILITIES = ("absorb", "poison", "petrification", "resistance")
EFFECTS = ("detect", "cure", "sneak", "magic_attack", "none")
#: Which of the user's tables the ``sample`` option's ``cards`` fills (all but characters).
CARD_TABLES = ("creatures", "spells", "items", "traps", "cubes", "catacombs", "scoring")
SAMPLE_CHOICES = ("cards", "all", "off")


def folder() -> Path:
    return resource_dir() / "rulesets" / RULESET_ID


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# -- what the text names ----------------------------------------------------------------
class Named(_Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    code: str = ""
    colour: str = ""
    name: str = ""
    text: str = ""


class ItemDef(Named):
    kind: Literal["normal", "magic"]
    effect: str


class ColourDef(_Frozen):
    id: str
    creatures: tuple[str, str, str]
    text: str


class CacheDef(_Frozen):
    id: str
    colour: str
    name: str
    text: str


class CubeDef(_Frozen):
    id: str
    kind: Literal["golden", "black"]
    text: str


class AbilityDef(_Frozen):
    id: str
    text: str


class TextData(_Frozen):
    """Everything ``rules.toml`` holds: the text's own entries, each with its line."""

    format_version: Literal[1]
    casting_points_start: int
    casting_text: str
    gem_gold: int
    gem_text: str
    gold_chips: int
    combat_faces: tuple[str, str, str, str, str, str]
    combat_text: str
    combat_cubes: int
    cubes_per_character: int
    cubes_text: str
    characters: tuple[Named, ...]
    colours: tuple[ColourDef, ...]
    creatures: tuple[Named, ...]
    abilities: tuple[AbilityDef, ...]
    spells: tuple[Named, ...]
    items: tuple[ItemDef, ...]
    caches: tuple[CacheDef, ...]
    cubes: tuple[CubeDef, ...]

    def colour_of(self, creature: str) -> str:
        return next(c.id for c in self.colours if creature in c.creatures)


@cache
def text_data() -> TextData:
    return TextData.model_validate(read_toml(folder() / "rules.toml"))


# -- the tables the user fills in --------------------------------------------------------
class CharacterRow(_Frozen):
    """A Character Quick Card (not in the text)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    hit_power: int | None = Field(default=None, ge=1, le=20)
    magic_attack: bool | None = None
    casting_points: int | None = Field(default=None, ge=0, le=20)
    sneak_on: int | None = Field(default=None, ge=0, le=7)
    steal_on: int | None = Field(default=None, ge=0, le=7)
    detect_on: int | None = Field(default=None, ge=0, le=7)
    disarm: int | None = Field(default=None, ge=-1, le=6)
    text: str = ""


class CreatureRow(_Frozen):
    """A creature's numbers from the Creatures Quick Card and the Sticker Guide."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    hit_power: int | None = Field(default=None, ge=1, le=20)
    abilities: tuple[Literal["absorb", "poison", "petrification", "resistance"], ...] | None = None
    cache: tuple[Literal["gold", "gems", "normal", "magic"], ...] | None = None
    text: str = ""


class SpellRow(_Frozen):
    """A spell of the Wizard's Spells Quick Card: d6 ``works_on`` or more works, ``free_on``
    or more works and costs nothing (0: never free)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    cost: int | None = Field(default=None, ge=0, le=9)
    works_on: int | None = Field(default=None, ge=1, le=7)
    free_on: int | None = Field(default=None, ge=0, le=7)
    heal: int | None = Field(default=None, ge=0, le=9)
    text: str = ""


class ItemRow(_Frozen):
    """An item of the Normal / Magic Items Quick Cards."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    kind: Literal["normal", "magic"] | None = None
    effect: Literal["detect", "cure", "sneak", "magic_attack", "none"] | None = None
    single_use: bool | None = None
    text: str = ""


class TrapRow(_Frozen):
    """A trap of the Contraptions Quick Card."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    trap_power: int | None = Field(default=None, ge=1, le=12)
    damage: int | None = Field(default=None, ge=0, le=9)
    whole_party: bool | None = None
    text: str = ""


class CubeRow(_Frozen):
    """The six faces of a creature, cache or contraption cube (the Sticker Guide)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    faces: tuple[str, str, str, str, str, str] | None = None
    text: str = ""


class CatacombRow(_Frozen):
    """The six faces of a Catacomb Cube, each ``PATHS/CONTENT`` (``NES/yellow``)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    faces: tuple[str, str, str, str, str, str] | None = None
    text: str = ""


class ScoringRow(_Frozen):
    """The Scoring Quick Card as a formula: points for each thing counted."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    gold: int | None = Field(default=None, ge=0, le=1000)
    gem: int | None = Field(default=None, ge=0, le=1000)
    item: int | None = Field(default=None, ge=0, le=1000)
    creature: int | None = Field(default=None, ge=0, le=1000)
    survivor: int | None = Field(default=None, ge=0, le=1000)
    completed: int | None = Field(default=None, ge=0, le=1000)
    text: str = ""


FACE = re.compile(r"^(?P<paths>[NESW]{0,4})/(?P<content>[a-z+]*)$")


def parse_face(text: str) -> tuple[tuple[str, ...], str, tuple[str, ...]]:
    """``NES/yellow`` -> (paths, content kind, colours); ``ValueError`` names a bad one.

    Content: ``""`` empty, ``trap``, or creature colours joined by ``+``."""
    m = FACE.match(text.strip())
    if not m:
        raise ValueError(f"{text!r} is not a face: write PATHS/CONTENT, e.g. 'NES/yellow'")
    paths = tuple(d for d in DIRS if d in m["paths"])
    if len(paths) != len(m["paths"]):
        raise ValueError(f"{text!r}: a path is given twice")
    content = m["content"]
    if content in ("", "trap"):
        return paths, content or "empty", ()
    colours = tuple(content.split("+"))
    bad = [c for c in colours if c not in COLOURS]
    if bad:
        raise ValueError(f"{text!r}: {', '.join(bad)} is not a creature colour")
    return paths, "creatures", colours


def golden_problem(face: str) -> str:
    """Why ``face`` cannot be the Golden Cube's ("" when it can): "with multiple
    creatures, and 1 way in"."""
    try:
        paths, _kind, colours = parse_face(face)
    except ValueError as exc:
        return str(exc)
    if len(paths) != 1 or len(colours) < 2:
        return f"{face!r}: the Golden Cube has multiple creatures, and 1 way in"
    return ""


def _face_problems(rows: Sequence[CatacombRow]) -> list[CrossProblem]:
    out: list[CrossProblem] = []
    for i, row in enumerate(rows):
        for n, face in enumerate(row.faces or ()):
            try:
                paths, _kind, _colours = parse_face(face)
            except ValueError as exc:
                out.append((i, f"faces.{n}", str(exc)))
                continue
            if not paths:
                out.append((i, f"faces.{n}", f"{face!r} has no path"))
            if row.id == "golden" and golden_problem(face):
                out.append((i, f"faces.{n}", golden_problem(face)))
    return out


def _cube_problems(rows: Sequence[CubeRow]) -> list[CrossProblem]:
    td = text_data()
    items = {it.id for it in td.items}
    out: list[CrossProblem] = []
    for i, row in enumerate(rows):
        for n, face in enumerate(row.faces or ()):
            why = cube_face_problem(row.id, face, items)
            if why:
                out.append((i, f"faces.{n}", why))
    return out


def cube_face_problem(cube: str, face: str, items: Iterable[str] | None = None) -> str:
    """Why ``face`` cannot be a face of ``cube`` ("" when it can).  Items and traps the
    user adds are checked when a game takes the tables (``cards_for``)."""
    td = text_data()
    if cube.startswith("creature_"):
        colour = cube.removeprefix("creature_")
        col = next((c for c in td.colours if c.id == colour), None)
        if col is None:
            return f"{colour!r} is not a creature colour"
        if face.startswith("bag:"):
            return "" if face[4:] in CACHES else f"{face!r}: a bag holds one of {', '.join(CACHES)}"
        return "" if face in col.creatures else f"{face!r} is not a {colour} creature"
    if cube == "gold":
        return "" if face in ("1", "2", "3", "trp") else f"{face!r}: 1 to 3 gold pieces, or trp"
    if cube == "gems":
        return "" if face in ("1", "2", "trp") else f"{face!r}: 1 or 2 gems, or trp"
    if cube in ("normal", "magic", "contraption"):
        return "" if re.fullmatch(r"[a-z][a-z0-9_]*", face) else f"{face!r} is not an id"
    return f"{cube!r} is not a cube of this table"


def table_file(name: str) -> Path:
    return folder() / "tables" / f"{name}.toml"


def sample_file(name: str) -> Path:
    return folder() / "sample" / f"{name}.toml"


def _missing(name: str) -> Any:
    """The entries of table ``name`` a game with the default option (``sample`` = cards)
    still needs: every empty field of the Character Quick Cards; for the other tables,
    those the sample filling leaves empty too (none: it fills them all)."""

    def missing(rows: Sequence[BaseModel]) -> list[str]:
        sample = sample_rows(name) if name in CARD_TABLES else {}
        out = []
        for row in rows:
            key = str(row.model_dump().get("id"))
            for field, value in row.model_dump(exclude={"id", "text"}).items():
                if value is None and sample.get(key, {}).get(field) is None:
                    out.append(f"{key}.{field}")
        return out

    return missing


def _spec(
    id: str, title: str, row: type[BaseModel], description: str, check: Any = None
) -> TableSpec[Any]:
    return TableSpec(
        id=id,
        title=title,
        row=row,
        bundled=table_file(id),
        overrides=True,
        check=check,
        description=description,
        missing=_missing(id),
    )


TABLES: tuple[TableSpec[Any], ...] = (
    _spec(
        "characters",
        "Characters",
        CharacterRow,
        "The Character Quick Cards (not in the text): Hit Power, a magical attack, "
        "Casting Points, and the Thief's rolls (d6 or more; 0: cannot).",
    ),
    _spec(
        "creatures",
        "Creatures",
        CreatureRow,
        "The Creature Cubes' numbers (not in the text): Hit Power, abilities, cache colours.",
    ),
    _spec("spells", "Spells", SpellRow, "The Wizard's Spells Quick Card: cost and d6 rolls."),
    _spec("items", "Items", ItemRow, "The Normal and Magic Items Quick Cards."),
    _spec("traps", "Traps", TrapRow, "The Contraptions Quick Card: each trap's Trap Power."),
    _spec(
        "cubes",
        "Cube faces",
        CubeRow,
        "The six faces of each creature, cache and contraption cube (the Sticker Guide).",
        _cube_problems,
    ),
    _spec(
        "catacombs",
        "Catacomb faces",
        CatacombRow,
        "The six faces of each Catacomb Cube, PATHS/CONTENT (NES/yellow, EW/trap, NS/).",
        _face_problems,
    ),
    _spec("scoring", "Scoring", ScoringRow, "The Scoring Quick Card as points per thing."),
)
SPECS = {s.id: s for s in TABLES}


# -- the numbers a game plays with --------------------------------------------------------
class CharCard(_Frozen):
    hit_power: int
    magic_attack: bool
    casting_points: int
    sneak_on: int
    steal_on: int
    detect_on: int
    disarm: int


class CreatureCard(_Frozen):
    hit_power: int
    abilities: tuple[str, ...]
    cache: tuple[str, ...]


class SpellCard(_Frozen):
    cost: int
    works_on: int
    free_on: int
    heal: int


class ItemCard(_Frozen):
    kind: Literal["normal", "magic"]
    effect: str
    single_use: bool


class TrapCard(_Frozen):
    trap_power: int
    damage: int
    whole_party: bool


class Cards(_Frozen):
    """Every number a game plays with, kept in its set-up (a game does not change when
    the tables change under it)."""

    characters: dict[str, CharCard]
    creatures: dict[str, CreatureCard]
    spells: dict[str, SpellCard]
    items: dict[str, ItemCard]
    traps: dict[str, TrapCard]
    cubes: dict[str, tuple[str, ...]]
    catacombs: dict[str, tuple[str, ...]]
    scoring: dict[str, int]


_CARD_MODEL: dict[str, type[BaseModel]] = {
    "characters": CharCard,
    "creatures": CreatureCard,
    "spells": SpellCard,
    "items": ItemCard,
    "traps": TrapCard,
}


#: The option that plays the project's own numbers, as the New game dialog shows it.
SAMPLE_LABEL = "Numbers the text leaves out"
SAMPLE_ALL = "The project's sample filling for all (play at once)"
#: A field of the tables in players' words (the rest: its name with spaces).
FIELD_WORDS = {
    "hit_power": "Hit Power",
    "casting_points": "Casting Points",
    "trap_power": "Trap Power",
    "magic_attack": "magic attack",
}
#: How many cards a refusal names before "and N more".
CARDS_SHOWN = 6


def card_words(table: str, key: str) -> str:
    """A row of the tables as players name it: "the Warrior", "the Goblin", "the yellow
    Creature Cube", "the Golden Cube", "the Scoring Quick Card"."""
    td = text_data()
    named = {n.id: n.name for n in (*td.characters, *td.creatures, *td.spells, *td.items)}
    caches = {c.id: f"{c.name} Cache Cube" for c in td.caches}
    if table == "scoring":
        return "the Scoring Quick Card"
    if key == "golden":
        return "the Golden Cube"
    if key.startswith("creature_"):
        return f"the {key.removeprefix('creature_')} Creature Cube"
    if key == "contraption":
        return "the Contraption Cube"
    if table == "traps":
        return f"the {key.upper()} trap"
    name = named.get(key) or caches.get(key) or key
    return f"the {name}"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def missing_words(missing: Sequence[str]) -> str:
    """Entries ``table: row.field`` in players' words, each card once with its fields:
    "the Warrior's Hit Power, magic attack and disarm; the Wizard's Hit Power"."""
    cards: dict[tuple[str, str], list[str]] = {}
    for entry in missing:
        table, _, rest = entry.partition(": ")
        key, _, field = rest.partition(".")
        words = FIELD_WORDS.get(field, field.replace("_", " "))
        cards.setdefault((table, key), []).append(words)
    shown = [f"{card_words(t, k)}'s {_and(fields)}" for (t, k), fields in cards.items()]
    more = len(shown) - CARDS_SHOWN
    tail = f"; and {more} more card{'s' if more != 1 else ''}" if more > 0 else ""
    return "; ".join(shown[:CARDS_SHOWN]) + tail


class MissingEntries(ValueError):
    """A game needs table entries the user has not filled: each named (and the user's
    faulty files, whose rows are not in play, with their first problem)."""

    def __init__(self, missing: Sequence[str], faulty: Sequence[str] = ()) -> None:
        self.missing = tuple(missing)
        tail = f" (not in play, fix it first: {'; '.join(faulty)})" if faulty else ""
        super().__init__(
            "QUBQST needs numbers its text leaves to the Quick Cards. Fill in "
            f"{missing_words(self.missing)}{tail} (Rules > Tables..., or your "
            "rulesets/qubqst/ files); or play at once with the project's own numbers: "
            f'choose "{SAMPLE_ALL}" for "{SAMPLE_LABEL}" in New game.'
        )


def faulty_files() -> list[str]:
    """The user's table files with problems (none of their rows is in play), each with
    its first problem."""
    out = []
    for spec in TABLES:
        problems = load_table(spec, RULESET_ID).problems
        if problems:
            out.append(str(problems[0]))
    return out


def _rows(path: Path, spec: TableSpec[Any]) -> dict[str, dict[str, Any]]:
    table = read_table_file(spec, path, bundled=True)
    return {r.key: r.row.model_dump(exclude={"text"}) for r in table.rows}


@cache
def sample_rows(name: str) -> dict[str, dict[str, Any]]:
    """The project's own sample filling of table ``name`` (not the text's)."""
    return _rows(sample_file(name), SPECS[name])


def user_rows(name: str) -> dict[str, dict[str, Any]]:
    """The rows in play of the user's table ``name`` (the template's where the user has
    none; a faulty user file adds nothing)."""
    table = load_table(SPECS[name], RULESET_ID)
    return {r.key: r.row.model_dump(exclude={"text"}) for r in table.rows}


def layered(
    sample: str, user: Mapping[str, Mapping[str, Mapping[str, Any]]] | None = None
) -> dict[str, dict[str, dict[str, Any]]]:
    """Each table's rows, the user's fields over the sample's (where ``sample`` takes it)."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for name in SPECS:
        mine = user_rows(name) if user is None else {k: dict(v) for k, v in user[name].items()}
        takes = sample == "all" or (sample == "cards" and name in CARD_TABLES)
        base = sample_rows(name) if takes else {}
        rows: dict[str, dict[str, Any]] = {}
        for key in [*base, *[k for k in mine if k not in base]]:
            row = dict(base.get(key, {}))
            for field, value in mine.get(key, {}).items():
                if value is not None:
                    row[field] = value
            rows[key] = row
        out[name] = rows
    return out


def cards_for(
    party: Sequence[str],
    sample: str,
    rows: Mapping[str, Mapping[str, Mapping[str, Any]]] | None = None,
    catacomb_rolled: bool = True,
) -> Cards:
    """The numbers a game of ``party`` plays with; ``MissingEntries`` names every entry it
    needs that is empty (``table: row.field``).  ``rows``: given instead of the user's
    tables (scenarios: the sample with their own numbers)."""
    tables = layered(sample, rows)
    missing: list[str] = []

    def need(name: str, keys: Iterable[str], model: type[BaseModel] | None) -> dict[str, Any]:
        got: dict[str, Any] = {}
        for key in keys:
            row = tables[name].get(key, {})
            fields = [f for f in (model.model_fields if model else ("faces",))]
            empty = [f for f in fields if row.get(f) is None]
            missing.extend(f"{name}: {key}.{f}" for f in empty)
            if not empty:
                got[key] = model.model_validate({f: row[f] for f in fields}) if model else None
                if model is None:
                    got[key] = tuple(row["faces"])
        return got

    td = text_data()
    chars = need("characters", party, CharCard)
    creatures = need("creatures", [c.id for c in td.creatures], CreatureCard)
    spells = need("spells", [s.id for s in td.spells], SpellCard) if "wiz" in party else {}
    cubes = need("cubes", [f"creature_{c}" for c in COLOURS] + [*CACHES, "contraption"], None)
    faces = [*cubes.get("normal", ()), *cubes.get("magic", ())]
    item_ids = sorted({f for f in faces if f != "trp"} | {it.id for it in td.items})
    items = need("items", item_ids, ItemCard)
    traps = need("traps", sorted(set(cubes.get("contraption", ()))), TrapCard)
    catacombs = need("catacombs", [c.id for c in td.cubes], None) if catacomb_rolled else {}
    score_row = tables["scoring"].get("score", {})
    score_fields = [f for f in ScoringRow.model_fields if f not in ("id", "text")]
    missing.extend(f"scoring: score.{f}" for f in score_fields if score_row.get(f) is None)
    if missing:
        raise MissingEntries(missing, faulty_files() if rows is None else ())
    return Cards(
        characters=chars,
        creatures=creatures,
        spells=spells,
        items=items,
        traps=traps,
        cubes=cubes,
        catacombs=catacombs,
        scoring={f: int(score_row[f]) for f in score_fields},
    )


def sample_cards(overrides: Mapping[str, Mapping[str, Mapping[str, Any]]] | None = None) -> Cards:
    """The whole sample filling, with a scenario's ``overrides`` (``{table: {row: {..}}}``)."""
    rows: dict[str, dict[str, dict[str, Any]]] = {name: {} for name in SPECS}
    for name, entries in (overrides or {}).items():
        if name not in SPECS:
            raise ValueError(f"cards.{name}: not a table ({', '.join(SPECS)})")
        for key, fields in entries.items():
            rows[name][key] = dict(fields)
    return cards_for(("war", "wiz", "thf"), "all", rows)
