"""Sharing the public view with the players' phones: a small local web server (no Qt).

``ShareServer`` serves one read-only page and the public view it is given (the same view the
players' window draws, ``companion.rules.public_view``), never the full game state; the
window starts it from Game → Share with players.
"""

from companion.share.address import local_address, new_join_code
from companion.share.server import Limits, ShareError, ShareServer

__all__ = ["Limits", "ShareError", "ShareServer", "local_address", "new_join_code"]
