"""PDF export: the text reads back, fonts are embedded, and the studs are 8 mm apart.

The scale is measured, not trusted: pages are rendered with ``pdftoppm -r 300``
and the stud centres found in the pixels (a row of the BrickRuler strip, and a
row and a column of the baseplate studs on a character page).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from app_theme import app_theme
from pypdf import PdfReader
from PySide6.QtGui import QImage

from companion.gui.export.printing import make_printer
from companion.gui.rulesets.brickquest.export import ExportError, export_sheets_pdf, print_to
from companion.printing.pdf import MARGIN_MM
from companion.printing.rulesets.brickquest.aids import circle_cells, cone_cells
from companion.printing.rulesets.brickquest.brick_layout import SheetStats, layout_sheet
from companion.printing.rulesets.brickquest.character_page import FOOTER_H, HEADER_H
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.character import Character

CATALOG = default_catalog()
DPI = 300
PX_PER_MM = DPI / 25.4
STUD_MM = 8.0
TOLERANCE_MM = 0.1
#: A party of six: every archetype at least once, all three races.
SIX = [
    ("human_warrior", "Brannoc", "Ann"),
    ("elven_assassin", "Sylwen", "Ben"),
    ("dwarven_warmage", "Thrain", "Cleo"),
    ("human_cleric", "Aldous", "Dev"),
    ("elven_ranger", "Faelar", "Eve"),
    ("dwarven_sapper", "Borin", "Finn"),
]
AID_PAGES = 6

needs_poppler = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("pdftoppm", "pdffonts", "pdfinfo")),
    reason="poppler-utils not installed",
)


def party() -> list[Character]:
    chars = [Character.create(CATALOG.get_class(c), n, p) for c, n, p in SIX]
    chars[0] = chars[0].damage(4).add_swag("ruby").add_swag("healing_potion")
    chars[2] = chars[2].damage(3).spend_spell_points(6)
    return chars


def test_the_party_covers_every_archetype_and_race() -> None:
    classes = [CATALOG.get_class(c) for c, _, _ in SIX]
    assert {c.archetype.value for c in classes} == {"fighter", "rogue", "wizard", "priest"}
    assert {c.race.value for c in classes} == {"human", "elf", "dwarf"}


@pytest.fixture(scope="module", params=["A4", "Letter"])
def exported(request, qapp, tmp_path_factory) -> tuple[str, Path]:  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("pdf") / f"party-{request.param}.pdf"
    pages = export_sheets_pdf(path, party(), CATALOG, page_size=request.param)
    assert pages == len(SIX) + AID_PAGES
    return request.param, path


def words(text: str) -> str:
    """Whitespace normalised (pypdf puts tabs between words), ligatures undone ("ﬁ")."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def page_texts(path: Path) -> list[str]:
    return [words(p.extract_text() or "") for p in PdfReader(path).pages]


def test_pages_and_paper_size(exported) -> None:  # type: ignore[no-untyped-def]
    size, path = exported
    reader = PdfReader(path)
    assert len(reader.pages) == len(SIX) + AID_PAGES
    box = reader.pages[0].mediabox
    expected = {"A4": (595.3, 841.9), "Letter": (612.0, 792.0)}[size]
    assert (float(box.width), float(box.height)) == pytest.approx(expected, abs=1.0)
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temp file left


def test_character_pages_read_back(exported) -> None:  # type: ignore[no-untyped-def]
    _, path = exported
    texts = page_texts(path)
    for (class_id, name, player), text in zip(SIX, texts, strict=False):
        cdef = CATALOG.get_class(class_id)
        assert name in text and player in text and cdef.name in text
        assert "Hit Points" in text and "Defense Dice" in text and "Movement" in text
        assert f"Initiative bonus {cdef.initiative_bonus:+d}" in text
    brannoc, sylwen, thrain = texts[0], texts[1], texts[2]
    assert "Hit Points 8 / 12" in brannoc and "Ruby (140 gold)" in brannoc
    assert "Charge" in brannoc and "Total: 140 gold" in brannoc
    assert "Defense Dice 2 Bonus +1" in sylwen and "Prowess" in sylwen
    assert "Hit Points 9 / 12 Spell Points 8 / 14" in thrain
    assert "Minor Fireball 3 SP" in thrain and "Dwarven Fireball 8 SP" in thrain
    faelar = texts[4]
    assert "2 melee / 3 ranged (2–8)" in faelar and "+2 / +2" in faelar
    # the brick sheet's own legend is text too
    assert "HP 8/12 SP – INIT +1 DD 3 AD 4 RNG – MOVE 5 SWAG 2 items" in brannoc
    assert "Human Warrior (human fighter) · played by Ann" in brannoc


def test_aid_pages_read_back(exported) -> None:  # type: ignore[no-untyped-def]
    _, path = exported
    aids = " ".join(page_texts(path)[len(SIX) :])
    for needle in (
        "BrickRuler",
        "radius 2",
        "Minor Fireball",
        "Turn Undead",
        "Lightning Bolt",
        "cone of length 3",
        "Black Dragon breath",
        "Cone of Ice",
        "radius 4",
        "Major Fireball",
        "radius 5",
        "Dwarven Fireball",
        "print this page 4 times",
        "This bar is 100 mm",
    ):
        assert needle in aids, needle


