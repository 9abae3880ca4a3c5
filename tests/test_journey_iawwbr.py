"""In a World Where Bricks Rule, as players play it: issue #18's journey through menus,
dialogs, clicks and keys only, at 1280×720 and 1920×1080 (``tests/journey.py``)."""

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

SHOTS = Path("/tmp")


def _far_point(h: Hands, at: tuple[int, int]) -> tuple[int, int]:
    """A free stud of the table in view, beyond one length (16 studs) and a base from
    ``at``, about a length and a half away: where a player clicks by mistake."""
    d = h.w.session.doc.dungeon
    taken = {v.at for v in h.w.play.figures().values()}
    far = [
        (x, y)
        for y in range(d.height)
        for x in range(d.width)
        if (x, y) not in taken
        and d.terrain_at(x, y).name == "FLOOR"
        and (x - at[0]) ** 2 + (y - at[1]) ** 2 >= 19**2
        and h.in_view((x, y))
    ]
    assert far, f"no free stud in view far from {at}"
    return min(far, key=lambda sq: (abs((sq[0] - at[0]) ** 2 + (sq[1] - at[1]) ** 2 - 24**2), sq))


def _pick(h: Hands, figure: str) -> None:
    """The player picks a character to activate: on the map, or in the tracker when the
    map does not show it."""
    at = h.w.play.figures()[figure].at
    if at is not None and h.in_view(at):
        h.click_square(at)
    else:
        h.click_in_tracker(figure)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_iawwbr_journey(
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
    # File → Open Demo: the demo table and its roster of ten in the roster sheets.
    # Game → New game… with the dialog's defaults plays the roster the sheets show.
    path = tmp_path / "bridge.game.jsonl"
    h.start_demo("Bridge at Bricksford", path)
    assert w.session.doc.name == "Bridge at Bricksford"
    assert h.file_dialogs == ["save: Save the game as"]  # no roster file asked for
    h.check_window_size()
    h.check_cut("the game started")
    # Ctrl+I rolls the round's 4d6 when it is due (a low roll may let nobody act).
    for _ in range(10):
        if w.play.turn().choosable:
            break
        assert "roll 4d6" in w.tracker_dock.acting_label.text()
        h.key(Qt.Key.Key_I, CTRL)
    turn = w.play.turn()
    assert turn.choosable, turn.headline
    rnd = turn.round
    side = turn.headline.split(" · ")[-1].split(":")[0]
    assert f"{side}: activate a character" in w.tracker_dock.acting_label.text()

    # The player clicks one of its characters on the map, then a lit stud: a move.
    fid = sorted(turn.choosable)[0]
    _pick(h, fid)
    assert w.play.turn().acting == fid
    if w.play.pending is None:
        h.key(Qt.Key.Key_1)
    assert w.play.pending is not None and w.play.pending.kind == "move"
    assert "Click a highlighted square" in w.action_dock.hint.text()
    moves = {sq: m for sq, m in w.play.moves().items() if h.in_view(sq)}
    dest = min(moves, key=lambda sq: (-moves[sq].cost, sq))
    h.click_square(dest)
    assert w.play.figures()[fid].at == dest
    log = h.log_texts()
    name = w.play.figures()[fid].name
    assert log[-1].startswith(f"{len(log)}. {name} moves")

    # A move too far: refused with every reason shown; nothing changes.
    h.key(Qt.Key.Key_1)
    far = _far_point(h, dest)
    with h.dialogs(lambda box: refusal_box(reasons_of(h.refusals[-1]), force=False)(box)):
        h.click_square(far)
    reasons = h.assert_refusal_shown()
    assert any("one length" in r for r in reasons), reasons
    assert h.log_texts() == log and w.play.figures()[fid].at == dest
    h.check_cut("a refusal shown")

    # Forced by the table with a reason: the character goes there, logged as forced.
    h.key(Qt.Key.Key_1)
    with h.dialogs(
        lambda box: refusal_box(reasons_of(h.refusals[-1]), force=True)(box),
        force_reason("a gust of wind"),
    ):
        h.click_square(far)
    assert w.play.figures()[fid].at == far
    forced = h.log_texts()
    assert len(forced) == len(log) + 1 and "FORCED (a gust of wind)" in forced[-1], forced[-1]

    # Ctrl+Z, Ctrl+Shift+Z.
    h.key(Qt.Key.Key_Z, CTRL)
    assert h.log_texts() == log and w.play.figures()[fid].at == dest
    h.key(Qt.Key.Key_Z, CTRL | SHIFT)
    assert h.log_texts() == forced

    # Both actions spent, the activation is over (the tracker says the other side's
    # turn); else Ctrl+Return ends it.
    if w.play.turn().acting == fid:
        h.key(Qt.Key.Key_Return, CTRL)
    assert w.play.turn().acting != fid
    assert any(line.startswith(f"acted  {name}") for line in h.tracker_texts())
    # Then the sides take turns: the player clicks a character the roll lets act, on the
    # map, and passes it (Ctrl+Return), to the end of the round.
    for _ in range(30):
        if w.tracker_dock.round_label.text() == f"Round {rnd + 1}":
            break
        turn = w.play.turn()
        assert turn.choosable, turn.headline
        other = sorted(turn.choosable)[-1]
        _pick(h, other)
        assert w.play.turn().acting == other
        h.key(Qt.Key.Key_Escape)  # not moving (a click on the map began a move)
        h.key(Qt.Key.Key_Return, CTRL)
        last = h.log_texts()[-1]
        assert f"{w.play.figures()[other].name} passes" in last or "ends its activation" in last
    assert w.tracker_dock.round_label.text() == f"Round {rnd + 1}"
    assert "roll 4d6" in w.tracker_dock.acting_label.text()
    h.check_cut("the next round due")
    # The sheets, as a player looks them up: their tab clicked.
    h.show_tab("Sheets")
    h.check_cut("the sheets shown")

    # Saved as it went: Game → Close game, Game → Open game… gives the same battle.
    h.close_and_reopen(path)
    if size == (1280, 720):
        w.grab().save(str(SHOTS / "journey-iawwbr.png"))
    w.session.undo_stack.setClean()
    w.roster_panel.undo_stack.setClean()
    h.done()
