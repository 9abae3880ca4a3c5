"""How a measured length is written: the log, the reasons and the move hint alike."""

from __future__ import annotations


def studs_text(length: float) -> str:
    """A length measured on the table, to a tenth of a stud: ``"15.6 studs"``."""
    return f"{length:.1f} studs"
