"""The share server: the players' phone page and the public view, on the local network.

Why aiohttp: a well-kept asyncio HTTP server (its own parser, limits on request lines,
headers and bodies) that holds many long-lived server-sent event streams cheaply on one
thread. It runs in a background thread with its own event loop, so the window's Qt loop
never waits on a phone. Server-sent events rather than web sockets: the phones only ever
listen, EventSource reconnects by itself, and it is plain HTTP through the same guard.

What it serves and nothing else: its own page (``resources/share/``, read into memory at
start, no CDN), the public view as JSON, a stream of new views, and the sheets the view
lists. It never reads the game: ``publish`` (called on the window's thread after each
change) asks the ``view`` and ``sheet`` callables there and hands the server the finished
bytes. Every request is checked in this order: its Host is this server's own
``address:port`` (no DNS rebinding), method (GET/HEAD), no body, a clean path,
the client's rate, the join code (query ``code`` or the cookie the join form sets); then
only the known routes answer. Nothing is ever written to disk.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import threading
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web
from pydantic import BaseModel

from companion.paths import resource_dir
from companion.share.address import local_address, new_join_code, normal_code
from companion.share.guard import ClientGuard, Limits

log = logging.getLogger(__name__)

COOKIE = "bc_join"
#: The page's files, by the path they are served at.
PAGE_FILES = {
    "/": ("index.html", "text/html"),
    "/share.js": ("share.js", "text/javascript"),
    "/share.css": ("share.css", "text/css"),
}
JOIN_FILE = "join.html"
#: An address's path as sent: at most 4 segments of URL-safe or percent-encoded characters.
_CLEAN_PATH = re.compile(r"^(/(?:[A-Za-z0-9_.~:@!$'()*+,;=-]|%[0-9A-Fa-f]{2}){0,240}){1,4}$")
#: A figure id a sheet may be asked for (decoded): no slash, no control characters.
_FIGURE_ID = re.compile(r"^[^/\x00-\x1f\x7f]{1,120}$")
#: Seconds between keep-alive comments on an idle event stream.
KEEPALIVE = 15.0
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
}

#: The join form's policy: its own inline style, and a form sent back here; nothing else.
JOIN_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)

__all__ = ["Limits", "ShareError", "ShareServer"]

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _clean(request: web.Request) -> bool:
    """A well-formed path (no dot segments, no control characters once decoded) and a
    short query."""
    if not _CLEAN_PATH.match(request.rel_url.raw_path) or len(request.query) > 4:
        return False
    path = request.path
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in path):
        return False
    return not any(part in (".", "..") for part in path.split("/"))


class ShareError(RuntimeError):
    """The server could not start (no free port, the address not usable...)."""


@dataclass(frozen=True)
class _Published:
    """One published public view: its JSON and its sheets' JSON, by figure id."""

    seq: int
    view: bytes
    sheets: Mapping[str, bytes]


