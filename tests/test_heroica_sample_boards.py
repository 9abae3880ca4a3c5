"""The sample Heroica boards (resources/dungeons/heroica-*.json): one per realm, each sound,
with its realm's features, monsters and boss, four heroes at the start, and a game that
starts on it; the Draida Bay board is File → Open Demo's Heroica demo."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from companion.datafiles import resource_dir
from companion.gui.main_window import DEMOS
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import make_settings, make_window
from companion.model.mapfile import MapDocument
from companion.rules.maps import load_map_file
from companion.rules.ruleset import get_ruleset
from companion.rulesets.heroica.board import check_board, map_spaces, parse_board
from companion.rulesets.heroica.catalog import default_catalog
from companion.rulesets.heroica.schema import Rank

CATALOG = default_catalog()
FOLDER = resource_dir() / "dungeons"
#: Each board, the realm it shows and the features only that realm has.
BOARDS = {
    "heroica-draida-bay.json": ("draida_bay", set()),
    "heroica-castle-fortaan.json": ("castle_fortaan", set()),
    "heroica-waldurk-forest.json": ("waldurk_forest", {"magic_door", "magic_space"}),
    "heroica-caverns-of-nathuz.json": ("caverns_of_nathuz", {"rocks"}),
    "heroica-ramses-temple.json": ("ramses_temple", {"casket", "map"}),
    "heroica-lava-mountain.json": ("lava_mountain", set()),
}


def load(name: str) -> MapDocument:
    return load_map_file(FOLDER / name)


def test_there_is_a_board_for_every_realm_of_the_text() -> None:
    assert sorted(p.name for p in FOLDER.glob("heroica-*.json")) == sorted(BOARDS)
    assert {realm for realm, _ in BOARDS.values()} == set(CATALOG.realms)


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_sample_board_is_sound_and_has_its_realm(name: str) -> None:
    doc = load(name)  # loading checks the board through the ruleset
    assert doc.options.ruleset == "heroica" and doc.board is not None
    assert check_board(doc.board, doc.dungeon, CATALOG) == []
    spec = parse_board(doc.board)
    realm, own = BOARDS[name]
    assert realm in {loc.realm for loc in spec.locations}
    kinds = {f.kind for f in spec.features}
    assert own <= kinds
    assert {"treasure_chest", "locked_door", "monster_generator"} <= kinds
    items = {i.item for i in spec.items}
    assert {"gold", "key", "torch"} <= items and any(i.endswith("_potion") for i in items)
    # Locations 5-10 spaces wide, joined by link pieces in two locations.
    squares = [set(loc.squares()) for loc in spec.locations]
    links = {c for i, a in enumerate(squares) for b in squares[i + 1 :] for c in a & b}
    assert links and len(spec.locations) >= 3
    for loc, cells in zip(spec.locations, squares, strict=True):
        own_cells = cells - links
        width = max(x for x, _ in own_cells) - min(x for x, _ in own_cells) + 1
        assert 5 <= width <= 10, (loc.id, width)


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_its_boss_generators_and_monsters_belong_together(name: str) -> None:
    doc = load(name)
    spec = parse_board(doc.board or {})
    monsters = {f.id: CATALOG.monsters[f.monster or ""] for f in doc.figures if f.monster}
    target = monsters[spec.target or ""]
    assert target.rank in (Rank.BOSS, Rank.DRAGON)
    (boss_location,) = [loc for loc in spec.locations if loc.boss]
    boss = next(f for f in doc.figures if f.id == spec.target)
    assert boss.at in set(boss_location.squares())
    generators = [f for f in spec.features if f.kind == "monster_generator"]
    assert len(generators) == (4 if target.rank is Rank.DRAGON else 2)
    assert {g.boss for g in generators} == {spec.target}
    assert all(g.at in set(boss_location.squares()) for g in generators)
    realm, _ = BOARDS[name]
    assert realm in target.realms
    for relic in spec.relics.values():
        assert CATALOG.items[relic].category.value == "relic"


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_four_heroes_stand_on_distinct_spaces_near_the_start(name: str) -> None:
    doc = load(name)
    spec = parse_board(doc.board or {})
    heroes = [f for f in doc.figures if f.class_id]
    assert len(heroes) == 4 and len({h.at for h in heroes}) == 4
    assert len({h.class_id for h in heroes}) == 4
    assert spec.start is not None
    steps = _steps_from(spec.start, map_spaces(doc.dungeon))
    assert all(steps[h.at] <= 3 for h in heroes)
    taken = {f.at for f in spec.features if CATALOG.features[f.kind].occupies_space}
    assert not taken & {f.at for f in doc.figures}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_game_starts_on_it(name: str) -> None:
    rules = get_ruleset("heroica")
    doc = load(name)
    state = rules.initial_state(rules.game_setup(doc, None, {}, {}))
    assert set(rules.figures(state)) == {f.id for f in doc.figures}
    assert any(m.kind == "edge" for m in rules.marks(state))


def _steps_from(start: tuple[int, int], spaces: frozenset[tuple[int, int]]) -> dict:
    steps = {start: 0}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in spaces and n not in steps:
                steps[n] = steps[(x, y)] + 1
                queue.append(n)
    return steps


def test_the_demo_opens_with_its_roster_and_plays_with_its_marks(
    qtbot: object, tmp_path: Path
) -> None:
    index = next(i for i, d in enumerate(DEMOS) if d[1] == "dungeons/heroica-draida-bay.json")
    w = make_window(qtbot, make_settings(tmp_path))
    assert w.open_demo(index)
    assert w.session.doc.options.ruleset == "heroica"
    assert w.roster_panel.ruleset_id == "heroica"
    linked = {c["id"] for c in w.roster_panel.roster()["characters"]}
    assert linked == {f.id for f in w.session.doc.figures if f.class_id}
    editor = w.board_editors.editors["heroica"]
    assert editor is not None and editor.dock.isVisible()
    shown = w.canvas.board_marks.marks
    assert any(m.kind == "edge" for m in shown) and any(m.hatched for m in shown)
    # In play, the game's marks; refreshed after each action.
    assert w.start_game(tmp_path / "demo.game.jsonl", GameSpec(seed=3))
    game = w.play.game
    assert game is not None
    assert w.canvas.board_marks.marks == tuple(game.ruleset.marks(game.state))
    assert not editor.dock.isVisible()
    asked: list[int] = []
    source = w.session.marks_source
    assert source is not None
    w.session.marks_source = lambda: asked.append(1) or source()  # type: ignore[func-returns-value]
    w.action_dock.buttons["Roll to move"].click()  # the app rolls (a seeded game)
    assert asked
    w.close_game()
    assert w.canvas.board_marks.marks == shown
    w.session.undo_stack.setClean()
