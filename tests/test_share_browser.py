"""Share with players, end to end: the window's menu starts the server, a real headless
Chromium (Debian's) opens the phone page, and every raw response is checked for secrets.

A BrickQuest game on the demo dungeon: its Crypt is a hidden room holding Rattle and
Ankh-Ra. The browser is started once for the module (it is the slow part). Without
Chromium the tests skip, saying why, except in CI (``CI`` set), where they fail.
Screenshots go to ``BRICK_SHARE_SHOTS`` (a folder) when it is set.
"""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import DEMO, DEMO_PARTY, forget_changes, make_settings, make_window

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
#: What the hidden Crypt holds: never in any answer while it is hidden.
SECRETS = (b"Rattle", b"Ankh", b"Crypt", b"rattle", b"ankh")
PHONE = (390, 844)


def _browser_missing() -> str | None:
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).exists():
            return f"{path} is not installed (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    missing = _browser_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the phone page's browser test needs Chromium in CI: {missing}")
        pytest.skip(f"no headless browser: {missing}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tmp_path_factory.mktemp("chromium-profile")
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={PHONE[0]},{PHONE[1]}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    phone(driver, PHONE[1])
    try:
        yield driver
    finally:
        driver.quit()


def phone(driver: object, height: int) -> None:
    """Draw pages as a phone of ``PHONE``'s width does (Chromium's windows are wider)."""
    metrics = {"width": PHONE[0], "height": height, "deviceScaleFactor": 2, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)  # type: ignore[attr-defined]


class Dice:
    """The table's dice, typed: faces queued by the test."""

    def __init__(self) -> None:
        self.queue: list[int] = []

    def __call__(self, count: int, sides: int, purpose: str) -> list[int]:
        out, self.queue = self.queue[:count], self.queue[count:]
        return out


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)  # type: ignore[arg-type]
    assert w.open_path(DEMO)
    assert w.party_dock is not None and w.party_dock.open_path(DEMO_PARTY)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    dice = Dice()
    w.play.ask_dice = dice
    assert w.start_game(tmp_path / "crypt.game.jsonl", GameSpec(dice="typed"))
    dice.queue = [6, 6, 5, 5, 1, 1, 2, 2, 4, 4, 1, 2]  # initiative: no ties
    w.action_dock.buttons["Roll initiative"].click()
    assert w.play.turn().acting == "brannoc"
    w.sharing.host = "127.0.0.1"  # the test's own network: the machine itself
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    w.sharing.stop()
    forget_changes(w)


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def first_event(base: str, code: str) -> bytes:
    with urllib.request.urlopen(f"{base}api/events?code={code}", timeout=5) as r:
        while True:
            line = r.readline()
            if line.startswith(b"data: "):
                return line


