"""BrickQuest's printing part, as ``companion.printing.rulesets.party_printing`` loads it."""

from __future__ import annotations

from pathlib import Path

from companion.printing.pdf import PageSizeName
from companion.printing.rulesets import PaperInputError, Printed
from companion.printing.rulesets.brickquest.sheets import export_sheets_pdf
from companion.rules.game import GAME_SUFFIX, Game, GameFileError
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.character import Party, PartyFileError
from companion.rulesets.brickquest.game_sheets import game_party


class BrickQuestPrinting:
    """A party file's (or a game's) brick sheets and the table aids, as a PDF."""

    id = "brickquest"

    def party_pdf(self, source: Path, output: Path, *, paper: PageSizeName, aids: bool) -> Printed:
        """The sheets of a party file, or of a game's party with the game's hit points,
        spell points and swag."""
        try:
            if source.name.endswith(GAME_SUFFIX):
                game = Game.open(source)
                party = game_party(game.header.party, game.figures())
            else:
                party = Party.load(source)
        except PartyFileError as exc:
            raise PaperInputError(str(exc.in_file(str(source)))) from None
        except GameFileError as exc:
            raise PaperInputError(" ".join(str(exc).split())) from None
        if not party.characters and not aids:
            raise PaperInputError(f"{source}: the party has no characters")
        pages = export_sheets_pdf(
            output, party.characters, default_catalog(), page_size=paper, include_aids=aids
        )
        return Printed(pages, len(party.characters))
