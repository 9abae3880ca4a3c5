"""Where the share server listens and the code a phone must give to see anything."""

from __future__ import annotations

import ipaddress
import secrets
import socket

#: Letters and digits nobody misreads across a table (no 0/O, 1/I/L, 5/S, 8/B).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY2345679"
CODE_LENGTH = 6
LOOPBACK = "127.0.0.1"
#: Any address outside the machine: a UDP "connect" to it only picks the route (the
#: interface a packet to the local network would leave by); nothing is sent.
_PROBE = ("10.254.254.254", 9)


def new_join_code(length: int = CODE_LENGTH) -> str:
    """A fresh random join code (``secrets``), e.g. ``K7QX3M``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normal_code(text: str) -> str:
    """A typed code as the server compares it: spaces and dashes dropped, upper case."""
    return "".join(ch for ch in text.upper() if ch not in " -")[:32]


def local_address() -> str:
    """The laptop's address on its local network, found without any network traffic;
    ``127.0.0.1`` when it has none, or only a public one (the phones are on the same
    local network; a public address would open the page to the internet)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            found = str(probe.getsockname()[0])
    except OSError:  # no route: no network at all
        return LOOPBACK
    try:
        ip = ipaddress.ip_address(found)
    except ValueError:
        return LOOPBACK
    if ip.is_loopback or ip.is_unspecified or not ip.is_private:
        return LOOPBACK
    return found
