"""The share server on 127.0.0.1: the join code, the guard (size, method, path, rate, streams),
the event stream, stopping; and a bounded load test that it keeps answering the right client.

Views here are built by hand from the public-view contract (helpers/PUBLIC-VIEW.md): the
server sends whatever ``model_dump`` gives, so it is tested apart from the rules.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from collections.abc import Iterator

import pytest
from share_client import Raw, get, raw, read_events, status_of

from companion.share import Limits, ShareServer, local_address, new_join_code
from companion.share.address import CODE_ALPHABET
from companion.share.guard import ClientGuard

VIEW = {
    "version": 1,
    "ruleset": "brickquest",
    "title": "BrickQuest",
    "game": "crypt",
    "board": {"kind": "squares", "width": 3, "height": 1, "rows": ["..."], "heights": None},
    "figures": [],
    "tracker": {"round": 1, "phase": None, "acting": ["Ava"], "order": ["Ava"]},
    "last_roll": None,
    "odds": None,
    "log": ["Ava moves."],
    "sheets": [{"figure_id": "ava", "name": "Ava"}],
    "frozen": False,
}


class Table:
    """What the window would hand the server: a view that changes, and sheets."""

    def __init__(self) -> None:
        self.view = dict(VIEW)

    def public_view(self) -> Raw:
        return Raw(**self.view)

    def public_sheet(self, figure_id: str) -> Raw | None:
        if figure_id == "Ünne 2:b":  # an id of the user's own making
            return Raw(figure_id=figure_id, name="Ünne", sections=[])
        if figure_id != "ava":
            return None
        return Raw(
            figure_id="ava", name="Ava", sections=[{"heading": "Body", "rows": [["HP", "5"]]}]
        )


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def server(table: Table) -> Iterator[ShareServer]:
    s = ShareServer(table.public_view, table.public_sheet, host="127.0.0.1")
    s.start()
    yield s
    s.stop()


def q(server: ShareServer, path: str) -> str:
    return f"{path}{'&' if '?' in path else '?'}code={server.code}"


def test_join_codes_are_new_short_and_readable() -> None:
    codes = {new_join_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("0O1IL") & set(CODE_ALPHABET)


def test_local_address_is_private_or_loopback() -> None:
    import ipaddress

    ip = ipaddress.ip_address(local_address())
    assert ip.is_loopback or ip.is_private


def test_every_route_without_the_code_is_refused(server: ShareServer) -> None:
    for path in (
        "/",
        "/share.js",
        "/share.css",
        "/api/view",
        "/api/events",
        "/api/sheet/ava",
        "/x",
    ):
        answer = get(server.port, path)
        assert answer.status == 401, path
        assert b"Ava" not in answer.body
    wrong = "AAAAAA" if server.code != "AAAAAA" else "CCCCCC"
    for path in ("/api/view", "/api/sheet/ava"):
        answer = get(server.port, f"{path}?code={wrong}")
        assert answer.status == 403
        assert b"Ava" not in answer.body
    # the page's address answers with the join form, the wrong code said
    form = get(server.port, f"/?code={wrong}", source="127.0.0.3")
    assert form.status == 403 and b'name="code"' in form.body
    assert b'class="wrong" hidden' not in form.body


def test_the_right_code_opens_the_page_the_view_and_a_sheet(
    server: ShareServer, table: Table
) -> None:
    join = get(server.port, f"/?code={server.code.lower()}")  # typed in lower case
    assert join.status == 303 and join.headers["location"] == "/"
    cookie = join.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    page = get(server.port, "/", headers={"Cookie": cookie.split(";")[0]})
    assert page.status == 200 and b"/share.js" in page.body
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["cache-control"] == "no-store"
    view = get(server.port, q(server, "/api/view"))
    assert view.status == 200 and json.loads(view.body) == VIEW
    sheet = get(server.port, q(server, "/api/sheet/ava"))
    assert json.loads(sheet.body)["sections"][0]["rows"] == [["HP", "5"]]
    assert get(server.port, q(server, "/api/sheet/brute")).status == 404
    table.view = {**VIEW, "sheets": [*VIEW["sheets"], {"figure_id": "Ünne 2:b", "name": "Ünne"}]}
    server.publish()
    time.sleep(0.1)
    odd = get(server.port, q(server, "/api/sheet/%C3%9Cnne%202%3Ab"))
    assert odd.status == 200 and json.loads(odd.body)["name"] == "Ünne"
    assert get(server.port, q(server, "/api/nothing")).status == 404


def test_a_cookie_from_an_earlier_share_asks_for_the_code_again(server: ShareServer) -> None:
    stale = "AAAAAA" if server.code != "AAAAAA" else "CCCCCC"
    form = get(server.port, "/", headers={"Cookie": f"bc_join={stale}"}, source="127.0.0.7")
    assert form.status == 403 and b'name="code"' in form.body
    assert b'class="wrong" hidden' in form.body  # not blamed for a code not typed
    assert "bc_join=" in form.headers["set-cookie"]  # the stale cookie is cleared
    assert get(server.port, "/api/view", headers={"Cookie": f"bc_join={server.code}"}).status == 200
    assert get(server.port, q(server, "/api/events"), method="HEAD").status == 200


def test_oversized_bad_methods_and_malformed_paths_are_refused(server: ShareServer) -> None:
    port = server.port
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        assert get(port, q(server, "/api/view"), method=method).status == 405, method
    big = get(port, q(server, "/api/view"), headers={"Content-Length": "5000"}, body=b"x" * 5000)
    assert big.status == 413
    assert get(port, "/" + "a" * 3000).status in (400, 414)  # the request line is too long
    assert get(port, q(server, "/"), headers={"X-Big": "y" * 9000}).status in (400, 431)
    for path in (
        "/a/../api/view",
        "/%2e%2e/x",
        "/api/sheet/%00",
        "/a//b",
        "/a/b/c/d/e/f",
        "/a/%2E/b",
        "/x%0a",
    ):
        assert get(port, q(server, path)).status in (400, 404), path
    assert status_of(raw(port, b"HELLO THERE\r\n\r\n")) == 400
    assert status_of(raw(port, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" * 20)) in (0, 400)
    # still answering
    assert get(port, q(server, "/api/view")).status == 200


def test_a_forged_host_is_refused_even_with_the_code(server: ShareServer) -> None:
    """A page from another site whose name was pointed at this address (DNS rebinding)
    sends its own name as the Host: refused, whatever else it gives; the server's own
    address and port are accepted."""
    port = server.port
    assert get(port, q(server, "/api/view"), headers={"Host": f"127.0.0.1:{port}"}).status == 200
    for host in (
        f"evil.example:{port}",
        "evil.example",
        f"localhost:{port}",
        "127.0.0.1",  # the port left out
        f"127.0.0.1:{port + 1}",
        f"127.0.0.1:{port}.evil.example",
        "",
    ):
        answer = get(port, q(server, "/api/view"), headers={"Host": host})
        assert answer.status == 421, host
        assert b"Ava" not in answer.body
    for path in ("/", q(server, "/"), q(server, "/api/sheet/ava"), q(server, "/share.js")):
        assert get(port, path, headers={"Host": f"evil.example:{port}"}).status == 421, path
    no_host = raw(port, f"GET {q(server, '/api/view')} HTTP/1.0\r\n\r\n".encode())
    assert status_of(no_host) == 421 and b"Ava" not in no_host
    same = raw(
        port, f"GET {q(server, '/api/view')} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    )
    assert status_of(same) == 200 and b"Ava" in same


def test_wrong_codes_shut_a_client_out(server: ShareServer) -> None:
    wrong = "AAAAAA" if server.code != "AAAAAA" else "CCCCCC"
    statuses = [
        get(server.port, f"/api/view?code={wrong}", source="127.0.0.4").status for _ in range(12)
    ]
    assert statuses[: server.limits.wrong_codes] == [403] * server.limits.wrong_codes
    assert statuses[-1] == 429
    # even with the right code now, for a while
    assert get(server.port, q(server, "/api/view"), source="127.0.0.4").status == 429
    assert get(server.port, q(server, "/api/view")).status == 200  # others are not


def test_the_rate_limiter_refills() -> None:
    now = [0.0]
    guard = ClientGuard(Limits(rate=2.0, burst=3), clock=lambda: now[0])
    assert [guard.allow("a") for _ in range(4)][:3] == [0.0, 0.0, 0.0]
    assert guard.allow("a") > 0
    assert guard.allow("b") == 0.0
    now[0] = 1.0  # two more
    assert guard.allow("a") == 0.0 and guard.allow("a") == 0.0 and guard.allow("a") > 0


def test_published_views_reach_the_event_stream(server: ShareServer, table: Table) -> None:
    got: list[bytes] = []
    reader = threading.Thread(
        target=lambda: got.extend(read_events(server.port, q(server, "/api/events"), 2))
    )
    reader.start()
    time.sleep(0.3)
    table.view = {**VIEW, "version": 2, "log": ["Ava moves.", "Ava opens the door."]}
    sent = time.monotonic()
    assert server.publish()
    reader.join(5)
    took = time.monotonic() - sent
    assert [json.loads(e)["version"] for e in got] == [1, 2]
    assert took < 1.0
    # the same view again sends nothing new
    server.publish()
    assert json.loads(get(server.port, q(server, "/api/view")).body)["version"] == 2


def test_open_event_streams_are_capped(table: Table) -> None:
    limits = Limits(streams_per_client=2, streams=3)
    server = ShareServer(table.public_view, table.public_sheet, host="127.0.0.1", limits=limits)
    server.start()
    socks = []
    try:

        def open_stream(source: str) -> int:
            s = socket.create_connection(("127.0.0.1", server.port), source_address=(source, 0))
            s.settimeout(5)
            host = f"127.0.0.1:{server.port}"
            s.sendall(f"GET {q(server, '/api/events')} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            socks.append(s)
            return status_of(s.recv(4096))

        assert open_stream("127.0.0.1") == 200
        assert open_stream("127.0.0.1") == 200
        assert open_stream("127.0.0.1") == 429  # this phone has enough
        assert open_stream("127.0.0.5") == 200
        assert open_stream("127.0.0.6") == 503  # the server has enough
        assert get(server.port, q(server, "/api/view")).status == 200
    finally:
        for s in socks:
            s.close()
        t = time.monotonic()
        server.stop()
        assert time.monotonic() - t < 3.0  # open streams do not hold the stop up


def test_stop_closes_the_port_and_a_new_start_has_a_new_code(table: Table) -> None:
    server = ShareServer(table.public_view, table.public_sheet, host="127.0.0.1")
    server.start()
    first_code, first_port = server.code, server.port
    assert get(first_port, f"/api/view?code={first_code}").status == 200
    server.stop()
    assert not server.running
    with pytest.raises(OSError):
        get(first_port, f"/api/view?code={first_code}", timeout=1)
    server.start()
    try:
        assert server.code != first_code
        assert get(server.port, f"/api/view?code={first_code}").status == 403
        assert get(server.port, q(server, "/api/view")).status == 200
    finally:
        server.stop()


def test_a_view_that_fails_keeps_the_last_one(server: ShareServer, table: Table) -> None:
    def broken() -> Raw:
        raise RuntimeError("a bug in the view")

    server._view = broken
    assert server.publish() is False
    assert json.loads(get(server.port, q(server, "/api/view")).body)["version"] == 1


def test_bounded_flood_is_refused_and_the_right_client_still_answered(
    server: ShareServer,
) -> None:
    """A phone floods from 127.0.0.2 (with and without the code, wrong methods, junk);
    the right phone on 127.0.0.1 is answered all along, and quickly."""
    stop = threading.Event()
    flood_statuses: list[int] = []
    port = server.port

    def flood() -> None:
        kinds = [
            q(server, "/api/view"),
            "/api/view",
            "/api/view?code=WRONG9",
            q(server, "/api/sheet/ava"),
        ]
        i = 0
        while not stop.is_set() and i < 600:
            try:
                flood_statuses.append(get(port, kinds[i % len(kinds)], source="127.0.0.2").status)
            except OSError:
                flood_statuses.append(-1)
            i += 1

    flooders = [threading.Thread(target=flood) for _ in range(3)]
    for t in flooders:
        t.start()
    right: list[tuple[int, float]] = []
    try:
        for _ in range(20):
            t0 = time.monotonic()
            right.append((get(port, q(server, "/api/view")).status, time.monotonic() - t0))
            time.sleep(0.05)
    finally:
        stop.set()
        for t in flooders:
            t.join(30)
    print(
        f"share flood: {len(flood_statuses)} requests from the flooder, "
        f"{flood_statuses.count(429)} refused 429, {flood_statuses.count(200)} answered; "
        f"the right client's slowest answer {max(d for _, d in right) * 1000:.0f} ms"
    )
    assert len(flood_statuses) > 100
    assert flood_statuses.count(429) > len(flood_statuses) // 2
    assert -1 not in flood_statuses  # refused with an answer, never dropped
    assert [s for s, _ in right] == [200] * 20
    assert max(d for _, d in right) < 1.0
    assert server.running


def test_nothing_is_written_to_disk(server: ShareServer, table: Table) -> None:
    """An audit hook watches every file the server's thread opens while requests come in."""
    written: list[str] = []
    watching = threading.Event()

    def hook(event: str, args: tuple[object, ...]) -> None:
        if not watching.is_set() or threading.current_thread().name != "share-server":
            return
        if event == "open":
            mode, flags = args[1], args[2]
            if (isinstance(mode, str) and set(mode) & set("wax+")) or (
                isinstance(flags, int) and flags & 0o3 and True
            ):
                written.append(str(args[0]))
        elif event in ("os.remove", "os.rename", "os.mkdir", "shutil.copyfile"):
            written.append(f"{event} {args[0]}")

    sys.addaudithook(hook)
    watching.set()
    try:
        for path in ("/", "/api/view", "/api/sheet/ava", "/x", "/?code=BAD999"):
            get(server.port, q(server, path) if "code" not in path else path)
        get(server.port, q(server, "/api/view"), method="POST", body=b"data")
        table.view = {**VIEW, "version": 3}
        server.publish()
        read_events(server.port, q(server, "/api/events"), 1)
    finally:
        watching.clear()
    assert written == []
