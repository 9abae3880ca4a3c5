"""Heroica's hero cards (``CharacterSheets``): cards from a party, a quest's live numbers,
refused rosters, edits, the map's heroes linked to the party, the printed cards at 63 x 88
mm with the track strips (command line and roster dock), and the cards in the dock."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import numpy as np
import pypdf
import pytest

from companion.model.dungeon import DungeonMap
from companion.model.mapfile import FigurePlacement, MapDocument
from companion.rules.printing import SHEETS, PrintedRoster, print_layout
from companion.rules.ruleset import CharacterSheets, get_ruleset
from companion.rules.table import SheetField, SheetSection, SheetView
from companion.rulesets.heroica import cards
from companion.rulesets.heroica.catalog import default_catalog
from companion.rulesets.heroica.paper import CARD_MM
from companion.rulesets.heroica.plugin import HeroicaRules
from companion.rulesets.heroica.state import Quest

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "resources" / "parties" / "heroica-demo.roster.json"
DEMO_BOARD = REPO / "resources" / "dungeons" / "heroica-draida-bay.json"
CAT = default_catalog()
RULES = HeroicaRules()
#: Rendering resolution of the card-size checks: 10 pixels a millimetre.
DPI = 254


def demo() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(DEMO.read_text(encoding="utf-8"))
    return doc


def field(view: SheetView, key: str) -> SheetField:
    return next(f for s in view.sections for f in s.fields if f.key == key)


def section(view: SheetView, title: str) -> SheetSection:
    return next(s for s in view.sections if s.title == title)


def card_of(views: list[SheetView], cid: str) -> SheetView:
    return next(v for v in views if v.id == cid)


def quest(**options: Any) -> Quest:
    """A scenario-style quest: the knight well equipped, the wizard Cursed, no ranger."""
    state = RULES.initial_state(
        {
            "board": {
                "spaces": ["......", "......"],
                "locations": [{"id": "hall", "realm": "castle_fortaan", "rects": [[0, 0, 6, 2]]}],
            },
            "heroes": [
                {
                    "id": "knight",
                    "hero": "knight",
                    "name": "Sir Galen",
                    "at": [0, 0],
                    "health": 2,
                    "skill": 1,
                    "gold": 7,
                    "gear": ["sword", "helmet"],
                    "potions": ["life_potion", "life_potion", "luck_potion"],
                    "relics": ["chalice_of_luck"],
                    "key": True,
                    "blessed": True,
                    "temporary": 1,
                },
                {"id": "wizard", "hero": "wizard", "at": [1, 0], "cursed": True},
                {"id": "druid", "hero": "druid", "at": [2, 0]},
            ],
            "monsters": [{"id": "spider-1", "monster": "spider", "at": [5, 1]}],
            "options": options,
            "turn": "knight",
            "phase": "hero_movement",
        }
    )
    assert isinstance(state, Quest)
    return state


# -- the plugin and the demo party ---------------------------------------------------------


def test_heroica_keeps_a_party_of_hero_cards() -> None:
    rules = get_ruleset("heroica")
    assert isinstance(rules, CharacterSheets)
    assert isinstance(rules, PrintedRoster)
    layout = print_layout(rules, demo())
    assert layout.card_mm == CARD_MM == (63.0, 88.0)
    assert [s.track.name for s in layout.strips] == ["Fire Track", "Boss Monster Track"]
    assert print_layout(get_ruleset("in_a_world_where_bricks_rule"), {}) == SHEETS


def test_the_demo_party_matches_the_demo_board() -> None:
    party = demo()
    RULES.check_roster(party)
    heroes = [c["hero"] for c in party["characters"]]
    assert heroes == ["knight", "wizard", "ranger", "druid"]
    ids = [c["id"] for c in party["characters"]]
    if DEMO_BOARD.exists():
        board = json.loads(DEMO_BOARD.read_text(encoding="utf-8"))
        on_map = {f["id"]: f.get("class") for f in board.get("figures", []) if f.get("class")}
        assert {i: on_map.get(i) for i in ids} == dict(zip(ids, heroes, strict=True))
    else:
        assert ids == heroes


def test_a_blank_party_is_valid_and_empty() -> None:
    blank = RULES.blank_roster()
    assert blank["format"] == "brick-companion-roster" and blank["ruleset"] == "heroica"
    assert blank["characters"] == []
    RULES.check_roster(blank)
    assert RULES.sheets(blank) == []


# -- cards without a game: the starting numbers -------------------------------------------


def test_a_card_shows_the_hero_its_skill_and_its_own_weapon() -> None:
    views = RULES.sheets(demo())
    assert [v.title for v in views] == [
        "Sir Galen",
        "Mirelle the Wise",
        "Tamsin Longshot",
        "Old Bramble",
    ]
    ranger = card_of(views, "ranger")
    assert ranger.subtitle == "Ranger \u00b7 played by Cleo"
    hero = CAT.heroes["ranger"]
    skill = section(ranger, "Ranged skill \u00b7 4 skill points")
    assert skill.text == f"{hero.text}.\nWith the Bow: {hero.with_weapon.text}."
    barbarian = RULES.sheets(RULES.add_character(RULES.blank_roster(), {"hero": "barbarian"}))
    assert barbarian[0].title == "Barbarian" and barbarian[0].subtitle == "Barbarian"
    assert section(barbarian[0], "Melee skill \u00b7 4 skill points").text.endswith(
        "With the Axe: Deal 2 damage to ALL adjacent monsters and move 1 space."
    )


def test_without_a_game_a_card_has_the_options_starting_numbers() -> None:
    options = CAT.default_options()
    for view in RULES.sheets(demo()):
        health = field(view, "health")
        full = options.hero_health
        assert health.value == f"{full} of {full} (+1 with a Helmet)"
        assert health.track == (0, full)  # boxes to tick off as health is lost
        skill = field(view, "skill")
        start = options.starting_skill_points
        assert skill.value == f"{start} of 4" and skill.track == (4 - start, 4)
        assert field(view, "gold").value == str(options.starting_gold)
        for key in ("gear", "relics", "potions"):
            assert field(view, key).value == "none"
        assert field(view, "key").value == "no" and field(view, "torch").value == "no"
        assert field(view, "condition").value == "neither"
        assert view.side == "heroes"
        assert not any(s.title == "In the quest" for s in view.sections)


def test_only_the_hero_s_name_kind_and_player_are_edited() -> None:
    view = card_of(RULES.sheets(demo()), "wizard")
    editable = {f.key: f.edit for s in view.sections for f in s.fields if f.edit}
    assert editable == {"name": "text", "hero": "choice", "player": "text"}
    assert field(view, "hero").choices == tuple((h.id, h.name) for h in CAT.heroes.values())
    assert field(view, "id").value == "wizard"


# -- cards in a game: the quest's numbers ---------------------------------------------------


def test_a_quest_s_cards_show_its_live_numbers() -> None:
    state = quest()
    views = RULES.sheets(demo(), state)
    knight = card_of(views, "knight")
    assert section(knight, "In the quest").fields[0].value == "acting now"
    # full health 4 + 1 for the Helmet; 2 left, 3 boxes ticked; the Staff-like extra shown
    assert field(knight, "health").value == "2 of 5 (4 + 1 Helmet), +1 temporary"
    assert field(knight, "health").track == (3, 5)
    assert field(knight, "skill").value == "1 of 4" and field(knight, "skill").track == (3, 4)
    assert field(knight, "gold").value == "7"
    assert field(knight, "gear").value == "Sword (its own), Helmet"
    assert field(knight, "potions").value == "Life Potion \u00d72, Luck Potion"
    assert field(knight, "relics").value == "Chalice of Luck"
    assert field(knight, "key").value == "yes"
    assert field(knight, "condition").value == "Blessed: rolls the Blessed Die"
    wizard = card_of(views, "wizard")
    assert field(wizard, "condition").value == "Cursed: rolls the Cursed Die"
    assert section(wizard, "In the quest").fields[0].value == "waiting"
    ranger = card_of(views, "ranger")  # in the party, not on the board
    assert section(ranger, "In the quest").text == "Not on the board in this quest."


def test_a_quest_s_options_give_its_numbers() -> None:
    state = quest(hero_health=6)
    druid = card_of(RULES.sheets(demo(), state), "druid")
    assert field(druid, "health").value == "6 of 6 (+1 with a Helmet)"
    layout = RULES.print_layout(demo(), quest(fire_track_length=9))
    assert layout.strips[0].track.length == 9
    assert "9 boxes: option fire_track_length" in layout.strips[0].source


def test_the_track_strips_quote_the_text() -> None:
    fire, boss = RULES.print_layout(demo()).strips
    assert fire.box_mm == boss.box_mm == 15.0
    assert fire.track.length == CAT.default_options().fire_track_length
    assert boss.track.length == CAT.default_options().boss_track_length
    assert fire.track.filled == boss.track.filled == 0
    assert CAT.tables.fire_track.text in fire.quote
    assert "If the Fire Track fills, the heroes lose the game" in fire.quote
    assert fire.source.startswith(f"heroica-expanded.txt, line {CAT.tables.fire_track.line}")
    assert CAT.tables.boss_track.text in boss.quote


# -- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["characters"][1].update(hero="paladin"),
            "characters.1.hero: unknown hero 'paladin' (one of: barbarian, wizard",
        ),
        (
            lambda d: d["characters"][2].update(hero="knight"),
            "characters.2.hero: characters.0 is the Knight already (one hero of each kind",
        ),
        (
            lambda d: d["characters"][3].update(id="wizard"),
            "characters.3.id: 'wizard' is used twice (characters.1)",
        ),
        (lambda d: d["characters"][0].update(id="sir galen"), "characters.0.id: String should"),
        (lambda d: d["characters"][0].pop("hero"), "characters.0.hero: Field required"),
        (lambda d: d["characters"][0].update(health=9), "characters.0.health: Extra inputs"),
        (lambda d: d.update(ruleset="qubqst"), "ruleset: Input should be 'heroica'"),
        (lambda d: d.update(characters="knight"), "characters: Input should be a valid"),
    ],
)
def test_bad_parties_are_refused_by_place(change: Any, message: str) -> None:
    doc = demo()
    change(doc)
    with pytest.raises(ValueError) as err:
        RULES.check_roster(doc)
    assert message in str(err.value)
    with pytest.raises(ValueError):
        RULES.sheets(doc)


def test_every_problem_is_listed() -> None:
    doc = demo()
    doc["characters"][1]["hero"] = "paladin"
    doc["characters"][3]["hero"] = "knight"
    with pytest.raises(ValueError) as err:
        RULES.check_roster(doc)
    assert str(err.value).count("; ") == 1


# -- creating and editing ---------------------------------------------------------------------


def test_a_new_hero_takes_the_first_kind_the_party_lacks() -> None:
    fields = RULES.creation_fields(demo())
    assert field(fields, "hero").value == "Barbarian"
    assert fields.subtitle == "In the party: Knight, Wizard, Ranger, Druid"
    after = RULES.add_character(demo(), {"name": "  Grunda   Axe ", "player": "Eve"})
    new = after["characters"][-1]
    assert new == {"id": "barbarian", "name": "Grunda Axe", "hero": "barbarian", "player": "Eve"}
    after = RULES.add_character(after, {"hero": "thief", "id": "sneak-1"})
    assert after["characters"][-1]["id"] == "sneak-1"
    with pytest.raises(ValueError, match="hero: the party has one hero of every kind already"):
        RULES.add_character(after, {})
    assert len(demo()["characters"]) == 4  # the party given is never changed


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"hero": "knight"}, "characters.4.hero: characters.0 is the Knight already"),
        ({"hero": "paladin"}, "hero: unknown hero 'paladin'"),
        ({"id": "wizard", "hero": "thief"}, "id: 'wizard' is already a character"),
        ({"id": "a b", "hero": "thief"}, "id: 'a b' is not a figure id"),
        ({"colour": "red"}, "colour: not a field of a new hero (name, id, hero, player)"),
        ({"name": "x" * 81}, "name: should have at most 80 characters"),
    ],
)
def test_refused_new_heroes_name_the_field(values: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as err:
        RULES.add_character(demo(), values)
    assert message in str(err.value)


def test_edits_change_one_field_and_are_checked() -> None:
    party = demo()
    before = copy.deepcopy(party)
    after = RULES.edit_character(party, "ranger", "name", "Tam")
    assert after["characters"][2]["name"] == "Tam"
    assert party == before
    after = RULES.edit_character(after, "ranger", "hero", "thief")
    assert card_of(RULES.sheets(after), "ranger").subtitle == "Thief \u00b7 played by Cleo"
    with pytest.raises(ValueError, match=r"characters\.2\.hero: characters\.1 is the Wizard"):
        RULES.edit_character(party, "ranger", "hero", "wizard")
    with pytest.raises(ValueError, match="id: a hero's figure id cannot be changed"):
        RULES.edit_character(party, "ranger", "id", "r2")
    with pytest.raises(ValueError, match="gold: not a field that can be edited"):
        RULES.edit_character(party, "ranger", "gold", 9)
    with pytest.raises(ValueError, match="no character 'elf' in the roster"):
        RULES.edit_character(party, "elf", "name", "x")
    assert [c["id"] for c in RULES.remove_character(party, "wizard")["characters"]] == [
        "knight",
        "ranger",
        "druid",
    ]


def test_the_module_functions_match_the_plugin() -> None:
    party = demo()
    assert cards.sheets(party, None, CAT) == RULES.sheets(party)
    assert cards.creation_fields(party, CAT) == RULES.creation_fields(party)


# -- a game from a map: the party's names on the map's heroes ----------------------------------


def board_doc(*figures: FigurePlacement) -> MapDocument:
    """A two-row board with its figures (a map file's ``board`` section, duck-typed)."""
    doc = SimpleNamespace(
        dungeon=DungeonMap.blank(6, 2),
        figures=list(figures),
        board={"locations": [{"id": "hall", "realm": "castle_fortaan", "rects": [[0, 0, 6, 2]]}]},
    )
    return cast(MapDocument, doc)


def placed(fid: str, at: tuple[int, int], **kind: str) -> FigurePlacement:
    return FigurePlacement.model_validate({"id": fid, "at": at, **kind})


def test_a_game_s_heroes_take_their_names_from_the_party() -> None:
    doc = board_doc(
        placed("knight", (0, 0), **{"class": "knight"}),
        placed("thief", (1, 0), **{"class": "thief"}),
        placed("spider-1", (5, 1), monster="spider"),
    )
    state = RULES.initial_state(RULES.game_setup(doc, demo(), {}, {}))
    assert state.heroes["knight"].name == "Sir Galen"
    assert state.heroes["thief"].name == "Thief"  # not in the party: the map's figure
    alone = RULES.initial_state(RULES.game_setup(doc, None, {}, {}))
    assert alone.heroes["knight"].name == "Knight"
    wrong = board_doc(placed("knight", (0, 0), **{"class": "barbarian"}))
    with pytest.raises(ValueError, match="figure 'knight': a barbarian on the map but a knight"):
        RULES.game_setup(wrong, demo(), {}, {})
    bad = demo()
    bad["characters"][0]["hero"] = "paladin"
    with pytest.raises(ValueError, match=r"^roster: characters\.0\.hero: unknown hero"):
        RULES.game_setup(doc, bad, {}, {})


# -- the PDF ------------------------------------------------------------------------------------


def run_sheets(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run(
        [sys.executable, "-m", "companion", "sheets", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def render(pdf: Path, page: int, tmp_path: Path) -> np.ndarray:
    """One page in grey levels at ``DPI`` (a PGM from pdftoppm)."""
    stem = tmp_path / f"page{page}"
    args = ["-r", str(DPI), "-gray", "-f", str(page), "-l", str(page), "-singlefile"]
    subprocess.run(["pdftoppm", *args, str(pdf), str(stem)], check=True, timeout=120)
    data = (tmp_path / f"page{page}.pgm").read_bytes()
    magic, width, height, depth, pixels = data.split(maxsplit=4)
    assert magic == b"P5" and depth == b"255"
    return np.frombuffer(pixels, dtype=np.uint8).reshape(int(height), int(width))


def longest_runs(ink: np.ndarray) -> np.ndarray:
    """The longest unbroken run of ink in each row of ``ink``."""
    padded = np.pad(ink.astype(np.int8), ((0, 0), (1, 1)))
    out = np.zeros(ink.shape[0], dtype=int)
    for i, row in enumerate(np.diff(padded, axis=1)):
        starts, ends = np.flatnonzero(row == 1), np.flatnonzero(row == -1)
        out[i] = (ends - starts).max(initial=0)
    return out


def lines(ink: np.ndarray, at_least: int) -> list[float]:
    """Centres of the lines along ``ink``'s rows: neighbouring rows with an unbroken run
    of ink ``at_least`` long."""
    hits = np.flatnonzero(longest_runs(ink) >= at_least)
    runs = np.split(hits, np.flatnonzero(np.diff(hits) > 1) + 1) if hits.size else []
    return [float(r.mean()) for r in runs]


def test_the_sheets_command_prints_cards_and_track_strips(tmp_path: Path) -> None:
    out = tmp_path / "heroes.pdf"
    result = run_sheets(str(DEMO), "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{out}: 2 pages for 4 characters"
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2  # four cards on one page (nine fit), then the strips
    box = reader.pages[0].mediabox
    assert round(float(box.width)) == 595 and round(float(box.height)) == 842
    first = " ".join(reader.pages[0].extract_text().split())
    for name in ("Sir Galen", "Mirelle the Wise", "Tamsin Longshot", "Old Bramble"):
        assert name in first
    assert "With the Wand: Deal 2 damage" in first
    strips = " ".join(reader.pages[1].extract_text().split())
    assert "Fire Track" in strips and "Boss Monster Track" in strips
    assert "add one to the Fire Track" in strips
    no_aids = tmp_path / "cards.pdf"
    assert run_sheets(str(DEMO), "-o", str(no_aids), "--no-aids").returncode == 0
    assert len(pypdf.PdfReader(no_aids).pages) == 1
    letter = tmp_path / "letter.pdf"
    assert run_sheets(str(DEMO), "-o", str(letter), "--paper", "letter").returncode == 0
    assert len(pypdf.PdfReader(letter).pages) == 2
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed: the card's size is not measured")
    page = render(out, 1, tmp_path)
    ink = page < 215
    px_per_mm = DPI / 25.4
    card_w, card_h = (round(mm * px_per_mm) for mm in CARD_MM)
    # cut lines: unbroken lines of ink at least a card's side long
    xs = lines(ink.T, int(card_h * 0.95))
    ys = lines(ink, int(card_w * 0.95))
    assert len(xs) == 4 and len(ys) == 3  # three cards in the first row, one in the second
    assert np.allclose(np.diff(xs), card_w, atol=2)  # 63 mm
    assert np.allclose(np.diff(ys), card_h, atol=2)  # 88 mm
    assert np.median(page) > 245  # white paper
    strip = render(out, 2, tmp_path) < 128
    box = round(15 * px_per_mm)
    columns = lines(strip.T, int(box * 0.9))
    fire = [x for x in columns if x < columns[0] + 12 * box + 5]
    assert len(fire) == 13 and np.allclose(np.diff(fire), box, atol=2)  # twelve 15 mm boxes


def test_the_sheets_command_names_a_bad_party(tmp_path: Path) -> None:
    doc = demo()
    doc["characters"][2]["hero"] = "ninja"
    bad = tmp_path / "bad.roster.json"
    bad.write_text(json.dumps(doc))
    out = tmp_path / "x.pdf"
    result = run_sheets(str(bad), "-o", str(out))
    assert result.returncode == 2
    lines_ = result.stderr.strip().splitlines()
    assert len(lines_) == 1 and "Traceback" not in result.stderr
    assert lines_[0].startswith(f"sheets: error: {bad}: characters.2.hero: unknown hero 'ninja'")
    assert not out.exists()


def test_a_card_too_large_for_the_page_is_refused(qapp: Any) -> None:
    from PySide6.QtCore import QRectF

    from companion.printing.roster.pdf import card_grid

    per_mm = 10.0
    a4 = QRectF(0, 0, 190 * per_mm, 277 * per_mm)
    grid = card_grid(a4, per_mm, CARD_MM)
    assert len(grid) == 9
    assert {(round(r.width()), round(r.height())) for r in grid} == {(630, 880)}
    with pytest.raises(ValueError, match="a 200 x 88 mm card does not fit on the page"):
        card_grid(a4, per_mm, (200.0, 88.0))


# -- the roster dock -------------------------------------------------------------------------


def test_the_roster_dock_shows_the_hero_cards(qtbot: Any, tmp_path: Path) -> None:
    from companion.gui.roster import RosterPanel
    from companion.gui.roster.sheet_widget import TrackBoxes

    panel = RosterPanel()
    qtbot.addWidget(panel)
    panel.load_path(DEMO)
    panel.resize(1280, 760)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.list.count() == 4
    item = panel.list.item(0)
    assert item is not None and item.text() == "Sir Galen\nKnight \u00b7 played by Ann"
    assert panel.heading.text().startswith("Heroes of Draida Bay")
    assert panel.select("druid")
    assert panel.sheet.title_label.text() == "Old Bramble"
    boxes = panel.sheet.findChildren(TrackBoxes)
    assert sorted((b.filled, b.total) for b in boxes) == [(0, 4), (0, 4)]
    assert panel.edit("druid", "player", "Dana")
    assert panel.roster()["characters"][3]["player"] == "Dana"
    assert not panel.edit("druid", "hero", "knight")  # refused, shown in words
    assert "characters.0 is the Knight already" in panel.error_label.text()
    panel.undo_stack.undo()
    assert panel.roster()["characters"][3]["player"] == "Dev"

    panel.set_game_state(quest())
    assert panel.select("knight")
    boxes = panel.sheet.findChildren(TrackBoxes)
    assert sorted((b.filled, b.total) for b in boxes) == [(3, 4), (3, 5)]
    out = tmp_path / "game.pdf"
    assert panel.export_pdf(out) == 2  # the dock's Export PDF: cards, then the strips
    text = " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    assert "In the quest" in text and "Life Potion \u00d72" in text
    panel.undo_stack.setClean()
