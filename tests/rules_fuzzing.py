"""Random BrickQuest games for the rules fuzz: strategies, invariants and one game's run.

Shared by ``tests/test_rules_fuzz.py`` (the short run) and ``benchmarks/fuzz_rules.py``
(the deep one).  The invariants ``check_consistent`` asserts after every step:

* ``0 <= hp <= max_hp`` (no potion or spell in BrickQuest raises hit points above the
  starting value: only the Mana Potion and Infuse go beyond, and they give spell points);
* dead exactly when ``hp == 0``;
* no two living figures on one square (figures hidden inside objects do not count), and
  every living figure on a square it may stand on (no wall, void, water, lava, obstacle,
  shut door or furniture) -- a Large Creature on each of the squares it covers;
* ``sp >= 0``, ``explosives >= 0``;
* ``actions_used`` within the turn's limit (a figure that caught Hiccups in the middle of
  its turn may already have used the actions it had before).
"""

from __future__ import annotations

import json
from typing import Any, get_args

from hypothesis import strategies as st

from companion.rules.dice import SeededDice
from companion.rulesets.brickquest.actions import ACTIONS, InteractKind
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.context import Ctx, Unresolvable, action_limit
from companion.rulesets.brickquest.plugin import BrickQuestRules
from companion.rulesets.brickquest.state import GameState

CATALOG = default_catalog()
RULES = BrickQuestRules(CATALOG)
CLASSES = sorted(CATALOG.classes)
MONSTERS = sorted(CATALOG.monsters)
SPELLS = [*sorted(CATALOG.spells), "no_such_spell"]
SKILLS = [*sorted(CATALOG.skills), "turn_undead", "meditation"]
POTIONS = sorted(i for i, item in CATALOG.items.items() if item.potion is not None)
TREASURE = ["key", "ruby", "coin_10"]
SCROLLS = ["scroll:levin_bolt", "scroll:minor_healing", "book:minor_fireball+curse+war_horn"]
EFFECTS = [
    "hiccups",
    "ethereal",
    "blinded",
    "silenced",
    "poisoned",
    "mummy_rot",
    "cursed",
    "invisible",
    "lycanthropy",
    "speed",
]
TERRAIN = "..................................#~=^o+/L"
FACINGS = "NESW"
KINDS = [
    "move",
    "move",
    "move",
    "attack",
    "attack",
    "breath",
    "cast",
    "cast",
    "interact",
    "use_item",
    "skill",
    "sapper",
    "begin_turn",
    "end_turn",
    "end_turn",
    "hold",
]
INTERACT = list(get_args(InteractKind))  # every kind the action type has
OBJECTS = ["chest", "barrel", "sarcophagus", "lever", "bookcase"]
MAX_STEPS = 30


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    """A random scenario set-up: map, heights, furniture, floor items, figures, options."""
    width = draw(st.integers(3, 7))
    height = draw(st.integers(3, 6))
    rows = ["".join(draw(st.sampled_from(TERRAIN)) for _ in range(width)) for _ in range(height)]
    heights = [
        "".join(draw(st.sampled_from("000000000000111229")) for _ in range(width))
        for _ in range(height)
    ]
    floor = [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in ".^/"]
    plain = [sq for sq in floor if rows[sq[1]][sq[0]] == "."]
    objects = []
    for sq in draw(st.lists(st.sampled_from(plain), max_size=2, unique=True)) if plain else []:
        objects.append(
            {
                "at": list(sq),
                "kind": draw(st.sampled_from(OBJECTS)),
                "facing": draw(st.sampled_from(FACINGS)),
                "open": draw(st.booleans()),
                "locked": draw(st.booleans()),
                "contents": draw(st.lists(st.sampled_from(TREASURE), max_size=2)),
            }
        )
    taken = {tuple(o["at"]) for o in objects}
    free = [sq for sq in floor if sq not in taken]
    if free and draw(st.booleans()):  # a skirmish: the figures close together
        cx, cy = draw(st.sampled_from(free))
        free = [sq for sq in free if max(abs(sq[0] - cx), abs(sq[1] - cy)) <= 2]
    spots = (
        draw(
            st.lists(
                st.sampled_from(free),
                min_size=min(2, len(free)),
                max_size=min(5, len(free)),
                unique=True,
            )
        )
        if free
        else []
    )
    footprint = draw(st.sampled_from([1, 2]))
    figures = []
    covered_by: set[tuple[int, int]] = set()
    for sq in spots:
        fig = _figure(draw, len(figures), sq)
        n = footprint if fig.get("monster") and CATALOG.monsters[fig["monster"]].large else 1
        covered = {(sq[0] + dx, sq[1] + dy) for dy in range(n) for dx in range(n)}
        if not covered <= set(free) or (not fig["dead"] and covered & covered_by):
            continue  # a Large Creature that does not fit here
        if not fig["dead"]:
            covered_by |= covered
        figures.append(fig)
    items = {}
    if free and draw(st.booleans()):
        x, y = draw(st.sampled_from(free))
        items[f"{x},{y}"] = draw(
            st.lists(st.sampled_from(TREASURE + POTIONS), min_size=1, max_size=2)
        )
    setup: dict[str, Any] = {
        "ruleset": "brickquest",
        "options": {
            "los": draw(st.sampled_from(["3d", "flat"])),
            "height_bonus": draw(st.booleans()),
            "critical_hits": draw(st.booleans()),
            "breakaway": draw(st.booleans()),
            "holding": draw(st.booleans()),
            "enchanted_weapons": draw(st.booleans()),
            "large_footprint": footprint,
        },
        "map": {"terrain": rows, "heights": heights, "objects": objects, "items": items},
        "figures": figures,
    }
    if figures and draw(st.booleans()):
        setup["initiative"] = [f["id"] for f in figures]
    return setup


