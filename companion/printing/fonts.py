"""The bundled DejaVu fonts, registered once so screen and paper use the same glyphs."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

from companion.paths import resource_dir

#: The bundled font files (``resources/fonts/``), see ``resources/fonts/LICENSE``.
FONT_FILES = (
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf",
)
#: Family for running text.
SANS = "DejaVu Sans"
#: Family for labels in narrow places.
CONDENSED = "DejaVu Sans Condensed"


class FontError(RuntimeError):
    """A bundled font file is missing or Qt refused it."""


@cache
def register_bundled_fonts() -> tuple[str, ...]:
    """Register the bundled fonts with Qt (needs a QGuiApplication); the families."""
    if QGuiApplication.instance() is None:
        raise FontError("register_bundled_fonts() needs a QGuiApplication")
    families: list[str] = []
    for name in FONT_FILES:
        path = resource_dir() / "fonts" / name
        if not path.is_file():
            raise FontError(f"bundled font missing: {path}")
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id < 0:
            raise FontError(f"Qt could not load the font {path}")
        families.extend(QFontDatabase.applicationFontFamilies(font_id))
    return tuple(dict.fromkeys(families))


def sheet_font(
    *, condensed: bool = False, bold: bool = False, point_size: float | None = None
) -> QFont:
    """A bundled font (registered on first use)."""
    register_bundled_fonts()
    font = QFont(CONDENSED if condensed else SANS)
    font.setBold(bold)
    font.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    if point_size is not None:
        font.setPointSizeF(point_size)
    return font
