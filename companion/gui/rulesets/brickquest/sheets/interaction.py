"""What a click on a brick sheet asks of the party model."""

from __future__ import annotations

from companion.gui.rulesets.brickquest.sheets.party_model import PartyModel
from companion.printing.rulesets.brickquest.brick_layout import Hit, Stat


def apply_hit(model: PartyModel, character_id: str, hit: Hit) -> bool:
    """Turn a click into an edit: a round taken off goes to the slot, one from the slot
    (or a bare stud) goes back.  Returns whether anything changed; the model raises
    ``CharacterError`` when the rules refuse (e.g. not enough spell points).
    """
    take = hit.target == "round"
    if hit.stat is Stat.HP:
        return model.damage(character_id, 1) if take else model.heal(character_id, 1)
    if hit.stat is Stat.SP:
        if take:
            return model.spend_spell_points(character_id, 1)
        return model.restore_spell_points(character_id, 1)
    return False  # dice, bonuses and movement are fixed by the class
