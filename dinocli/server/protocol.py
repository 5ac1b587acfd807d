"""The wire format of ``dinocli serve`` and ``dinocli join`` (dinocli-protocol(5)): JSON text messages,
one msgspec struct each, told apart by ``type``, shared by the client and the server.

What crosses the wire is a seat's view and nothing more: the lines ``export --as SEAT`` writes (the
header without the seed; for every event its content where the seat may see it, its commitment
elsewhere), and at the end the opened events and the footer with the seed, so the client can verify
the whole game with the one verifier."""

from __future__ import annotations

from typing import Annotated, Literal, Union

import msgspec

from dinocli.events.errors import DinocliError
from dinocli.limits import LOG_BYTES

__all__ = ["VERSION", "VERSIONS", "Hello", "Watch", "Welcome", "Events", "Move", "Undo", "Error", "End", "Present",
           "Presence", "Undone", "ToServer", "ToClient",
           "MAX_TO_SERVER", "MAX_TO_CLIENT", "encode", "decode_to_server", "decode_to_client", "ProtocolError"]

VERSION = 2          # 2 added presence, undo and undone; a version 1 client is served as before, without them
VERSIONS = (1, 2)
MAX_TO_SERVER = 4096            # bytes: a hello or a move is small; a bigger message is refused unread
MAX_TO_CLIENT = LOG_BYTES.high  # bytes: at most a whole log (a reconnect's catch-up, the end)
RATE = 100                      # messages a second a client may send; `join` paces itself to half of it

Token = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{22,64}$")]
GameId = Annotated[str, msgspec.Meta(max_length=64)]
Count = Annotated[int, msgspec.Meta(ge=0, le=10_000_000)]


class ProtocolError(DinocliError):
    """A message that is not one of the protocol's (the text says why, in one line)."""


class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    """Client first: the protocol version, the game, the invitation's token, the last event number held and
    (version 2) that event's hash, so that a line an undo took back meanwhile is sent again from the start."""

    v: int
    game: GameId
    token: Token
    have: Count = 0
    last: Annotated[str, msgspec.Meta(pattern=r"^[0-9a-f]{64}$")] | None = None   # version 2: event ``have``'s hash


class Watch(msgspec.Struct, tag="watch", forbid_unknown_fields=True):
    """Client first, instead of a hello: follow the game as a spectator with its watch link's token; the
    spectator is sent what no seat may keep from an onlooker (every sealed event as its commitment only) and
    may send nothing more."""

    v: int
    game: GameId
    token: Token
    have: Count = 0


class Move(msgspec.Struct, tag="move", forbid_unknown_fields=True):
    """Client: play ``action`` (notation, as `actions` lists it) at event ``at`` (the last one the client holds)."""

    at: Count
    action: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class Undo(msgspec.Struct, tag="undo", forbid_unknown_fields=True):
    """Client (version 2): take back this seat's last decision and the bots' replies after it, at event ``at``
    (the last one the client holds); the game's undo rules decide (strict: never past what was shown)."""

    at: Count


class Welcome(msgspec.Struct, tag="welcome", forbid_unknown_fields=True):
    """Server: the seat this token plays and the header line of its view (no seed)."""

    v: int
    game: str
    seat: int
    name: str
    header: str


class Events(msgspec.Struct, tag="events", forbid_unknown_fields=True):
    """Server: the seat's view lines after the ones it holds, exactly as ``export --as SEAT`` writes them,
    and the seat to move after them (None: the game is over)."""

    lines: list[str]
    to_move: int | None


class Error(msgspec.Struct, tag="error", forbid_unknown_fields=True):
    """Server: a refusal in one line; nothing was changed."""

    message: str


class End(msgspec.Struct, tag="end", forbid_unknown_fields=True):
    """Server, once the game is over: every event line of the full log (the hidden ones opened, rolls and salts
    revealed; each hashes as the line the seat holds) and its footer, which reveals the seed and its salt."""

    opened: list[str]
    footer: str


class Present(msgspec.Struct, forbid_unknown_fields=True):
    """One seat at the table: ``here`` (a person connected), ``away`` (a person not connected, for ``away``
    seconds) or ``bot`` (played by a bot: ``bot`` its spec; ``away`` set when it stands in for an away person)."""

    seat: int
    name: str
    status: Literal["here", "away", "bot"]
    bot: str | None = None
    away: int | None = None


class Presence(msgspec.Struct, tag="presence", forbid_unknown_fields=True):
    """Server (version 2): who is at the table, sent on hello and whenever it changes; ``waiting``: the seat
    the game waits for while its person is away (None: it waits for nobody away)."""

    seats: list[Present]
    waiting: int | None = None


class Undone(msgspec.Struct, tag="undone", forbid_unknown_fields=True):
    """Server (version 2): ``seat`` took back decisions (None: the game went back while this client was away);
    the game is back at event ``at``. A client drops the lines it holds after ``at``; the events that follow
    are numbered on from it."""

    seat: int | None
    at: Count


ToServer = Union[Hello, Move, Watch, Undo]
ToClient = Union[Welcome, Events, Error, End, Presence, Undone]

_ENC = msgspec.json.Encoder()
_TO_SERVER = msgspec.json.Decoder(ToServer)
_TO_CLIENT = msgspec.json.Decoder(ToClient)


def encode(message: msgspec.Struct) -> str:
    """A message as the JSON text sent."""
    return _ENC.encode(message).decode()


def _decode(decoder: msgspec.json.Decoder, data: str | bytes, limit: int):
    if len(data) > limit:
        raise ProtocolError(f"a message of more than {limit:,} bytes")
    try:
        return decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise ProtocolError(f"not a message of dinocli protocol {VERSION}: {exc}") from None
    except msgspec.DecodeError:
        raise ProtocolError("not a JSON message") from None


def decode_to_server(data: str | bytes) -> Hello | Move | Watch | Undo:
    """A client's message (ProtocolError if it is none of them)."""
    return _decode(_TO_SERVER, data, MAX_TO_SERVER)


def decode_to_client(data: str | bytes) -> Welcome | Events | Error | End | Presence | Undone:
    """A server's message (ProtocolError if it is none of them)."""
    return _decode(_TO_CLIENT, data, MAX_TO_CLIENT)
