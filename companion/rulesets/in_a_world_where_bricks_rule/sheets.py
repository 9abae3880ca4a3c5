"""The roster's character sheets, character creation and edits (``CharacterSheets``).

Placeholder signatures: filled in by the sheets work (issue 11).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.table import SheetView
from companion.rulesets.in_a_world_where_bricks_rule.catalog import IawwbrCatalog
from companion.rulesets.in_a_world_where_bricks_rule.state import Battle


def blank_roster() -> dict[str, Any]:
    raise NotImplementedError


def check_roster(party: Mapping[str, Any], catalog: IawwbrCatalog) -> None:
    raise NotImplementedError


def sheets(
    party: Mapping[str, Any], state: Battle | None, catalog: IawwbrCatalog
) -> list[SheetView]:
    raise NotImplementedError


def creation_fields(party: Mapping[str, Any], catalog: IawwbrCatalog) -> SheetView:
    raise NotImplementedError


def add_character(
    party: Mapping[str, Any], values: Mapping[str, Any], catalog: IawwbrCatalog
) -> dict[str, Any]:
    raise NotImplementedError


def edit_character(
    party: Mapping[str, Any], character_id: str, key: str, value: Any, catalog: IawwbrCatalog
) -> dict[str, Any]:
    raise NotImplementedError


def remove_character(party: Mapping[str, Any], character_id: str) -> dict[str, Any]:
    raise NotImplementedError
