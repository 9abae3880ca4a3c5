"""A roster of any ruleset (``CharacterSheets``) on paper: its ``SheetView`` sheets or
cards (``paint``, ``pdf``) and its track strips (``strips``), as its ``PrintLayout`` says."""
