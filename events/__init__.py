"""The event store: a game-agnostic library of events, their log, and keyed randomness.

Imported as ``dinocli.events``. It imports no game. The store's names (``Store``, ``Command``,
``GameRecord``, ``Stored``, ``Branch``, ``Header`` and the errors) are importable from here too;
they load the store (sqlite3) on first use only.
"""

from __future__ import annotations

from typing import Any

from .codec import Event, UnknownEvent, canonical, decode, decoder_for, encode, event_types, register_upcaster
from .rng import RecordingRng, ReplayRng, Rng, RngMismatch, SeededRng, SimRng, commit, new_seed

__all__ = [
    "Event",
    "UnknownEvent",
    "canonical",
    "decode",
    "decoder_for",
    "encode",
    "event_types",
    "register_upcaster",
    "Rng",
    "SeededRng",
    "RecordingRng",
    "ReplayRng",
    "SimRng",
    "RngMismatch",
    "commit",
    "new_seed",
]

_LAZY = {
    "Store": "store", "default_path": "store",
    "Command": "records", "GameRecord": "records", "Stored": "records", "Branch": "records", "Header": "records",
    "StoreError": "errors", "Conflict": "errors", "UnknownGameId": "errors", "AmbiguousGameId": "errors",
    "UnknownBranch": "errors", "BranchExists": "errors", "DatabaseUnavailable": "errors", "DatabaseLocked": "errors",
    "DatabaseGone": "errors", "ChainBroken": "errors", "LogRejected": "errors",
}


def __getattr__(name: str) -> Any:
    """The store's names, imported on first use (``dinocli --help`` loads none of them)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f".{module}", __name__), name)