def shots() -> Path | None:
    folder = os.environ.get("BRICK_SHARE_SHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


def page_state(driver: object, script: str) -> object:
    return driver.execute_script(script)  # type: ignore[attr-defined]


def squares_shown(driver: object) -> tuple[int, int, int, int]:
    """The squares the page's board shows: first and last column and row."""
    text = page_state(driver, "return document.querySelector('#board svg').dataset.squares")
    assert isinstance(text, str), text
    x0, y0, x1, y1 = (int(v) for v in text.split())
    return x0, y0, x1, y1


def known_box(view: dict[str, Any]) -> tuple[int, int, int, int]:
    """The squares of the map the players know (not blank): first and last column and row."""
    cells = [(x, y) for y, row in enumerate(view["board"]["rows"]) for x, ch in enumerate(row)]
    known = [(x, y) for x, y in cells if view["board"]["rows"][y][x] != " "]
    xs, ys = [x for x, _ in known], [y for _, y in known]
    return min(xs), min(ys), max(xs), max(ys)


def base_squares(figure: dict[str, Any]) -> tuple[int, int, int, int]:
    size = max(1, round(figure["size"]))
    x, y = figure["at"]
    if figure["anchor"] == "corner":
        return x, y, x + size - 1, y + size - 1
    half = (size - 1) // 2
    return x - half, y - half, x + size - 1 - half, y + size - 1 - half


def close_up(driver: object, view: dict[str, Any]) -> set[str]:
    """Check the page's close-up (inside the known map, phone-sized, no figure cut in two,
    every figure in it when they fit, else the one acting) and return the figures in it."""
    x0, y0, x1, y1 = squares_shown(driver)
    kx0, ky0, kx1, ky1 = known_box(view)
    assert kx0 <= x0 <= x1 <= kx1 and ky0 <= y0 <= y1 <= ky1, ((x0, y0, x1, y1), known_box(view))
    assert (x0, y0, x1, y1) != (kx0, ky0, kx1, ky1), "a close-up, not the whole map"
    inside: set[str] = set()
    placed = [f for f in view["figures"] if f["at"] is not None]
    for f in placed:
        a, b, c, d = base_squares(f)
        overlaps = c >= x0 and a <= x1 and d >= y0 and b <= y1
        whole = a >= x0 and c <= x1 and b >= y0 and d <= y1
        assert whole or not overlaps, f"{f['name']} is cut by the close-up's edge"
        if whole:
            inside.add(f["id"])
    # and as drawn: each token wholly in the picture or wholly out of it
    tokens = page_state(
        driver,
        "const b = document.querySelector('#board svg').viewBox.baseVal;"
        "return [[b.x, b.y, b.width, b.height], [...document.querySelectorAll("
        "'#board .figure circle')].map((c) => [c.getAttribute('cx'), c.getAttribute('cy'),"
        " c.getAttribute('r')].map(Number))];",
    )
    assert isinstance(tokens, list)
    (bx, by, bw, bh), discs = tokens
    # a half-square border only where the known map ends
    ml, mt = (0.5 if x0 == kx0 else 0), (0.5 if y0 == ky0 else 0)
    mr, mb = (0.5 if x1 == kx1 else 0), (0.5 if y1 == ky1 else 0)
    assert (bx, by, bw, bh) == (x0 - ml, y0 - mt, x1 - x0 + 1 + ml + mr, y1 - y0 + 1 + mt + mb)
    # no empty band at an edge: each edge row and column holds a square the players know
    rows = view["board"]["rows"]
    for y in (y0, y1):
        assert rows[y][x0 : x1 + 1].strip(), f"row {y} of the close-up is empty"
    for x in (x0, x1):
        assert any(rows[y][x] != " " for y in range(y0, y1 + 1)), f"column {x} is empty"
    for cx, cy, r in discs:
        seen = cx + r > bx and cx - r < bx + bw and cy + r > by and cy - r < by + bh
        whole = cx - r >= bx and cx + r <= bx + bw and cy - r >= by and cy + r <= by + bh
        assert whole or not seen, f"a token or ring at {cx},{cy} is cut by the picture's edge"
    big = max(round(f["size"]) for f in placed)
    assert x1 - x0 + 1 <= 16 + big - 1 and y1 - y0 + 1 <= 20 + big - 1  # phone-sized
    acting = [f["id"] for f in placed if f["acting"]]
    assert set(acting) <= inside
    fx0 = min(base_squares(f)[0] for f in placed)
    fx1 = max(base_squares(f)[2] for f in placed)
    fy0 = min(base_squares(f)[1] for f in placed)
    fy1 = max(base_squares(f)[3] for f in placed)
    if fx1 - fx0 + 3 <= 16 and fy1 - fy0 + 3 <= 20:  # they fit: every one is framed
        assert inside == {f["id"] for f in placed}
    return inside


def test_phones_join_follow_the_game_and_open_a_sheet(
    qtbot: object, window: MainWindow, browser: object
) -> None:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    w = window
    driver = browser
    bot = qtbot
    # The game knows the Crypt's monsters (so the checks below could fail).
    assert {"rattle", "ankh"} <= set(w.play.figures())
    # Off by default; the menu action starts it and shows the address and the code.
    assert not w.sharing.action.isChecked() and w.sharing.server is None
    menu_texts = [a.text() for a in w.game_menu.actions()]
    assert "&Share with players…" in menu_texts
    w.sharing.action.trigger()
    server = w.sharing.server
    assert server is not None and server.running and w.sharing.action.isChecked()
    dialog = w.sharing.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.code_label.text() == server.code and dialog.url_label.text() == server.url
    assert not dialog.qr_label.pixmap().isNull()
    assert server.code in w.sharing.status_label.text() and w.sharing.status_label.isVisible()
    url, code = server.url, server.code
    assert url.startswith("http://127.0.0.1:")
    if (folder := shots()) is not None:
        dialog.grab().save(str(folder / "share-dialog.png"))

    def shown(element_id: str) -> bool:
        try:
            found = driver.find_elements(By.ID, element_id)  # type: ignore[attr-defined]
            return bool(found) and found[0].is_displayed()
        except StaleElementReferenceException:  # the page is being replaced
            return False

    # A wrong code is refused: the form says so, and no game data is on the page.
    driver.get(url)  # type: ignore[attr-defined]
    field = driver.find_element(By.ID, "code")  # type: ignore[attr-defined]
    wrong = "AAAAAA" if code != "AAAAAA" else "CCCCCC"
    field.send_keys(wrong)
    driver.find_element(By.ID, "go").click()  # type: ignore[attr-defined]
    bot.waitUntil(lambda: shown("wrong"), timeout=5000)  # type: ignore[attr-defined]
    assert driver.find_elements(By.ID, "board") == []  # type: ignore[attr-defined]
    assert "Brannoc" not in driver.page_source  # type: ignore[attr-defined]
    assert fetch(f"{url}?code={wrong}")[0] == 403 and fetch(url)[0] == 401

    # The right code shows the map, the tracker and the log.
    field = driver.find_element(By.ID, "code")  # type: ignore[attr-defined]
    field.send_keys(code.lower())
    driver.find_element(By.ID, "go").click()  # type: ignore[attr-defined]

    bot.waitUntil(lambda: shown("board-card") and shown("log-card"), timeout=5000)  # type: ignore[attr-defined]
    # A close-up round the figures (readable on a phone), the acting one in it; the
    # whole map a tap away, every figure the players know on it.
    cells = page_state(driver, "return document.querySelectorAll('#board rect').length")
    assert isinstance(cells, int) and cells > 100
    width = "return document.querySelector('#board svg').viewBox.baseVal.width"
    close = page_state(driver, width)
    assert page_state(driver, "return !!document.querySelector('#board .figure.acting')")
    shown_view = json.loads(fetch(f"{url}api/view?code={code}")[1])
    framed = close_up(driver, shown_view)
    assert "brannoc" in framed  # the one acting
    driver.find_element(By.ID, "zoom").click()  # type: ignore[attr-defined]
    tokens = page_state(driver, "return document.querySelectorAll('#board .figure').length")
    assert tokens == len([f for f in w.play.figures() if f not in ("rattle", "ankh")])
    whole = page_state(driver, width)
    assert isinstance(close, int | float) and isinstance(whole, int | float)
    assert close < whole  # squares across
    assert squares_shown(driver) == known_box(shown_view)  # the whole known map
    if folder is not None:
        driver.save_screenshot(str(folder / "phone-whole-map.png"))  # type: ignore[attr-defined]
    driver.find_element(By.ID, "zoom").click()  # type: ignore[attr-defined]
    assert driver.find_element(By.ID, "acting").text == "Brannoc"  # type: ignore[attr-defined]
    assert "Round 1" in driver.find_element(By.ID, "round").text  # type: ignore[attr-defined]
    log_items = driver.find_elements(By.CSS_SELECTOR, "#log li")  # type: ignore[attr-defined]
    assert log_items and "initiative" in driver.find_element(By.ID, "log").text.lower()  # type: ignore[attr-defined]
    if folder is not None:
        driver.save_screenshot(str(folder / "phone-page.png"))  # type: ignore[attr-defined]
        phone(driver, 2400)  # the whole page, scrolled
        driver.save_screenshot(str(folder / "phone-page-long.png"))  # type: ignore[attr-defined]
        phone(driver, PHONE[1])

    # An action taken in the window reaches the page within a second.
    before = page_state(driver, "return document.body.dataset.version")
    lines_before = len(log_items)
    button = w.action_dock.buttons["Begin turn"]
    started = time.monotonic()
    bot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert w.play.figures()["brannoc"].actions_left == 2  # the window took it
    bot.waitUntil(  # type: ignore[attr-defined]
        lambda: page_state(driver, "return document.body.dataset.version") != before,
        timeout=3000,
    )
    took = time.monotonic() - started
    print(f"share: the phone page followed the window's action in {took * 1000:.0f} ms")
    assert took < 1.0, f"the page followed after {took:.2f} s"
    after = driver.find_elements(By.CSS_SELECTOR, "#log li")  # type: ignore[attr-defined]
    assert len(after) > lines_before
    newest = w.log_dock.lines[-1].text
    assert after[0].text == newest  # newest first
    assert driver.find_element(By.ID, "status").text == "live"  # type: ignore[attr-defined]

    # The one acting goes far from the others: the close-up follows it, cutting nobody.
    left = squares_shown(driver)
    assert w.play.act(
        {"actor": "brickmaster", "action": "adjust", "figure": "brannoc", "at": [35, 10]}
    )
    bot.waitUntil(lambda: squares_shown(driver) != left, timeout=3000)  # type: ignore[attr-defined]
    moved_view = json.loads(fetch(f"{url}api/view?code={code}")[1])
    framed = close_up(driver, moved_view)
    assert "brannoc" in framed and "snik" not in framed
    assert squares_shown(driver)[2] >= 35
    if folder is not None:
        driver.save_screenshot(str(folder / "phone-close-up-follows.png"))  # type: ignore[attr-defined]

    # A character's sheet opens read-only.
    driver.find_element(By.CSS_SELECTOR, "button.open-sheet[data-id='brannoc']").click()  # type: ignore[attr-defined]
    bot.waitUntil(lambda: shown("sheet"), timeout=3000)  # type: ignore[attr-defined]
    assert driver.find_element(By.ID, "sheet-name").text == "Brannoc"  # type: ignore[attr-defined]
    sheet = driver.find_element(By.ID, "sheet")  # type: ignore[attr-defined]
    assert sheet.find_elements(By.CSS_SELECTOR, "tr")
    # What Brannoc carries, by the names the window gives it, not the rules' ids.
    assert "Healing Potion" in sheet.text and "healing_potion" not in sheet.text
    editable = "input, textarea, select, [contenteditable], form"
    assert sheet.find_elements(By.CSS_SELECTOR, editable) == []
    fields = "return document.querySelectorAll('input, textarea, select').length"
    assert page_state(driver, fields) == 0
    if folder is not None:
        driver.save_screenshot(str(folder / "phone-sheet.png"))  # type: ignore[attr-defined]
    driver.find_element(By.ID, "sheet-close").click()  # type: ignore[attr-defined]
    assert shown("board-card")

    # Nothing hidden in any answer: every route, raw, and the page as drawn.
    view = json.loads(fetch(f"{url}api/view?code={code}")[1])
    bodies = [
        fetch(f"{url}?code={code}")[1],
        fetch(f"{url}share.js?code={code}")[1],
        fetch(f"{url}share.css?code={code}")[1],
        fetch(f"{url}api/view?code={code}")[1],
        first_event(url, code),
        fetch(url)[1],
    ]
    sheet_ids = [s["figure_id"] for s in view["sheets"]]
    assert "brannoc" in sheet_ids
    bodies += [fetch(f"{url}api/sheet/{fid}?code={code}")[1] for fid in sheet_ids]
    for fid in ("rattle", "ankh"):
        status, body = fetch(f"{url}api/sheet/{fid}?code={code}")
        assert status == 404
        bodies.append(body)
    bodies.append(driver.page_source.encode())  # type: ignore[attr-defined]
    for body in bodies:
        for secret in SECRETS:
            assert secret not in body, (secret, body[:200])

    # Unticking stops it: the port is closed and the page says it lost the table.
    w.sharing.action.trigger()
    assert w.sharing.server is None and not server.running
    assert not w.sharing.status_label.isVisible()
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(f"{url}api/view?code={code}", timeout=2)
    bot.waitUntil(  # type: ignore[attr-defined]
        lambda: driver.find_element(By.ID, "status").text != "live",  # type: ignore[attr-defined]
        timeout=5000,
    )
    assert not w.errors, w.errors  # type: ignore[attr-defined]


def test_revealed_rooms_and_freezing_reach_the_phones_and_a_new_share_has_a_new_code(
    qtbot: object, window: MainWindow
) -> None:
    """The raw check above can fail: once the Crypt is revealed on the map, its monsters
    are in the answers. A frozen players' view stays frozen on the phones until released.
    Sharing again gives a new code; the old one is refused."""
    w = window
    w.sharing.action.trigger()
    server = w.sharing.server
    assert server is not None
    url, first = server.url, server.code
    assert b"Rattle" not in fetch(f"{url}api/view?code={first}")[1]
    w.rooms_shown.actions_by_name()["Crypt"].trigger()  # Map → Rooms the players see
    qtbot.waitUntil(  # type: ignore[attr-defined]
        lambda: b"Rattle" in fetch(f"{url}api/view?code={first}")[1], timeout=2000
    )
    # Frozen by the BrickMaster: the phones keep the picture, and are told it is frozen.
    w.players.freeze.trigger()
    qtbot.waitUntil(  # type: ignore[attr-defined]
        lambda: json.loads(fetch(f"{url}api/view?code={first}")[1])["frozen"], timeout=2000
    )
    kept = fetch(f"{url}api/view?code={first}")[1]
    w.action_dock.buttons["Begin turn"].click()
    qtbot.wait(200)  # type: ignore[attr-defined]
    assert fetch(f"{url}api/view?code={first}")[1] == kept
    w.players.freeze.trigger()  # released: the turn begun shows
    qtbot.waitUntil(  # type: ignore[attr-defined]
        lambda: fetch(f"{url}api/view?code={first}")[1] != kept, timeout=2000
    )
    assert not json.loads(fetch(f"{url}api/view?code={first}")[1])["frozen"]
    w.sharing.action.trigger()  # off
    w.sharing.action.trigger()  # on again
    again = w.sharing.server
    assert again is not None and again.code != first
    assert fetch(f"{again.url}api/view?code={first}")[0] == 403
    assert fetch(f"{again.url}api/view?code={again.code}")[0] == 200
    w.close()  # closing the window stops it
    assert w.sharing.server is None and not again.running


@pytest.mark.parametrize("ruleset", ["duel", "heroica"])
def test_the_other_boards_on_a_phone(
    qtbot: object, tmp_path: Path, browser: object, ruleset: str
) -> None:
    """The duel's graph board (places and links) and Heroica's spaces (their colours)."""
    from selenium.webdriver.common.by import By

    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)  # type: ignore[arg-type]
    path = tmp_path / f"{ruleset}.game.jsonl"
    board = "graph" if ruleset == "duel" else "squares"
    if ruleset == "duel":
        assert w.play.new_game(path, None, ruleset_id="duel", dice="app", seed=1)
    else:
        assert w.open_demo(2)  # Draida Bay, with the demo party
        roster = w.roster_panel.roster()
        assert w.start_game(path, GameSpec(dice="app", seed=3), roster=roster)
    w.sharing.host = "127.0.0.1"
    try:
        w.sharing.action.trigger()
        server = w.sharing.server
        assert server is not None
        view = json.loads(fetch(f"{server.url}api/view?code={server.code}")[1])
        assert view["board"]["kind"] == board
        driver = browser
        driver.get(f"{server.url}?code={server.code}")  # type: ignore[attr-defined]

        def count(css: str) -> int:
            return int(page_state(driver, f"return document.querySelectorAll('{css}').length"))  # type: ignore[arg-type]

        qtbot.waitUntil(lambda: count("#board svg") == 1, timeout=5000)  # type: ignore[attr-defined]
        if board == "graph":
            assert count("#board .place") == len(view["board"]["places"]) > 1
            assert count("#board .links line") > 0
            placed = [f for f in view["figures"] if f["place"]]
            assert placed and count("#board .figure") == len(placed)
        else:
            fills = [m for m in view["board"]["marks"] if m["kind"] == "fill"]
            assert fills and count("#board .fill-mark") == len(fills)
            assert count("#board .figure") >= 1
            # Draida Bay is wider than a phone: a close-up, nobody cut at its edge
            assert driver.find_element(By.ID, "zoom").is_displayed()  # type: ignore[attr-defined]
            assert close_up(driver, view)
        names = driver.find_element(By.ID, "figures").text  # type: ignore[attr-defined]
        assert all(f["name"] in names for f in view["figures"])
        if (folder := shots()) is not None:
            driver.save_screenshot(str(folder / f"phone-{ruleset}.png"))  # type: ignore[attr-defined]
        assert not errors, errors
    finally:
        w.sharing.stop()
        w.session.undo_stack.setClean()
        w.roster_panel.undo_stack.setClean()


