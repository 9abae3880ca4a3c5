"""A Heroica party (the roster): each hero's figure id, name, hero kind and player.

A roster is the ``party`` of a game (``companion.rules.game``): a JSON document whose
heroes are linked by id to the hero figures placed on the map (``setup.game_setup``)::

    {"format": "brick-companion-roster", "version": 1, "ruleset": "heroica",
     "name": "Heroes of Draida Bay",
     "characters": [{"id": "knight", "name": "Sir Galen", "hero": "knight",
                     "player": "Ann"}]}

It is checked against the catalog: an unknown hero kind is refused by name and place, and
so is a hero kind given twice, for the Character Die has one face per hero ("Roll at the
start of the game to determine which hero goes first").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.rules.rosters import RosterError, problems_of, validate_strict
from companion.rulesets.heroica.catalog import HeroicaCatalog

#: A figure id, as a map's figures have them.
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
#: A name or a player, as shown on a card.
Name = Annotated[str, Field(max_length=80)]


class Character(BaseModel):
    """One hero of the party."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Id
    name: Name = ""
    #: The hero kind (``heroes.toml``): barbarian, wizard, druid, ranger, thief, knight.
    hero: Annotated[str, Field(min_length=1, max_length=64)]
    #: Who plays the hero at the table (shown, not read by the rules).
    player: Name = ""


class Roster(BaseModel):
    """The file: the party's heroes, in seating order (clockwise)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["brick-companion-roster"] = "brick-companion-roster"
    version: Literal[1] = 1
    ruleset: Literal["heroica"] = "heroica"
    name: Name = "Heroes"
    characters: Annotated[tuple[Character, ...], Field(max_length=64)] = ()

    def character(self, character_id: str) -> Character | None:
        return next((c for c in self.characters if c.id == character_id), None)


def label(c: Character, catalog: HeroicaCatalog) -> str:
    """The hero's name, or its kind's when it has none ("Knight")."""
    return c.name or catalog.get_hero(c.hero).name


def read_roster(raw: Mapping[str, Any], catalog: HeroicaCatalog) -> Roster:
    """A roster from its JSON value; ``RosterError`` lists every problem with its place."""
    try:
        roster = validate_strict(Roster, raw)
    except ValidationError as exc:
        raise RosterError("; ".join(problems_of(exc))) from None
    problems: list[str] = []
    ids: dict[str, int] = {}
    kinds: dict[str, int] = {}
    for i, c in enumerate(roster.characters):
        where = f"characters.{i}"
        if c.id in ids:
            problems.append(f"{where}.id: {c.id!r} is used twice (characters.{ids[c.id]})")
        ids.setdefault(c.id, i)
        if c.hero not in catalog.heroes:
            known = ", ".join(catalog.heroes)
            problems.append(f"{where}.hero: unknown hero {c.hero!r} (one of: {known})")
        elif c.hero in kinds:
            problems.append(
                f"{where}.hero: characters.{kinds[c.hero]} is the {catalog.heroes[c.hero].name}"
                " already (one hero of each kind: the Character Die has one face per hero)"
            )
        kinds.setdefault(c.hero, i)
    if problems:
        raise RosterError("; ".join(problems))
    return roster
