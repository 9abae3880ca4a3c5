"""The rules model's board half: the dungeon map, figures and the geometry.  No Qt here."""
