"""Heroica's GUI part: the editor of a map's board (locations, features, items, start)."""
