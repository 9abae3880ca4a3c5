"""Heroica, as players play it: issue #18's journey through menus, dialogs, clicks and
keys only, at 1280×720 and 1920×1080 (``tests/journey.py``)."""

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
from PySide6.QtWidgets import QCheckBox

SHOTS = Path("/tmp")


def _far_space(h: Hands, at: tuple[int, int]) -> tuple[int, int]:
    """A free space of the board beyond any roll of the Action Die from ``at``, the
    nearest such (where a player clicks by mistake)."""
    d = h.w.session.doc.dungeon
    taken = {v.at for v in h.w.play.figures().values()}
    spaces = [
        (x, y)
        for y in range(d.height)
        for x in range(d.width)
        if d.terrain_at(x, y).name == "FLOOR"
        and (x, y) not in taken
        and abs(x - at[0]) + abs(y - at[1]) > 5
        and h.in_view((x, y))
    ]
    return min(spaces, key=lambda sq: (abs(sq[0] - at[0]) + abs(sq[1] - at[1]), sq))


def _play_out_the_turn(h: Hands, hero: str) -> None:
    """The rest of ``hero``'s turn as the table plays it: what the turn still demands
    (fight, search), then End turn (Ctrl+Return) and the monsters' phases."""
    w = h.w
    for _ in range(40):
        turn = w.play.turn()
        if turn.outcome or (turn.acting != hero and turn.acting in w.play.game.state.heroes):
            return
        bar = h.bar_titles()
        fight = next((t for t in bar if t.startswith("Fight")), None)
        table = next((t for t in bar if t.startswith(("Roll and move", "The ", "Search"))), None)
        if fight and "must fight" in turn.headline:
            button = h.bar_button(fight)
            menu = button.menu()
            if menu is None:
                h.click(button)
            else:  # the first foe in its menu, as chosen there
                menu.actions()[0].trigger()
                h.settle()
        elif table:
            h.click(h.bar_button(table))
        else:
            h.key(Qt.Key.Key_Return, CTRL)
    raise AssertionError(f"{hero}'s turn never ends: {w.play.turn().headline}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_heroica_journey(
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
    # File → Open Demo: Draida Bay, and its four heroes in the roster sheets.
    # Game → New game… with the dialog's defaults.
    path = tmp_path / "draida.game.jsonl"
    seen = h.start_demo("Draida Bay", path)
    assert w.session.ruleset.id == "heroica"
    health = next(x for x in seen[0]["widgets"] if x.objectName() == "option_hero_health")
    assert not isinstance(health, QCheckBox), "Hero health (a number) is a check box"
    h.check_window_size()
    h.check_cut("the game started")
    first = w.play.turn().acting
    name = w.play.figures()[first].name
    assert f"{name}: Upkeep" in w.tracker_dock.acting_label.text()
    heroes = list(w.play.game.state.heroes)

    # 1 rolls the Action Die to move; 2 is Move.  A space out of reach is refused with
    # every reason shown, and nothing moves.
    h.key(Qt.Key.Key_1)
    assert f"{name} rolls" in h.log_texts()[-1]
    at = w.play.figures()[first].at
    log = h.log_texts()
    h.key(Qt.Key.Key_2)
    assert w.play.pending is not None and w.play.pending.kind == "move"
    far = _far_space(h, at)
    with h.dialogs(lambda box: refusal_box(reasons_of(h.refusals[-1]), force=False)(box)):
        h.click_square(far)
    reasons = h.assert_refusal_shown()
    print("REASONS", reasons)
    assert h.log_texts() == log and w.play.figures()[first].at == at
    h.check_cut("a refusal shown")

    # Forced with a reason: the hero goes there, logged as forced.
    if w.play.pending is None:
        h.key(Qt.Key.Key_2)
    with h.dialogs(
        lambda box: refusal_box(reasons_of(h.refusals[-1]), force=True)(box),
        force_reason("a secret passage"),
    ):
        h.click_square(far)
    forced = h.log_texts()
    assert len(forced) == len(log) + 1 and "FORCED (a secret passage)" in forced[-1], forced
    assert w.play.figures()[first].at == far

    # Ctrl+Z takes it back, Ctrl+Shift+Z brings it again.
    h.key(Qt.Key.Key_Z, CTRL)
    assert h.log_texts() == log and w.play.figures()[first].at == at
    h.key(Qt.Key.Key_Z, CTRL | SHIFT)
    assert h.log_texts() == forced and w.play.figures()[first].at == far

    # What is left of the roll, if anything: a click on a lit free space goes there.
    taken = {v.at for v in w.play.figures().values()}
    moves = {sq: m for sq, m in w.play.moves().items() if sq not in taken and h.in_view(sq)}
    if moves and h.bar_button("Move").isEnabled():
        h.key(Qt.Key.Key_2)
        dest = min(moves, key=lambda sq: (-moves[sq].cost, sq))
        h.click_square(dest)
        assert w.play.figures()[first].at == dest
        assert f"{name} moves" in h.log_texts()[-1]

    # The round: this hero ends its turn (the monsters that see it act), then every
    # other hero in play takes its turn, to the first player's next turn.
    had = [first]
    _play_out_the_turn(h, first)
    for _ in range(len(heroes)):
        turn = w.play.turn()
        if turn.outcome or turn.acting == first:
            break
        had.append(turn.acting)
        h.key(Qt.Key.Key_1)
        _play_out_the_turn(h, turn.acting)
    turn = w.play.turn()
    assert turn.outcome or (turn.acting == first and sorted(had) == sorted(heroes)), had
    h.check_cut("the round played")
    # The sheets, as a player looks them up: their tab clicked.
    h.show_tab("Sheets")
    h.check_cut("the sheets shown")

    # Saved as it went: Game → Close game, Game → Open game… gives the same quest.
    h.close_and_reopen(path)
    if size == (1280, 720):
        w.grab().save(str(SHOTS / "journey-heroica.png"))
    w.session.undo_stack.setClean()
    w.roster_panel.undo_stack.setClean()
    h.done()
