"""Map Build's location tiles (resources/rulesets/heroica/tiles.toml) and where one goes."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.datafiles import DataFileError
from companion.rulesets.heroica.catalog import data_dir, default_catalog
from companion.rulesets.heroica.tiles import load_tiles, placement


def test_the_tiles_load_with_one_start_and_every_realm() -> None:
    tiles = load_tiles(default_catalog())
    assert tiles.starting().realm == "draida_bay"
    realms = {t.realm for t in tiles.by_id.values()}
    assert {"castle_fortaan", "waldurk_forest", "caverns_of_nathuz", "ramses_temple"} <= realms
    # Each realm of the Location Die has a Boss Monster location, and Lava Mountain its Dragon.
    for realm in ("castle_fortaan", "waldurk_forest", "caverns_of_nathuz", "ramses_temple"):
        assert tiles.of_realm(realm, boss=True), realm
    lava = tiles.lava_mountain()
    assert lava is not None and lava.boss == "dragon"


def test_a_tile_with_an_unknown_realm_is_refused(tmp_path: Path) -> None:
    text = (data_dir() / "tiles.toml").read_text(encoding="utf-8")
    bad = tmp_path / "tiles.toml"
    bad.write_text(text.replace('realm = "castle_fortaan"', 'realm = "atlantis"', 1), "utf-8")
    with pytest.raises(ValueError, match="unknown realm 'atlantis'"):
        load_tiles(default_catalog(), bad)


def test_a_tile_of_unknown_characters_is_refused(tmp_path: Path) -> None:
    text = (data_dir() / "tiles.toml").read_text(encoding="utf-8")
    bad = tmp_path / "tiles.toml"
    bad.write_text(text.replace('"..c..",', '"..X..",', 1), "utf-8")
    with pytest.raises(DataFileError, match="unknown characters"):
        load_tiles(default_catalog(), bad)


def test_a_tile_goes_through_a_link_piece_and_only_where_there_is_room() -> None:
    tiles = load_tiles(default_catalog())
    tile = tiles.by_id["castle_fortaan_hall"]
    here = frozenset((x, y) for x in range(10, 15) for y in range(10, 15))
    east = placement(here, "east", tile, here, (40, 40), tiles.link_length)
    assert east is not None and east.link == ((15, 12),)
    assert min(x for x, _ in east.cells(tile)) == 16
    # No room beyond the board's edge, nor onto spaces already there.
    assert placement(here, "east", tile, here, (18, 40), tiles.link_length) is None
    taken = here | {(17, 12)}
    assert placement(here, "east", tile, taken, (40, 40), tiles.link_length) is None
