"""Edits of a Heroica board section (``MapDocument.board``) as plain functions.  No Qt.

Each takes a board (a JSON object as ``companion.rulesets.heroica.board`` reads it, or
None for a map without one yet) and returns a new one; the board given is never changed,
so the map editor can push old and new as one undoable step.  A refused edit raises
``BoardEditError`` saying why ("[3, 0] is not a space").  Entries this module does not
know are kept as they are.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from companion.rules.places import place_name
from companion.rulesets.heroica.catalog import HeroicaCatalog

Cell = tuple[int, int]
Board = dict[str, Any]
Rect = tuple[int, int, int, int]

#: Lists every board has (the editor fills them in).
LISTS = ("locations", "features", "items")


class BoardEditError(ValueError):
    """An edit the board refuses; the message says why."""


def blank_board() -> Board:
    """A board with no locations, features or items yet."""
    return {name: [] for name in LISTS}


def _copy(board: Mapping[str, Any] | None) -> Board:
    out: Board = copy.deepcopy(dict(board)) if board is not None else {}
    for name in LISTS:
        if not isinstance(out.get(name), list):
            out[name] = []
    return out


def _cell(value: object) -> Cell | None:
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (int(value[0]), int(value[1]))
    return None


def _need_space(at: Cell, spaces: Collection[Cell]) -> None:
    if at not in spaces:
        raise BoardEditError(f"{place_name(at)} is not a space: paint it as floor first")


# -- locations --------------------------------------------------------------------------


def location_ids(board: Mapping[str, Any] | None) -> list[str]:
    return [str(loc.get("id")) for loc in (board or {}).get("locations", [])]


def _location(board: Board, loc_id: str) -> dict[str, Any]:
    for loc in board["locations"]:
        if loc.get("id") == loc_id:
            return loc
    raise BoardEditError(f"no location {loc_id!r} on the board")


def new_location_id(board: Mapping[str, Any] | None, name: str) -> str:
    """An id for a location called ``name`` that no other location has."""
    base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:40] or "location"
    taken = set(location_ids(board))
    ident, n = base, 2
    while ident in taken:
        ident, n = f"{base}_{n}", n + 1
    return ident


def add_location(
    board: Mapping[str, Any] | None, name: str, realm: str, catalog: HeroicaCatalog
) -> tuple[Board, str]:
    """The board with a new, empty location of ``realm``; and the location's id."""
    _check_realm(realm, catalog)
    out = _copy(board)
    name = name.strip()[:80] or "Location"
    ident = new_location_id(out, name)
    out["locations"].append({"id": ident, "name": name, "realm": realm, "rects": []})
    return out, ident


def rename_location(board: Mapping[str, Any] | None, loc_id: str, name: str) -> Board:
    out = _copy(board)
    name = name.strip()[:80]
    if not name:
        raise BoardEditError("a location needs a name")
    _location(out, loc_id)["name"] = name
    return out


def set_location_realm(
    board: Mapping[str, Any] | None, loc_id: str, realm: str, catalog: HeroicaCatalog
) -> Board:
    _check_realm(realm, catalog)
    out = _copy(board)
    _location(out, loc_id)["realm"] = realm
    return out


def set_boss_location(board: Mapping[str, Any] | None, loc_id: str, boss: bool) -> Board:
    """Mark a location as a Boss Monster location (its generators follow its boss)."""
    out = _copy(board)
    loc = _location(out, loc_id)
    if boss:
        loc["boss"] = True
    else:
        loc.pop("boss", None)
    return out


def remove_location(board: Mapping[str, Any] | None, loc_id: str) -> Board:
    out = _copy(board)
    loc = _location(out, loc_id)
    out["locations"].remove(loc)
    return out


def location_squares(loc: Mapping[str, Any]) -> set[Cell]:
    """The squares a location covers (its rectangles and cells), skipping malformed ones."""
    out: set[Cell] = set()
    for rect in loc.get("rects", []):
        if (
            isinstance(rect, list | tuple)
            and len(rect) == 4
            and all(isinstance(v, int) for v in rect)
        ):
            x, y, w, h = rect
            out.update(
                (xx, yy) for yy in range(y, y + min(h, 256)) for xx in range(x, x + min(w, 256))
            )
    for cell in loc.get("cells", []):
        c = _cell(cell)
        if c is not None:
            out.add(c)
    return out


