"""The hash chain: what an event's hash and a game's genesis are computed over, and :func:`walk`,
the one place they are computed (the store's reads, appends, checks and imports, and the log
reader all walk through it).

Canonical JSON is msgspec's compact encoding with sorted keys (:func:`dinocli.events.canonical`).

* genesis = sha256 hex of the canonical :class:`~dinocli.events.records.Header` (``{"kind",
  "config", "seats", "rules_version", "data_hash", "seed_commit", "created"}``) — the header fields
  a log cannot change without breaking every hash.
* format 1 (games recorded before salted commitments): event hash = sha256 hex of
  ``parent_hash`` (ASCII hex) followed by canonical ``{"type", "v", "body", "actor", "action",
  "rolls"}``, where ``body`` is the event's fields without its tag.
* format 2 (hiding commitments): event hash = sha256 hex of ``parent_hash`` (64 ASCII hex
  characters) + R + B, where with ``content`` = canonical ``{"type", "v", "body", "actor",
  "action"}``:

  - R = ``-`` without rolls, else ``r`` + sha256(rolls_salt + canonical rolls) (32 raw bytes:
    the rolls commitment; rolls_salt is 32 random hex digits);
  - B = ``s`` + sha256(salt + content) (32 raw bytes: the commitment) for a *sealed* event,
    one some seat may not see, which has a salt (32 random hex digits); ``o`` + content for an
    *open* event, one every seat sees (no salt: nothing to hide, and one hash less to compute).

  A seat's view carries the commitment (hex) of a sealed event it may not see, and of every
  command's rolls, in place of what they commit to: 128 random bits of salt leave nothing to
  guess. Whether an event is sealed is fixed when it is recorded (by the caller: the store
  knows no game) and covered by the hash.
* format 3 (bound views): as format 2, except that a sealed event's B is ``s`` + its commitment
  (32 raw bytes) + ``public``, canonical ``{"seen", "shown"}``
  (:func:`public_text`): the seats that may see the event (sorted) and the one form every other
  seat (and an onlooker) is shown, ``{"actor", "body", "type", "v"}`` or null. So what a view
  shows of a hidden event, and whom it is hidden from, are covered by the hash like the rest;
  both are in the view anyway, so hashing them reveals nothing. The caller computes them (the
  game's redaction) when it records the event. (The form itself, not a digest of it, ends the
  hashed bytes: after a fixed-length commitment nothing else can follow, and a replay hashes
  one thing less.)

* format 4 (salted seed commitment): as format 3; only the header's ``seed_commit`` differs
  (:func:`dinocli.events.rng.commit` with a salt), which the genesis covers as before.

The first event's ``parent_hash`` is the genesis.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from .codec import Event
from .errors import Corrupt, Unlinked
from .records import Header, header_of

__all__ = ["GENESIS_FIELDS", "CHAIN", "SALT", "HEX64", "genesis_hash", "walk", "event_hash", "commitment",
           "rolls_commitment", "link_hash", "new_salts", "body_text", "body_bytes", "json_text", "normalized",
           "public_text", "public_bytes", "line_public"]

CHAIN = 4                                   # the hash rule new games are recorded under
SALT = re.compile(r"^[0-9a-f]{32}$")
HEX64 = re.compile(r"^[0-9a-f]{64}$")

GENESIS_FIELDS = Header.__struct_fields__

_ENCODER = msgspec.json.Encoder(order="sorted")
_sha256 = hashlib.sha256
_SUFFIX: dict[str, tuple[int, bytes]] = {}          # event tag -> (version, b',"type":TAG,"v":V}')
_OPEN = b'{"action":null,"actor":null,"body":'    # the content of an automatic event, up to its body


def genesis_hash(header: Header | Mapping[str, Any]) -> str:
    """The hash that roots a game's chain: over its :class:`Header` (a record's, or a mapping's with its fields)."""
    return _sha256(_ENCODER.encode(header_of(header))).hexdigest()