def _figure(draw: st.DrawFn, index: int, sq: tuple[int, int]) -> dict[str, Any]:
    fig: dict[str, Any] = {
        "id": f"f{index}",
        "side": draw(st.sampled_from(["party", "dungeon"])),
        "at": list(sq),
        "facing": draw(st.sampled_from(FACINGS)),
    }
    if draw(st.booleans()):
        fig["class"] = draw(st.sampled_from(CLASSES))
    else:
        fig["monster"] = draw(st.sampled_from(MONSTERS))
        if CATALOG.monsters[fig["monster"]].hit_points is None:
            fig["hp"] = draw(st.integers(1, 8))
    if draw(st.integers(0, 3)) == 0:
        fig["hp"] = draw(st.integers(1, 3))
    fig["effects"] = draw(st.lists(st.sampled_from(EFFECTS), max_size=2, unique=True))
    fig["items"] = draw(st.lists(st.sampled_from(TREASURE + POTIONS + SCROLLS), max_size=3))
    fig["dead"] = draw(st.integers(0, 7)) == 0
    return fig


def _square(
    data: st.DataObject, state: GameState, near: tuple[int, int], reach: int = 2
) -> list[int]:
    """A square near ``near``; sometimes just off the map."""
    d = state.dungeon
    x = data.draw(st.integers(max(-1, near[0] - reach), min(d.width, near[0] + reach)))
    y = data.draw(st.integers(max(-1, near[1] - reach), min(d.height, near[1] + reach)))
    return [x, y]


STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1)] * 3 + [(1, 1), (-1, 1), (1, -1), (-1, -1), (2, 0)]


def _path(data: st.DataObject, state: GameState, start: tuple[int, int]) -> list[list[int]]:
    steps = data.draw(st.integers(1, 3 if data.draw(st.integers(0, 3)) else 6))
    path, here = [], start
    for _ in range(steps):
        dx, dy = data.draw(st.sampled_from(STEPS))
        here = (here[0] + dx, here[1] + dy)
        path.append(list(here))
    return path