def test_a_qubqst_catacomb_on_a_phone(qtbot: object, tmp_path: Path, browser: object) -> None:
    """QUBQST's catacomb as rolled cubes: squares with their faces, joined paths solid,
    unjoined ones dashed, the discarded cube greyed."""
    from qubqst_catacomb import played_catacomb

    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)  # type: ignore[arg-type]
    path = tmp_path / "q.game.jsonl"
    played_catacomb(path)
    assert w.open_game(path)
    w.sharing.host = "127.0.0.1"
    try:
        w.sharing.action.trigger()
        server = w.sharing.server
        assert server is not None
        driver = browser
        driver.get(f"{server.url}?code={server.code}")  # type: ignore[attr-defined]

        def count(css: str) -> int:
            return int(page_state(driver, f"return document.querySelectorAll('{css}').length"))  # type: ignore[arg-type]

        qtbot.waitUntil(lambda: count("#board svg") == 1, timeout=5000)  # type: ignore[attr-defined]
        assert count("#board .place.cube") == 4
        assert count("#board .place.cube.yellow") == 1
        # black3's E and S are unjoined; every other path is joined (N-S chain: 6 ends)
        assert count("#board .path.unjoined") == 2
        assert count("#board .path.joined") == 6
        assert count("#board .discarded") == 1
        faces = page_state(
            driver,  # type: ignore[arg-type]
            "return [...document.querySelectorAll('#board .place-face')].map(e => e.textContent)",
        )
        assert "paths N E S · empty" in faces  # type: ignore[operator]
        if (folder := shots()) is not None:
            driver.save_screenshot(str(folder / "phone-qubqst.png"))  # type: ignore[attr-defined]
        assert not errors, errors
    finally:
        w.sharing.stop()
        w.session.undo_stack.setClean()
        w.roster_panel.undo_stack.setClean()
