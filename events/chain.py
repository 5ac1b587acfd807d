"""The hash chain: what an event's hash and a game's genesis are computed over.

Canonical JSON is msgspec's compact encoding with sorted keys (:func:`dinocli.events.canonical`).

* genesis = sha256 hex of canonical ``{"kind", "config", "seats", "rules_version",
  "data_hash", "seed_commit", "created"}`` — the header fields a log cannot change without
  breaking every hash. The game id is left out so that a log imported under a new id keeps
  its hashes; the seed commitment and creation time make each genesis unique.
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

The first event's ``parent_hash`` is the genesis.
"""

from __future__ import annotations

import hashlib
import os
import re
from typing import Any

import msgspec

from .codec import Event, canonical

__all__ = ["GENESIS_FIELDS", "CHAIN", "SALT", "HEX64", "genesis_hash", "event_hash", "walk", "commitment",
           "rolls_commitment", "link_hash", "new_salts", "body_text", "json_text", "normalized"]

CHAIN = 2                                   # the hash rule new games are recorded under
SALT = re.compile(r"^[0-9a-f]{32}$")
HEX64 = re.compile(r"^[0-9a-f]{64}$")

GENESIS_FIELDS = ("kind", "config", "seats", "rules_version", "data_hash", "seed_commit", "created")

_ENCODER = msgspec.json.Encoder(order="sorted")
_sha256 = hashlib.sha256
_TAG_JSON: dict[str, str] = {}


def genesis_hash(fields: dict[str, Any]) -> str:
    """The hash that roots a game's chain, over the :data:`GENESIS_FIELDS` of its header."""
    return _sha256(canonical({k: fields[k] for k in GENESIS_FIELDS})).hexdigest()


def _tag(type_: str) -> str:
    tag = _TAG_JSON.get(type_)
    if tag is None:
        tag = _ENCODER.encode(type_).decode()
        if len(_TAG_JSON) < 4096:
            _TAG_JSON[type_] = tag
    return tag


def event_hash(parent_hash: str, type_: str, v: int, body: str, actor: int | None, action: str | None,
               rolls: str | None, salt: str | None = None, rolls_salt: str | None = None, chain: int | None = None) -> str:
    """An event's hash from its parent's hash and its stored form (``body``, ``rolls``: canonical JSON text)
    under hash rule ``chain`` (default: 2 if there is a salt, else 1); see :func:`walk`."""
    if chain is None:
        chain = 1 if salt is None and rolls_salt is None else 2
    return walk(parent_hash, [(None, None, type_, v, body, actor, action, rolls, None, salt, rolls_salt)], chain)[0]


def walk(genesis: str, rows: list[tuple], chain: int) -> list[str]:
    """The hashes along a path of stored rows ``(id, parent, type, v, body, actor, action, rolls, command,
    salt, rolls_salt)`` from the genesis under hash rule ``chain``: the one place both rules are written
    (as text, since this runs for every event of every replay). ValueError(id) for a row whose salts
    do not fit the rule."""
    out: list[str] = []
    append, sha, enc, tags, prev = out.append, _sha256, _ENCODER.encode, _TAG_JSON, genesis
    v2 = chain != 1
    for eid, _parent, type_, v, body, actor, action, rolls, _command, salt, rolls_salt in rows:
        tag = tags.get(type_) or _tag(type_)
        if v2 and action is None and rolls is None and salt is None and rolls_salt is None:
            # the common case (an open automatic event): one string, one hash
            prev = sha(f'{prev}-o{{"action":null,"actor":{"null" if actor is None else int(actor)},"body":{body},'
                       f'"type":{tag},"v":{int(v)}}}'.encode()).hexdigest()
            append(prev)
            continue
        action_json = "null" if action is None else enc(action).decode()
        actor_json = "null" if actor is None else int(actor)
        if v2:
            if (rolls is None) is not (rolls_salt is None):
                raise ValueError(eid)
            content = f'{{"action":{action_json},"actor":{actor_json},"body":{body},"type":{tag},"v":{int(v)}}}'
            if rolls is None and salt is None:
                prev = sha(f"{prev}-o{content}".encode()).hexdigest()
                append(prev)
                continue
            head = (prev + "-").encode() if rolls is None else \
                (prev + "r").encode() + sha(f"{rolls_salt}{rolls}".encode()).digest()
            if salt is None:
                prev = sha(head + b"o" + content.encode()).hexdigest()
            else:
                prev = sha(head + b"s" + sha(f"{salt}{content}".encode()).digest()).hexdigest()
        else:
            if salt is not None or rolls_salt is not None:
                raise ValueError(eid)
            prev = sha(f'{prev}{{"action":{action_json},"actor":{actor_json},"body":{body},'
                       f'"rolls":{"null" if rolls is None else rolls},"type":{tag},"v":{int(v)}}}'.encode()).hexdigest()
        append(prev)
    return out


def _content(type_: str, v: int, body: str, actor: int | None, action: str | None) -> bytes:
    return canonical({"type": type_, "v": v, "body": msgspec.Raw(body.encode()), "actor": actor, "action": action})


def commitment(salt: str, type_: str, v: int, body: str, actor: int | None, action: str | None) -> str:
    """Format 2: the commitment (hex) to a sealed event's content: what a view shows of it when hidden."""
    return _sha256(salt.encode() + _content(type_, v, body, actor, action)).hexdigest()


def rolls_commitment(rolls_salt: str, rolls: str | None) -> str | None:
    """Format 2: the commitment (hex) to a command's draws (``rolls`` as canonical JSON text), None without."""
    return None if rolls is None else _sha256(f"{rolls_salt}{rolls}".encode()).hexdigest()


def link_hash(parent_hash: str, rolls_commit: str | None, *, commit: str | None = None,
              content: tuple | None = None) -> str:
    """Format 2: an event's hash from its parent's hash, its rolls commitment (hex or None) and either its
    commitment (hex: a sealed event) or its ``content`` = (type, v, body, actor, action) (an open event)."""
    head = (parent_hash + "-").encode() if rolls_commit is None else (parent_hash + "r").encode() + bytes.fromhex(rolls_commit)
    if commit is not None:
        return _sha256(head + b"s" + bytes.fromhex(commit)).hexdigest()
    return _sha256(head + b"o" + _content(*content)).hexdigest()


def new_salts(k: int) -> list[str]:
    """``k`` fresh random salts (16 bytes each, hex)."""
    raw = os.urandom(16 * k).hex()
    return [raw[i:i + 32] for i in range(0, 32 * k, 32)]


def body_text(event: Event) -> str:
    """The event's fields without its tag as canonical JSON text (what the store keeps)."""
    raw = msgspec.to_builtins(event)
    del raw["type"]
    return _ENCODER.encode(raw).decode()


def json_text(value: Any) -> str:
    """Canonical JSON text of a plain value."""
    return _ENCODER.encode(value).decode()


def normalized(value: Any) -> Any:
    """The value as it reads back from JSON (tuples become lists, keys become strings)."""
    return msgspec.json.decode(_ENCODER.encode(value))
