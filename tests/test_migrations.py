"""Format versions: every migration step has a test; newer versions are refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import migrations
from companion.datafiles import resource_dir
from companion.migrations import CURRENT, STEPS, migrate
from companion.model.dungeon import Terrain
from companion.model.mapfile import FORMAT_VERSION, MapFileError, dump_map
from companion.rules.maps import load_map_file
from companion.rulesets.brickquest.character import Party, PartyFileError
from companion.safefile import FileProblem

DEMO_PARTY_FILE = resource_dir() / "parties" / "demo.party.json"

#: A map as the pre-release builds wrote it (format version 0): no "version" key, and the
#: floor heights under "heights".  Kept literally: it is what such a file looks like.
MAP_V0 = """{
 "format": "brick-companion-map",
 "name": "Old crypt",
 "width": 4,
 "height": 3,
 "terrain": ["####", "#..#", "####"],
 "heights": ["0000", "0120", "0000"],
 "rooms": [{"name": "Crypt", "rects": [[1, 1, 2, 1]]}],
 "figures": [{"id": "grok", "side": "dungeon", "monster": "orc", "at": [2, 1]}]
}
"""


def test_every_kind_has_a_step_from_each_older_version_it_reads() -> None:
    for kind, current in CURRENT.items():
        older = sorted(v for k, v in STEPS if k == kind)
        assert older == list(range(older[0], current)) if older else older == []


# -- map 0 -> 1 -------------------------------------------------------------------------


def test_map_v0_migrates_to_v1_in_memory() -> None:
    data = json.loads(MAP_V0)
    out = migrate("map", data, file="old.json", error=MapFileError)
    assert out["version"] == 1
    assert out["floor"] == ["0000", "0120", "0000"]
    assert "heights" not in out
    assert "version" not in data  # the caller's object is not changed


def test_map_v0_file_loads_with_its_heights(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(MAP_V0)
    doc = load_map_file(path)
    d = doc.dungeon
    assert (d.name, d.width, d.height) == ("Old crypt", 4, 3)
    assert d.floor_at(1, 1) == 1 and d.floor_at(2, 1) == 2 and d.floor_at(0, 0) == 0
    assert d.terrain_at(1, 1) == Terrain.FLOOR
    assert [r.name for r in d.rooms] == ["Crypt"]
    assert doc.figures[0].monster == "orc"
    # Saved again, it is a current file.
    again = json.loads(dump_map(doc))
    assert again["version"] == FORMAT_VERSION and again["floor"][1] == "0120"


def test_map_v0_is_checked_like_any_map_after_migrating(tmp_path: Path) -> None:
    bad = json.loads(MAP_V0)
    bad["heights"][1] = "01"  # ragged row
    path = tmp_path / "old.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(MapFileError, match=r"old\.json: floor row 1: 2 characters"):
        load_map_file(path)


def test_unversioned_map_with_floor_is_refused_with_a_hint(tmp_path: Path) -> None:
    data = json.loads(MAP_V0)
    data["floor"] = data.pop("heights")
    path = tmp_path / "lost.json"
    path.write_text(json.dumps(data))
    with pytest.raises(MapFileError) as err:
        load_map_file(path)
    assert err.value.file == str(path)
    assert err.value.place == "floor"
    assert 'add "version": 1' in str(err.value)


def test_current_map_is_passed_through_untouched() -> None:
    data = {"format": "brick-companion-map", "version": 1, "floor": ["0"]}
    assert migrate("map", data) is data


# -- refusals ---------------------------------------------------------------------------


def test_future_map_version_is_refused_naming_file_and_version(tmp_path: Path) -> None:
    data = json.loads(MAP_V0)
    data["version"] = 99
    data["floor"] = data.pop("heights")
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data))
    with pytest.raises(MapFileError) as err:
        load_map_file(path)
    text = str(err.value)
    assert str(path) in text and "version 99" in text and "newer Brick Companion" in text
    assert err.value.place == "version"


def test_future_party_version_is_refused_naming_file_and_version(tmp_path: Path) -> None:
    data = json.loads(DEMO_PARTY_FILE.read_text())
    data["version"] = 99
    path = tmp_path / "future.party.json"
    path.write_text(json.dumps(data))
    with pytest.raises(PartyFileError) as err:
        Party.load(path)
    text = str(err.value)
    assert "future.party.json" in text and "version 99" in text
    assert "reads up to version 1" in text


@pytest.mark.parametrize(
    ("version", "words"),
    [
        ("1", "version is '1'; expected a whole number"),
        (True, "version is True; expected a whole number"),
        (None, "version is None; expected a whole number"),
        (-1, "unsupported map file version -1; this program reads versions 0 to 1"),
        (10**30, "made by a newer Brick Companion"),
    ],
)
def test_odd_versions_are_refused(version: object, words: str) -> None:
    with pytest.raises(MapFileError, match=r"x\.json") as err:
        migrate("map", {"version": version}, file="x.json", error=MapFileError)
    assert words in str(err.value)


def test_party_without_steps_refuses_version_zero() -> None:
    with pytest.raises(FileProblem, match=r"party file version 0; this program reads version 1$"):
        migrate("party", {"version": 0})


def test_a_registered_step_runs_and_a_new_version_becomes_current(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The registry steps version by version (checked with a made-up party version 2)."""
    monkeypatch.setitem(CURRENT, "party", 2)
    monkeypatch.setattr(migrations, "STEPS", dict(STEPS))
    migrations.step("party", 1)(lambda d: {**d, "note": "from 1"})
    out = migrate("party", {"version": 1})
    assert out == {"version": 2, "note": "from 1"}


def test_unknown_kind_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        migrate("spreadsheet", {})