def _interact_target(
    data: st.DataObject, state: GameState, actor: Any, kind: str
) -> str | list[int]:
    """Mostly what the interaction needs next to the actor: a figure, furniture, a door."""
    near = [
        f
        for f in state.figures.values()
        if f.id != actor.id and max(abs(f.x - actor.x), abs(f.y - actor.y)) <= 1
    ]
    if kind in ("give", "take", "loot") and near and data.draw(st.integers(0, 3)):
        return data.draw(st.sampled_from(sorted(f.id for f in near)))
    d = state.dungeon
    spots = sorted(
        [x, y]
        for y in range(actor.y - 1, actor.y + 2)
        for x in range(actor.x - 1, actor.x + 2)
        if d.in_bounds(x, y) and (d.object_at(x, y) or d.terrain_at(x, y).is_door)
    )
    if spots and data.draw(st.integers(0, 3)):
        return data.draw(st.sampled_from(spots))
    if data.draw(st.booleans()):
        return data.draw(st.sampled_from(sorted(state.figures)))
    return _square(data, state, actor.pos, 2)


def _suits(card: Any, kind: str) -> bool:
    """Whether a figure's card can do ``kind`` at all (to draw sensible actors)."""
    if kind == "cast":
        return card.is_caster
    if kind == "breath":
        return card.has_ability("breath")
    if kind == "sapper":
        return card.has_ability("sapper")
    return True


def _actor(data: st.DataObject, state: GameState, kind: str) -> Any:
    """Usually a living figure able to do ``kind``, the current one when turns are kept."""
    figures = sorted(state.figures.values(), key=lambda f: f.id)
    if data.draw(st.integers(0, 5)) == 0:
        return data.draw(st.sampled_from(figures))
    able = [f for f in figures if not f.dead and _suits(_card(f), kind)] or figures
    current = state.figures.get(state.current or "")
    if current is not None and current in able and data.draw(st.integers(0, 4)):
        return current
    return data.draw(st.sampled_from(able))


def _card(fig: Any) -> Any:
    return CATALOG.classes[fig.class_id] if fig.class_id else CATALOG.monsters[fig.monster_id]


