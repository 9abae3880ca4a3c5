"""An illegal action is refused with every reason that applies, not only the first."""

from __future__ import annotations

import json
from pathlib import Path

from companion.rules.ruleset import get_ruleset
from companion.rules.scenario import load_scenario, run_scenario

RULES = get_ruleset("brickquest")
SETUP = {
    "map": {"terrain": ["#########", "#.......#", "#.......#", "#########"]},
    "figures": [
        {"id": "harry", "side": "party", "class": "human_warrior", "at": [1, 1], "facing": "E"},
        {"id": "grok", "side": "dungeon", "monster": "orc", "at": [6, 1], "facing": "W"},
    ],
    "initiative": ["grok", "harry"],
}


def verdict(action: dict[str, object]) -> list[str]:
    state = RULES.initial_state(SETUP)
    return RULES.validate(state, RULES.actions.validate_python(action)).codes


def test_out_of_turn_and_out_of_reach_are_both_said() -> None:
    codes = verdict({"actor": "harry", "action": "attack", "target": "grok", "mode": "melee"})
    assert codes[0] == "not_your_turn"
    assert len(codes) == 2 and codes[1] in ("not_adjacent", "out_of_range")


def test_a_move_too_far_out_of_turn_gives_both_reasons() -> None:
    path = [[2, 1], [3, 1], [4, 1], [5, 1], [5, 2], [4, 2], [3, 2], [2, 2]]
    codes = verdict({"actor": "harry", "action": "move", "path": path})
    assert codes == ["not_your_turn", "insufficient_movement"]


def test_nothing_more_is_said_once_the_action_makes_no_sense() -> None:
    action = {"actor": "harry", "action": "attack", "target": "grok", "mode": "ranged"}
    state = RULES.initial_state(
        {**SETUP, "figures": [{**SETUP["figures"][0], "dead": True}, SETUP["figures"][1]]}
    )  # type: ignore[dict-item]
    codes = RULES.validate(state, RULES.actions.validate_python(action)).codes
    assert codes == ["not_your_turn", "actor_down"]
    off = verdict({"actor": "harry", "action": "cast", "spell": "levin_bolt", "target": [40, 1]})
    assert off == ["not_your_turn", "invalid_target"]


# -- every reason of one action, each with its square (issue #18) ---------------------
WALLED = {
    "map": {
        "terrain": [
            "###############",
            "#..#..........#",
            "#.....#.......#",
            "#.............#",
            "###############",
        ]
    },
    "figures": [
        {"id": "lina", "side": "party", "class": "elven_ranger", "at": [1, 2], "facing": "W"},
        {"id": "harry", "side": "party", "class": "human_warrior", "at": [1, 1], "facing": "E"},
        {"id": "grok", "side": "dungeon", "monster": "orc", "at": [12, 2], "facing": "W"},
    ],
}


def walled(action: dict[str, object]) -> list[tuple[str, tuple[int, int] | None]]:
    state = RULES.initial_state(WALLED)
    v = RULES.validate(state, RULES.actions.validate_python(action))
    assert all(r.message for r in v.reasons)
    return [(r.code.value, r.square) for r in v.reasons]


def test_a_ranger_facing_away_through_a_wall_out_of_range_hears_all_three() -> None:
    got = walled({"actor": "lina", "action": "attack", "target": "grok", "mode": "ranged"})
    assert got == [
        ("out_of_range", (12, 2)),
        ("not_in_arc", (12, 2)),
        ("no_line_of_sight", (6, 2)),
    ]


def test_a_move_through_a_wall_and_too_far_names_the_wall_and_the_shortfall() -> None:
    path = [[2, 1], [3, 1], [4, 1], [5, 1], [6, 1], [7, 1], [8, 1]]
    got = walled({"actor": "harry", "action": "move", "path": path})
    assert got == [("impassable_terrain", (3, 1)), ("insufficient_movement", (7, 1))]


def test_a_far_square_alone_is_read_as_the_straight_way_there() -> None:
    got = walled({"actor": "harry", "action": "move", "path": [[8, 1]]})
    assert got == [("impassable_terrain", (3, 1)), ("insufficient_movement", (7, 1))]
    # Reachable round the wall: the refusal only asks for the steps.
    assert walled({"actor": "harry", "action": "move", "path": [[3, 3]]}) == [
        ("not_adjacent", (3, 3))
    ]


def test_a_scenario_reasons_list_is_matched_exactly(tmp_path: Path) -> None:
    attack = {"actor": "lina", "action": "attack", "target": "grok", "mode": "ranged"}
    doc = {
        "ruleset": "brickquest",
        "title": "t",
        "rule": "r",
        **WALLED,
        "checks": [
            {**attack, "expect": "illegal", "reasons": ["out_of_range", "not_in_arc"]},
            {
                **attack,
                "expect": "illegal",
                "reasons": ["out_of_range", "not_in_arc", "no_line_of_sight"],
            },
        ],
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    lines = run_scenario(load_scenario(path), path.name)
    assert [line["ok"] for line in lines] == [False, True]


def test_a_sapper_without_explosives_placing_a_charge_afar_hears_both() -> None:
    setup = {
        "map": {"terrain": ["#########", "#.......#", "#.......#", "#########"]},
        "figures": [
            {
                "id": "dox",
                "side": "party",
                "class": "dwarven_sapper",
                "at": [1, 1],
                "facing": "E",
                "explosives": 0,
            }
        ],
    }
    state = RULES.initial_state(setup)
    action = {
        "actor": "dox",
        "action": "sapper",
        "ability": "clear_rubble",
        "squares": [[5, 1], [5, 2]],
    }
    v = RULES.validate(state, RULES.actions.validate_python(action))
    assert [(r.code.value, r.square) for r in v.reasons] == [
        ("insufficient_explosives", None),
        ("not_adjacent", (5, 1)),
    ]