def cover(squares: Iterable[Cell]) -> list[list[int]]:
    """Few rectangles ``[x, y, w, h]`` covering exactly ``squares``: each row's runs,
    merged downward while the next row has the very same run."""
    rows: dict[int, list[int]] = {}
    for x, y in set(squares):
        rows.setdefault(y, []).append(x)
    runs: dict[int, list[tuple[int, int]]] = {}
    for y, xs in rows.items():
        xs.sort()
        start = prev = xs[0]
        for x in xs[1:]:
            if x != prev + 1:
                runs.setdefault(y, []).append((start, prev - start + 1))
                start = x
            prev = x
        runs.setdefault(y, []).append((start, prev - start + 1))
    done: list[list[int]] = []
    open_rects: dict[tuple[int, int], list[int]] = {}
    for y in sorted(runs):
        still: dict[tuple[int, int], list[int]] = {}
        for x, w in runs[y]:
            rect = open_rects.pop((x, w), None)
            if rect is None or rect[1] + rect[3] != y:
                if rect is not None:
                    done.append(rect)
                rect = [x, y, w, 0]
            rect[3] += 1
            still[(x, w)] = rect
        done.extend(open_rects.values())
        open_rects = still
    done.extend(open_rects.values())
    return sorted(done, key=lambda r: (r[1], r[0]))


def _set_squares(loc: dict[str, Any], squares: set[Cell]) -> None:
    loc["rects"] = cover(squares)
    loc.pop("cells", None)


def assign_squares(
    board: Mapping[str, Any] | None, loc_id: str, squares: Iterable[Cell], spaces: Collection[Cell]
) -> Board:
    """Put the spaces among ``squares`` into a location (a square already in another
    location stays there too: it becomes a link piece).  Refused when none is a space."""
    wanted = {sq for sq in squares if sq in spaces}
    if not wanted:
        raise BoardEditError("none of those squares is a space: paint them as floor first")
    out = _copy(board)
    loc = _location(out, loc_id)
    _set_squares(loc, location_squares(loc) | wanted)
    return out


def take_out_squares(
    board: Mapping[str, Any] | None, loc_id: str, squares: Iterable[Cell]
) -> Board:
    """Take ``squares`` out of a location."""
    out = _copy(board)
    loc = _location(out, loc_id)
    _set_squares(loc, location_squares(loc) - set(squares))
    return out


