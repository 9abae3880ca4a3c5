"""Benchmark the Heroica ruleset's interactive queries against the 16 ms frame.

Run ``.venv/bin/python benchmarks/bench_heroica.py`` (``--quick`` for a smoke run).
Two quests are built with ``HeroicaRules().initial_state`` from scenario-style set-ups:

* a small board like a real table: 19x11 spaces, four 9x5 locations (Draida Bay, Castle
  Fortaan, Waldurk Forest, Caverns of Nathuz) joined by one-space link pieces, four
  heroes, six monsters, a chest, rocks and a locked door;
* a large generated board: 119x119 spaces, a 5x5 grid of 23x23 locations of the five
  realms joined by one-space link pieces, six heroes, sixty monsters (a dozen in the
  acting hero's location), rocks, chests, locked doors on some link pieces, and a Goblin
  King with two monster generators.

The table rolls for the first player (``roll_first_player``, app dice) and the acting
hero rolls a Shield (``roll_move``: 4 spaces); then it times what play mode asks:

* the move hint, every space the hero may move to (``moves``), against the reference
  measured in the same run: the same set found space by space, each candidate space (the
  spaces within 4 orthogonal steps, walls ignored: 40 at most, on either board) given its
  shortest path with no forced stop on the way, that path checked with
  ``validate_moves.check_path``;
* the choices of the acting hero (every action the action bar shows, each validated),
  and, in a second table, those of each other hero were it the one that rolled the Shield
  (their skills ask different checks);
* one monster's move after the hero ends its turn with many monsters activated
  (``resolve`` of ``monster_move``: its path search);
* the board's marks (space colours, link pieces, features) for the map;
* the tracker and the figures (``turn`` and ``figures``), asked once per state too.

Each is the median of repeated calls after a warm-up call (30, or 5 with ``--quick``;
fewer when a call is slow: about two seconds of calls, at least three, one when a single
call takes longer than that; the ``calls`` column says how many), printed in ms, as a
ratio to the reference, and as a share of the 16 ms frame, with a verdict against the
frame.  ``--profile`` prints where the time goes in every row slower than the frame.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import platform
import pstats
import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.rules.dice import SeededDice
from companion.rulesets.heroica import views
from companion.rulesets.heroica.actions import ACTIONS
from companion.rulesets.heroica.plugin import HeroicaRules
from companion.rulesets.heroica.rules import Ctx, hero_blockers, neighbours
from companion.rulesets.heroica.state import Quest
from companion.rulesets.heroica.validate_moves import check_path, stops_at

FRAME_MS = 16.0
#: About this much time per row once a call is slow (at least three calls).
BUDGET_MS = 2000.0
Cell = tuple[int, int]
Tile = tuple[int, int]
#: The monsters a realm's location holds (Level 1 and Level 2).
REALM_MONSTERS = {
    "draida_bay": ("goblin_warrior",),
    "castle_fortaan": ("goblin_warrior", "goblin_guardian"),
    "waldurk_forest": ("spider", "werewolf"),
    "caverns_of_nathuz": ("bat", "golem_guardian"),
    "ramses_temple": ("snake", "mummy"),
}
REALMS = tuple(REALM_MONSTERS)


def median_ms(fn: Callable[[], Any], repeat: int) -> tuple[float, int, Any]:
    """The median of up to ``repeat`` calls after a warm-up call, how many were timed
    (about ``BUDGET_MS`` of calls, at least three; one when a call takes longer than
    that), and what the warm-up call returned."""
    start = time.perf_counter()
    result = fn()
    first = (time.perf_counter() - start) * 1000
    calls = max(1 if first > BUDGET_MS else 3, min(repeat, int(BUDGET_MS / max(first, 1e-3))))
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), calls, result


# ------------------------------------------------------------------------ the boards


def tile_origin(tile: Tile, tw: int, th: int) -> Cell:
    return tile[0] * (tw + 1), tile[1] * (th + 1)


def tile_cells(tile: Tile, tw: int, th: int) -> list[Cell]:
    """A location's spaces: its rectangle less a pillar every fourth square inside."""
    x0, y0 = tile_origin(tile, tw, th)
    return [
        (x0 + dx, y0 + dy)
        for dy in range(th)
        for dx in range(tw)
        if not (0 < dx < tw - 1 and 0 < dy < th - 1 and dx % 4 == 2 and dy % 4 == 2)
    ]


