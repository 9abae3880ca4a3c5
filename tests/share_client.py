"""Helpers for the share-server tests: raw HTTP requests to 127.0.0.1 (no browser)."""

from __future__ import annotations

import http.client
import socket
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict


class Raw(BaseModel):
    """A stand-in for a public view or sheet: any fields, dumped as given."""

    model_config = ConfigDict(extra="allow")


@dataclass
class Answer:
    status: int
    body: bytes
    headers: dict[str, str]


def get(
    port: int,
    path: str,
    *,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    body: bytes | None = None,
    source: str = "127.0.0.1",
    timeout: float = 5.0,
) -> Answer:
    """One request on a fresh connection from ``source`` (any 127.x address on Linux)."""
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        return Answer(r.status, r.read(), {k.lower(): v for k, v in r.getheaders()})
    finally:
        conn.close()


def raw(port: int, data: bytes, timeout: float = 5.0) -> bytes:
    """Send bytes as they are and read what comes back until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        chunks = []
        try:
            while chunk := s.recv(65536):
                chunks.append(chunk)
        except (TimeoutError, ConnectionResetError):
            pass
    return b"".join(chunks)


def status_of(reply: bytes) -> int:
    """The status code of a raw HTTP reply (0: none)."""
    parts = reply.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def read_events(port: int, path: str, count: int, timeout: float = 5.0) -> list[bytes]:
    """The data lines of the first ``count`` events of a server-sent event stream."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        assert r.status == 200, r.status
        events: list[bytes] = []
        while len(events) < count:
            line = r.fp.readline()
            if not line:
                break
            if line.startswith(b"data: "):
                events.append(line[6:].rstrip(b"\n"))
        return events
    finally:
        conn.close()