def draw_action(data: st.DataObject, state: GameState) -> dict[str, Any]:
    """A random action for a random figure, shaped to be often (not always) legal."""
    living = [_card(f) for f in state.figures.values() if not f.dead]
    kinds = [k for k in KINDS if any(_suits(c, k) for c in living)]
    if not state.options.holding:
        kinds = [k for k in kinds if k != "hold"]
    kind = data.draw(st.sampled_from(kinds if kinds and data.draw(st.integers(0, 5)) else KINDS))
    actor = _actor(data, state, kind)
    if actor.turn.actions_used >= 2 and data.draw(st.integers(0, 2)):
        kind = "end_turn"
    a: dict[str, Any] = {"actor": actor.id, "action": kind}
    fig_ids = sorted(state.figures)
    if kind == "move":
        a["path"] = _path(data, state, actor.pos)
        if data.draw(st.booleans()):
            a["facing"] = data.draw(st.sampled_from(FACINGS))
    elif kind == "attack":
        near = [
            f.id
            for f in state.figures.values()
            if f.side != actor.side and max(abs(f.x - actor.x), abs(f.y - actor.y)) <= 2
        ]
        a["target"] = data.draw(
            st.sampled_from(near if near and data.draw(st.booleans()) else fig_ids)
        )
        attack = _card(actor).attack
        modes = [
            m
            for m, d in (
                ("melee", attack.melee_dice),
                ("reach", attack.reach_dice),
                ("ranged", attack.ranged_dice),
            )
            if d is not None
        ]
        a["mode"] = data.draw(
            st.sampled_from(modes if data.draw(st.integers(0, 5)) else ["melee", "reach", "ranged"])
        )
        turn = data.draw(st.sampled_from([None, None, "left", "right"]))
        if turn:
            a["turn"] = turn
    elif kind == "breath":
        if data.draw(st.booleans()):
            a["facing"] = data.draw(st.sampled_from(FACINGS))
    elif kind == "cast":
        own = [sp for sp in SPELLS[:-1] if CATALOG.spells[sp].spell_list in _lists(actor)]
        a["spell"] = data.draw(
            st.sampled_from(own if own and data.draw(st.integers(0, 4)) else SPELLS)
        )
        target = _spell_target(data, state, actor, a["spell"])
        if target is not None:
            a["target"] = target
        if data.draw(st.booleans()):
            a["facing"] = data.draw(st.sampled_from(FACINGS))
        if a["spell"] in ("wall_of_stone", "larger_wall_of_stone"):
            first = _square(data, state, actor.pos, 3)
            dx, dy = data.draw(st.sampled_from([(1, 0), (0, 1)]))
            n = data.draw(st.integers(1, 3))
            a["squares"] = [[first[0] + i * dx, first[1] + i * dy] for i in range(n)]
        if data.draw(st.integers(0, 3)) == 0:
            a["points"] = data.draw(st.integers(1, 20))
        if actor.items and data.draw(st.integers(0, 3)) == 0:
            a["item"] = data.draw(st.sampled_from(actor.items))
    elif kind == "interact":
        a["kind"] = data.draw(st.sampled_from(INTERACT))
        a["target"] = _interact_target(data, state, actor, a["kind"])
        if actor.items and data.draw(st.booleans()):
            a["items"] = data.draw(st.lists(st.sampled_from(actor.items), min_size=1, max_size=2))
        elif data.draw(st.booleans()):
            a["items"] = data.draw(st.lists(st.sampled_from(TREASURE), min_size=1, max_size=2))
        a["permission"] = data.draw(st.booleans())
    elif kind == "use_item":
        pool = list(actor.items) or POTIONS
        a["item"] = data.draw(st.sampled_from(pool if data.draw(st.integers(0, 4)) else POTIONS))
    elif kind == "skill":
        a["skill"] = data.draw(st.sampled_from(SKILLS))
        a["difficulty"] = data.draw(st.sampled_from(sorted(CATALOG.difficulties)))
        a["circumstance"] = data.draw(st.integers(-2, 3))
        if data.draw(st.booleans()):
            a["target"] = _square(data, state, actor.pos, 1)
    elif kind == "sapper":
        a["ability"] = data.draw(
            st.sampled_from(
                [
                    "clear_rubble",
                    "open_door",
                    "block_passage",
                    "bomb",
                    "big_bomb",
                    "really_big_bomb",
                ]
            )
        )
        first = _square(data, state, actor.pos, 1)
        a["squares"] = [first]
        if data.draw(st.booleans()):
            a["squares"].append(_square(data, state, tuple(first), 1))
        a["fuse"] = data.draw(st.integers(0, 3))
    elif kind == "begin_turn":
        a["focus_attack"] = data.draw(st.integers(0, 2))
        a["rage"] = data.draw(st.booleans())
        a["sustain"] = data.draw(st.booleans())
    return a


def _spell_target(data: st.DataObject, state: GameState, actor: Any, spell_id: str) -> Any:
    """A target of the kind the spell's area wants (sometimes any kind at all)."""
    spell = CATALOG.spells.get(spell_id)
    area = spell.area.kind if spell else "none"
    others = sorted(state.figures)
    if not data.draw(st.integers(0, 5)):
        area = data.draw(st.sampled_from(["figure_in_sight", "circle", "none"]))
    if area == "adjacent_figure":
        near = sorted(
            f.id for f in state.figures.values() if max(abs(f.x - actor.x), abs(f.y - actor.y)) <= 1
        )
        return data.draw(st.sampled_from(near or others))
    if area == "figure_in_sight":
        return data.draw(st.sampled_from(others))
    if area in ("adjacent_object", "adjacent_square"):
        return _square(data, state, actor.pos, 1)
    if area in ("circle", "location_in_sight", "target_and_adjacent"):
        return _square(data, state, actor.pos, 4)
    if area == "potion_in_hand" and actor.items:
        return data.draw(st.sampled_from(actor.items))
    return None


def _lists(fig: Any) -> tuple[Any, ...]:
    card = _card(fig)
    if fig.class_id:
        return card.spell_lists
    caster = card.ability("spellcaster")
    return (caster.spell_list,) if caster is not None else ()