def _suffix(type_: str, v: int) -> bytes | None:
    """The content's end after the body: ``,"type":TAG,"v":V}`` (sorted keys); None unless a tag and a version."""
    known = _SUFFIX.get(type_)
    if known is not None and known[0] == v:
        return known[1]
    if type(v) is not int or not isinstance(type_, str):
        return None
    out = b',"type":' + _ENCODER.encode(type_) + b',"v":%d}' % v
    if known is None and len(_SUFFIX) < 4096:
        _SUFFIX[type_] = (v, out)
    return out


def walk(genesis: str, rows: Sequence[tuple], chain: int, *, root: int | None = None, view: bool = False,
         line: bool = False) -> list[str]:
    """The hashes of stored rows ``(id, parent, type, v, body, actor, action, rolls, command, salt, rolls_salt, public)``
    (``body`` as bytes; ``rolls`` canonical JSON text) under hash rule ``chain``; a row whose parent is
    ``root`` hangs from ``genesis``, any other from its parent, an earlier row (usually the one before:
    a path). ``public`` is :func:`public_text` as bytes (format 3, sealed events only). In a seat's view (``view``)
    a hidden event has type None and its commitment as ``salt``, and ``rolls_salt`` is the rolls commitment.
    Unlinked(id, reason) for a row whose salts or public form do not fit the rule or whose parent is not an
    earlier row (with ``line``: not the row just before, the first's not ``root``); Corrupt for a row of the
    wrong types.

    The common rows (an event without rolls, open or sealed) are hashed inline: this runs for every event
    of every replay."""
    out: list[str] = []
    append, sha, join, suffixes, v2, v3 = out.append, _sha256, b"".join, _SUFFIX, chain != 1, chain >= 3
    encode = _ENCODER.encode
    prev, last, index = genesis.encode(), root, None
    try:
        for eid, parent, type_, v, body, actor, action, rolls, _command, salt, rolls_salt, public in rows:
            if parent != last:
                if line:
                    raise Unlinked(eid, f"its parent {parent} is not the event before it on this line of play")
                if parent == root:
                    prev = genesis.encode()
                else:
                    if index is None:
                        index = {r[0]: i for i, r in enumerate(rows)}
                    at = index.get(parent)
                    if at is None or at >= len(out):
                        raise Unlinked(eid, f"its parent {parent} is not an earlier event of this game")
                    prev = out[at].encode()
            last = eid
            known = suffixes.get(type_)
            suffix = known[1] if known is not None and known[0] == v else _suffix(type_, v)
            if actor is None and action is None:
                opening = _OPEN
            elif type(actor) is int and type(action) is str:   # a command's first event
                opening = b'{"action":%s,"actor":%d,"body":' % (encode(action), actor)
            else:
                opening = None
            if rolls is None and rolls_salt is None and opening is not None and suffix is not None \
                    and ((public is None) is (salt is None) if v3 else (public is None and (v2 or salt is None))):
                if not v2:
                    h = sha(join((prev, opening, body, b',"rolls":null', suffix))).hexdigest()
                elif salt is None:
                    h = sha(join((prev, b"-o", opening, body, suffix))).hexdigest()
                elif v3:
                    h = sha(join((prev, b"-s", sha(join((salt.encode(), opening, body, suffix))).digest(),
                                  public))).hexdigest()
                else:
                    h = sha(prev + b"-s" + sha(join((salt.encode(), opening, body, suffix))).digest()).hexdigest()
            else:
                h = _link(prev, eid, type_, v, body, actor, action, rolls, salt, rolls_salt, chain, view, suffix, public)
            append(h)
            prev = h.encode()
    except (AttributeError, TypeError) as exc:   # a salt, rolls or body of the wrong type
        eid = rows[len(out)][0]
        raise Corrupt(f"event {eid}: a stored value is not what the store writes ({exc})", eid) from None
    return out


