"""``brick-companion sheets PARTY.json -o SHEETS.pdf``: the printable sheets, no window.

Reads the party with the app's checked loader, then calls the GUI's own PDF export
(``companion.gui.export.export_sheets_pdf``) on an offscreen ``QGuiApplication``.
Exit status 0 when the PDF is written, 2 on bad input (one line naming the file).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import Any

PAPER = {"a4": "A4", "letter": "Letter"}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="brick-companion sheets",
        description="Export a party's printable sheets (and table aids) to a PDF.",
    )
    p.add_argument("party", type=Path, help="a party file (.party.json)")
    p.add_argument("-o", "--output", type=Path, required=True, help="the PDF to write")
    p.add_argument("--paper", choices=sorted(PAPER), default="a4", help="paper size")
    p.add_argument("--no-aids", action="store_true", help="leave out the table-aid pages")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    from companion.rulesets.brickquest.catalog import default_catalog
    from companion.rulesets.brickquest.character import Party, PartyFileError

    try:
        party = Party.load(args.party)
    except PartyFileError as exc:
        print(f"sheets: error: {exc.in_file(str(args.party))}", file=sys.stderr)
        return 2
    if not party.characters and args.no_aids:
        print(f"sheets: error: {args.party}: the party has no characters", file=sys.stderr)
        return 2
    if args.output.is_dir():
        print(f"sheets: error: {args.output}: is a folder; give a PDF file name", file=sys.stderr)
        return 2
    _headless_qt()
    from companion.gui.export import ExportError, export_sheets_pdf

    app = _gui_application()
    try:
        pages = export_sheets_pdf(
            args.output,
            party.characters,
            default_catalog(),
            page_size="A4" if args.paper == "a4" else "Letter",
            include_aids=not args.no_aids,
        )
    except (ExportError, OSError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        print(f"sheets: error: {args.output}: {reason}", file=sys.stderr)
        return 2
    finally:
        del app
    print(f"{args.output}: {pages} pages for {len(party.characters)} characters")
    return 0


def _gui_application() -> object:
    """The running ``QGuiApplication``, or a new one (the export paints with Qt fonts).

    Qt is reached through the GUI package's own dependency, imported by name here, so
    this command module stays importable without Qt (tests/test_architecture.py).
    TODO: move into ``companion.gui.export`` (e.g. ``ensure_application()``).
    """
    qtgui: Any = importlib.import_module("PySide6.QtGui")
    return qtgui.QGuiApplication.instance() or qtgui.QGuiApplication(["brick-companion"])


def _headless_qt() -> None:
    """Use the offscreen platform when there is no display to open a window on."""
    no_display = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if no_display and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
