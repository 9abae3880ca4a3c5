"""``brick-companion rules check FILE...``: run rules scenarios, print JSON Lines."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="brick-companion rules", description="Rules tools.")
    sub = p.add_subparsers(dest="tool", required=True)
    check = sub.add_parser("check", help="run scenario files and print one JSON line per check")
    check.add_argument("files", nargs="+", type=Path, help="scenario files or folders")
    return p


def main(argv: list[str]) -> int:
    parsed = parser().parse_args(argv)
    from companion.rules.check import check_files

    return check_files(parsed.files, out=sys.stdout, err=sys.stderr)
