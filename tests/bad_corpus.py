"""A deterministic corpus of bad project files: mutations of the demo map, party and a scenario.

``cases(seed)`` yields ``Case`` objects; ``write(case, folder)`` puts one on disk (FIFOs,
folders, device links and oversized sparse files included).  Every case is bad input that
the loaders and ``validate`` must refuse with a clear message naming the file.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEMO_MAP = ROOT / "resources" / "dungeons" / "demo.json"
DEMO_PARTY = ROOT / "resources" / "parties" / "demo.party.json"
SCENARIO: dict[str, Any] = {
    "ruleset": "brickquest",
    "map": {
        "terrain": ["#######", "#.....#", "#..~..#", "#######"],
        "heights": ["0000000", "0001100", "0000000", "0000000"],
    },
    "figures": [
        {"id": "harry", "side": "party", "class": "human_thief", "at": [1, 1], "facing": "E"},
        {"id": "grok", "side": "dungeon", "monster": "orc", "at": [4, 1], "facing": "W"},
    ],
    "checks": [
        {"actor": "harry", "action": "move", "path": [[2, 1], [3, 1]], "expect": "legal"},
        {"query": "distance", "from": "harry", "to": [5, 2]},
    ],
}
KINDS = ("map", "party", "scenario")
UNICODE_DIGITS = ("\u212a", "\u0663", "\uff11", "\u00b2", "\u0661", "\u0967", "\u2460")


@dataclass(frozen=True)
class Case:
    """One bad file: ``kind`` says which loader should refuse it."""

    name: str
    kind: str
    data: bytes = b""
    special: str = ""  # "fifo", "folder", "device", "huge": not plain bytes


def base(kind: str) -> dict[str, Any]:
    if kind == "map":
        return json.loads(DEMO_MAP.read_bytes())
    if kind == "party":
        return json.loads(DEMO_PARTY.read_bytes())
    return json.loads(json.dumps(SCENARIO))


def _dump(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode()


def _typo(rng: random.Random, word: str) -> str:
    """``word`` misspelt: one letter changed, maybe one added (never the word itself)."""
    while True:
        i = rng.randrange(len(word))
        out = word[:i] + rng.choice("xqz_") + word[i + 1 :] + rng.choice(["", "s", "x"])
        if out != word:
            return out


# -- byte-level mutations, any format ---------------------------------------------------


def truncated(rng: random.Random, doc: dict[str, Any]) -> bytes:
    data = _dump(doc)
    return data[: rng.randrange(1, data.rindex(b"}"))]


def random_bytes(rng: random.Random, doc: dict[str, Any]) -> bytes:
    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    return rng.choice([b"\xff", b"\x00", b"<", b"#"]) + junk


def spliced_bytes(rng: random.Random, doc: dict[str, Any]) -> bytes:
    """A structural character (outside strings) replaced by junk: never valid JSON."""
    data = bytearray(_dump(doc))
    spots, inside, escaped = [], False, False
    for i, b in enumerate(data):
        if escaped:
            escaped = False
        elif inside and b == 0x5C:
            escaped = True
        elif b == 0x22:
            inside = not inside
        elif not inside and b in b"{}[]:,":
            spots.append(i)
    at = rng.choice(spots)
    data[at : at + 1] = rng.choice([b"\xff\xfe", b"\x00", b"{{", b"]]", b"::"])
    return bytes(data)


def deep_nesting(rng: random.Random, doc: dict[str, Any]) -> bytes:
    key = rng.choice(sorted(doc))
    n = rng.choice([100, 1000, 20_000, 200_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    text = _dump({**doc, key: "@@"}).decode()
    return text.replace('"@@"', opener * n + "1" + closer * n).encode()


def duplicate_key(rng: random.Random, doc: dict[str, Any]) -> bytes:
    text = _dump(doc).decode()
    key = rng.choice(sorted(doc))
    return text.replace("{", "{" + json.dumps(key) + ": " + json.dumps(doc[key]) + ", ", 1).encode()


def wrong_type(rng: random.Random, doc: dict[str, Any]) -> bytes:
    key = rng.choice(sorted(doc))
    value = doc[key]
    wrong: list[Any] = [{"a": 1}, "12", 3.5] if not isinstance(value, dict) else [[1], "x", 7]
    if isinstance(value, str):
        wrong = [{"a": 1}, [value], 12]
    return _dump({**doc, key: rng.choice(wrong)})


def unknown_field(rng: random.Random, doc: dict[str, Any]) -> bytes:
    return _dump({**doc, _typo(rng, rng.choice(sorted(doc))) + "_extra": 1})


COMMON: list[Callable[[random.Random, dict[str, Any]], bytes]] = [
    truncated,
    random_bytes,
    spliced_bytes,
    deep_nesting,
    duplicate_key,
    wrong_type,
    unknown_field,
]


# -- map mutations -----------------------------------------------------------------------


def _squares(doc: dict[str, Any], chars: str) -> list[list[int]]:
    return [
        [x, y] for y, row in enumerate(doc["terrain"]) for x, ch in enumerate(row) if ch in chars
    ]


def map_mutations() -> list[Callable[[random.Random, dict[str, Any]], Any]]:
    def unknown_id(rng: random.Random, d: dict[str, Any]) -> Any:
        f = rng.choice(d["figures"])
        key = "class" if "class" in f else "monster"
        f[key] = _typo(rng, f[key])
        return d

    def both_kinds(rng: random.Random, d: dict[str, Any]) -> Any:
        f = rng.choice(d["figures"])
        f["class"], f["monster"] = "human_warrior", "orc"
        return d

    def on_bad_square(rng: random.Random, d: dict[str, Any]) -> Any:
        rng.choice(d["figures"])["at"] = rng.choice(_squares(d, "#~=o+L "))
        return d

    def overlapping(rng: random.Random, d: dict[str, Any]) -> Any:
        a, b = rng.sample(range(len(d["rooms"])), 2)
        d["rooms"][b]["rects"].append(rng.choice(d["rooms"][a]["rects"]))
        return d

    def ragged(rng: random.Random, d: dict[str, Any]) -> Any:
        layer = rng.choice(["terrain", "floor"])
        y = rng.randrange(len(d[layer]))
        row = d[layer][y]
        d[layer][y] = row[:-1] if rng.random() < 0.5 else row + row[-1]
        return d

    def unicode_digit(rng: random.Random, d: dict[str, Any]) -> Any:
        y, x = rng.randrange(d["height"]), rng.randrange(d["width"])
        row = d["floor"][y]
        d["floor"][y] = row[:x] + rng.choice(UNICODE_DIGITS) + row[x + 1 :]
        return d

    def unicode_key(rng: random.Random, d: dict[str, Any]) -> Any:
        key = rng.choice(sorted(d["stairs"]))
        digit = rng.choice(UNICODE_DIGITS[1:3])
        d["stairs"][digit + key[1:]] = d["stairs"].pop(key)
        return d

    def huge_number(rng: random.Random, d: dict[str, Any]) -> Any:
        n = 10 ** rng.randrange(3, 40) * rng.choice([1, -1])
        target = rng.choice(["width", "height", "version", "at", "object", "rect"])
        if target == "at":
            rng.choice(d["figures"])["at"][rng.randrange(2)] = n
        elif target == "object":
            rng.choice(d["objects"])["height"] = n
        elif target == "rect":
            rng.choice(d["rooms"])["rects"][0][rng.randrange(4)] = n
        else:
            d[target] = n
        return d

    def duplicate_id(rng: random.Random, d: dict[str, Any]) -> Any:
        a, b = rng.sample(d["figures"], 2)
        b["id"] = a["id"]
        return d

    def too_many(rng: random.Random, d: dict[str, Any]) -> Any:
        key, limit = rng.choice([("rooms", 4096), ("figures", 1024)])
        d[key] = d[key] * (limit // len(d[key]) + 2)
        return d

    def bad_char(rng: random.Random, d: dict[str, Any]) -> Any:
        y = rng.randrange(len(d["terrain"]))
        row = d["terrain"][y]
        x = rng.randrange(len(row))
        d["terrain"][y] = row[:x] + rng.choice("?!xX\u00b7\t") + row[x + 1 :]
        return d

    return [
        unknown_id,
        both_kinds,
        on_bad_square,
        overlapping,
        ragged,
        unicode_digit,
        unicode_key,
        huge_number,
        duplicate_id,
        too_many,
        bad_char,
    ]


# -- party mutations ---------------------------------------------------------------------


def party_mutations() -> list[Callable[[random.Random, dict[str, Any]], Any]]:
    def pick(rng: random.Random, d: dict[str, Any]) -> dict[str, Any]:
        return rng.choice(d["characters"])

    def unknown_item(rng: random.Random, d: dict[str, Any]) -> Any:
        pick(rng, d)["swag"].append(_typo(rng, rng.choice(["healing_potion", "ruby", "key"])))
        return d

    def unknown_class(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        c["class_id"] = _typo(rng, c["class_id"])
        return d

    def non_caster_sp(rng: random.Random, d: dict[str, Any]) -> Any:
        c = rng.choice([c for c in d["characters"] if c["max_spell_points"] is None])
        c["spell_points"] = c["max_spell_points"] = rng.randrange(1, 30)
        return d

    def too_many_hp(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        c["hit_points"] = c["max_hit_points"] = rng.randrange(15, 100)
        return d

    def huge_number(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        field = rng.choice(["hit_points", "max_hit_points", "spell_points"])
        c[field] = 10 ** rng.randrange(3, 40) * rng.choice([1, -1])
        return d

    def unicode_digits(rng: random.Random, d: dict[str, Any]) -> Any:
        pick(rng, d)["hit_points"] = rng.choice(UNICODE_DIGITS) + "2"
        return d

    def duplicate_id(rng: random.Random, d: dict[str, Any]) -> Any:
        a, b = rng.sample(d["characters"], 2)
        b["id"] = a["id"]
        return d

    def bad_header(rng: random.Random, d: dict[str, Any]) -> Any:
        key = rng.choice(["format", "version", "ruleset"])
        if rng.random() < 0.5:
            del d[key]
            if key == "ruleset":
                d["version"] = 2
        else:
            d[key] = rng.choice(["brick-companion-map", 2, "heroica", None])
        return d

    def wrong_char_type(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        c[rng.choice(sorted(c))] = rng.choice([{"a": 1}, [1, 2], 2.5])
        return d

    return [
        unknown_item,
        unknown_class,
        non_caster_sp,
        too_many_hp,
        huge_number,
        unicode_digits,
        duplicate_id,
        bad_header,
        wrong_char_type,
    ]


# -- scenario mutations ------------------------------------------------------------------


def scenario_mutations() -> list[Callable[[random.Random, dict[str, Any]], Any]]:
    def off_map(rng: random.Random, d: dict[str, Any]) -> Any:
        sq = [rng.choice([-1, 7, 50, 10**9]), rng.randrange(4)]
        which = rng.choice(["path", "target", "figure"])
        if which == "path":
            d["checks"][0]["path"].append(sq)
        elif which == "target":
            d["checks"].append(
                {"actor": "harry", "action": "attack", "target": sq, "mode": "melee"}
            )
        else:
            d["figures"][rng.randrange(2)]["at"] = sq
        return d

    def unknown_figure(rng: random.Random, d: dict[str, Any]) -> Any:
        d["checks"][0]["actor"] = _typo(rng, "harry")
        return d

    def unknown_kind(rng: random.Random, d: dict[str, Any]) -> Any:
        f = d["figures"][rng.randrange(2)]
        key = "class" if "class" in f else "monster"
        f[key] = _typo(rng, f[key])
        return d

    def bad_then(rng: random.Random, d: dict[str, Any]) -> Any:
        d["checks"][0]["then"] = rng.choice(
            [
                {"harry": 5},
                {"harry": {"items": [1, "key"]}},
                [1],
                "harry",
                {"harry": {"effects": [[1], {"a": 1}]}},
                {"harry": None},
            ]
        )
        return d

    def on_wall(rng: random.Random, d: dict[str, Any]) -> Any:
        d["figures"][rng.randrange(2)]["at"] = rng.choice([[0, 0], [3, 2], [6, 3]])
        return d

    def unicode_height(rng: random.Random, d: dict[str, Any]) -> Any:
        y = rng.randrange(4)
        x = rng.randrange(7)
        row = d["map"]["heights"][y]
        d["map"]["heights"][y] = row[:x] + rng.choice(UNICODE_DIGITS) + row[x + 1 :]
        return d

    def bad_dice(rng: random.Random, d: dict[str, Any]) -> Any:
        d["checks"][0]["dice"] = rng.choice([["six"], 6, [True], {"a": 1}, [1.5]])
        return d

    def wrong_map(rng: random.Random, d: dict[str, Any]) -> Any:
        d["map"] = rng.choice(
            [
                {"terrain": "#####"},
                {"terrain": []},
                {"terrain": [1, 2]},
                {"terrain": ["." * 600]},
                {"terrain": ["..s"]},
                {"terrain": ["..."], "stairs": {"\u0661,0": "N"}},
            ]
        )
        return d

    def bad_query(rng: random.Random, d: dict[str, Any]) -> Any:
        d["checks"].append(
            rng.choice(
                [
                    {"query": "distance", "from": "harry", "to": [99, 99]},
                    {"query": "distance", "from": "harri", "to": "grok"},
                    {"query": "area", "shape": "blob", "origin": [1, 1], "size": 2},
                    {"query": "area", "shape": "circle", "origin": [1, 1], "size": 10**30},
                    {"query": "teleport"},
                ]
            )
        )
        return d

    return [
        off_map,
        unknown_figure,
        unknown_kind,
        bad_then,
        on_wall,
        unicode_height,
        bad_dice,
        wrong_map,
        bad_query,
    ]


MUTATIONS = {
    "map": map_mutations(),
    "party": party_mutations(),
    "scenario": scenario_mutations(),
}


def cases(count: int = 2100, seed: int = 13) -> Iterator[Case]:
    """``count`` bad files, the same ones for the same seed, plus the special files."""
    rng = random.Random(seed)
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        doc = base(kind)
        if rng.random() < 0.3:
            fn = rng.choice(COMMON)
            data = fn(rng, doc)
        else:
            fn = rng.choice(MUTATIONS[kind])
            data = _dump(fn(rng, doc))
        yield Case(f"{i:04d}-{kind}-{fn.__name__}.json", kind, data)
    for kind in KINDS:
        for special in ("fifo", "folder", "device", "huge", "empty"):
            yield Case(f"{kind}-{special}.json", kind, special=special)


def write(case: Case, folder: Path) -> Path:
    """Put ``case`` on disk in ``folder``; the path to hand to a loader."""
    path = folder / case.name
    if case.special == "fifo":
        os.mkfifo(path)
    elif case.special == "folder":
        path.mkdir()
    elif case.special == "device":
        path.symlink_to("/dev/zero")
    elif case.special == "huge":
        with path.open("wb") as fh:
            fh.truncate(17 * 1024 * 1024)  # sparse: costs no disk
    else:
        path.write_bytes(case.data)
    return path
