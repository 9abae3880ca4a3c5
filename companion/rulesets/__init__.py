"""Rule systems: each ruleset's data and rules behind one interface.  No Qt here."""