def row_rects(cells: list[Cell]) -> list[list[int]]:
    """``cells`` as one-row rectangles [x, y, w, 1], one per run of a row."""
    rects: list[list[int]] = []
    for x, y in sorted(cells, key=lambda c: (c[1], c[0])):
        last = rects[-1] if rects else None
        if last is not None and last[1] == y and last[0] + last[2] == x:
            last[2] += 1
        else:
            rects.append([x, y, 1, 1])
    return rects


def make_setup(
    cols: int,
    rows: int,
    tw: int,
    th: int,
    *,
    realms: list[str],
    heroes: list[str],
    monsters: int,
    local: int,
    rocks: int,
    chests: int,
    doors: int,
    boss: bool,
    seed: int,
) -> dict[str, Any]:
    """A scenario-style set-up: ``cols`` x ``rows`` locations of ``tw`` x ``th`` spaces
    joined by one-space link pieces (a link in the middle of each shared side).  The first
    hero stands in the middle location with ``local`` of the monsters."""
    rng = random.Random(seed)
    width, height = cols * (tw + 1) - 1, rows * (th + 1) - 1
    grid = [[" "] * width for _ in range(height)]
    tiles = [(c, r) for r in range(rows) for c in range(cols)]
    cells = {t: tile_cells(t, tw, th) for t in tiles}
    links: list[tuple[Cell, Tile, Tile, Cell]] = []  # link, its two tiles, the space past it
    for c, r in tiles:
        x0, y0 = tile_origin((c, r), tw, th)
        if c + 1 < cols:
            link = (x0 + tw, y0 + th // 2)
            links.append((link, (c, r), (c + 1, r), (link[0] + 1, link[1])))
        if r + 1 < rows:
            link = (x0 + tw // 2, y0 + th)
            links.append((link, (c, r), (c, r + 1), (link[0], link[1] + 1)))
    for tile in tiles:
        for x, y in cells[tile]:
            grid[y][x] = "."
    extra: dict[Tile, list[Cell]] = {t: [] for t in tiles}
    for link, a, b, _ in links:
        grid[link[1]][link[0]] = "."
        extra[a].append(link)
        extra[b].append(link)
    realm_of = {t: realms[i % len(realms)] for i, t in enumerate(tiles)}
    home = (cols // 2, rows // 2)
    boss_tile = next(t for t in reversed(tiles) if realm_of[t] == "castle_fortaan" and t != home)
    locations = [
        {
            "id": f"loc-{t[0]}-{t[1]}",
            "realm": realm_of[t],
            "rects": row_rects(cells[t]),
            "cells": [list(c) for c in extra[t]],
            "boss": boss and t == boss_tile,
        }
        for t in tiles
    ]
    # Nothing stands on a link piece or next to one, so every location stays reachable.
    used = {c for link, *_ in links for c in (link, *_around(link))}

    def free(tile: Tile, away_from: Cell | None = None, gap: int = 0) -> Cell:
        while True:
            c = rng.choice(cells[tile])
            if c in used or (
                away_from is not None and abs(c[0] - away_from[0]) + abs(c[1] - away_from[1]) <= gap
            ):
                continue
            used.add(c)
            used.update(_around(c))  # one space apart: no forced fights at the start
            return c

    x0, y0 = tile_origin(home, tw, th)
    first_at = (x0 + tw // 2, y0 + th // 2)
    used.add(first_at)
    used.update(_around(first_at))
    hero_list = [{"id": f"{heroes[0]}-1", "hero": heroes[0], "at": list(first_at)}]
    others = [t for t in tiles if t != home]
    for i, kind in enumerate(heroes[1:]):
        at = free(home if i < 1 else others[(i * 7) % len(others)])
        hero_list.append({"id": f"{kind}-1", "hero": kind, "at": list(at)})
    monster_list = []
    counts: dict[str, int] = {}
    for i in range(monsters):
        tile = home if i < local else others[rng.randrange(len(others))]
        kind = rng.choice(REALM_MONSTERS[realm_of[tile]])
        counts[kind] = counts.get(kind, 0) + 1
        at = free(tile, first_at, 2) if tile == home else free(tile)
        monster_list.append({"id": f"{kind}-{counts[kind]}", "monster": kind, "at": list(at)})
    features: list[dict[str, Any]] = []
    caverns = [t for t in tiles if realm_of[t] == "caverns_of_nathuz"] or others
    for i in range(rocks):
        features.append({"kind": "rocks", "at": list(free(caverns[i % len(caverns)]))})
    for i in range(chests):
        features.append({"kind": "treasure_chest", "at": list(free(others[i % len(others)]))})
    step = max(1, len(links) // max(1, doors))
    for link, _, _, past in links[::step][:doors]:
        features.append({"kind": "locked_door", "at": list(link), "to": list(past)})
    if boss:
        at = free(boss_tile)
        monster_list.append({"id": "goblin_king-1", "monster": "goblin_king", "at": list(at)})
        for _ in range(2):
            features.append(
                {"kind": "monster_generator", "at": list(free(boss_tile)), "boss": "goblin_king-1"}
            )
    return {
        "board": {
            "spaces": ["".join(row) for row in grid],
            "locations": locations,
            "features": features,
        },
        "heroes": hero_list,
        "monsters": monster_list,
    }


def _around(c: Cell) -> list[Cell]:
    return [(c[0] + dx, c[1] + dy) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))]


def small_board() -> dict[str, Any]:
    return make_setup(
        2,
        2,
        9,
        5,
        realms=["draida_bay", "castle_fortaan", "waldurk_forest", "caverns_of_nathuz"],
        heroes=["knight", "wizard", "ranger", "druid"],
        monsters=6,
        local=2,
        rocks=1,
        chests=1,
        doors=1,
        boss=False,
        seed=5,
    )


def big_board() -> dict[str, Any]:
    return make_setup(
        5,
        5,
        23,
        23,
        realms=list(REALMS),
        heroes=["knight", "wizard", "ranger", "druid", "thief", "barbarian"],
        monsters=60,
        local=12,
        rocks=12,
        chests=12,
        doors=10,
        boss=True,
        seed=7,
    )


# ------------------------------------------------------------------------ the turn


def act(rules: HeroicaRules, state: Quest, action: dict[str, Any], seed: int) -> Quest:
    """``action`` validated and resolved with app dice of ``seed``."""
    parsed = ACTIONS.validate_python(action)
    verdict = rules.validate(state, parsed)
    if not verdict.legal:
        raise SystemExit(f"{action}: {verdict.message}")
    return rules.resolve(state, parsed, SeededDice(seed)).state


def shield_turn(rules: HeroicaRules, start: Quest, hero: str) -> Quest:
    """The first player rolled (the seed that makes ``hero`` first), then its Shield."""
    roll = {"action": "roll_first_player", "actor": "table"}
    seed = next(s for s in range(500) if act(rules, start, roll, s).active == hero)
    state = act(rules, start, roll, seed)
    move = {"action": "roll_move", "actor": hero}
    seed = next(s for s in range(500) if act(rules, state, move, s).move_face == "Shield")
    return act(rules, state, move, seed)


def reference_moves(rules: HeroicaRules, state: Quest, hid: str) -> set[Cell]:
    """The move hint space by space: each space within ``moves_left`` orthogonal steps
    (walls ignored) gets a shortest path that makes no forced stop on the way (breadth first from
    the hero, locked doors closed: the heroes carry no key), checked by ``check_path``."""
    ctx = Ctx(state, rules.catalog)
    h = state.heroes[hid]
    allowance = state.moves_left
    out: set[Cell] = set()
    for dy in range(-allowance, allowance + 1):
        for dx in range(-allowance + abs(dy), allowance - abs(dy) + 1):
            target = (h.at[0] + dx, h.at[1] + dy)
            if target == h.at or target not in state.spaces:
                continue
            blocked = hero_blockers(ctx, h)
            came: dict[Cell, Cell | None] = {h.at: None}
            todo = deque([(h.at, 0)])
            while todo and target not in came:
                c, d = todo.popleft()
                if d >= allowance or (c != h.at and stops_at(ctx, h, c)):
                    continue
                for n in neighbours(state, c, blocked=blocked):
                    if n not in came:
                        came[n] = c
                        todo.append((n, d + 1))
            if target not in came:
                continue
            path: list[Cell] = []
            step: Cell | None = target
            while step is not None and step != h.at:
                path.append(step)
                step = came[step]
            if not check_path(ctx, h, path[::-1], allowance):
                out.add(target)
    return out


# ------------------------------------------------------------------------ the run


def report(rows: list[tuple[str, float, int]], ref: float) -> None:
    print(f"{'interaction':46} {'calls':>5} {'median':>11} {'vs ref':>9} {'of frame':>9}")
    for label, ms, calls in rows:
        print(f"{label:46} {calls:5} {ms:9.2f}ms {ms / ref:8.2f}x {ms / FRAME_MS:8.0%}")


def verdict(label: str, ms: float) -> str:
    if ms <= FRAME_MS:
        return f"MET: {label}: {ms:.2f} ms <= 16 ms"
    return f"OVER: {label}: {ms:.2f} ms > 16 ms ({ms / FRAME_MS:.1f} frames)"


def run(name: str, setup: dict[str, Any], repeat: int, profile: bool) -> None:
    rules = HeroicaRules()
    start = rules.initial_state(setup)
    hid = setup["heroes"][0]["id"]
    state = shield_turn(rules, start, hid)
    hero = state.heroes[hid]
    hint = rules.moves(state, hid)
    ref_set = reference_moves(rules, state, hid)
    diff = sorted(ref_set ^ set(hint))
    same = f"DIFFERENT: {diff}" if diff else "the same spaces"
    after = act(rules, state, {"action": "end_turn", "actor": hid}, 1)
    mover = next(
        mid
        for mid in after.to_move
        if rules.validate(
            after, ACTIONS.validate_python({"action": "monster_move", "actor": mid})
        ).legal
    )
    move = ACTIONS.validate_python({"action": "monster_move", "actor": mover})
    n_chests = sum(f.kind == "treasure_chest" for f in state.features.values())
    n_doors = sum(f.kind == "locked_door" for f in state.features.values())
    w, h = state.bounds
    print(
        f"\n{name}: {w}x{h}, {len(state.spaces)} spaces, {len(state.locations)} locations, "
        f"{len(state.heroes)} heroes, {len(state.monsters)} monsters, "
        f"{n_chests} chest(s), {n_doors} locked door(s); the {hero.hero} acts"
    )
    # (label, what to time, what its answer holds)
    rows: list[tuple[str, Callable[[], Any], Callable[[Any], str]]] = [
        (
            "move hint after a Shield",
            lambda: rules.moves(state, hid),
            lambda r: f"{len(r)} spaces",
        ),
        (
            f"choices of the {hero.hero}",
            lambda: rules.choices(state, hid),
            lambda r: f"{len(r)} shown",
        ),
        (
            "monster_move resolve",
            lambda: rules.resolve(after, move, SeededDice(2)),
            lambda r: f"{len(after.to_move)} to move",
        ),
        # Drawn anew (a new board), and after an item is picked up: the plugin keeps the
        # spaces' tints while the locations stand, and a figure's move redraws nothing.
        ("marks, drawn anew", lambda: views.marks(rules._ctx(state)), lambda r: f"{len(r)} marks"),
        (
            "marks after an item is taken",
            lambda: rules.marks(state.with_(items=dict(state.items))),
            lambda r: f"{len(r)} marks",
        ),
        (
            "turn + figures",
            lambda: (rules.turn(state), rules.figures(state)),
            lambda r: f"{len(r[1])} figures",
        ),
    ]
    # The other heroes acting, each after its own Shield: their skills ask other checks.
    for spec in setup["heroes"][1:]:
        other = shield_turn(rules, start, spec["id"])
        rows.append(
            (
                f"choices of the {spec['hero']}",
                partial(rules.choices, other, spec["id"]),
                lambda r: f"{len(r)} shown",
            )
        )
    ref, ref_calls, _ = median_ms(lambda: reference_moves(rules, state, hid), max(3, repeat // 4))
    timed = []
    for label, fn, what in rows:
        ms, calls, result = median_ms(fn, repeat)
        timed.append((f"{label} ({what(result)})", ms, calls, fn))
    print(
        f"(reference: the hint space by space with check_path, {ref:.2f} ms, "
        f"{ref_calls} calls; {same})"
    )
    report([(label, ms, calls) for label, ms, calls, _ in timed[:5]], ref)
    print("other heroes acting:")
    report([(label, ms, calls) for label, ms, calls, _ in timed[5:]], ref)
    for label, ms, _, fn in timed:
        print(f"- {verdict(label, ms)}")
        if profile and ms > FRAME_MS:
            prof = cProfile.Profile()
            prof.runcall(fn)
            pstats.Stats(prof).sort_stats("tottime").print_stats(8)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats")
    parser.add_argument("--profile", action="store_true", help="profile rows over the frame")
    args = parser.parse_args()
    repeat = 5 if args.quick else 30
    print(
        f"{platform.machine()}, Python {platform.python_version()}, "
        f"{datetime.date.today().isoformat()}"
    )
    run("small board (4 locations)", small_board(), repeat, args.profile)
    run("big board (5x5 locations)", big_board(), repeat, args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