def _link(prev: bytes, eid: Any, type_: str | None, v: int, body: bytes, actor: int | None, action: str | None,
          rolls: str | None, salt: str | None, rolls_salt: str | None, chain: int, view: bool, suffix: bytes | None,
          public: bytes | None = None) -> str:
    """One row's hash from its parent's (ASCII hex bytes): every case, as the module docstring says."""
    sha = _sha256
    hidden = type_ is None and view and chain != 1
    if chain < 3 and public is not None:
        raise Unlinked(eid, f"its public form does not fit the game's hash rule (format {chain})")
    if chain >= 3 and (public is None) is not (salt is None):
        raise Unlinked(eid, "a sealed event needs its public form, and only a sealed one has one (format 3)")
    if hidden:   # hidden in a seat's view: its commitment stands for it
        if not (isinstance(salt, str) and HEX64.match(salt)):
            raise Corrupt(f"event {eid}: a hidden event's commitment is not a sha256 hex digest", eid)
        commit = b"s" + bytes.fromhex(salt)
    else:
        if type(v) is not int or not isinstance(type_, str) or type(body) is not bytes \
                or (actor is not None and type(actor) is not int):
            raise Corrupt(f"event {eid}: its type, version, body or actor is not what the store writes "
                          f"(version {v!r})", eid)
        if chain == 1:
            if salt is not None or rolls_salt is not None:
                raise Unlinked(eid, "its salts do not fit the game's hash rule (format 1)")
            return sha(prev + _content(type_, v, body, actor, action, b"null" if rolls is None else rolls.encode(),
                                       suffix)).hexdigest()
        content = _content(type_, v, body, actor, action, None, suffix)
        commit = b"o" + content if salt is None else b"s" + sha(salt.encode() + content).digest()
    if public is not None:
        commit += public
    if view:
        head = b"-" if rolls_salt is None else b"r" + bytes.fromhex(rolls_salt)
    elif (rolls is None) is not (rolls_salt is None):
        raise Unlinked(eid, f"its salts do not fit the game's hash rule (format {chain})")
    else:
        head = b"-" if rolls is None else b"r" + bytes.fromhex(rolls_commitment(rolls_salt, rolls))
    return sha(prev + head + commit).hexdigest()


def event_hash(parent_hash: str, type_: str, v: int, body: str, actor: int | None, action: str | None,
               rolls: str | None, salt: str | None = None, rolls_salt: str | None = None, chain: int | None = None,
               public: str | None = None) -> str:
    """One event's hash from its parent's hash and its stored form (``body``, ``rolls``, ``public``: canonical
    JSON text) under hash rule ``chain`` (default: 3 with a public form, 2 with a salt, else 1): a
    :func:`walk` of one row."""
    if chain is None:
        chain = 3 if public is not None else 1 if salt is None and rolls_salt is None else 2
    return walk(parent_hash, [(1, None, type_, v, body.encode(), actor, action, rolls, 1, salt, rolls_salt,
                               None if public is None else public.encode())], chain)[0]


def link_hash(parent_hash: str, rolls_commit: str | None, *, commit: str | None = None,
              content: tuple | None = None, public: str | None = None, chain: int | None = None) -> str:
    """Formats 2 and 3: an event's hash from its parent's hash, its rolls commitment (hex or None) and either its
    commitment (hex: a sealed event; format 3: with its ``public`` text) or its ``content`` = (type, v, body,
    actor, action) (an open event). ``chain`` defaults to 3 with a public form, else 2."""
    chain = chain or (3 if public is not None else 2)
    public_b = None if public is None else public.encode()
    if commit is not None:
        row = (1, None, None, None, None, None, None, None, 1, commit, rolls_commit, public_b)
    else:
        type_, v, body, actor, action = content
        row = (1, None, type_, v, body.encode(), actor, action, None, 1, None, rolls_commit, public_b)
    return walk(parent_hash, [row], chain, view=True)[0]


def public_text(seen: Sequence[int], shown: tuple | None) -> str:
    """Format 3: a sealed event's public form as canonical JSON text, ``{"seen": [...], "shown": ...}``: the
    seats that may see it (sorted) and ``shown`` = (type, v, body as canonical JSON text, actor), the form
    every other seat is shown, or None (nothing)."""
    return public_bytes(seen, shown).decode()


