"""BrickQuest's rules data, loaded, checked across files, and looked up by id."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Protocol, TypeVar

from companion.datafiles import DataFileError, UnknownIdError, load_toml, lookup, resource_dir
from companion.rulesets.brickquest.schema import (
    ClassDef,
    ClassesFile,
    Difficulty,
    ItemDef,
    ItemsFile,
    MonsterDef,
    MonstersFile,
    SkillDef,
    SkillsFile,
    SpellDef,
    SpellList,
    SpellsFile,
    reference_problems,
)

#: The data file of each part of the catalog, in ``resources/rulesets/brickquest/``.
DATA_FILES: Mapping[str, str] = MappingProxyType(
    {
        "classes": "classes.toml",
        "monsters": "monsters.toml",
        "spells": "spells.toml",
        "items": "items.toml",
        "skills": "skills.toml",
    }
)

_V = TypeVar("_V")


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_Entry = TypeVar("_Entry", bound=_HasId)


def data_dir() -> Path:
    """The folder of BrickQuest's data files."""
    return resource_dir() / "rulesets" / "brickquest"


def _by_id(entries: Iterable[_Entry]) -> Mapping[str, _Entry]:
    return MappingProxyType({entry.id: entry for entry in entries})


@dataclass(frozen=True)
class BrickQuestCatalog:
    """Every class, monster, spell, item, skill and difficulty, by id (in file order)."""

    classes: Mapping[str, ClassDef]
    monsters: Mapping[str, MonsterDef]
    spells: Mapping[str, SpellDef]
    items: Mapping[str, ItemDef]
    skills: Mapping[str, SkillDef]
    difficulties: Mapping[str, Difficulty]

    def get_class(self, class_id: str) -> ClassDef:
        return lookup("class", self.classes, class_id)

    def get_monster(self, monster_id: str) -> MonsterDef:
        return lookup("monster", self.monsters, monster_id)

    def get_spell(self, spell_id: str) -> SpellDef:
        return lookup("spell", self.spells, spell_id)

    def get_item(self, item_id: str) -> ItemDef:
        return lookup("item", self.items, item_id)

    def get_skill(self, skill_id: str) -> SkillDef:
        return lookup("skill", self.skills, skill_id)

    def get_difficulty(self, difficulty_id: str) -> Difficulty:
        return lookup("difficulty", self.difficulties, difficulty_id)

    def find_skill(self, text: str) -> SkillDef:
        """A skill by id, name or alias, ignoring case ("Search doors/traps" works)."""
        wanted = text.strip().casefold()
        for skill in self.skills.values():
            names = (skill.id, skill.name, *skill.aliases)
            if any(wanted == name.casefold() for name in names):
                return skill
        known = [n for s in self.skills.values() for n in (s.id, s.name, *s.aliases)]
        raise UnknownIdError("skill", text, known)

    def spells_in(self, spell_list: SpellList | str) -> tuple[SpellDef, ...]:
        """The spells of one list, in file order."""
        wanted = SpellList(spell_list)
        return tuple(s for s in self.spells.values() if s.spell_list == wanted)

    def spells_for_class(self, class_id: str) -> tuple[SpellDef, ...]:
        """The spells a class may cast (all of its lists), in file order."""
        lists = set(self.get_class(class_id).spell_lists)
        return tuple(s for s in self.spells.values() if s.spell_list in lists)


def load_catalog(folder: Path | None = None) -> BrickQuestCatalog:
    """Load and check the five data files in ``folder`` (default: the bundled ones).

    Raises :class:`~companion.datafiles.DataFileError` naming the file and field of the
    first file with problems, including references to ids that no file defines.
    """
    base = data_dir() if folder is None else folder
    paths = {key: base / name for key, name in DATA_FILES.items()}
    classes = load_toml(paths["classes"], ClassesFile)
    monsters = load_toml(paths["monsters"], MonstersFile)
    spells = load_toml(paths["spells"], SpellsFile)
    items = load_toml(paths["items"], ItemsFile)
    skills = load_toml(paths["skills"], SkillsFile)

    problems = reference_problems(classes, monsters, spells, items, skills)
    if problems:
        first_file = problems[0].file
        raise DataFileError(
            paths[first_file],
            [f"{p.loc}: {p.message}" for p in problems if p.file == first_file],
        )
    return BrickQuestCatalog(
        classes=_by_id(classes.classes),
        monsters=_by_id(monsters.monsters),
        spells=_by_id(spells.spells),
        items=_by_id(items.items),
        skills=_by_id(skills.skills),
        difficulties=_by_id(skills.difficulties),
    )


@cache
def default_catalog() -> BrickQuestCatalog:
    """The bundled catalog, loaded once."""
    return load_catalog()
