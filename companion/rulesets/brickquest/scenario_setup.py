"""BrickQuest's part of a rules scenario: the grid ``map``, figures, options, initiative.

The core reads a scenario's ``ruleset``, ``title``, ``rule``, ``seed`` and ``checks``
(``companion.rules.scenario``); everything else in the document is the ruleset's, and
BrickQuest reads it here exactly as shared/scenarios/FORMAT.md describes it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.rules.ruleset import ScenarioSetup
from companion.rules.scenario import ScenarioError, row_problems, validation_problems

Row = Annotated[str, Field(max_length=512)]


class MapSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    terrain: list[Row] = Field(min_length=1, max_length=512)
    heights: list[Row] | None = Field(default=None, max_length=512)
    stairs: dict[str, str] | None = Field(default=None, max_length=4096)
    #: Furniture: ``[{"at": [x, y], "kind": "chest", "facing": "S", "locked": true, ...}]``
    #: (read by ``setup.build_state``).
    objects: list[dict[str, Any]] | None = Field(default=None, max_length=4096)
    #: Items lying on the floor: ``{"x,y": ["key", ...]}``.
    items: dict[str, list[str]] | None = Field(default=None, max_length=4096)

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in squares (short rows are padded with void)."""
        return max(len(row) for row in self.terrain), len(self.terrain)


class BrickQuestScenario(BaseModel):
    """The document's BrickQuest keys; figures and options are read by ``build_state``."""

    model_config = ConfigDict(extra="forbid")

    options: dict[str, Any] = Field(default_factory=dict)
    map: MapSpec
    figures: list[dict[str, Any]] = Field(default_factory=list, max_length=500)
    initiative: list[str] | None = None
    #: The number each figure goes on (an extension: where a newcomer joins the order).
    initiative_numbers: dict[str, int] | None = None
    #: Initiative is to be rolled before anyone acts (an extension: a game's start).
    roll_initiative: bool | None = None


def scenario_setup(ruleset_id: str, doc: Mapping[str, Any]) -> ScenarioSetup:
    """Validate the document's BrickQuest keys; ``ScenarioError`` lists every problem."""
    try:
        # Through JSON, strictly, so the messages are those of the JSON the file holds.
        spec = BrickQuestScenario.model_validate_json(json.dumps(dict(doc)), strict=True)
    except ValidationError as exc:
        raise ScenarioError(problems=validation_problems(exc)) from None
    ragged = row_problems("map.terrain", spec.map.terrain)
    ragged += row_problems("map.heights", spec.map.heights or [], spec.map.size[0])
    if ragged:
        raise ScenarioError(problems=ragged)
    setup = {"ruleset": ruleset_id, **spec.model_dump(exclude_none=True)}
    return ScenarioSetup(setup=setup, grid=spec.map.size)
