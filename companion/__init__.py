"""Brick Companion: table-side software for brick-built tabletop dungeon games."""

__version__ = "0.1.0"
APP_NAME = "Brick Companion"
