"""The hash chain: what an event's hash and a game's genesis are computed over.

Canonical JSON is msgspec's compact encoding with sorted keys (:func:`dinocli.events.canonical`).

* genesis = sha256 hex of canonical ``{"kind", "config", "seats", "rules_version",
  "data_hash", "seed_commit", "created"}`` — the header fields a log cannot change without
  breaking every hash. The game id is left out so that a log imported under a new id keeps
  its hashes; the seed commitment and creation time make each genesis unique.
* format 1 (games recorded before salted commitments; ``salt`` None): event hash = sha256 hex
  of ``parent_hash`` (ASCII hex) followed by canonical ``{"type", "v", "body", "actor", "action",
  "rolls"}``, where ``body`` is the event's fields without its tag.
* format 2 (hiding commitments): each event has a random ``salt`` (32 hex digits) and, when it
  carries rolls, an independent ``rolls_salt``;
  ``commit`` = sha256 hex of salt + canonical ``{"type", "v", "body", "actor", "action"}``,
  ``rolls_commit`` = sha256 hex of rolls_salt + canonical rolls (absent without rolls), and the
  event hash = sha256 hex of ``parent_hash + commit + rolls_commit`` (hex text, rolls_commit
  left out when absent). A seat's view carries ``commit`` instead of what it may not see: 128
  random bits of salt leave nothing to guess.

The first event's ``parent_hash`` is the genesis.
"""

from __future__ import annotations

import hashlib
import os
import re
from typing import Any

import msgspec

from .codec import Event, canonical

__all__ = ["GENESIS_FIELDS", "CHAIN", "SALT", "HEX64", "genesis_hash", "event_hash", "commitment", "rolls_commitment",
           "link_hash", "new_salts", "body_text", "json_text", "normalized"]

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
               rolls: str | None, salt: str | None = None, rolls_salt: str | None = None) -> str:
    """An event's hash from its parent's hash and its stored (canonical JSON text) body and rolls:
    format 1 without ``salt``, format 2 (salted commitments) with it.

    Format 1 is sha256(parent_hash + canonical({"action", "actor", "body", "rolls", "type", "v"})),
    spelled out as text because this runs for every event of every replay."""
    action_json = "null" if action is None else _ENCODER.encode(action).decode()
    actor_json = "null" if actor is None else int(actor)
    if salt is not None:
        c = _sha256(f'{salt}{{"action":{action_json},"actor":{actor_json},"body":{body},'
                    f'"type":{_tag(type_)},"v":{int(v)}}}'.encode()).hexdigest()
        if rolls is None:
            return _sha256(f"{parent_hash}{c}".encode()).hexdigest()
        return _sha256(f"{parent_hash}{c}{_sha256(f'{rolls_salt}{rolls}'.encode()).hexdigest()}".encode()).hexdigest()
    return _sha256(f'{parent_hash}{{"action":{action_json},"actor":{actor_json},"body":{body},'
                   f'"rolls":{"null" if rolls is None else rolls},"type":{_tag(type_)},"v":{int(v)}}}'.encode()).hexdigest()


def commitment(salt: str, type_: str, v: int, body: str, actor: int | None, action: str | None) -> str:
    """Format 2: the salted commitment to an event's body and decision (what a view shows of a hidden event)."""
    return _sha256(salt.encode() + canonical({"type": type_, "v": v, "body": msgspec.Raw(body.encode()),
                                              "actor": actor, "action": action})).hexdigest()


def rolls_commitment(rolls_salt: str, rolls: str | None) -> str | None:
    """Format 2: the salted commitment to a command's draws (``rolls`` as canonical JSON text), None without."""
    return None if rolls is None else _sha256(f"{rolls_salt}{rolls}".encode()).hexdigest()


def link_hash(parent_hash: str, commit: str, rolls_commit: str | None) -> str:
    """Format 2: an event's hash from its parent's hash and its commitments."""
    return _sha256(f"{parent_hash}{commit}{rolls_commit or ''}".encode()).hexdigest()


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
