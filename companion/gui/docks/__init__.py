"""Dockable panels around the canvas."""
