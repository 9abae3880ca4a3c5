"""A map's ruleset-owned ``board`` section: saved and loaded whole, checked on load by the
map's ruleset (Heroica's board), refused with the place of every problem."""

from __future__ import annotations

import json
from typing import Any

import pytest
from heroica_boards import BOARD, heroica_doc

from companion.model import edits
from companion.model.dungeon import Terrain
from companion.model.mapfile import MapFileError, dump_map, new_document
from companion.rules.maps import board_problems, load_map_bytes
from companion.rules.ruleset import BoardSection, get_ruleset
from companion.rules.table import BoardMark
from companion.rulesets.heroica.board import board_marks, check_board, map_spaces
from companion.rulesets.heroica.catalog import default_catalog


def with_board(board: object, ruleset: str = "heroica") -> bytes:
    """A map file's bytes with ``board`` as its section (any JSON value)."""
    raw = json.loads(dump_map(heroica_doc()))
    raw["board"] = board
    raw["options"]["ruleset"] = ruleset
    return json.dumps(raw).encode()


def problems_of(data: bytes) -> list[str]:
    with pytest.raises(MapFileError) as info:
        load_map_bytes(data, source="bay.json")
    return info.value.lines()


def test_the_board_round_trips_through_the_file() -> None:
    doc = heroica_doc()
    data = dump_map(doc)
    back = load_map_bytes(data, source="bay.json")
    assert back.board == BOARD
    assert dump_map(back) == data
    # One key a line, one entry a line: the section reads (and diffs) like the others.
    text = data.decode()
    assert '\n    {"kind": "locked_door", "at": [6, 1], "to": [7, 1]},\n' in text


def test_a_map_without_a_board_has_none_and_writes_none() -> None:
    doc = new_document(6, 5)
    assert doc.board is None
    assert b'"board"' not in dump_map(doc)
    assert load_map_bytes(dump_map(doc)).board is None


def test_an_older_file_without_the_key_still_loads() -> None:
    raw = json.loads(dump_map(new_document(6, 5)))
    assert "board" not in raw and raw["version"] >= 1
    assert load_map_bytes(json.dumps(raw).encode()).board is None


def test_a_copy_does_not_share_the_board() -> None:
    doc = heroica_doc()
    twin = doc.copy()
    twin.board["items"].clear()  # type: ignore[index]
    assert doc.board is not None and len(doc.board["items"]) == 2


def test_set_board_is_undone_exactly() -> None:
    doc = heroica_doc()
    before = json.loads(json.dumps(doc.board))
    new = dict(before, start=[2, 1])
    edit = edits.set_board(doc, new)
    assert edit is not None and edit.changes().board
    undo = edit.apply(doc)
    assert doc.board is not None and doc.board["start"] == [2, 1]
    new["start"] = [9, 9]  # the value it was built from changes: the map does not
    assert doc.board["start"] == [2, 1]
    undo.apply(doc)
    assert doc.board == before
    assert edits.set_board(doc, before) is None  # nothing to change


@pytest.mark.parametrize(
    ("change", "place", "message"),
    [
        (
            {"features": [{"kind": "chest", "at": [2, 2]}]},
            "board.features[0]",
            "unknown feature 'chest' (known: casket, locked_door",
        ),
        (
            {"items": [{"item": "gold", "at": [0, 0]}]},
            "board.items[0]",
            "gold at A1 is not on a space",
        ),
        (
            {"features": [{"kind": "locked_door", "at": [6, 1], "to": [8, 1]}]},
            "board.features[0]",
            "a locked door needs 'to': the space next to 'at'",
        ),
        (
            {"locations": [{"id": "bay", "realm": "draida_bay", "rects": [[0, 0, 3, 3]]}]},
            "board.locations[0]",
            "square A1 of 'bay' is not a space",
        ),
        (
            {"locations": [{"id": "bay", "realm": "draida_bay", "rects": [[8, 1, 5, 1]]}]},
            "board.locations[0].rects[0]",
            "[8, 1, 5, 1] is not a rectangle on the 10x6 map",
        ),
        ({"start": [0, 5]}, "board.start", "A6 is not a space"),
        ({"spaces": ["...."]}, "board.spaces", "a map's spaces are its floor squares"),
        ({"features": "chest"}, "board.features", "Input should be a valid list"),
        ({"start": "near the boat"}, "board.start", "Input should be a valid"),
        ({"colour": "tan"}, "board.colour", "Extra inputs are not permitted"),
    ],
)
def test_a_bad_board_is_refused_naming_the_file_and_place(
    change: dict[str, Any], place: str, message: str
) -> None:
    lines = problems_of(with_board({**BOARD, **change}))
    assert any(line.startswith(f"bay.json: {place}: {message}") for line in lines), lines