def rect_squares(a: Cell, b: Cell) -> set[Cell]:
    """Every square of the rectangle with corners ``a`` and ``b``."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    return {(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)}


# -- features, items, the start ---------------------------------------------------------


def _taken(board: Board, catalog: HeroicaCatalog) -> dict[Cell, str]:
    """Spaces holding a feature that takes its space, or an item: what is there."""
    taken: dict[Cell, str] = {}
    for f in board["features"]:
        feature = catalog.features.get(str(f.get("kind")))
        at = _cell(f.get("at"))
        if feature is not None and feature.occupies_space and at is not None:
            taken[at] = feature.name.lower()
    for spot in board["items"]:
        at = _cell(spot.get("at"))
        item = catalog.items.get(str(spot.get("item")))
        if at is not None:
            taken.setdefault(at, item.name.lower() if item else "an item")
    return taken


def place_feature(
    board: Mapping[str, Any] | None,
    kind: str,
    at: Cell,
    spaces: Collection[Cell],
    catalog: HeroicaCatalog,
    *,
    to: Cell | None = None,
) -> Board:
    """A feature on a space; a locked door on the edge between ``at`` and ``to``."""
    feature = catalog.features.get(kind)
    if feature is None:
        raise BoardEditError(f"unknown feature {kind!r}")
    _need_space(at, spaces)
    out = _copy(board)
    entry: dict[str, Any] = {"kind": kind, "at": list(at)}
    if kind == "locked_door":
        if to is None or abs(to[0] - at[0]) + abs(to[1] - at[1]) != 1:
            raise BoardEditError("a locked door goes on the edge between two spaces side by side")
        _need_space(to, spaces)
        ends = {at, to}
        for f in out["features"]:
            if f.get("kind") == "locked_door" and {_cell(f.get("at")), _cell(f.get("to"))} == ends:
                raise BoardEditError(
                    f"a locked door is already between {place_name(at)} and {place_name(to)}"
                )
        entry["to"] = list(to)
    else:
        taken = _taken(out, catalog)
        if feature.occupies_space and at in taken:
            raise BoardEditError(f"{place_name(at)} already holds the {taken[at]}")
        if any(_cell(f.get("at")) == at and f.get("kind") == kind for f in out["features"]):
            raise BoardEditError(f"{place_name(at)} already holds a {feature.name.lower()}")
    out["features"].append(entry)
    return out


def place_item(
    board: Mapping[str, Any] | None,
    item: str,
    at: Cell,
    spaces: Collection[Cell],
    catalog: HeroicaCatalog,
) -> Board:
    """An item lying on a space that holds no other item nor a feature taking it."""
    entry = catalog.items.get(item)
    if entry is None:
        raise BoardEditError(f"unknown item {item!r}")
    _need_space(at, spaces)
    out = _copy(board)
    taken = _taken(out, catalog)
    if at in taken:
        raise BoardEditError(f"{place_name(at)} already holds the {taken[at]}")
    out["items"].append({"item": item, "at": list(at)})
    return out


def remove_at(board: Mapping[str, Any] | None, at: Cell) -> Board:
    """The board without the features, items and start on ``at`` (and locked doors on
    its edges); ``BoardEditError`` when nothing is there."""
    out = _copy(board)
    features = [f for f in out["features"] if at not in (_cell(f.get("at")), _cell(f.get("to")))]
    items = [s for s in out["items"] if _cell(s.get("at")) != at]
    start = _cell(out.get("start")) == at
    if len(features) == len(out["features"]) and len(items) == len(out["items"]) and not start:
        raise BoardEditError(f"nothing to remove at {place_name(at)}")
    out["features"], out["items"] = features, items
    if start:
        del out["start"]
    return out


def set_start(board: Mapping[str, Any] | None, at: Cell, spaces: Collection[Cell]) -> Board:
    """Where the heroes start."""
    _need_space(at, spaces)
    out = _copy(board)
    out["start"] = list(at)
    return out


def features_of(board: Mapping[str, Any] | None, kind: str) -> list[tuple[int, Cell]]:
    """(index, square) of each feature of ``kind``, in board order."""
    out = []
    for i, f in enumerate((board or {}).get("features", [])):
        at = _cell(f.get("at"))
        if f.get("kind") == kind and at is not None:
            out.append((i, at))
    return out


def _feature(board: Board, index: int, kind: str) -> dict[str, Any]:
    features = board["features"]
    if not (0 <= index < len(features)) or features[index].get("kind") != kind:
        raise BoardEditError(f"board.features[{index}] is not a {kind.replace('_', ' ')}")
    return features[index]


def set_casket_token(
    board: Mapping[str, Any] | None, index: int, token: str | None, catalog: HeroicaCatalog
) -> Board:
    """A casket's hidden token (None: drawn at random when it is searched)."""
    tokens = [t.token for t in catalog.tables.casket.tokens]
    if token is not None and token not in tokens:
        raise BoardEditError(f"unknown casket token {token!r} ({', '.join(tokens)})")
    out = _copy(board)
    casket = _feature(out, index, "casket")
    if token is None:
        casket.pop("token", None)
    else:
        casket["token"] = token
    return out


def set_generator_boss(board: Mapping[str, Any] | None, index: int, boss: str | None) -> Board:
    """The boss figure whose moves a monster generator follows (None: none)."""
    out = _copy(board)
    generator = _feature(out, index, "monster_generator")
    if boss is None:
        generator.pop("boss", None)
    else:
        generator["boss"] = boss
    return out


def set_target(board: Mapping[str, Any] | None, figure_id: str | None) -> Board:
    """The quest's target monster (a figure id; None: the quest names none)."""
    out = _copy(board)
    if figure_id is None:
        out.pop("target", None)
    else:
        out["target"] = figure_id
    return out


def _check_realm(realm: str, catalog: HeroicaCatalog) -> None:
    if realm not in catalog.realms:
        raise BoardEditError(f"unknown realm {realm!r} ({', '.join(catalog.realms)})")
