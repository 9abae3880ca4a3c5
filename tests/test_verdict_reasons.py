"""An illegal action is refused with every reason that applies, not only the first."""

from __future__ import annotations

import json
from pathlib import Path

from companion.rules.dice import SeededDice
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
    return [(r.code, r.square) for r in v.reasons]


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
    assert [(r.code, r.square) for r in v.reasons] == [
        ("insufficient_explosives", None),
        ("not_adjacent", (5, 1)),
    ]


# -- skills, turns, holding, items, doors and spells say every reason too (#18) ---------
def refusal(setup: dict[str, object], *actions: dict[str, object]) -> list[tuple[str, object]]:
    """The last action's reasons (code, square), after the ones before it were applied."""
    state = RULES.initial_state(setup)
    for action in actions[:-1]:
        parsed = RULES.actions.validate_python(action)
        assert RULES.validate(state, parsed).legal, action
        state = RULES.resolve(state, parsed, SeededDice(0)).state
    v = RULES.validate(state, RULES.actions.validate_python(actions[-1]))
    assert all(r.message for r in v.reasons)
    return [(r.code, r.square) for r in v.reasons]


def harry_at(x: int, y: int) -> dict[str, object]:
    return {"id": "harry", "side": "party", "class": "human_warrior", "at": [x, y], "facing": "E"}


DOORWAY = {
    "map": {"terrain": ["#########", "#...#...#", "#...L...#", "#...#...#", "#########"]},
    "figures": [
        {"id": "harry", "side": "party", "class": "human_warrior", "at": [2, 1], "facing": "E"},
        {"id": "merl", "side": "party", "class": "human_mage", "at": [3, 1], "facing": "E"},
    ],
}
LOCK = {"actor": "merl", "action": "cast", "spell": "magic_lock", "target": [4, 2]}


def test_a_skill_on_a_magically_locked_door_from_afar_says_all_three_at_the_door() -> None:
    pick = {"actor": "harry", "action": "skill", "skill": "pick_locks", "target": [4, 2]}
    assert refusal(DOORWAY, LOCK, pick) == [
        ("untrained", None),
        ("not_in_front", (4, 2)),
        ("locked", (4, 2)),
    ]


def test_opening_a_magically_locked_door_without_a_key_from_afar_says_all_three() -> None:
    door = {"actor": "harry", "action": "interact", "kind": "open", "target": [4, 2]}
    assert refusal(DOORWAY, LOCK, door) == [
        ("not_in_front", (4, 2)),
        ("locked", (4, 2)),
        ("no_key", (4, 2)),
    ]
    # A door that is open already is not asked about its locks.
    opened = {**DOORWAY, "map": {"terrain": ["#####", "#./.#", "#####"]}}
    opened["figures"] = [harry_at(1, 1)]
    shut = {"actor": "harry", "action": "interact", "kind": "open", "target": [2, 1]}
    assert refusal(opened, shut) == [("already_in_state", (2, 1))]


def test_begin_turn_hold_and_use_item_say_every_reason_in_their_order() -> None:
    room = {"map": {"terrain": ["######", "#....#", "######"]}, "figures": [harry_at(1, 1)]}
    begin = {"actor": "harry", "action": "begin_turn", "focus_attack": 1, "rage": True}
    assert refusal(room, begin) == [("no_ability", None), ("no_ability", None)]
    step = {"actor": "harry", "action": "move", "path": [[2, 1]]}
    hold = {"actor": "harry", "action": "hold"}
    assert refusal(room, step, hold) == [("no_ability", None), ("turn_already_started", None)]
    mana = {"actor": "harry", "action": "use_item", "item": "mana_potion"}
    assert refusal(room, mana) == [("no_such_item", None), ("not_a_caster", None)]
    unknown = {"actor": "harry", "action": "use_item", "item": "dragon_tooth"}
    assert refusal(room, unknown) == [("no_such_item", None)]


def test_a_wall_of_stone_names_each_bad_square() -> None:
    room = {
        "map": {"terrain": ["#######", "#.....#", "#.....#", "#######"]},
        "figures": [
            {
                "id": "durin",
                "side": "party",
                "class": "dwarven_warmage",
                "at": [1, 1],
                "facing": "E",
            },
            harry_at(2, 2),
        ],
    }
    wall = {
        "actor": "durin",
        "action": "cast",
        "spell": "wall_of_stone",
        "squares": [[2, 2], [4, 1]],
    }
    assert refusal(room, wall) == [("invalid_target", None), ("occupied", (2, 2))]
