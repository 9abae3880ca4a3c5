"""Random In a World Where Bricks Rule battles: random tables and characters, random
actions, legal or forced.

Every step is validated, then resolved when legal and sometimes when not (the BrickMaster
forcing it), with seeded dice.  Validation never raises; a legal action always resolves;
a forced one raises nothing but ``Unresolvable``; and after every step the battle is
consistent: bases on the table, never in a wall, never overlapping; hits and knock-outs
agree; the activation is someone standing with at most two actions spent; a battle with
a winner has at most one side left standing (or was ended by the table).  A session log
of the game replays to the same state.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.model.geometry.tabletop import barriers, gap
from companion.rules.dice import SeededDice
from companion.rulesets.in_a_world_where_bricks_rule.actions import ACTIONS
from companion.rulesets.in_a_world_where_bricks_rule.forced import Unresolvable
from companion.rulesets.in_a_world_where_bricks_rule.plugin import IawwbrRules
from companion.rulesets.in_a_world_where_bricks_rule.rules import Ctx, knock_out_at, remaining_sides
from companion.rulesets.in_a_world_where_bricks_rule.state import Battle

RULES = IawwbrRules()
CLASSES = sorted(RULES.catalog.classes)
ARMOR = sorted(RULES.catalog.armor)
WEAPONS = [*sorted(RULES.catalog.weapons), None]
W, H = 20, 10
MAX_STEPS = 40


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    rows = []
    heights = []
    for _ in range(H):
        row = draw(st.text(alphabet="....%#o", min_size=W, max_size=W))
        rows.append(row)
        heights.append(draw(st.text(alphabet="0001123", min_size=W, max_size=W)))
    figures: list[dict[str, Any]] = []
    for i in range(draw(st.integers(2, 5))):
        # A base (radius 1) stands whole on the table: not on its edge cells.
        x, y = draw(st.integers(1, W - 2)), draw(st.integers(1, H - 2))
        if rows[y][x] == "#" or any(
            abs(f["at"][0] - x) < 3 and abs(f["at"][1] - y) < 3 for f in figures
        ):
            continue
        figures.append(
            {
                "id": f"f{i}",
                "side": "red" if i % 2 == 0 else "blue",
                "level": draw(st.integers(1, 4)),
                "class": draw(st.sampled_from(CLASSES)),
                "armor": draw(st.sampled_from(ARMOR)),
                "shield": draw(st.booleans()),
                "weapon": draw(st.sampled_from(WEAPONS)),
                "at": [x, y],
            }
        )
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "length_studs": st.sampled_from([8, 12, 16]),
                "length_measured_between": st.sampled_from(["base_edges", "centres"]),
                "cover": st.sampled_from(["declared", "sight_lines"]),
                "break_free_also_moves": st.booleans(),
                "undead_revival_needs_activation_roll": st.booleans(),
                "fallen_undead_remains": st.booleans(),
                "unarmed_attacks": st.booleans(),
            },
        )
    )
    return {
        "map": {"terrain": rows, "heights": heights},
        "sides": ["red", "blue"],
        "figures": figures,
        "options": options,
    }


def draw_action(data: st.DataObject, b: Battle) -> dict[str, Any]:
    ids = sorted(b.fighters)
    kind = data.draw(
        st.sampled_from(
            [
                "roll_activation",
                "move",
                "move",
                "move",
                "attack",
                "attack",
                "break_free",
                "climb",
                "pick_up",
                "wizard_blast",
                "undead_rise",
                "end_activation",
                "end_activation",
                "end_battle",
            ]
        )
    )
    if kind == "roll_activation" or not ids:
        return {"action": "roll_activation"}
    if kind == "end_battle":
        return {"action": kind, "winner": data.draw(st.sampled_from(["red", "blue", "green"]))}
    # Mostly someone who may act now, so games go somewhere.
    may = [fid for fid in ids if fid in b.eligible and fid not in b.done] or ids
    actor = b.active or data.draw(st.sampled_from(may if data.draw(st.booleans()) else ids))
    spec: dict[str, Any] = {"actor": actor, "action": kind}
    if kind in ("move", "climb"):
        f = b.fighters[actor]
        dx, dy = data.draw(st.integers(-17, 17)), data.draw(st.integers(-17, 17))
        spec["to"] = [min(W - 1, max(0, int(f.x) + dx)), min(H - 1, max(0, int(f.y) + dy))]
    elif kind in ("attack", "wizard_blast"):
        spec["target"] = data.draw(st.sampled_from([*ids, "nobody"]))
    elif kind == "pick_up":
        spec["item"] = data.draw(st.sampled_from([*(i.id for i in b.items), "nothing"]))
    return spec


def check_consistent(b: Battle, where: str, ended_by_table: bool) -> None:
    ctx = Ctx(b, RULES.catalog)
    wall = barriers(b.table)
    standing = b.standing()
    for f in b.fighters.values():
        assert f.hits >= 0, f"{where}: {f.id} has {f.hits} hits"
        if f.knocked_out:
            continue
        assert f.hits < knock_out_at(ctx, f), f"{where}: {f.id} should be knocked out"
        x, y = int(f.x), int(f.y)
        assert b.table.in_bounds(x, y), f"{where}: {f.id} is off the table"
        assert not wall[y, x], f"{where}: {f.id} stands in a wall at {(x, y)}"
    for i, a in enumerate(standing):
        for o in standing[i + 1 :]:
            assert gap(a.base, o.base) > -1e-6, f"{where}: {a.id} and {o.id} overlap"
    if b.active is not None:
        assert not b.fighters[b.active].knocked_out, f"{where}: the active one is knocked out"
    assert 0 <= b.actions_used <= 2, f"{where}: {b.actions_used} actions used"
    if b.winner is not None and not ended_by_table:
        assert len(remaining_sides(ctx, b)) <= 1, f"{where}: a winner with two sides left"


def play(setup: dict[str, Any], data: st.DataObject, seed: int) -> None:
    state = RULES.initial_state(setup)
    check_consistent(state, "set-up", False)
    dice = SeededDice(seed)
    ended = False
    for step in range(data.draw(st.integers(1, MAX_STEPS))):
        spec = draw_action(data, state)
        action = ACTIONS.validate_python(spec)
        verdict = RULES.validate(state, action)
        force = data.draw(st.integers(0, 4)) == 0
        if not verdict.legal and not force:
            continue
        try:
            state = RULES.resolve(state, action, dice).state
        except Unresolvable:
            assert not verdict.legal, f"step {step}: a legal action was unresolvable: {spec}"
            continue
        ended = ended or spec["action"] == "end_battle"
        check_consistent(
            state, f"step {step} {spec} ({'legal' if verdict.legal else 'forced'})", ended
        )


@settings(
    max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(setup=setups(), data=st.data(), seed=st.integers(0, 2**16))
def test_random_battles_stay_consistent(
    setup: dict[str, Any], data: st.DataObject, seed: int
) -> None:
    play(setup, data, seed)
