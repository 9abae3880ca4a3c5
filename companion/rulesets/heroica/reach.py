"""A Heroica quest checked as it will be played: what it names is there, and the heroes
can get to it.

A board can be sound space by space (``board.board_problems``) and still be no quest: a
target boss on an island of spaces no path joins to the start, a chest or the key out
there with it, a link piece floating apart from the locations it joins, a monster
generator or a relic for a boss that is not on the board.  One check for a game's set-up
(``setup.build_quest``: a scenario's, ``game new``'s) and a map file
(``brick-companion validate``, ``HeroicaRules.table_problems``).

Paths run over spaces, orthogonally ("You may not move or fight diagonally"), through
every feature: a locked door opens with a key (or a Shield), rocks are explored, a magic
door is moved.  A Map Build quest grows as it is played, so only its names are checked.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from pydantic import ValidationError

from companion.model.mapfile import MapDocument
from companion.rules.places import place_name
from companion.rulesets.heroica.board import BoardSpec, Cell, map_spaces, parse_board

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def joined(spaces: frozenset[Cell], start: Cell) -> set[Cell]:
    """The spaces a path of orthogonal steps joins to ``start`` (empty: not a space)."""
    if start not in spaces:
        return set()
    seen = {start}
    todo = deque([start])
    while todo:
        x, y = todo.popleft()
        for dx, dy in _STEPS:
            nxt = (x + dx, y + dy)
            if nxt in spaces and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def quest_problems(
    board: BoardSpec,
    spaces: frozenset[Cell],
    start: Cell | None,
    monsters: Mapping[str, Cell],
    *,
    map_build: bool = False,
) -> list[tuple[str, str]]:
    """Every name that is not on the board and everything the heroes cannot reach, as
    (place, message).  ``monsters``: each monster figure's id and space."""
    problems: list[tuple[str, str]] = []
    known = ", ".join(sorted(monsters)) or "none"

    def named(place: str, boss: str, what: str) -> bool:
        if boss in monsters:
            return True
        problems.append((place, f"{what} names {boss!r}, no monster on the board ({known})"))
        return False

    if board.target is not None:
        named("board.target", board.target, "the target")
    bosses: list[tuple[str, str]] = []
    for i, f in enumerate(board.features):
        if f.kind == "monster_generator" and f.boss is not None:
            place = f"board.features[{i}]"
            if named(place, f.boss, f"the monster generator at {place_name(f.at)}"):
                bosses.append((place, f.boss))
    for boss, relic in board.relics.items():
        if named(f"board.relics.{boss}", boss, f"the {relic}"):
            bosses.append((f"board.relics.{boss}", boss))
    if map_build or start is None or start not in spaces:
        return problems
    reach = joined(spaces, start)
    where = f"from the start {place_name(start)}"

    def island(cells: Iterable[Cell]) -> Cell | None:
        return next((c for c in cells if c in spaces and c not in reach), None)

    target = board.target
    if target is not None and target in monsters and monsters[target] not in reach:
        problems.append(
            (
                "board.target",
                f"the target {target!r} at {place_name(monsters[target])} cannot be "
                f"reached {where}: no path of spaces joins them",
            )
        )
    for place, boss in bosses:
        if boss != board.target and monsters[boss] not in reach:
            problems.append(
                (
                    place,
                    f"its boss {boss!r} at {place_name(monsters[boss])} cannot be reached {where}",
                )
            )
    for i, f in enumerate(board.features):
        cells = [f.at] if f.to is None else [f.at, f.to]
        if all(c in spaces for c in cells) and island(cells) is not None:
            problems.append(
                (
                    f"board.features[{i}]",
                    f"the {f.kind} at {place_name(f.at)} cannot be reached {where}",
                )
            )
    for i, item in enumerate(board.items):
        if island([item.at]) is not None:
            problems.append(
                (
                    f"board.items[{i}]",
                    f"the {item.item} at {place_name(item.at)} cannot be reached {where}",
                )
            )
    problems += _link_problems(board, spaces, reach, where)
    return problems


def _link_problems(
    board: BoardSpec, spaces: frozenset[Cell], reach: set[Cell], where: str
) -> list[tuple[str, str]]:
    """A link piece (spaces in two locations) must be reached and touch the other spaces
    of each location it joins ("Characters on link pieces are effectively in two
    locations at the same time")."""
    squares = {loc.id: {c for c in loc.squares() if c in spaces} for loc in board.locations}
    count: dict[Cell, list[str]] = {}
    for loc_id, cells in squares.items():
        for c in cells:
            count.setdefault(c, []).append(loc_id)
    links = {c for c, ids in count.items() if len(ids) > 1}
    problems: list[tuple[str, str]] = []
    done: set[Cell] = set()
    index = {loc.id: i for i, loc in enumerate(board.locations)}
    for cell in sorted(links):
        if cell in done:
            continue
        piece = joined(frozenset(links), cell)
        done |= piece
        ids = sorted({i for c in piece for i in count[c]}, key=index.__getitem__)
        place = f"board.locations[{index[ids[0]]}]"
        shown = place_name(min(piece))
        if cell not in reach:
            problems.append((place, f"the link piece at {shown} cannot be reached {where}"))
            continue
        around = {(x + dx, y + dy) for x, y in piece for dx, dy in _STEPS} - piece
        for loc_id in ids:
            rest = squares[loc_id] - piece
            if rest and not (around & rest):
                problems.append(
                    (
                        place,
                        f"the link piece at {shown} floats apart from {loc_id!r}: "
                        "none of its spaces is next to that location's",
                    )
                )
    return problems


def map_problems(doc: MapDocument) -> list[tuple[str, str]]:
    """``quest_problems`` of a map file's board, its figures the heroes and monsters
    (a board that does not parse is ``board.check_board``'s to report)."""
    if doc.board is None:
        return []
    try:
        spec = parse_board(doc.board)
    except ValidationError:
        return []
    heroes = [f.at for f in doc.figures if f.class_id]
    start = spec.start or (heroes[0] if heroes else None)
    monsters = {f.id: f.at for f in doc.figures if f.monster}
    return quest_problems(spec, map_spaces(doc.dungeon), start, monsters)
