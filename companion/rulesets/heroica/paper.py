"""Heroica on paper: hero cards at a real card's size, and the tracks as strips of boxes.

The Fire Track and the Boss Monster Track (``views.tracks``) are rows of boxes the table
puts tokens on; the text gives neither length, so each is its option
(``fire_track_length``, ``boss_track_length``), and each strip quotes the text's rule
under its boxes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from companion.rules.printing import PrintedTrack, PrintLayout
from companion.rulesets.heroica.cards import blank_quest
from companion.rulesets.heroica.catalog import HeroicaCatalog
from companion.rulesets.heroica.rules import Ctx
from companion.rulesets.heroica.state import Quest
from companion.rulesets.heroica.views import tracks

#: A hero card: the size of a playing card (poker size), millimetres.
CARD_MM: Final = (63.0, 88.0)
#: The side of a track's box: room for a token, a 2x2 tile or round plate.
BOX_MM: Final = 15.0
#: The text the quotes are from.
SOURCE: Final = "heroica-expanded.txt"


def _quote(*sentences: str) -> str:
    return "\u201c" + " ".join(s.strip() for s in sentences) + "\u201d"


def printed_tracks(quest: Quest, catalog: HeroicaCatalog) -> tuple[PrintedTrack, ...]:
    """The quest's tracks as strips, each with the text's rule and where it says so."""
    fire, boss = catalog.tables.fire_track, catalog.tables.boss_track
    # A track's note -> the fuller rule quoted under it, its line and its length's option.
    rules = {
        fire.text: (_quote(fire.text, catalog.options.fire_track_full.quote), fire.line),
        boss.text: (_quote(boss.text), boss.line),
    }
    options = {"fire": "fire_track_length", "boss": "boss_track_length"}
    out = []
    for track in tracks(Ctx(quest, catalog)):
        quote, line = rules.get(track.note, (_quote(track.note), 0))
        option = options.get(track.id, "")
        where = f"{SOURCE}, line {line}" if line else SOURCE
        length = f"{track.length} boxes: option {option}" if option else ""
        out.append(
            PrintedTrack(
                track=track,
                box_mm=BOX_MM,
                quote=quote,
                source="; ".join(s for s in (where, length) if s),
            )
        )
    return tuple(out)


def print_layout(
    party: Mapping[str, Any], state: Quest | None, catalog: HeroicaCatalog
) -> PrintLayout:
    """Hero cards of ``CARD_MM`` and the track strips: empty, as long as the default
    options make them, or with a game's ``state`` as the quest has them."""
    quest = state if state is not None else blank_quest(catalog.default_options())
    return PrintLayout(card_mm=CARD_MM, strips=printed_tracks(quest, catalog))
