"""Party files checked against the rules data, and never a blocking read."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from companion.rulesets.brickquest.character import Party, PartyFileError

DEMO = Path(__file__).resolve().parent.parent / "resources" / "parties" / "demo.party.json"


def demo() -> dict[str, Any]:
    return json.loads(DEMO.read_bytes())


def refused(doc: dict[str, Any] | bytes) -> PartyFileError:
    data = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    with pytest.raises(PartyFileError) as info:
        Party.from_json_bytes(data, source="p.json")
    assert str(info.value).startswith("p.json: ")
    return info.value


def test_demo_party_is_sound() -> None:
    assert len(Party.load(DEMO).characters) == 6


def test_unknown_item_is_named_with_a_suggestion() -> None:
    doc = demo()
    doc["characters"][0]["swag"] = ["coin_20", "healing_potoin"]
    err = refused(doc)
    assert err.place == "characters[0] 'Brannoc'.swag[1]"
    assert "unknown item 'healing_potoin'; did you mean 'healing_potion'" in err.message


def test_non_caster_with_spell_points() -> None:
    doc = demo()
    doc["characters"][0].update(spell_points=5, max_spell_points=5)
    assert "casts no spells" in refused(doc).message


def test_hit_points_above_the_class_maximum() -> None:
    doc = demo()
    doc["characters"][0].update(hit_points=99, max_hit_points=99)
    err = refused(doc)
    assert err.place.endswith(".max_hit_points")
    assert "99 is above the human_warrior maximum of 12" in err.message


def test_strings_for_numbers_and_duplicate_keys_are_refused() -> None:
    doc = demo()
    doc["characters"][0]["hit_points"] = "12"
    assert "valid integer" in refused(doc).message
    text = DEMO.read_text().replace('"version": 1,', '"version": 1, "version": 1,', 1)
    assert "appears twice" in refused(text.encode()).message


def test_every_problem_is_listed() -> None:
    doc = demo()
    doc["characters"][0]["swag"] = ["x1", "x2"]
    doc["characters"][1]["max_hit_points"] = 50
    doc["characters"][1]["hit_points"] = 50
    assert len(refused(doc).lines()) == 3


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_special_files_are_refused_at_once(tmp_path: Path, kind: str) -> None:
    path = {"folder": tmp_path, "device": Path("/dev/zero")}.get(kind, tmp_path / "p.json")
    if kind == "fifo":
        os.mkfifo(path)  # the input that made the loader hang: open() blocked forever
    start = time.perf_counter()
    with pytest.raises(PartyFileError, match="not a regular file"):
        Party.load(path)
    assert time.perf_counter() - start < 2.0
