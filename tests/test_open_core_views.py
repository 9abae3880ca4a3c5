"""What the neutral views carry beyond hit points, and what the GUI core no longer assumes:
phases, named tracks and states (hit points derived in one place), the order dragged
only where the ruleset gives the action for it, the table's actions known by where they
come from (not by a "brickmaster" actor), and an unknown ruleset said, never replaced."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractItemView

import companion.gui.session as gui_session
from companion.datafiles import resource_dir
from companion.gui.main_window import DEMOS
from companion.gui.play.new_game import GameSpec
from companion.gui.play.tracker import figure_line, phases_text
from companion.gui.session import MapSession
from companion.gui.testing import make_settings, make_window
from companion.model.mapfile import MapOptions, new_document
from companion.rules.ruleset import UnknownRuleset
from companion.rules.table import (
    FigureTrack,
    FigureView,
    TurnView,
    figure_tracks,
    track_changes,
    tracks_text,
)

DRAG = QAbstractItemView.DragDropMode.InternalMove
NO_DRAG = QAbstractItemView.DragDropMode.NoDragDrop


def view(**fields: object) -> FigureView:
    base: dict[str, object] = {
        "id": "a",
        "name": "Ann",
        "side": "red",
        "kind": "Knight",
        "is_character": True,
        "at": None,
    }
    return FigureView.model_validate({**base, **fields})


def test_hit_points_become_a_track_in_one_place_and_named_tracks_win() -> None:
    old = view(hp=3, max_hp=5, sp=2, max_sp=4)
    assert [t.id for t in figure_tracks(old)] == ["hp", "sp"]
    assert tracks_text(old) == "♥ 3/5  ✦ 2/4"  # the tracker's line as before
    assert tracks_text(view(hp=3, max_hp=5)) == "♥ 3/5"
    armour = FigureTrack(id="armour", name="Armour", value=1, maximum=3, style="boxes")
    new = view(tracks=(armour,), states=("weak",))
    assert figure_tracks(new) == (armour,) and tracks_text(new) == "Armour ■□□"
    assert figure_line(new, "") == "      Ann   Armour ■□□     weak"


def test_what_an_action_did_to_tracks_and_states_is_worded() -> None:
    guard = FigureTrack(id="guard", name="Guard", value=2, maximum=2, style="boxes")
    before = {"a": view(tracks=(guard,))}
    after = {"a": view(tracks=(guard.model_copy(update={"value": 0}),), states=("broken",))}
    assert track_changes(before, after) == ["Ann: Guard ■■ → □□", "Ann is broken"]
    assert track_changes(after, before) == ["Ann: Guard □□ → ■■", "Ann is no longer broken"]
    # Hit points are the rulesets' own sentences: never repeated from the old fields.
    assert track_changes({"a": view(hp=5, max_hp=5)}, {"a": view(hp=1, max_hp=5)}) == []


def test_a_turn_may_have_named_phases() -> None:
    turn = TurnView(round=1, acting="a", order=("a",), phase="Strike", phases=("Move", "Strike"))
    assert phases_text(turn) == "Move → <b>Strike</b>"
    assert TurnView(round=1, acting=None, order=()).reorder is None  # no drag by default


@pytest.mark.parametrize(
    ("demo", "drag", "menu"),
    [("Heroica", NO_DRAG, "&Table"), ("Bricksford", NO_DRAG, "&Table")],
)
def test_the_order_is_dragged_only_where_the_ruleset_allows_it(
    qtbot: object, tmp_path: Path, demo: str, drag: object, menu: str
) -> None:
    w = make_window(qtbot, make_settings(tmp_path), [])
    assert w.open_demo(next(i for i, d in enumerate(DEMOS) if demo in d[0]))
    roster = w.roster_panel.roster()
    assert w.start_game(tmp_path / "g.game.jsonl", GameSpec(seed=2), roster=roster)
    tracker = w.tracker_dock
    assert w.play.turn().reorder is None
    assert tracker.order.dragDropMode() == drag
    refusals: list[object] = []
    w.play.verdictShown.connect(refusals.append)
    before = w.play.game.snapshot() if w.play.game else None
    tracker._dragged()  # a drop the list did not allow: nothing is sent, nothing refused
    assert refusals == [] and w.play.game is not None and w.play.game.snapshot() == before
    assert w.brickmaster_menu.title() == menu
    w.session.undo_stack.setClean()


def test_brickquest_offers_the_drag_and_names_its_table_actor(
    qtbot: object, tmp_path: Path
) -> None:
    w = make_window(qtbot, make_settings(tmp_path), [])
    assert w.open_path(resource_dir() / "dungeons" / "demo.json")
    assert w.start_game(tmp_path / "b.game.jsonl", GameSpec(seed=5))
    turn = w.play.turn()
    assert turn.acting is not None
    assert turn.reorder == {"actor": "brickmaster", "action": "reorder"}
    assert w.tracker_dock.order.dragDropMode() == DRAG
    assert w.brickmaster_menu.title() == "&BrickMaster"
    table = w.play.table_choices()
    assert table and all(w.play.from_table(c) for c in table)
    acting = [c for c in w.play.choices() if not w.play.from_table(c)]
    assert acting and all(c.template.get("actor") == turn.acting for c in acting)
    w.session.undo_stack.setClean()


def test_an_unknown_ruleset_is_said_never_replaced_by_brickquest(qtbot: object) -> None:
    session = MapSession()
    kept = session.doc
    doc = new_document(8, 8, name="Chess board")
    doc.options = MapOptions(ruleset="chess")
    with pytest.raises(UnknownRuleset, match=r"the map “Chess board” cannot be shown: .*'chess'"):
        session.replace(doc, None)
    assert session.doc is kept and session.ruleset.id == "brickquest"  # nothing changed
    assert MapSession(doc).ruleset_id == "chess"  # as the map names it, not the default


def test_the_window_refuses_a_map_whose_ruleset_no_longer_loads(
    qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = make_window(qtbot, make_settings(tmp_path), [])
    errors: list[str] = []
    monkeypatch.setattr(w, "show_error", lambda title, text: errors.append(f"{title}: {text}"))

    def broken(rid: str) -> object:
        raise UnknownRuleset(f"ruleset {rid!r} could not be imported")

    # Registered and checked when the file was read, then failing to load.
    monkeypatch.setattr(gui_session, "get_ruleset", broken)
    before = w.session.doc
    assert not w.open_path(resource_dir() / "dungeons" / "demo.json")
    assert errors == [
        "Cannot open the map: the map “Demo Dungeon” cannot be shown: "
        "ruleset 'brickquest' could not be imported"
    ] or (errors and "cannot be shown" in errors[0]), errors
    assert w.session.doc is before
