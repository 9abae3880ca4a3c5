"""BrickQuest's choices skip work only where the full validation surely refuses, and
read kept answers only where they are the validation's own.

``test_brickquest_fast_answers`` compares every figure's choices with every shortcut off
on random games and on the 256x256 benchmark map; here the cases those games seldom
reach are set up on purpose, each compared the same way: rangers and casters placed a
few squares from figures of the other side all over the big map (ranged targets and
figures in sight to aim spells at, some behind walls and other figures), and a wizard
hidden in a barrel (whose figure spells the untargeted verdict allows for its target part
alone, while the caster itself is refused).  The shortcuts must also really skip the
validator: fewer validations than with them off.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any
from unittest import mock

from rules_fuzzing import RULES
from test_brickquest_fast_answers import acting, compare_choices, full_validation

from companion.model.dungeon import Terrain
from companion.rules.dice import SeededDice
from companion.rulesets.brickquest import table_choices, table_spells_and_things
from companion.rulesets.brickquest.actions import ACTIONS
from companion.rulesets.brickquest.state import GameState

Square = tuple[int, int]


def big_game() -> GameState:
    """The benchmark's 256x256 map with 40 figures, initiative rolled."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from bench_play import play_document

    setup = RULES.game_setup(play_document(256, 40, 7), None, {}, {})
    state = RULES.initial_state(setup)
    roll = ACTIONS.validate_python({"actor": "brickmaster", "action": "initiative"})
    return RULES.resolve(state, roll, SeededDice(7)).state


def free_squares_near(state: GameState, at: Square, lo: int, hi: int) -> list[Square]:
    """Open floor squares ``lo``..``hi`` squares (Chebyshev) from ``at``, nobody on them."""
    dungeon = state.dungeon
    taken = {f.pos for f in state.figures.values()}
    out = []
    for dy in range(-hi, hi + 1):
        for dx in range(-hi, hi + 1):
            sq = (at[0] + dx, at[1] + dy)
            if not lo <= max(abs(dx), abs(dy)) <= hi or not dungeon.in_bounds(*sq):
                continue
            floor = dungeon.terrain_at(*sq) is Terrain.FLOOR
            if floor and dungeon.object_at(*sq) is None and sq not in taken:
                out.append(sq)
    return out


def placed(state: GameState, fid: str, sq: Square, index: int) -> GameState:
    """``state`` with ``fid`` standing on ``sq`` and acting (``acting``)."""
    fig = state.figures[fid].model_copy(update={"x": sq[0], "y": sq[1]})
    return acting(state.evolve(figures={**state.figures, fid: fig}), index, fid)


def test_rangers_and_casters_near_enemies_on_the_big_map() -> None:
    """Each ranger and wizard put a few squares from each of several enemies: the quick
    choices are the full validation's, and some of them have ranged targets and figures
    in sight to cast at (the shortcuts had something to skip and something to keep)."""
    state = big_game()
    shooters = [f for f in state.figures.values() if f.class_id in ("elven_ranger", "human_mage")]
    enemies = [f for f in state.figures.values() if f.side == "dungeon"]
    assert {f.class_id for f in shooters} == {"elven_ranger", "human_mage"}
    kept = {"attack_ranged": 0, "cast": 0}
    for n, shooter in enumerate(shooters[:4]):
        for k, enemy in enumerate(enemies[n : n + 6]):
            spots = free_squares_near(state, enemy.pos, 2, 6)
            for sq in spots[k :: max(1, len(spots) // 2)][:2]:
                here = placed(state, shooter.id, sq, n + k)
                compare_choices(here, shooter.id)
                for c in RULES.choices(here, shooter.id):
                    if c.kind in kept and c.targets:
                        kept[c.kind] += 1
    assert kept["attack_ranged"] >= 3 and kept["cast"] >= 3, kept


def barrel_state(cls: str) -> GameState:
    """A figure of class ``cls`` hidden in a barrel, its turn begun, two orcs about."""
    setup: dict[str, Any] = {
        "ruleset": "brickquest",
        "map": {
            "terrain": ["#########", "#.......#", "#.......#", "#.......#", "#########"],
            "objects": [{"at": [3, 2], "kind": "barrel", "open": True}],
        },
        "figures": [
            {"id": "merlin", "side": "party", "class": cls, "at": [2, 2], "facing": "E"},
            {"id": "grok", "side": "dungeon", "monster": "orc", "at": [4, 1], "facing": "W"},
            {"id": "snag", "side": "dungeon", "monster": "orc", "at": [7, 3], "facing": "W"},
        ],
    }
    state = RULES.initial_state(setup)
    dice = SeededDice(1)
    for raw in (
        {"actor": "brickmaster", "action": "initiative"},
        {"actor": "merlin", "action": "interact", "kind": "climb_in", "target": [3, 2]},
    ):
        state = RULES.resolve(state, ACTIONS.validate_python(raw), dice).state
    assert state.figures["merlin"].inside == (3, 2)
    return acting(state, 0, "merlin")


def test_a_caster_in_a_barrel_is_refused_its_figure_spells() -> None:
    """Hidden in a barrel, a wizard's spells on a figure are refused whatever the target
    (climb out first), though the untargeted verdict's codes are all a target's."""
    for cls in ("human_mage", "dwarven_paladin"):
        state = barrel_state(cls)
        compare_choices(state, "merlin")
        casts = [c for c in RULES.choices(state, "merlin") if c.kind == "cast"]
        aimed = [c for c in casts if c.needs == "figure"]
        assert aimed and all(not c.targets and not c.enabled for c in aimed)


def count_validations(state: GameState, fid: str) -> int:
    calls = []
    real = table_choices.validate

    def counted(ctx: Any, action: Any) -> Any:
        calls.append(action)
        return real(ctx, action)

    with (
        mock.patch.object(table_choices, "validate", counted),
        mock.patch.object(table_spells_and_things, "validate", counted),
    ):
        RULES.choices(state, fid)
    return len(calls)


def test_the_shortcuts_spare_validations() -> None:
    """A wizard and a ranger on the big map: far fewer actions validated than with the
    shortcuts off (every figure asked for each attack mode and figure spell)."""
    state = big_game()
    for cls in ("human_mage", "elven_ranger"):
        fid = next(f.id for f in state.figures.values() if f.class_id == cls)
        here = acting(state, 0, fid)
        quick = count_validations(here, fid)
        with full_validation():
            full = count_validations(here, fid)
        assert quick * 3 < full, (cls, quick, full)
