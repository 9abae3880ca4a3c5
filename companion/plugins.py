"""Plugins found through entry points: ruleset plugins and their GUI parts load alike.

A plugin is a class named by an entry point (``id = "module:Class"``); loading it imports
the module, makes one instance, checks it has every member of its protocol and the id it
was registered under.  Whatever goes wrong is told as one sentence naming the plugin and
where it came from, raised as the caller's error class.  No Qt here.
"""

from __future__ import annotations

from importlib import metadata
from typing import Any


def protocol_members(protocol: type) -> tuple[str, ...]:
    """The public attributes and methods a ``Protocol`` class declares, sorted."""
    names = {*getattr(protocol, "__annotations__", {})}
    names |= {n for n, v in vars(protocol).items() if callable(v)}
    return tuple(sorted(n for n in names if not n.startswith("_")))


def registered(group: str) -> dict[str, list[metadata.EntryPoint]]:
    """Plugin id -> the entry points registering it in ``group`` (two is a conflict)."""
    found: dict[str, list[metadata.EntryPoint]] = {}
    for entry in metadata.entry_points(group=group):
        found.setdefault(entry.name, []).append(entry)
    return found


def origin(entry: metadata.EntryPoint) -> str:
    """Where an entry point comes from: its value and the package that declares it."""
    dist = entry.dist
    where = f" in {dist.name}" if dist is not None else ""
    return f"{entry.value}{where}"


def one_entry(
    entries: list[metadata.EntryPoint], what: str, error: type[Exception]
) -> metadata.EntryPoint:
    """The single entry point of a plugin; ``error`` when it is registered more than once."""
    if len(entries) > 1:
        both = " and ".join(origin(entry) for entry in entries)
        raise error(f"{what} is registered more than once: {both}")
    return entries[0]


def load_plugin(
    plugin_id: str,
    entry: metadata.EntryPoint,
    *,
    what: str,
    kind: str,
    members: tuple[str, ...],
    error: type[Exception],
) -> Any:
    """The plugin an entry point names, made and checked; ``error`` says what is wrong.

    ``what`` names the plugin in messages ("ruleset 'x'"), ``kind`` is what it must be
    ("a ruleset plugin"), ``members`` its protocol's (``protocol_members``)."""
    where = f"{what} ({origin(entry)})"
    try:
        factory = entry.load()
    except Exception as exc:  # any failure importing a plugin is the plugin's fault
        raise error(f"{where} could not be imported: {type(exc).__name__}: {exc}") from exc
    if not isinstance(factory, type):
        raise error(f"{where} is not a class but a {type(factory).__name__}")
    try:
        plugin = factory()
    except Exception as exc:
        raise error(f"{where} could not be created: {type(exc).__name__}: {exc}") from exc
    missing = [name for name in members if not hasattr(plugin, name)]
    if missing:
        raise error(f"{where} is not {kind}: it lacks {', '.join(missing)}")
    if plugin.id != plugin_id:
        raise error(f"{where} says its id is {plugin.id!r}")
    return plugin
