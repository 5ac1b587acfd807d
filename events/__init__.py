"""The event store: a game-agnostic library of events, their log, and keyed randomness.

Imported as ``dinocli.events``. It imports no game. Its names (the codec's ``Event``, ``encode`` ...,
the randomness ``SeededRng`` ..., the store's ``Store``, ``GameRecord`` ... and the errors) are
importable from here, each loading its module on first use only (PEP 562): importing
``dinocli.events.errors`` or ``dinocli.events.text`` loads neither msgspec nor sqlite3.
"""

from __future__ import annotations

from typing import Any


# name -> the module of this package that defines it
_LAZY = {
    **dict.fromkeys(("Event", "UnknownEvent", "canonical", "decode", "decoder_for", "encode", "event_types",
                     "register_upcaster"), "codec"),
    **dict.fromkeys(("Rng", "SeededRng", "RecordingRng", "ReplayRng", "SimRng", "RngMismatch", "commit",
                     "new_seed"), "rng"),
    **dict.fromkeys(("Store", "default_path"), "store"),
    **dict.fromkeys(("Command", "GameRecord", "Stored", "Branch", "Header"), "records"),
    **dict.fromkeys(("StoreError", "Conflict", "UnknownGameId", "AmbiguousGameId", "UnknownBranch", "BranchExists",
                     "DatabaseUnavailable", "DatabaseLocked", "DatabaseGone", "ChainBroken", "LogRejected"), "errors"),
}
__all__ = [name for name, module in _LAZY.items() if module in ("codec", "rng")]


def __getattr__(name: str) -> Any:
    """A name of the package, its module imported on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The package's names, loaded or not."""
    return sorted({*globals(), *_LAZY})
