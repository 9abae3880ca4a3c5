"""A game's own sheets (``GameSheets``): a ruleset that offers them gets a Party dock
beside the log, its sheets following the game, and "Print sheets…" writes them as a PDF
(read back with pdftotext); a ruleset without them shows no such dock."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from brick_duel.plugin import DuelRules
from journey import SIZES, Hands, accept_new_game, on_its_screen

from companion.rules.table import SheetField, SheetSection, SheetView


def duel_sheets(self: DuelRules, state: Any) -> list[SheetView]:
    """The duel's knights as sheets (a test's stand-in for a ruleset's own)."""
    return [
        SheetView(
            id=f.id,
            title=f.name,
            subtitle="Knight",
            side=f.side,
            sections=(
                SheetSection(
                    title="Guard",
                    fields=(
                        SheetField(
                            key="guard",
                            label="Guard",
                            value=f"{f.guard}/{f.max_guard}",
                            track=(f.guard, f.max_guard),
                        ),
                        SheetField(key="place", label="Place", value=f.place),
                    ),
                ),
            ),
        )
        for f in state.fighters.values()
    ]


@pytest.mark.parametrize("offered", [True, False], ids=["with-sheets", "without"])
def test_game_sheets_dock_and_pdf(
    qtbot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    offered: bool,
) -> None:
    size = SIZES[0]
    if not on_its_screen(request, size, tmp_path):
        return
    if offered:
        monkeypatch.setattr(DuelRules, "game_sheets", duel_sheets, raising=False)
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    w = h.w
    h.save_answer = tmp_path / "duel.game.jsonl"
    with h.dialogs(accept_new_game([])):
        h.trigger("Game", "New game without a map", "Brick Duel")
    dock = w.game_sheets_dock
    if not offered:
        assert not dock.isVisible() and dock.views == []
        return
    h.show_tab("Party")
    assert dock.isVisible()
    titles = [s.title_label.text() for s in dock.sheets if s.isVisible()]
    assert titles == ["Red Knight", "Blue Knight"]
    # The sheets follow the game: a move shows the new place.
    h.click(h.bar_button("Move"))
    from test_journey_duel import click_place

    click_place(h, "yard")
    assert any(f.value == "yard" for f in dock.views[0].sections[0].fields), dock.views[0]
    h.check_cut("the party dock")
    # Print sheets… writes the PDF the sheets are read back from.
    pdf = tmp_path / "party.pdf"
    h.save_answer = pdf
    h.click(dock.print_button)
    assert pdf.is_file() and h.file_dialogs[-1] == "save: Print the party sheet"
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert "Red Knight" in text and "Blue Knight" in text and "Guard" in text, text
    h.done()