def check_consistent(state: GameState, where: str) -> None:
    """The invariants of the module docstring."""
    ctx = Ctx(state, CATALOG)
    blocked = state.dungeon.blocks_movement()
    standing: dict[tuple[int, int], str] = {}
    for fig in state.figures.values():
        label = f"{where}: {fig.id}"
        assert 0 <= fig.hp <= fig.max_hp, f"{label}: hp {fig.hp} of {fig.max_hp}"
        assert fig.dead == (fig.hp == 0), f"{label}: dead={fig.dead} with hp {fig.hp}"
        assert fig.sp >= 0, f"{label}: sp {fig.sp}"
        assert fig.explosives >= 0, f"{label}: explosives {fig.explosives}"
        card = ctx.card(fig)
        turn = fig.turn
        limit = action_limit(card, fig, turn)
        if fig.has("hiccups"):
            limit = action_limit(card, fig.model_copy(update={"afflictions": ()}), turn)
        assert turn.actions_used <= limit, f"{label}: {turn.actions_used} actions of {limit}"
        if fig.dead or fig.inside is not None:
            continue
        for x, y in ctx.squares(fig):  # a Large Creature: each of its squares
            assert state.dungeon.in_bounds(x, y), f"{label}: off the map at {(x, y)}"
            terrain = state.dungeon.terrain_at(x, y).name
            assert not blocked[y, x], f"{label}: stands on {terrain} at {(x, y)}"
            assert (x, y) not in standing, f"{label}: shares {(x, y)} with {standing[(x, y)]}"
            standing[(x, y)] = fig.id


def play(setup: dict[str, Any], data: st.DataObject, seed: int) -> list[dict[str, Any]]:
    """One random game from ``setup``: its steps (each action and whether it was forced).

    Every step is validated and then resolved (always when legal, sometimes when not: the
    BrickMaster forcing it) with seeded dice.  Nothing may raise except the engine's own
    ``Unresolvable`` for a forced action; any failure carries, as a note, a reproduction of
    the steps so far (``reproduction``; ``replay`` runs it again).
    """
    state = RULES.initial_state(setup)
    check_consistent(state, "set-up")
    steps: list[dict[str, Any]] = []
    if not state.figures:
        return steps
    dice = SeededDice(seed)
    try:
        for step in range(data.draw(st.integers(1, MAX_STEPS))):
            spec = draw_action(data, state)
            action = ACTIONS.validate_python(spec)
            verdict = RULES.validate(state, action)
            force = data.draw(st.integers(0, 4)) == 0
            if not verdict.legal and not force:
                continue
            steps.append({"action": spec, "forced": not verdict.legal})
            try:
                state = RULES.resolve(state, action, dice).state
            except Unresolvable:
                assert not verdict.legal, f"step {step}: a legal action was unresolvable: {spec}"
                continue
            how = "legal" if verdict.legal else "forced"
            check_consistent(state, f"step {step} {spec} ({how})")
    except Exception as exc:  # any failure: keep its type and place, add the reproduction
        exc.add_note(f"reproduction: {reproduction(setup, seed, steps)}")
        raise
    return steps


def reproduction(setup: dict[str, Any], seed: int, steps: list[dict[str, Any]]) -> str:
    """A failing game as JSON: the set-up, the dice seed and the steps resolved."""
    return json.dumps({"setup": setup, "dice_seed": seed, "steps": steps}, indent=None)


def replay(text: str) -> GameState:
    """Run a ``reproduction`` again (checking the invariants); the final state."""
    doc = json.loads(text)
    state = RULES.initial_state(doc["setup"])
    dice = SeededDice(doc["dice_seed"])
    for i, step in enumerate(doc["steps"]):
        action = ACTIONS.validate_python(step["action"])
        try:
            state = RULES.resolve(state, action, dice).state
        except Unresolvable:
            continue
        check_consistent(state, f"step {i} {step['action']}")
    return state
