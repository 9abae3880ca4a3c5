"""The players' view: a window for the table's TV, built from the public view only."""
