"""Paper below the window: the ``sheets`` command prints a party through the printing part
its ruleset names (``PartyFiles``), with no GUI module loaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.printing.rulesets import BrokenPrintingPart, party_printing
from companion.rules.parties import PartyFiles, party_rulesets

DEMO = Path(__file__).resolve().parent.parent / "resources" / "parties" / "demo.party.json"


def test_the_party_format_names_its_ruleset() -> None:
    assert [r.id for r in party_rulesets("brick-companion-party")] == ["brickquest"]
    assert party_rulesets("no-such-format") == []
    brickquest = party_rulesets()[0]
    assert isinstance(brickquest, PartyFiles)
    assert party_printing(brickquest).id == "brickquest"


class _Ruleset:
    """A ruleset with party files whose printing part is named wrong."""

    id = "zz"
    party_format = "zz-party"

    def __init__(self, printing_part: str) -> None:
        self.printing_part = printing_part

    def check_party_file(self, path: Path) -> None:
        return None


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("companion.no_such_module:Part", "could not be imported: ModuleNotFoundError"),
        ("companion.printing.pdf:write_pdf", "is not a class but a function"),
        ("companion.printing.rulesets.brickquest.plugin:BrickQuestPrinting", "says its id"),
    ],
)
def test_a_broken_printing_part_is_told_in_one_sentence(name: str, says: str) -> None:
    rules = _Ruleset(name)
    assert isinstance(rules, PartyFiles)
    with pytest.raises(BrokenPrintingPart) as caught:
        party_printing(rules)
    assert str(caught.value).startswith("the printing part of ruleset 'zz' (")
    assert says in str(caught.value)


def test_the_sheets_command_loads_no_gui(tmp_path: Path) -> None:
    out = tmp_path / "sheets.pdf"
    code = (
        "import sys\n"
        "from companion.cli import main\n"
        f"status = main(['sheets', {str(DEMO)!r}, '-o', {str(out)!r}, '--no-aids'])\n"
        "print('status', status)\n"
        "print('gui', sorted(m for m in sys.modules if m.startswith('companion.gui')))\n"
        "print('part', 'companion.printing.rulesets.brickquest.plugin' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    lines = result.stdout.splitlines()
    assert lines[-3:] == ["status 0", "gui []", "part True"], result.stdout + result.stderr
    assert out.stat().st_size > 0