@needs_poppler
def test_only_the_bundled_fonts_are_used_and_embedded(exported) -> None:  # type: ignore[no-untyped-def]
    _, path = exported
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()[2:] if line.strip()]
    assert rows
    bundled = {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"}
    for row in rows:
        name = row[0].split("+")[-1]
        assert name in bundled, row
        assert row[-5] == "yes", f"not embedded: {row}"  # the "emb" column


# ------------------------------------------------------------------- scale


def render(path: Path, page: int, tmp_path: Path) -> np.ndarray:
    """Page ``page`` (1-based) at 300 dpi, grey, as an array (rows, columns)."""
    stem = tmp_path / f"p{page}"
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(DPI),
            "-gray",
            "-f",
            str(page),
            "-l",
            str(page),
            "-png",
            "-singlefile",
            str(path),
            str(stem),
        ],
        check=True,
        timeout=120,
    )
    img = QImage(str(stem) + ".png").convertToFormat(QImage.Format.Format_Grayscale8)
    assert not img.isNull()
    buf = np.frombuffer(img.constBits(), dtype=np.uint8)
    return buf.reshape(img.height(), img.bytesPerLine())[:, : img.width()].copy()


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    d = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return np.flatnonzero(d == 1), np.flatnonzero(d == -1)


def ruler_stud_pitch_mm(image: np.ndarray) -> tuple[float, int]:
    """Pitch of the stud circles along the best row of a ruler strip (and how many)."""
    best: tuple[int, float, np.ndarray] | None = None
    for y in range(image.shape[0]):
        starts, ends = _runs(image[y] < 170)
        lengths = ends - starts
        keep = (lengths > 4.2 * PX_PER_MM) & (lengths < 5.4 * PX_PER_MM)  # a 4.8 mm stud
        centres = ((starts + ends - 1) / 2)[keep]
        score = (len(centres), float(lengths[keep].mean()) if keep.any() else 0.0)
        if best is None or score > best[:2]:
            best = (score[0], score[1], centres)
    assert best is not None and best[0] >= 10, "no row of studs found"
    centres = best[2]
    step = np.median(np.diff(centres))
    index = np.round((centres - centres[0]) / step)
    slope = np.polyfit(index, centres, 1)[0]
    return float(slope / PX_PER_MM), len(centres)


def period_mm(profile: np.ndarray, expect_mm: float = STUD_MM) -> float:
    """The period of a brightness profile by autocorrelation (sub-pixel)."""
    p = profile.astype(float) - profile.mean()
    ac = np.correlate(p, p, "full")[len(p) - 1 :]
    lo, hi = int(0.75 * expect_mm * PX_PER_MM), int(1.25 * expect_mm * PX_PER_MM)
    k = lo + int(np.argmax(ac[lo:hi]))
    a, b, c = ac[k - 1], ac[k], ac[k + 1]
    return float((k + 0.5 * (a - c) / (a - 2 * b + c)) / PX_PER_MM)


def sheet_pitches_mm(image: np.ndarray) -> tuple[float, float]:
    """Stud pitch along the top row and down column 1 of the baseplate on a sheet page."""
    top = MARGIN_MM + HEADER_H
    y = round((top + 0.5 * STUD_MM) * PX_PER_MM)
    x0, x1 = round((MARGIN_MM + 1) * PX_PER_MM), round((MARGIN_MM + 11 * STUD_MM) * PX_PER_MM)
    row = image[y - 3 : y + 4, x0:x1].mean(axis=0)
    x = round((MARGIN_MM + 1.5 * STUD_MM) * PX_PER_MM)
    y0, y1 = round((top + 1) * PX_PER_MM), round((top + 16 * STUD_MM - 1) * PX_PER_MM)
    column = image[y0:y1, x - 3 : x + 4].mean(axis=1)
    return period_mm(row), period_mm(column)


@needs_poppler
def test_measured_stud_pitch_is_8_mm(exported, tmp_path) -> None:  # type: ignore[no-untyped-def]
    size, path = exported
    ruler = render(path, len(SIX) + 1, tmp_path)
    pitch, studs = ruler_stud_pitch_mm(ruler)
    assert studs == 16  # one strip: 4 squares of 4 studs
    assert pitch == pytest.approx(STUD_MM, abs=TOLERANCE_MM), size
    for page in (1, 3, 5):
        row, column = sheet_pitches_mm(render(path, page, tmp_path))
        assert row == pytest.approx(STUD_MM, abs=TOLERANCE_MM), (size, page)
        assert column == pytest.approx(STUD_MM, abs=TOLERANCE_MM), (size, page)


