"""The trackers of each ruleset: In a World Where Bricks Rule lists every character with
whether it may act this round and why not, and keeps the last round's standing between
rounds; Heroica's lines do not overlap."""

from __future__ import annotations

import json
from pathlib import Path

from app_theme import app_theme
from PySide6.QtWidgets import QApplication

from companion.datafiles import resource_dir
from companion.gui.main_window import DEMOS
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import make_settings, make_window

TABLE = resource_dir() / "dungeons" / "iawwbr-demo.json"
ROSTER = resource_dir() / "parties" / "iawwbr-demo.roster.json"


def test_iawwbr_lists_everyone_and_keeps_the_last_round(qtbot: object, tmp_path: Path) -> None:
    w = make_window(qtbot, make_settings(tmp_path), [])
    assert w.open_path(TABLE)
    faces: list[int] = []
    w.play.ask_dice = lambda count, sides, purpose: [faces.pop(0) for _ in range(count)]
    roster = json.loads(ROSTER.read_text(encoding="utf-8"))
    assert w.start_game(tmp_path / "t.game.jsonl", GameSpec(dice="typed"), roster=roster)
    everyone = set(w.play.figures())
    faces[:] = [3, 3, 3, 4]  # 13: some characters need more
    assert w.play.act({"actor": "brickmaster", "action": "roll_activation"})
    turn = w.play.turn()
    assert "roll 13" in turn.headline, turn.headline
    tracker = w.tracker_dock
    assert set(tracker.order_ids()) == everyone  # every character is listed
    left_out = [f for f in everyone if turn.labels.get(f, "").startswith("needs ")]
    assert left_out, turn.labels
    for fid in left_out:
        row = tracker.order_ids().index(fid)
        assert "needs 1" in tracker.order.item(row).text()  # "needs 14" and the like
    # Through the round: every activation ends at once.
    for _ in range(len(everyone) + 2):
        turn = w.play.turn()
        if turn.needs_initiative:
            break
        assert w.play.act({"actor": turn.acting, "action": "end_activation"})
    turn = w.play.turn()
    assert turn.needs_initiative and turn.round == 2
    assert set(tracker.order_ids()) == everyone  # not empty between rounds
    assert "rolled 13" in tracker.acting_label.text()
    labels = [turn.labels.get(f, "") for f in everyone]
    assert any(label.startswith("needed ") for label in labels), labels
    assert any(label == "acted" for label in labels), labels
    w.session.undo_stack.setClean()


def test_heroica_tracker_lines_do_not_overlap(qtbot: object, tmp_path: Path) -> None:
    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        w = make_window(qtbot, make_settings(tmp_path), [])
        w.resize(1280, 720)
        index = next(i for i, d in enumerate(DEMOS) if "Heroica" in d[0])
        assert w.open_demo(index)
        roster = w.roster_panel.roster()
        assert w.start_game(tmp_path / "h.game.jsonl", GameSpec(seed=2), roster=roster)
        qtbot.wait(50)  # type: ignore[attr-defined]
        t = w.tracker_dock
        body = t.order.parentWidget()
        shown = [c for c in body.children() if hasattr(c, "isVisible") and c.isVisible()]
        rects = [(c.objectName(), c.geometry()) for c in shown if c.geometry().height() > 0]
        assert len(rects) >= 5
        for i, (name, r) in enumerate(rects):
            for other, q in rects[i + 1 :]:
                assert not r.intersects(q), (name, r, other, q)
        # Undo and Reset turn under the part that scrolls, not over it.
        scroll = t.scroll_area.geometry()
        for button in (t.undo_button, t.reset_button):
            assert button.geometry().top() > scroll.bottom(), (button.text(), scroll)
        assert t.prompts.height() >= t.prompts.heightForWidth(t.prompts.width())
        assert w.height() == 720  # the window was not pushed taller
        w.session.undo_stack.setClean()