def _json(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class ShareServer:
    """A local web server for the players' phones; ``start``, ``publish`` after each
    change, ``stop``. ``view`` gives the public view (None: no game open) and ``sheet``
    one character's public sheet (None: no such sheet); both are called on the thread
    that calls ``publish``, never on the server's."""

    def __init__(
        self,
        view: Callable[[], BaseModel | None],
        sheet: Callable[[str], BaseModel | None],
        *,
        host: str | None = None,
        port: int = 0,
        limits: Limits | None = None,
        files: Path | None = None,
    ) -> None:
        self._view = view
        self._sheet = sheet
        self._host = host
        self._port = port
        self.limits = limits or Limits()
        self._files_dir = files or resource_dir() / "share"
        self.code = ""
        self.host = ""
        self.port = 0
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._published = _Published(0, _json(None), {})
        self._wake: asyncio.Event | None = None
        self._stopping = False
        self._streams: Counter[str] = Counter()
        self._guard = ClientGuard(self.limits)
        self._files: dict[str, tuple[bytes, str]] = {}

    # -- the window's side ----------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def url(self) -> str:
        """The address the phones open (shown as a QR code)."""
        return f"http://{self.host}:{self.port}/"

    def start(self, timeout: float = 10.0) -> None:
        """Listen on the local network's address (or ``host``), a free port, with a new
        join code; raises ``ShareError`` with the reason if it cannot."""
        if self.running:
            return
        self._files = self._read_files()
        self.code = new_join_code()
        self.host = self._host or local_address()
        self._stopping = False
        self._guard = ClientGuard(self.limits)
        self._streams.clear()
        ready = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(
            target=self._run, args=(ready, failure), name="share-server", daemon=True
        )
        self._thread.start()
        if not ready.wait(timeout):
            self.stop()
            raise ShareError("the share server did not start in time")
        if failure:
            self._thread.join(timeout)
            self._thread = None
            raise ShareError(f"cannot listen on {self.host}: {failure[0]}") from failure[0]
        self.publish()

    def stop(self, timeout: float = 5.0) -> None:
        """Close every stream and the listening socket; returns once the thread ended."""
        thread, loop = self._thread, self._loop
        if thread is None:
            return
        if loop is not None and loop.is_running():
            try:
                asyncio.run_coroutine_threadsafe(self._shutdown(), loop).result(timeout)
            except Exception:  # already closing, or slow: the thread is a daemon
                log.warning("share server: shutdown did not finish cleanly", exc_info=True)
        thread.join(timeout)
        self._thread = None
        self._loop = None
        self.code = ""

    def publish(self) -> bool:
        """Ask for the public view now and send it to every phone (``publish_view``)."""
        if not self.running:
            return False
        try:
            view = self._view()
        except Exception:
            log.exception("share server: the public view could not be built")
            return False
        return self.publish_view(view)

    def publish_view(self, view: BaseModel | None) -> bool:
        """Send ``view`` (None: no game open) and the sheets it lists to every phone; the
        sheets are asked for here, on the caller's thread. False if they could not be
        built (logged; the phones keep the last view)."""
        loop = self._loop
        if loop is None or not self.running:
            return False
        try:
            data = None if view is None else view.model_dump(mode="json")
            sheets: dict[str, bytes] = {}
            for ref in (data or {}).get("sheets", []):
                fid = str(ref.get("figure_id", ""))
                sheet = self._sheet(fid) if _FIGURE_ID.match(fid) else None
                if sheet is not None:
                    sheets[fid] = _json(sheet.model_dump(mode="json"))
            body = _json(data)
        except Exception:
            log.exception("share server: the public view could not be built")
            return False
        loop.call_soon_threadsafe(self._install, body, sheets)
        return True

    # -- the server's thread --------------------------------------------------------------
    def _read_files(self) -> dict[str, tuple[bytes, str]]:
        files: dict[str, tuple[bytes, str]] = {}
        try:
            for route, (name, kind) in PAGE_FILES.items():
                files[route] = ((self._files_dir / name).read_bytes(), kind)
            files["join"] = ((self._files_dir / JOIN_FILE).read_bytes(), "text/html")
        except OSError as exc:
            raise ShareError(f"the phone page's files are missing: {exc}") from exc
        return files

    def _run(self, ready: threading.Event, failure: list[BaseException]) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._open())
        except Exception as exc:
            failure.append(exc)
            ready.set()
            loop.close()
            self._loop = None
            return
        ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    async def _open(self) -> None:
        self._wake = asyncio.Event()
        app = web.Application(middlewares=[self._guarded], client_max_size=1024)
        app.router.add_get("/", self._page)
        app.router.add_get("/share.js", self._page)
        app.router.add_get("/share.css", self._page)
        app.router.add_get("/api/view", self._api_view)
        app.router.add_get("/api/events", self._api_events)
        app.router.add_get("/api/sheet/{figure}", self._api_sheet)
        app.on_response_prepare.append(self._headers)
        limits = self.limits
        runner = web.AppRunner(
            app,
            access_log=None,
            shutdown_timeout=1.0,
            max_line_size=limits.line_bytes,
            max_field_size=limits.field_bytes,
            max_headers=limits.headers,
        )
        await runner.setup()
        site = web.TCPSite(runner, self.host, self._port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = int(runner.addresses[0][1])

    async def _shutdown(self) -> None:
        self._stopping = True
        self._wake_streams()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        loop = asyncio.get_running_loop()
        loop.call_soon(loop.stop)

    def _install(self, view: bytes, sheets: dict[str, bytes]) -> None:
        old = self._published
        if view == old.view and sheets == old.sheets:
            return
        self._published = _Published(old.seq + 1, view, sheets)
        self._wake_streams()

    def _wake_streams(self) -> None:
        wake, self._wake = self._wake, asyncio.Event()
        if wake is not None:
            wake.set()

    @staticmethod
    async def _headers(request: web.Request, response: web.StreamResponse) -> None:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)

    # -- the guard ------------------------------------------------------------------------
    def _refuse(
        self, request: web.Request, status: int, text: str, *, blame: bool = True
    ) -> web.Response:
        """401 (no code) or 403 (a wrong one); the page's address answers with the join
        form (self-contained: the page's own style sheet needs the code too)."""
        if request.path != "/":
            return web.Response(status=status, text=text + "\n")
        body, kind = self._files["join"]
        if status == 403 and blame:
            body = body.replace(b'class="wrong" hidden', b'class="wrong"')
        return web.Response(
            status=status,
            body=body,
            content_type=kind,
            charset="utf-8",
            headers={"Content-Security-Policy": JOIN_POLICY},
        )

    def _code_given(self, request: web.Request) -> tuple[str | None, bool]:
        """The code the request gives, and whether it came from the join cookie."""
        given = request.query.get("code")
        if given is not None:
            return normal_code(given), False
        cookie = request.cookies.get(COOKIE)
        return (None if cookie is None else normal_code(cookie)), True

    def _own_host(self, request: web.Request) -> bool:
        """Whether the request names this server as its host (``address:port``, as the
        page's address has it): a page from elsewhere whose name was pointed at this
        address (DNS rebinding) sends its own name and is refused."""
        host = request.headers.get("Host", "")
        return bool(self.port) and host.strip().lower() == f"{self.host}:{self.port}".lower()

    @web.middleware
    async def _guarded(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not self._own_host(request):
            return web.Response(status=421, text="not this server's address\n")
        if request.method not in ("GET", "HEAD"):
            return web.Response(status=405, text="only GET\n", headers={"Allow": "GET, HEAD"})
        if request.body_exists or (request.content_length or 0) > 0:
            return web.Response(status=413, text="no request bodies here\n")
        raw = request.raw_path
        if len(raw) > 512:
            return web.Response(status=414, text="address too long\n")
        if not _clean(request):
            return web.Response(status=400, text="malformed address\n")
        client = request.remote or "?"
        wait = self._guard.allow(client)
        if wait > 0:
            return web.Response(
                status=429, text="too many requests\n", headers={"Retry-After": f"{wait:.0f}"}
            )
        given, from_cookie = self._code_given(request)
        if not given:
            return self._refuse(request, 401, "join code needed")
        if not self.code or not secrets.compare_digest(given.encode(), self.code.encode()):
            self._guard.wrong_code(client)
            # A cookie from an earlier share (a new start has a new code): the form again,
            # without blaming the player for a code they did not type.
            refusal = self._refuse(request, 403, "wrong join code", blame=not from_cookie)
            if from_cookie:
                refusal.del_cookie(COOKIE, path="/")
            return refusal
        if request.path == "/" and "code" in request.query:
            # The join form: keep the code in a cookie for the session, out of the address.
            response = web.Response(status=303, headers={"Location": "/"})
            response.set_cookie(COOKIE, self.code, httponly=True, samesite="Strict", path="/")
            return response
        return await handler(request)

    # -- the routes -----------------------------------------------------------------------
    async def _page(self, request: web.Request) -> web.Response:
        body, kind = self._files[request.path]
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def _api_view(self, request: web.Request) -> web.Response:
        return web.Response(body=self._published.view, content_type="application/json")

    async def _api_sheet(self, request: web.Request) -> web.Response:
        figure = request.match_info["figure"]
        body = self._published.sheets.get(figure) if _FIGURE_ID.match(figure) else None
        if body is None:
            return web.Response(status=404, text="no such sheet\n")
        return web.Response(body=body, content_type="application/json")

    async def _api_events(self, request: web.Request) -> web.StreamResponse:
        if request.method == "HEAD":
            return web.Response(content_type="text/event-stream")
        client = request.remote or "?"
        if sum(self._streams.values()) >= self.limits.streams:
            return web.Response(status=503, text="too many phones listening\n")
        if self._streams[client] >= self.limits.streams_per_client:
            return web.Response(status=429, text="too many streams from this phone\n")
        self._streams[client] += 1
        try:
            response = web.StreamResponse(
                headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"}
            )
            await response.prepare(request)
            sent = -1
            while not self._stopping:
                published = self._published
                if published.seq != sent:
                    sent = published.seq
                    await response.write(
                        b"id: %d\nevent: view\ndata: %s\n\n" % (published.seq, published.view)
                    )
                wake = self._wake
                assert wake is not None
                try:
                    await asyncio.wait_for(wake.wait(), KEEPALIVE)
                except TimeoutError:
                    await response.write(b": still here\n\n")
            return response
        finally:
            self._streams[client] -= 1
            if self._streams[client] <= 0:
                del self._streams[client]