@needs_poppler
def test_printing_uses_the_same_pages_at_the_same_scale(qapp, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtPrintSupport import QPrinter

    printer = make_printer("Letter")  # 1200 dpi: a different device resolution
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(out))
    chars = party()[4:5]
    assert print_to(printer, chars, CATALOG) == 1 + AID_PAGES
    assert "Faelar" in page_texts(out)[0]
    pitch, _ = ruler_stud_pitch_mm(render(out, 2, tmp_path))
    assert pitch == pytest.approx(STUD_MM, abs=TOLERANCE_MM)
    row, column = sheet_pitches_mm(render(out, 1, tmp_path))
    assert (row, column) == pytest.approx((STUD_MM, STUD_MM), abs=TOLERANCE_MM)


# ---------------------------------------------------------- atomic writing


def test_a_failed_export_leaves_the_old_file_alone(qapp, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "sheets.pdf"
    target.write_bytes(b"old")

    def boom(*args: object, **kwargs: object) -> int:
        raise ExportError("printer on fire")

    monkeypatch.setattr("companion.printing.rulesets.brickquest.sheets.render_sheets", boom)
    with pytest.raises(ExportError, match="on fire"):
        export_sheets_pdf(target, party(), CATALOG)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["sheets.pdf"]


def test_one_character_without_aids_and_bad_arguments(qapp, tmp_path) -> None:  # type: ignore[no-untyped-def]
    one: Sequence[Character] = party()[3:4]
    path = tmp_path / "one.pdf"
    assert export_sheets_pdf(path, one, CATALOG, "Letter", include_aids=False) == 1
    assert "Aldous" in page_texts(path)[0]
    with pytest.raises(ValueError, match="A4, Letter"):
        export_sheets_pdf(tmp_path / "x.pdf", one, CATALOG, "A5")  # type: ignore[arg-type]
    with pytest.raises(ExportError, match="nothing to print"):
        export_sheets_pdf(tmp_path / "y.pdf", [], CATALOG, include_aids=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.pdf"]


# ------------------------------------------------------------ area shading


def test_template_shading_follows_the_area_rules() -> None:
    assert len(circle_cells(2)) == 13  # centres within 2 squares, boundary included
    assert (2, 0) in circle_cells(2) and (2, 1) not in circle_cells(2)
    assert len(circle_cells(5)) == 81
    cone = cone_cells(3)
    assert (0, 0) not in cone  # the caster's own square
    assert {(0, 1), (-1, 1), (1, 1), (2, 2), (0, 3)} <= set(cone)
    assert (3, 3) not in cone  # 4.24 squares away
    assert all(abs(i) <= j for i, j in cone_cells(4))


# ------------------------------------------------------------ screen theme


@pytest.fixture
def dark_theme(qapp):  # type: ignore[no-untyped-def]
    """The app's dark theme (near-white text in its palette) while the test runs."""
    with app_theme(qapp):
        yield


def text_block(path: Path, tmp_path: Path, character: Character) -> np.ndarray:
    """The abilities and spells text under the brick sheet on the first page (grey pixels)."""
    layout = layout_sheet(
        SheetStats.from_character(character, CATALOG.get_class(character.class_id))
    )
    image = render(path, 1, tmp_path)
    top = MARGIN_MM + HEADER_H + layout.total_height * STUD_MM + 9.0
    bottom = image.shape[0] / PX_PER_MM - MARGIN_MM - FOOTER_H
    return image[round(top * PX_PER_MM) : round(bottom * PX_PER_MM)]


@needs_poppler
@pytest.mark.parametrize("class_id", ["dwarven_warmage", "human_warrior"])
def test_ability_and_spell_text_prints_dark_under_a_dark_theme(
    dark_theme, tmp_path, class_id: str
) -> None:  # type: ignore[no-untyped-def]
    character = Character.create(CATALOG.get_class(class_id), "Ink", "Pat")
    path = tmp_path / "dark.pdf"
    export_sheets_pdf(path, [character], CATALOG, include_aids=False)
    block = text_block(path, tmp_path, character)
    ink = block[block < 250]  # every pixel the text touches, antialiased edges too
    assert ink.size > 1000, "no text under the brick sheet"
    # the cores of the letters are near black (ink #1d1d1b), not near-white or grey
    assert np.percentile(ink, 5) < 50
    assert (ink < 64).mean() > 0.2


@needs_poppler
def test_the_pdf_looks_the_same_whatever_the_screen_theme(qapp, tmp_path) -> None:  # type: ignore[no-untyped-def]
    character = party()[2]  # the WarMage: a page full of spells
    light, dark = tmp_path / "light", tmp_path / "dark"
    light.mkdir()
    dark.mkdir()
    export_sheets_pdf(light / "sheet.pdf", [character], CATALOG, include_aids=False)
    with app_theme(qapp):
        export_sheets_pdf(dark / "sheet.pdf", [character], CATALOG, include_aids=False)
    a = render(light / "sheet.pdf", 1, light)
    b = render(dark / "sheet.pdf", 1, dark)
    assert a.shape == b.shape
    assert np.abs(a.astype(int) - b.astype(int)).max() <= 2
