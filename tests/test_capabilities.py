"""The ruleset interface is a small required core plus capabilities asked for by
``isinstance``: a plugin with the core alone loads, and every caller shows only what the
ruleset offers."""

from __future__ import annotations

from typing import Any

import pytest

from companion.plugins import protocol_members
from companion.rules import capabilities as cap
from companion.rules.ruleset import (
    BoardSection,
    Bookkeeping,
    CharacterSheets,
    Ruleset,
    TableCheck,
    blank_table,
    get_ruleset,
    ruleset_info,
)

#: What only a game on a map has: none of it is required any more.
GRID_ONLY = ("grid", "board", "marks", "profile", "figure_kinds", "ruler_notes")
HINTS = ("moves", "area", "odds")


def test_the_required_core_is_small_and_holds_no_grid_member() -> None:
    members = set(protocol_members(Ruleset))
    assert not members & {*GRID_ONLY, *HINTS}
    for needed in ("id", "title", "actions", "initial_state", "validate", "resolve", "turn"):
        assert needed in members
    assert {"figures", "choices", "describe", "dice_specs", "scenario_setup"} <= members
    assert len(members) < 30


def test_the_old_optional_protocols_are_capabilities_found_in_both_places() -> None:
    assert BoardSection is cap.BoardSection and TableCheck is cap.TableCheck
    assert Bookkeeping is cap.Bookkeeping and CharacterSheets is cap.CharacterSheets


@pytest.mark.parametrize("rid", ["brickquest", "heroica", "in_a_world_where_bricks_rule"])
def test_the_built_in_rulesets_offer_their_capabilities_unchanged(rid: str) -> None:
    rules = get_ruleset(rid)
    for capability in (cap.GridBoard, cap.MoveHints, cap.Areas, cap.AttackOdds, cap.RulerNotes):
        assert isinstance(rules, capability), (rid, capability.__name__)
    assert not isinstance(rules, cap.GraphBoard)
    assert cap.needs_map(rules) and ruleset_info(rid).needs_map


def test_each_built_in_ruleset_declares_its_board_kind() -> None:
    assert ruleset_info("brickquest").board == "squares"
    assert ruleset_info("in_a_world_where_bricks_rule").board == "studs"
    assert ruleset_info("heroica").board == "spaces"


class _Core:
    """Only the required core's names (never called here)."""

    id = "core_only"
    title = "Core only"

    def __getattr__(self, name: str) -> Any:
        if name in protocol_members(Ruleset):
            return lambda *a, **k: None
        raise AttributeError(name)


def test_a_plugin_with_the_core_alone_has_no_capability() -> None:
    plugin = _Core()
    assert all(hasattr(plugin, n) for n in protocol_members(Ruleset) if n != "actions")
    for capability in (cap.GridBoard, cap.MoveHints, cap.Areas, cap.AttackOdds, cap.GraphBoard):
        assert not isinstance(plugin, capability)
    assert cap.board_kind(plugin) == "graph" and not cap.needs_map(plugin)
    assert cap.table_actor_label(plugin) == "Table"


def test_a_blank_table_names_its_ruleset_and_holds_nothing() -> None:
    doc = blank_table("duel", "Brick Duel")
    assert doc.options.ruleset == "duel" and doc.name == "Brick Duel"
    assert (doc.dungeon.width, doc.dungeon.height) == (1, 1) and doc.figures == []


def test_a_graph_view_is_checked_and_read() -> None:
    from companion.rules.graph import GraphView, PlaceView

    graph = GraphView(
        places=(
            PlaceView(id="a", label="A", links=("b",), figures=("x",)),
            PlaceView(id="b", label="B", links=("a", "c")),
            PlaceView(id="c", label="C"),
        ),
        current="a",
    )
    assert graph.edges() == [("a", "b"), ("b", "c")]  # each link once
    assert graph.where("x") == "a" and graph.where("y") is None
    with pytest.raises(ValueError, match="links to unknown place 'z'"):
        GraphView(places=(PlaceView(id="a", label="A", links=("z",)),))
    with pytest.raises(ValueError, match="current place 'q' is not a place"):
        GraphView(places=(PlaceView(id="a", label="A"),), current="q")


def test_what_a_plugin_class_offers_is_asked_once() -> None:
    rules = get_ruleset("brickquest")
    assert cap.offers(rules, cap.GridBoard) and not cap.offers(rules, cap.GraphBoard)
    assert (type(rules), cap.GridBoard) in cap._OFFERS
    assert cap.offers(_Core(), cap.GridBoard) is False
