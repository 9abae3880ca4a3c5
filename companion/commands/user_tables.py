"""``validate --user-tables`` and ``validate RULESET/TABLE.toml``: the user's table files
checked by the loader the game uses (``companion.rules.user_tables``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.rules.ruleset import Ruleset, UnknownRuleset, available_rulesets, get_ruleset
from companion.rules.user_tables import (
    RowProblem,
    TableFileError,
    TableSpec,
    load_table,
    merge,
    read_table_file,
    table_specs,
    user_file,
    user_folder,
)
from companion.safefile import FileProblem


def tables_of_rulesets() -> list[tuple[Ruleset[Any, Any], TableSpec[Any]]]:
    """Every (ruleset, table) the user may fill in, over the rulesets that load."""
    found: list[tuple[Ruleset[Any, Any], TableSpec[Any]]] = []
    for ruleset_id in available_rulesets():
        try:
            rules = get_ruleset(ruleset_id)
        except UnknownRuleset:
            continue  # ``validate`` of its maps says why
        found.extend((rules, spec) for spec in table_specs(rules))
    return found


def user_table_report() -> tuple[list[str], bool]:
    """One line per problem of the user's table files (or ``ok``), and whether all are sound."""
    lines: list[str] = []
    sound = True
    tables = tables_of_rulesets()
    for rules, spec in tables:
        path = user_file(spec, rules.id)
        if not path.exists():
            continue
        try:
            table = load_table(spec, rules.id)
        except TableFileError as exc:  # the bundled file: the app's own data
            lines.extend(str(exc).splitlines())
            sound = False
            continue
        if table.problems:
            sound = False
            lines.extend(str(p) for p in table.problems)
            lines.append(
                f"{path}: none of its rows is in play until it is fixed "
                f"(the bundled {spec.title.lower()} are)"
            )
            continue
        users = [r for r in table.rows if not r.source.bundled]
        bundled = {r.key: r.source for r in table.bundled.rows}
        replacing = sum(r.key in bundled for r in users)
        lines.append(
            f"{path}: ok (user table {rules.id}/{spec.id}: {len(users)} rows, "
            f"{replacing} replacing bundled ones)"
        )
        for row in sorted(users, key=lambda r: r.source.entry):  # each, with its source
            was = bundled.get(row.key)
            what = f"replaces {was.describe()}" if was is not None else "new"
            line = f" (line {row.source.line})" if row.source.line is not None else ""
            lines.append(f"{path}: entry {row.source.entry + 1} {row.key!r}{line}: {what}")
    if not lines:
        offered = ", ".join(f"{rules.id}/{spec.id}" for rules, spec in tables) or "none"
        folder = user_folder("<ruleset>")
        lines.append(f"no user table files in {folder} (tables offered: {offered})")
    return lines, sound


def check_table_file(path: Path) -> list[RowProblem]:
    """The problems of a table file named ``<ruleset>/<table>.toml`` (empty: sound)."""
    ruleset_id, table_id = path.parent.name, path.stem
    tables = tables_of_rulesets()
    spec = next(
        (s for rules, s in tables if rules.id == ruleset_id and s.id == table_id),
        None,
    )
    if spec is None:
        offered = ", ".join(f"{rules.id}/{s.id}.toml" for rules, s in tables) or "none"
        raise FileProblem(
            f"not a user table: a table file is named RULESET/TABLE.toml (offered: {offered})",
            file=str(path),
        )
    bundled = read_table_file(spec, spec.bundled, bundled=True)
    return list(merge(spec, bundled, read_table_file(spec, path, bundled=False)).problems)
