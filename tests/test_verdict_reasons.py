"""An illegal action is refused with every reason that applies, not only the first."""

from __future__ import annotations

from companion.rules.ruleset import get_ruleset

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
