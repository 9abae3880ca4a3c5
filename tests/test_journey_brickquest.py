"""BrickQuest, as a player plays it: issue #18's journey through menus, dialogs, clicks
and keys only, at 1280×720 and 1920×1080 (``tests/journey.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from journey import (
    CTRL,
    SHIFT,
    SIZES,
    Hands,
    force_reason,
    on_its_screen,
    reasons_of,
    refusal_box,
)
from PySide6.QtCore import Qt

from companion.rules.places import place_name

SHOTS = Path("/tmp")


def _far_floor(h: Hands, at: tuple[int, int]) -> tuple[int, int]:
    """A free floor square in view that the acting figure's move cannot reach, the
    nearest such beyond 6 squares (what a player clicks by mistake)."""
    w = h.w
    d = w.session.doc.dungeon
    moves = w.play.moves()
    taken = {v.at for v in w.play.figures().values()}
    options = [
        (x, y)
        for y in range(d.height)
        for x in range(d.width)
        if d.terrain_at(x, y).name == "FLOOR"
        and d.object_at(x, y) is None
        and (x, y) not in moves
        and (x, y) not in taken
        and h.in_view((x, y))
        and max(abs(x - at[0]), abs(y - at[1])) > 6
    ]
    return min(options, key=lambda sq: (max(abs(sq[0] - at[0]), abs(sq[1] - at[1])), sq))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_brickquest_journey(
    qtbot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    size: tuple[int, int],
) -> None:
    if not on_its_screen(request, size, tmp_path):
        return  # it ran on a screen of its size
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    w = h.w
    # File → Open Demo: the demo dungeon and the demo party.
    # Game → New game…, with the dialog's defaults; the game file is chosen (saved) there.
    path = tmp_path / "forge.game.jsonl"
    h.start_demo("The Sunken Forge", path)
    assert w.session.doc.name == "The Sunken Forge"
    assert "Round 1" in w.tracker_dock.round_label.text()
    h.check_window_size()
    h.check_cut("the game started")
    figures = w.play.figures()
    acting = w.play.turn().acting
    name = figures[acting].name
    assert w.tracker_dock.acting_label.text() == f"▶ {name}'s turn"

    # Return begins the turn; 1 is Move; a click on a lit square moves there.
    h.key(Qt.Key.Key_Return)
    assert "Begin turn" not in h.bar_titles()
    h.key(Qt.Key.Key_1)
    assert "Click a highlighted square" in w.action_dock.hint.text()
    moves = {sq: m for sq, m in w.play.moves().items() if h.in_view(sq)}
    dest = min(moves, key=lambda sq: (-moves[sq].cost, sq))
    h.click_square(dest)
    assert w.play.figures()[acting].at == dest
    assert f"{name} moves to {place_name(dest)}" in h.log_texts()[-1]
    lines = len(h.log_texts())

    # A move too far: refused, every reason shown (the box, the action bar); nothing done.
    h.key(Qt.Key.Key_1)
    far = _far_floor(h, dest)
    with h.dialogs(lambda box: refusal_box(reasons_of(h.refusals[-1]), force=False)(box)):
        h.click_square(far)
    reasons = h.assert_refusal_shown()
    assert len(h.log_texts()) == lines and w.play.figures()[acting].at == dest
    h.check_cut("a refusal shown")
    # The reasons say why: too far (and whatever else is in the way).
    assert any("squares of movement" in r for r in reasons), reasons

    # The same move, forced by the BrickMaster with a reason: applied, logged as forced.
    h.key(Qt.Key.Key_1)
    with h.dialogs(
        lambda box: refusal_box(reasons_of(h.refusals[-1]), force=True)(box),
        force_reason("the floor gave way"),
    ):
        h.click_square(far)
    assert w.play.figures()[acting].at == far
    log = h.log_texts()
    assert len(log) == lines + 1 and "FORCED (the floor gave way)" in log[-1], log[-1]

    # Ctrl+Z takes the forced move back, Ctrl+Shift+Z brings it again.
    h.key(Qt.Key.Key_Z, CTRL)
    assert len(h.log_texts()) == lines and w.play.figures()[acting].at == dest
    h.key(Qt.Key.Key_Z, CTRL | SHIFT)
    assert h.log_texts() == log and w.play.figures()[acting].at == far

    # Ctrl+Return ends the turn; every other figure begins (Return) and ends its turn,
    # to the end of the round.
    h.key(Qt.Key.Key_Return, CTRL)
    assert w.play.turn().acting != acting
    for _ in range(len(figures) * 2):
        if w.tracker_dock.round_label.text() == "Round 2":
            break
        if "Begin turn" in h.bar_titles():
            h.key(Qt.Key.Key_Return)
        h.key(Qt.Key.Key_Return, CTRL)
    assert w.tracker_dock.round_label.text() == "Round 2"
    h.check_cut("round 2")
    # The sheets, as a player looks them up: their tab clicked.
    h.show_tab("Party")
    h.check_cut("the sheets shown")
    if size == (1280, 720):
        w.party_dock.grab().save(str(SHOTS / "journey-brickquest-party.png"))

    # Every action was saved as it was taken: Game → Close game, then Game → Open game…
    # gives the same game, shown the same.
    h.close_and_reopen(path)
    if size == (1280, 720):
        w.grab().save(str(SHOTS / "journey-brickquest.png"))
    w.session.undo_stack.setClean()
    h.done()
