"""The players' window (issue 23) driven as the BrickMaster drives it: Game → Players' view,
the Rooms dock revealing a hidden room, freeze and release, the screen chosen, the odds
ticked, and the window closing with the main window.  What it draws comes from the public
view only: hidden rooms, their monsters and the rulesets' secrets are not in its text,
its board's words, nor its pixels, until revealed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication

from companion.gui.canvas.render import BACKGROUND
from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.players.screens import SCREEN_KEY
from companion.gui.players.window import PAUSED, PlayersWindow
from companion.gui.testing import DEMO, DEMO_PARTY, make_settings, make_window
from companion.rules.game import Game


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    w.session.undo_stack.setClean()
    if w.party_dock is not None:
        w.party_dock.model.undo_stack.setClean()
    w.players.close_window()


def brickquest_game(w: MainWindow, tmp_path: Path) -> None:
    assert w.open_path(DEMO)
    assert w.party_dock is not None and w.party_dock.open_path(DEMO_PARTY)
    assert w.start_game(tmp_path / "demo.game.jsonl", GameSpec(seed=3))


def open_players(qtbot: object, w: MainWindow) -> PlayersWindow:
    w.players.toggle.trigger()  # Game → Players' view
    assert w.players.toggle.isChecked()
    pw = w.players.window
    assert pw is not None and pw.isVisible()
    pw.resize(1600, 900)
    qtbot.waitExposed(pw)  # type: ignore[attr-defined]
    return pw


def crypt_row(w: MainWindow) -> int:
    rooms = w.session.doc.dungeon.rooms
    return [r.name for r in rooms].index("Crypt")


def pixel_at(pw: PlayersWindow, square: tuple[int, int]) -> QColor:
    """The colour the board paints at the centre of ``square``."""
    view = pw.board.view
    assert view is not None
    side, x0, y0 = pw.board._cell_geometry(view)
    image = pw.board.grab().toImage()
    return image.pixelColor(int(x0 + (square[0] + 0.5) * side), int(y0 + (square[1] + 0.5) * side))


def test_a_hidden_room_and_its_monster_appear_once_revealed_in_the_rooms_dock(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    brickquest_game(w, tmp_path)
    pw = open_players(qtbot, w)
    text = pw.texts()
    assert "Snik" in text and "Round 1" in text
    for secret in ("Crypt", "Rattle", "Ankh-Ra"):
        assert secret not in text
    assert "Ra" not in pw.board.texts and "AR" not in pw.board.texts  # their badges
    assert "Gr" in pw.board.texts  # Grok, in a known room
    rattle = w.play.figures()["rattle"].at
    assert rattle is not None
    assert pixel_at(pw, rattle) == QColor(*BACKGROUND)  # nothing drawn there
    # The BrickMaster reveals the Crypt in the window's own Rooms dock.
    item = w.rooms_dock.tree.topLevelItem(crypt_row(w))
    assert item is not None and item.checkState(1) == Qt.CheckState.Checked
    item.setCheckState(1, Qt.CheckState.Unchecked)
    assert not w.session.doc.dungeon.rooms[crypt_row(w)].hidden
    assert "Ra" in pw.board.texts and "AR" in pw.board.texts
    assert pixel_at(pw, rattle) != QColor(*BACKGROUND)
    assert "Rattle" in (w.players.source.view() or pytest.fail()).model_dump_json()
    # The game changes the map (a secret door found): the Crypt stays revealed.
    assert w.play.act(
        {"actor": "brickmaster", "action": "edit_map", "at": [28, 11], "terrain": "/"}
    )
    assert not w.session.doc.dungeon.rooms[crypt_row(w)].hidden
    assert "Ra" in pw.board.texts
    w.play.undo()  # the map edit taken back: the Crypt still revealed
    assert "Ra" in pw.board.texts
    # and hidden again in the dock
    item = w.rooms_dock.tree.topLevelItem(crypt_row(w))
    assert item is not None
    item.setCheckState(1, Qt.CheckState.Checked)
    assert "Ra" not in pw.board.texts and "Rattle" not in pw.texts()


def test_the_players_window_follows_the_game_and_freezes(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    brickquest_game(w, tmp_path)
    pw = open_players(qtbot, w)
    seen: list[object] = []
    w.players.source.viewChanged.connect(seen.append)
    before = pw.view
    assert before is not None and not pw.paused.isVisible()
    assert w.players.source.view() is w.players.source.view()  # built once per change
    grok = w.play.figures()["grok"].at
    assert grok is not None
    moved = [grok[0], grok[1] + 1]
    assert w.play.act({"actor": "brickmaster", "action": "adjust", "figure": "grok", "at": moved})
    assert pw.view is not None and pw.view.version > before.version
    grok_view = next(f for f in pw.view.figures if f.id == "grok")
    assert list(grok_view.at or ()) == moved
    assert seen, "the change was announced"
    # Freeze (Game → Freeze players' view), then act: the picture stays.
    w.players.freeze.trigger()
    assert w.players.source.frozen and pw.paused.isVisible() and PAUSED in pw.texts()
    frozen = pw.view
    assert frozen is not None and frozen.frozen
    assert w.play.act({"actor": "brickmaster", "action": "adjust", "figure": "grok", "at": grok})
    assert pw.view is frozen
    assert w.players.source.view() is frozen  # the phone page gets the frozen picture too
    # Release: the window catches up.
    w.players.freeze.trigger()
    assert not pw.paused.isVisible() and pw.view is not None and not pw.view.frozen
    grok_view = next(f for f in pw.view.figures if f.id == "grok")
    assert list(grok_view.at or ()) == list(grok)
    assert pw.view.version > frozen.version


def test_odds_reach_the_players_only_when_ticked(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    brickquest_game(w, tmp_path)
    pw = open_players(qtbot, w)
    game = w.play.game
    assert game is not None
    actor = game.turn().acting
    assert actor is not None
    at = w.play.figures()[actor].at
    assert at is not None
    # The BrickMaster puts Grok beside the acting figure; its attack is pending.
    beside = next(
        [x, y]
        for x, y in ((at[0] + 1, at[1]), (at[0] - 1, at[1]), (at[0], at[1] + 1))
        if w.play.check(
            {"actor": "brickmaster", "action": "adjust", "figure": "grok", "at": [x, y]}
        )
    )
    assert w.play.act({"actor": "brickmaster", "action": "adjust", "figure": "grok", "at": beside})
    attack = next(c for c in w.play.choices() if c.kind == "attack_melee")
    w.play.choose(attack)
    w.play.show_odds_for("grok")  # the BrickMaster hovers the target
    odds = w.play.odds({**attack.template, "target": "grok"})
    assert odds is not None
    assert pw.view is not None and pw.view.odds is None and odds.text not in pw.texts()
    w.players.odds.trigger()  # Game → Show odds to players
    assert pw.view is not None and pw.view.odds == odds.text and odds.text in pw.texts()
    w.players.odds.trigger()
    assert pw.view is not None and pw.view.odds is None


def test_the_screen_is_chosen_from_the_list_and_remembered(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    brickquest_game(w, tmp_path)
    w.players.screen_menu.aboutToShow.emit()
    entries = w.players.screen_menu.actions()
    screens = QGuiApplication.screens()
    assert len(entries) == len(screens) >= 1
    assert sum(a.isChecked() for a in entries) == 1
    entries[-1].trigger()
    assert w.settings.value(SCREEN_KEY) == screens[-1].name()
    pw = open_players(qtbot, w)
    if len(screens) == 1:  # one screen: a large normal window, not full screen
        area = screens[0].availableGeometry()
        assert not pw.isFullScreen()
        assert pw.width() >= area.width() * 0.8 or pw.width() == 1600
    # A new window of the app reads the choice back.
    other = make_window(qtbot, w.settings)
    other.players.screen_menu.aboutToShow.emit()
    checked = [a for a in other.players.screen_menu.actions() if a.isChecked()]
    assert [a.data() for a in checked] == [screens[-1].name()]


def test_it_closes_with_the_main_window(qtbot: object, window: MainWindow, tmp_path: Path) -> None:
    w = window
    brickquest_game(w, tmp_path)
    pw = open_players(qtbot, w)
    w.players.toggle.trigger()  # closed from the menu
    assert not pw.isVisible() and not w.players.toggle.isChecked()
    pw = open_players(qtbot, w)
    pw.close()  # closed by itself: the menu entry follows
    assert not w.players.toggle.isChecked()
    pw = open_players(qtbot, w)
    w.session.undo_stack.setClean()
    assert w.party_dock is not None
    w.party_dock.model.undo_stack.setClean()
    assert w.close()
    assert not pw.isVisible()


def test_heroica_the_bosss_relic_is_not_shown(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.open_demo(2)
    path = tmp_path / "draida.game.jsonl"
    assert w.start_game(path, GameSpec(dice="app", seed=3), roster=w.roster_panel.roster())
    pw = open_players(qtbot, w)
    game = w.play.game
    assert game is not None and game.state.monsters["goblin_general"].relic
    assert "Relic" in str(game.figures()["goblin_general"].stats)  # the BrickMaster's view
    assert "Sword of Power" not in pw.texts()
    source = w.players.source
    view = source.view()
    assert view is not None and "Sword of Power" not in view.model_dump_json()
    assert view.sheets and all(
        "Sword of Power" not in (source.sheet(s.figure_id) or pytest.fail()).model_dump_json()
        for s in view.sheets
    )
    assert any(m.kind == "fill" for m in view.board.marks)  # the spaces' colours


def test_the_duels_dark_places_appear_as_the_fighters_come(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    path = tmp_path / "duel.game.jsonl"
    Game.create(path, None, ruleset_id="duel", seed=2)
    assert w.open_game(path)
    pw = open_players(qtbot, w)
    assert "Gate" in pw.board.texts and "Red Knight" in pw.board.texts
    assert "Well" not in pw.board.texts and "Well" not in pw.texts()
    assert w.play.act({"actor": "red", "action": "move", "place": "yard"})
    assert "Well" in pw.board.texts


def test_a_qubqst_catacomb_is_drawn_as_rolled_cubes(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    from qubqst_catacomb import played_catacomb

    w = window
    path = tmp_path / "q.game.jsonl"
    played_catacomb(path)
    assert w.open_game(path)
    pw = open_players(qtbot, w)
    pw.board.grab()  # one paint, as the screen shows it
    assert "paths N E S · empty" in pw.board.texts
    assert "paths S · 2 creatures: red, black" in pw.board.texts
    painted = set(pw.board.painted_paths)
    assert {("black3", "E", False), ("black3", "S", False), ("black3", "N", True)} <= painted
    assert ("golden", "S", True) in painted
    assert pw.board.painted_greyed == ["black3"]


def test_heroica_a_hidden_room_revealed_in_the_rooms_dock(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    """Heroica's board has no rooms of its own: the map's rooms are hidden on the players'
    window until the BrickMaster reveals them."""
    from companion.model.dungeon import Room
    from companion.model.mapfile import dump_map
    from companion.rules.maps import load_map_file

    doc = load_map_file(DEMO.parent / "heroica-draida-bay.json")
    goblin = next(f for f in doc.figures if f.id == "goblin_general")
    x, y = goblin.at
    doc.dungeon.rooms.append(Room("Goblin den", hidden=True))
    doc.dungeon.room_of[y - 1 : y + 2, x - 1 : x + 2] = len(doc.dungeon.rooms) - 1
    path = tmp_path / "den.json"
    path.write_bytes(dump_map(doc))
    w = window
    assert w.open_path(path)
    roster = DEMO.parent.parent / "parties" / "heroica-demo.roster.json"
    import json

    party = json.loads(roster.read_text(encoding="utf-8"))
    assert w.start_game(tmp_path / "den.game.jsonl", GameSpec(dice="app", seed=3), roster=party)
    pw = open_players(qtbot, w)
    badge = "GGe"  # the Goblin General's, beside the Goblin Guards
    assert badge not in pw.board.texts and "Goblin den" not in pw.texts()
    assert pixel_at(pw, (x, y)) == QColor(*BACKGROUND)
    # a few actions: the room stays hidden
    for _ in range(3):
        from test_heroica_game import next_action

        assert w.play.game is not None and w.play.act(next_action(w.play.game))
    assert [r.name for r in w.session.doc.dungeon.rooms] == ["Goblin den"]
    assert badge not in pw.board.texts
    item = w.rooms_dock.tree.topLevelItem(0)
    assert item is not None and item.checkState(1) == Qt.CheckState.Checked
    item.setCheckState(1, Qt.CheckState.Unchecked)
    assert badge in pw.board.texts
    assert pixel_at(pw, (x, y)) != QColor(*BACKGROUND)


def test_no_view_is_built_while_nobody_looks(
    qtbot: object, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The public view costs a big board tens of milliseconds: it is built only while the
    players' window is open (or phones are served), never for an action nobody sees."""
    import companion.gui.players.source as source

    built: list[object] = []
    real = source.public_view

    def counting(*args: object, **kwargs: object) -> object:
        built.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(source, "public_view", counting)
    w = window
    brickquest_game(w, tmp_path)
    grok = w.play.figures()["grok"].at
    assert grok is not None
    step = {"actor": "brickmaster", "action": "adjust", "figure": "grok"}
    assert w.play.act({**step, "at": [grok[0], grok[1] + 1]})
    assert built == []
    open_players(qtbot, w)
    assert w.play.act({**step, "at": list(grok)})
    assert built, "the open window is given the new view"
    w.players.toggle.trigger()  # Game → Players' view again: closed
    assert not w.players.toggle.isChecked()
    seen = len(built)
    assert w.play.act({**step, "at": [grok[0], grok[1] + 1]})
    assert len(built) == seen
