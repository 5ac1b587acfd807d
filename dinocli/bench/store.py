"""``dinocli bench store``: durable appends and replay through the store (of 10k and 100k events too), as
ratios to plain sqlite3 in the same run (the measuring code lives beside the store: :mod:`dinocli.events.bench`)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

__all__ = ["store_figures", "replay_figures"]


def store_figures() -> dict[str, Any]:
    """Durable appends and replay through the store against raw sqlite3, and replay at 10k and 100k events
    (:func:`replay_figures`)."""
    from dinocli.events.bench import store_figures as figures

    with tempfile.TemporaryDirectory() as d:
        return figures(Path(d)) | replay_figures()


def replay_figures(sizes: tuple[int, ...] = (10_000, 100_000), repeats: int = 5) -> dict[str, Any]:
    """Replay through the store (read, decode, hash check, fold) against a raw SELECT of the same columns
    with msgspec decode and the same fold, and against the `eventsourcing` library rebuilding an aggregate
    of as many events from SQLite (if installed: the `bench` extra)."""
    from dinocli.events.bench import replay_figures as figures

    with tempfile.TemporaryDirectory() as d:
        return figures(Path(d), sizes=sizes, repeats=repeats)