def test_a_board_that_is_not_an_object_is_refused() -> None:
    (line,) = problems_of(with_board([1, 2]))
    assert line == "bay.json: board: Input should be an object"


def test_every_problem_is_listed() -> None:
    bad = {**BOARD, "items": [{"item": "gold", "at": [0, 0]}], "start": [9, 5]}
    lines = problems_of(with_board(bad))
    assert [line.split(": ")[1] for line in lines] == ["board.items[0]", "board.start"]


def test_a_board_on_a_map_of_a_ruleset_without_one_is_a_problem() -> None:
    raw = json.loads(dump_map(new_document(10, 6)))
    raw["board"] = {"locations": []}
    (line,) = problems_of(json.dumps(raw).encode())
    assert line.startswith("bay.json: board: the ruleset 'BrickQuest")
    assert "has no board section; remove 'board'" in line


def test_the_check_never_raises_on_odd_json() -> None:
    d = heroica_doc().dungeon
    catalog = default_catalog()
    for raw in (None, 3, "x", [], {"locations": [{"id": "!", "realm": 5}]}, {"start": [1]}):
        problems = check_board(raw, d, catalog)
        assert problems and all(place.startswith("board") for place, _ in problems)
    assert check_board(BOARD, d, catalog) == []


def test_spaces_are_the_maps_floor_squares() -> None:
    d = heroica_doc().dungeon
    d.terrain[2, 2] = int(Terrain.WALL)
    spaces = map_spaces(d)
    assert len(spaces) == 8 * 4 - 1 and (2, 2) not in spaces and (1, 1) in spaces


def test_heroica_is_a_board_section_and_checks_through_the_hook() -> None:
    rules = get_ruleset("heroica")
    assert isinstance(rules, BoardSection)
    assert not isinstance(get_ruleset("brickquest"), BoardSection)
    d = heroica_doc().dungeon
    assert board_problems("heroica", BOARD, d) == []
    assert board_problems("heroica", {"start": [0, 0]}, d) == [("board.start", "A1 is not a space")]


def test_board_marks_show_locations_link_pieces_features_and_items() -> None:
    d = heroica_doc().dungeon
    marks = board_marks(BOARD, d, default_catalog())
    fills = {m.at: m for m in marks if m.kind == "fill" and not m.hatched}
    links = [m for m in marks if m.hatched]
    # Column 5 is in both locations: a link piece, striped in both realms' colours.
    assert {m.at for m in links} == {(5, y) for y in range(1, 5)}
    assert len([m for m in links if m.at == (5, 1)]) == 2
    assert "link piece" in links[0].label
    assert fills[(8, 4)].label == "Gate: dark grey" and fills[(8, 4)].colour == "#6b7078"
    (door,) = [m for m in marks if m.kind == "edge"]
    assert (door.at, door.to, door.label) == ((6, 1), (7, 1), "Locked door")
    tokens = {m.at: m for m in marks if m.kind == "token"}
    assert tokens[(2, 2)].label == "Treasure chest"
    assert tokens[(8, 4)].label == "Monster Generator (boss: king)"
    assert (tokens[(3, 3)].glyph, tokens[(1, 4)].glyph) == ("$", "K")
    assert tokens[(1, 1)].label == "Heroes' start"
    assert board_marks({"locations": 3}, d, default_catalog()) == []


def test_an_edge_mark_needs_the_square_next_to_it() -> None:
    with pytest.raises(ValueError, match="an edge mark needs 'to'"):
        BoardMark(at=(1, 1), to=(3, 1), kind="edge")
    with pytest.raises(ValueError, match="at most 3 characters"):
        BoardMark(at=(1, 1), glyph="GOLD")
    with pytest.raises(ValueError, match="should match pattern"):
        BoardMark(at=(1, 1), colour="gold")
