"""Spectators of served games (dinocli-protocol(5)): watch links, and the addresses of seats and spectators.

A game's watch link carries a random token of 256 bits of its own (only its sha256 is kept, table
``watch_links``): it lets its holder follow the game, never play it, and a seat's invitation is no watch
link nor the other way round. A spectator is sent the view of no seat: every sealed event as its salted
commitment and the one form the game shows an onlooker (``export --as SEAT`` for a seat that sees none of
them), then at the end the opened events and the seed, as a seat is. The same page ``export --format html``
writes is served for a browser (:mod:`dinocli.server.page`), fed live by the same socket; the server that
does both is :mod:`dinocli.server.hall`."""

from __future__ import annotations

import hashlib
import secrets
from urllib.parse import unquote, urlsplit

from dinocli.table import ServiceError

__all__ = ["SPECTATOR", "watch_link", "game_of_watch_token", "parse_watch_url", "path_game"]

SPECTATOR = -1   # the seat of a spectator's view and welcome: no seat (it sees what every seat may)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def watch_link(store, game_id: str, server: str) -> str:
    """A new watch link for ``game_id`` on ``server`` (its ws:// or wss:// URL), replacing the game's old one:
    ``http(s)://HOST:PORT/GAME/watch#TOKEN``, for a browser or ``dinocli watch``; only the token's hash is kept."""
    token = secrets.token_urlsafe(32)
    with store.write():
        store.connection.execute("DELETE FROM watch_links WHERE game_id = ?", (game_id,))
        store.connection.execute("INSERT INTO watch_links (token_hash, game_id) VALUES (?, ?)", (_hash(token), game_id))
    parts = urlsplit(server)
    scheme = "https" if parts.scheme == "wss" else "http"
    return f"{scheme}://{parts.netloc}/{game_id}/watch#{token}"


def game_of_watch_token(store, token: str) -> str | None:
    """The game a watch token was issued for, or None."""
    row = store.connection.execute("SELECT game_id FROM watch_links WHERE token_hash = ?", (_hash(token),)).fetchone()
    return None if row is None else row[0]


def parse_watch_url(url: str) -> tuple[str, str, str]:
    """(socket URL, game id, token) of a watch link (http, https, ws or wss); ServiceError if it is not one."""
    parts = urlsplit(url)
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    words = parts.path.strip("/").split("/")
    if scheme is None or not parts.hostname or len(words) != 2 or words[1] != "watch" or not words[0] \
            or not parts.fragment:
        raise ServiceError(f"not a watch link: {url[:80]!r} (http://HOST:PORT/GAME/watch#TOKEN, as `new --remote` "
                           "and `invite GAME --watch` print)")
    return f"{scheme}://{parts.netloc}/{words[0]}/watch", words[0], parts.fragment


def path_game(path: str) -> tuple[str, bool]:
    """The game a request's path names and whether it is a spectator's (``/GAME/watch``)."""
    words = unquote(urlsplit(path).path).strip("/").split("/")
    watching = len(words) == 2 and words[1] == "watch"
    return (words[0][:64] if len(words) == 1 or watching else ""), watching
