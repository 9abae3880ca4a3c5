"""The desktop entry and the file types (shared-mime-info) in ``packaging/``."""

from __future__ import annotations

import configparser
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
MAP, PARTY, GAME = (
    "application/x-brick-companion-map",
    "application/x-brick-companion-party",
    "application/x-brick-companion-game",
)

# Run in a fresh process: QMimeDatabase reads the folders once, at first use.
SNIFF = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QMimeDatabase
db = QMimeDatabase()
files = json.loads(sys.argv[1])
out = {name: db.mimeTypeForFile(path).name() for name, path in files.items()}
out["map data"] = db.mimeTypeForData(Path(files["map"]).read_bytes()).name()
out["other data"] = db.mimeTypeForData(b'{"format": "something-else"}').name()
out["map is json"] = db.mimeTypeForName(out["map data"]).inherits("application/json")
print(json.dumps(out))
"""


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(PACKAGING / "brick-companion.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def mime_types() -> dict[str, ET.Element]:
    tree = ET.parse(PACKAGING / "brick-companion-mime.xml")
    return {el.attrib["type"]: el for el in tree.getroot().findall("m:mime-type", NS)}


def test_desktop_entry_names_the_command_icon_and_file_types() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application" and entry["Name"] == "Brick Companion"
    assert entry["Exec"].split()[0] == "brick-companion" and "%f" in entry["Exec"]
    assert entry["Icon"] == "brick-companion"
    assert (
        set(filter(None, entry["MimeType"].split(";")))
        == set(mime_types())
        == {
            MAP,
            PARTY,
            GAME,
        }
    )


def test_file_types_by_name_and_content() -> None:
    types = mime_types()
    globs = {t: [g.attrib["pattern"] for g in el.findall("m:glob", NS)] for t, el in types.items()}
    assert globs[PARTY] == ["*.party.json"] and globs[GAME] == ["*.game.jsonl"]
    assert globs[MAP] == []  # maps are any *.json: known by content, never by name alone
    magic = types[MAP].find("m:magic/m:match", NS)
    assert magic is not None and magic.attrib["value"] == '"brick-companion-map"'


def test_qt_recognises_the_files(tmp_path: Path) -> None:
    share = tmp_path / "share"
    (share / "mime" / "packages").mkdir(parents=True)
    xml = (PACKAGING / "brick-companion-mime.xml").read_text(encoding="utf-8")
    (share / "mime" / "packages" / "brick-companion.xml").write_text(xml, encoding="utf-8")
    files = {
        "map": ROOT / "resources" / "dungeons" / "demo.json",
        "party": ROOT / "resources" / "parties" / "demo.party.json",
        "game": tmp_path / "night.game.jsonl",
    }
    files["game"].write_text('{"line": 1}\n', encoding="utf-8")
    env = dict(os.environ, XDG_DATA_HOME=str(share), QT_QPA_PLATFORM="offscreen")
    args = [sys.executable, "-c", SNIFF, json.dumps({k: str(v) for k, v in files.items()})]
    out = subprocess.run(args, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout)
    assert seen["party"] == PARTY and seen["game"] == GAME
    assert seen["map data"] == MAP and seen["map is json"] is True
    assert seen["other data"] != MAP
