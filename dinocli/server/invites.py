"""Invitations to play a seat over the network: a random token of 256 bits per seat, of which only the
sha256 is kept (table ``invitations``), and the URL that carries it (dinocli-protocol(5))."""

from __future__ import annotations

import hashlib
import secrets
from urllib.parse import urlsplit

from dinocli.table import ServiceError

__all__ = ["DEFAULT_SERVER", "invite", "invitations", "renew", "seat_of_token", "url_of", "parse_url", "serve_flags",
           "check_server"]

DEFAULT_SERVER = "ws://127.0.0.1:8765"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invite(store, game_id: str, seat: int) -> str:
    """A new token for ``seat`` of ``game_id``, replacing any before it; only its hash is stored."""
    token = secrets.token_urlsafe(32)
    with store.write():
        store.connection.execute("DELETE FROM invitations WHERE game_id = ? AND seat = ?", (game_id, seat))
        store.connection.execute("INSERT INTO invitations (token_hash, game_id, seat) VALUES (?, ?, ?)",
                                 (_hash(token), game_id, seat))
    return token


def seat_of_token(store, token: str) -> tuple[str, int] | None:
    """(game id, seat) the token was issued for, or None."""
    row = store.connection.execute("SELECT game_id, seat FROM invitations WHERE token_hash = ?",
                                   (_hash(token),)).fetchone()
    return None if row is None else (row[0], row[1])


def url_of(server: str, game_id: str, token: str) -> str:
    """The invitation URL: the server, the game, and the token in the fragment (never sent in a request line)."""
    return f"{server.rstrip('/')}/{game_id}#{token}"


def parse_url(url: str) -> tuple[str, str, str]:
    """(server URL, game id, token) of an invitation URL; ServiceError if it is not one."""
    parts = urlsplit(url)
    game = parts.path.strip("/")
    if parts.scheme not in ("ws", "wss") or not parts.hostname or not game or "/" in game or not parts.fragment:
        raise ServiceError(f"not an invitation URL: {url[:80]!r} (ws://HOST:PORT/GAME#TOKEN, as `new --remote` prints)")
    return f"{parts.scheme}://{parts.netloc}", game, parts.fragment


def check_server(server: str) -> None:
    """ServiceError unless ``server`` can lead invitations: ws://HOST[:PORT] or wss://HOST[:PORT], nothing after."""
    try:
        parts = urlsplit(server)
        parts.port   # a port that is no number raises here
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("ws", "wss") or not parts.hostname or parts.path.strip("/") \
            or parts.query or parts.fragment:
        raise ServiceError(f"{server[:80]!r} is not a server address: ws://HOST:PORT or wss://HOST:PORT")


def serve_flags(server: str | None) -> list[str]:
    """The `serve` options that listen where invitations to ``server`` lead (none for the default).

    A host name (a reverse proxy's, say) is not one to bind: the server then stays on loopback, and only
    an IP address or ``localhost`` in the URL gives its port too."""
    import ipaddress

    parts = urlsplit(server or DEFAULT_SERVER)
    host = parts.hostname or "127.0.0.1"
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host != "localhost":
            return []
    flags = [] if host in ("127.0.0.1", "localhost") else ["--host", host]
    if parts.port not in (None, 8765):
        flags += ["--port", str(parts.port)]
    if parts.scheme == "wss":
        flags += ["--certfile", "CERT.pem", "--keyfile", "KEY.pem"]
    return flags


def invitations(store, g, server: str | None) -> list[dict[str, str]]:
    """A new invitation for every person's seat of the loaded game ``g``: [{"seat": NAME, "url": URL}, ...]."""
    return [{"seat": g.names[seat], "url": url_of(server or DEFAULT_SERVER, g.id, invite(store, g.id, seat))}
            for seat in g.table.people]


def renew(service, game_id: str, who: str, server: str | None) -> dict[str, str]:
    """A new invitation for the person's seat ``who`` of a running game; the seat's old token stops working."""
    g = service.load(game_id)
    seat = g.table.seat_of(who)
    if not g.table.is_person(seat):
        raise ServiceError(f"{g.names[seat]} is a bot's seat: only a person's seat is invited")
    if g.over:
        raise ServiceError(f"game {g.id} is over: there is nothing left to join")
    return {"seat": g.names[seat], "url": url_of(server or DEFAULT_SERVER, g.id, invite(service.store, g.id, seat))}