def public_bytes(seen: Sequence[int], shown: tuple | None) -> bytes:
    """:func:`public_text` as UTF-8 bytes (as :func:`walk` hashes it)."""
    if shown is None:
        form = b"null"
    else:
        type_, v, body, actor = shown
        form = b"".join((b'{"actor":', b"null" if actor is None else b"%d" % actor, b',"body":',
                         body if isinstance(body, bytes) else body.encode(), b',"type":', _ENCODER.encode(type_),
                         b',"v":%d}' % v))
    return b'{"seen":' + _ENCODER.encode(sorted(seen)) + b',"shown":' + form + b"}"


def _content(type_: str, v: int, body: bytes, actor: int | None, action: str | None, rolls: bytes | None = None,
             suffix: bytes | None = None) -> bytes:
    """Canonical ``{"action", "actor", "body", "type", "v"}`` (format 1: and ``"rolls"``), keys sorted
    (``suffix``: :func:`_suffix` of type and version, if known)."""
    return b"".join((b'{"action":', b"null" if action is None else _ENCODER.encode(action),
                     b',"actor":', b"null" if actor is None else b"%d" % actor, b',"body":', body,
                     b"" if rolls is None else b',"rolls":' + rolls, suffix or _suffix(type_, v)))


def commitment(salt: str, type_: str, v: int, body: str | bytes, actor: int | None, action: str | None) -> str:
    """Formats 2 and 3: the commitment (hex) to a sealed event's content: what a view shows of it when hidden."""
    body = body if isinstance(body, bytes) else body.encode()
    return _sha256(salt.encode() + _content(type_, v, body, actor, action)).hexdigest()


def rolls_commitment(rolls_salt: str, rolls: str | None) -> str | None:
    """Formats 2 and 3: the commitment (hex) to a command's draws (``rolls`` as canonical JSON text), None without."""
    return None if rolls is None else _sha256(f"{rolls_salt}{rolls}".encode()).hexdigest()


_salts: list[str] = []   # drawn from the system 64 at a time (a system call each draw), never twice: see below


def new_salts(k: int) -> list[str]:
    """``k`` fresh random salts (16 bytes each, hex) from the operating system's generator."""
    if k <= 0:
        return []
    pool = _salts
    if len(pool) < k:
        n = max(k, 64)
        raw = os.urandom(16 * n).hex()
        pool += [raw[i:i + 32] for i in range(0, 32 * n, 32)]
    out = pool[-k:]
    del pool[-k:]
    return out


# a forked child (a tournament's worker) would hand out the very salts its parent still holds
os.register_at_fork(after_in_child=_salts.clear)


def body_text(event: Event) -> str:
    """The event's fields without its tag as canonical JSON text (what the store keeps)."""
    return body_bytes(event).decode()


_fields = msgspec.structs.asdict


def body_bytes(event: Event) -> bytes:
    """:func:`body_text` as UTF-8 bytes (as :func:`walk` hashes it): the fields without the tag, keys sorted
    (a shallow dict: nested values encode as they would in the whole event)."""
    return _ENCODER.encode(_fields(event))


def json_text(value: Any) -> str:
    """Canonical JSON text of a plain value."""
    return _ENCODER.encode(value).decode()


def normalized(value: Any) -> Any:
    """The value as it reads back from JSON (tuples become lists, keys become strings)."""
    return msgspec.json.decode(_ENCODER.encode(value))


def line_public(line: Mapping[str, Any]) -> str | None:
    """Format 3: the public form an event line (a decoded dict) carries in ``seen`` and ``shown``, as
    :func:`public_text`; None without (an open event, or an older line)."""
    if line.get("seen") is None:
        return None
    sh = line["shown"]
    return public_text(line["seen"], None if sh is None else (sh["type"], sh["v"], json_text(sh["body"]), sh["actor"]))
