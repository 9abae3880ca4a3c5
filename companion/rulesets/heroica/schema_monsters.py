"""Heroica's monsters: ranks and abilities (``monsters.toml``)."""

from __future__ import annotations

from enum import StrEnum
from itertools import pairwise
from typing import Annotated, Literal

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds
from companion.rulesets.heroica.schema_base import (
    TEXT_MONSTERS,
    Count,
    Id,
    Label,
    Positive,
    Quoted,
    Text,
    _every,
)


class Rank(StrEnum):
    LEVEL_1 = "level_1"
    LEVEL_2 = "level_2"
    BOSS = "boss"
    DRAGON = "dragon"


class BossHealth(_Frozen):
    """4 in a Fixed Map game; in Map Build the n-th boss has players + first + (n-1) x step."""

    fixed_map: Positive
    map_build_first_players_plus: Positive
    map_build_step: Positive


class PlayersPlus(_Frozen):
    """Health levels equal to the number of players + ``players_plus``."""

    players_plus: Positive


def _decreasing(values: tuple[int, ...]) -> tuple[int, ...]:
    if any(a <= b for a, b in pairwise(values)):
        raise PydanticCustomError("decreasing", "must go down, first generator first")
    return values


class RankDef(Quoted):
    """A rank's numbers: strength, health, gold; the health at which its generators seal."""

    id: Rank
    name: Text
    strength: Positive
    health: Positive | BossHealth | PlayersPlus
    #: Gold for defeating one; None where the text gives none (option boss_gold).
    gold: Count | None = None
    holds_relic: bool = False
    generators_sealed_at: Annotated[tuple[Count, ...], AfterValidator(_decreasing)] = ()

    def health_levels(self, players: int, *, map_build: bool = False, boss_number: int = 1) -> int:
        """Starting health: ``players`` in the game; the ``boss_number``-th boss of Map Build."""
        health = self.health
        if isinstance(health, int):
            return health
        if isinstance(health, PlayersPlus):
            return players + health.players_plus
        if not map_build:
            return health.fixed_map
        return (
            players
            + health.map_build_first_players_plus
            + (boss_number - 1) * (health.map_build_step)
        )


class ExtraMove(_Frozen):
    kind: Literal["extra_move"]
    spaces: Positive


class SkipMoveOnDamage(_Frozen):
    kind: Literal["skip_move_on_damage"]


class FliesOver(_Frozen):
    kind: Literal["flies_over"]
    obstacles: Annotated[tuple[Id, ...], Field(min_length=1)]


class Pushback(_Frozen):
    kind: Literal["pushback"]
    spaces: Positive


class DamageInstead(_Frozen):
    kind: Literal["damage_instead"]
    damage: Positive


class CurseOnDamage(_Frozen):
    kind: Literal["curse_on_damage"]


class HurtOnlyBy(_Frozen):
    kind: Literal["hurt_only_by"]
    faces: tuple[Label, ...]
    skills: bool


class Immobile(_Frozen):
    kind: Literal["immobile"]


class FireAttack(_Frozen):
    kind: Literal["fire_attack"]
    die: Id
    strength: Positive
    wakes_in: Id
    no_damage_on: tuple[Label, ...] = ()


class AdjacentAttack(_Frozen):
    kind: Literal["adjacent_attack"]
    strength: Positive
    at: Literal["end_of_turn"]


class Devours(_Frozen):
    kind: Literal["devours"]


MonsterAbility = Annotated[
    ExtraMove
    | SkipMoveOnDamage
    | FliesOver
    | Pushback
    | DamageInstead
    | CurseOnDamage
    | HurtOnlyBy
    | Immobile
    | FireAttack
    | AdjacentAttack
    | Devours,
    Field(discriminator="kind"),
]


class MonsterDef(Quoted):
    """A monster kind: its rank (the numbers), its realms and its ability (``text``)."""

    id: Id
    name: Text
    rank: Rank
    realms: Annotated[tuple[Id, ...], Field(min_length=1)]
    abilities: tuple[MonsterAbility, ...] = ()

    def ability(self, kind: str) -> MonsterAbility | None:
        """The first ability of ``kind``, or None."""
        return next((a for a in self.abilities if a.kind == kind), None)

    @property
    def pushback(self) -> int:
        """Spaces a hero it hits moves back: 1 unless it says more."""
        return max((a.spaces for a in self.abilities if isinstance(a, Pushback)), default=1)


class MonstersFile(_Frozen):
    format_version: Literal[1]
    ranks: Annotated[tuple[RankDef, ...], _UniqueIds, _every("rank", [r.value for r in Rank])]
    monsters: Annotated[tuple[MonsterDef, ...], _UniqueIds, _every("monster", TEXT_MONSTERS)]
