"""The hash chain: what an event's hash and a game's genesis are computed over.

Canonical JSON is msgspec's compact encoding with sorted keys (:func:`dinocli.events.canonical`).

* genesis = sha256 hex of canonical ``{"kind", "config", "seats", "rules_version",
  "data_hash", "seed_commit", "created"}`` — the header fields a log cannot change without
  breaking every hash. The game id is left out so that a log imported under a new id keeps
  its hashes; the seed commitment and creation time make each genesis unique.
* event hash = sha256 hex of ``parent_hash`` (ASCII hex) followed by canonical
  ``{"type", "v", "body", "actor", "action", "rolls"}``, where ``body`` is the event's fields
  without its tag. The first event's ``parent_hash`` is the genesis.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from .codec import Event, canonical

__all__ = ["GENESIS_FIELDS", "genesis_hash", "event_hash", "body_text", "json_text", "normalized"]

GENESIS_FIELDS = ("kind", "config", "seats", "rules_version", "data_hash", "seed_commit", "created")

_ENCODER = msgspec.json.Encoder(order="sorted")
_sha256 = hashlib.sha256
_TAG_JSON: dict[str, str] = {}


def genesis_hash(fields: dict[str, Any]) -> str:
    """The hash that roots a game's chain, over the :data:`GENESIS_FIELDS` of its header."""
    return _sha256(canonical({k: fields[k] for k in GENESIS_FIELDS})).hexdigest()


def event_hash(parent_hash: str, type_: str, v: int, body: str, actor: int | None, action: str | None,
               rolls: str | None) -> str:
    """An event's hash from its parent's hash and its stored (canonical JSON text) body and rolls.

    Equal to sha256(parent_hash + canonical({"action", "actor", "body", "rolls", "type", "v"})),
    spelled out as text because this runs for every event of every replay."""
    tag = _TAG_JSON.get(type_)
    if tag is None:
        tag = _ENCODER.encode(type_).decode()
        if len(_TAG_JSON) < 4096:
            _TAG_JSON[type_] = tag
    action_json = "null" if action is None else _ENCODER.encode(action).decode()
    actor_json = "null" if actor is None else int(actor)
    return _sha256(f'{parent_hash}{{"action":{action_json},"actor":{actor_json},"body":{body},'
                   f'"rolls":{"null" if rolls is None else rolls},"type":{tag},"v":{int(v)}}}'.encode()).hexdigest()


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
