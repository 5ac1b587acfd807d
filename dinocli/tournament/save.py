"""Storing tournament games as normal, replayable games (issue 9, ``--save``).

Only the coordinating process writes, in bulk mode (``synchronous=NORMAL``), one transaction
per batch of games: accepted games are gathered until :data:`BATCH` of them (or
:data:`BATCH_SECONDS` since the last write) and written together; ``close`` writes the rest. Each game is created tagged with the tournament id, then gets its setup
command (actor None) and one command per decision, exactly as the service would have appended
them, and is finished with its result — so ``replay --verify`` re-runs the rules on it.
"""

from __future__ import annotations

import base64
import os
import time
from collections.abc import Sequence

import msgspec

from dinocli.events.store import Command, Store
from dinocli.games.protocol import Game
from dinocli.disclosure import disclosure

from .plan import GameResult, Plan

__all__ = ["Saver", "result_of", "BATCH", "BATCH_SECONDS"]

BATCH = 500           # games per transaction
BATCH_SECONDS = 2.0   # at most this long between writes while games come in


def result_of(names: Sequence[str], returns: Sequence[float], scores: Sequence[float]) -> dict:
    """A finished game's result, in the shape the service records (returns, scores, winners)."""
    best = max(returns) if returns else 0
    return {"returns": list(returns), "scores": list(scores),
            "winners": [names[i] for i, r in enumerate(returns) if r == best and r > 0]}


class Saver:
    """Writes tournament games into one database under a fresh short tournament id.

    The database is opened here (so a bad path fails before any game is played) and closed
    again, then reopened at the first save: worker processes forked in between never inherit
    an open SQLite connection."""

    def __init__(self, db: str | None, plan: Plan, game: Game):
        self.db = db
        self.plan = plan
        self.game = game
        self.data_hash = game.data_hash()
        self.saved = 0
        self._pending: list[GameResult] = []
        self._written = time.monotonic()
        with Store.open(db, bulk=True) as store:
            self.id = self._new_id(store)
        self.store: Store | None = None

    @staticmethod
    def _new_id(store: Store) -> str:
        """Six base32 characters not used by any tournament in this database."""
        while True:
            tid = base64.b32encode(os.urandom(5)).decode().lower()[:6]
            if not store.games(tournament=tid, limit=1):
                return tid

    def save(self, results: Sequence[GameResult]) -> None:
        """Take played games (each carrying its record) to store with the next batch."""
        self._pending.extend(results)
        if len(self._pending) >= BATCH or time.monotonic() - self._written >= BATCH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Store the games taken so far in one transaction."""
        if not self._pending:
            return
        if self.store is None:
            self.store = Store.open(self.db, bulk=True)
        with self.store.write():
            for g in self._pending:
                self._one(g)
        self._pending = []
        self._written = time.monotonic()

    def _one(self, g: GameResult) -> None:
        rec = g.record
        if rec is None:
            raise ValueError("a game to save must carry its record")
        store = self.store
        names = list(rec.config.names)
        seats = [{"name": n, "bot": spec} for n, spec in zip(names, rec.specs)]
        meta = {"undo": "casual", "tournament": {"id": self.id, "lineup": g.lineup, "round": g.round,
                                                 "rotation": g.rotation}}
        record = store.create_game(self.plan.kind, msgspec.to_builtins(rec.config), seats,
                                   self.game.info.rules_version, self.data_hash, rec.seed,
                                   tournament=self.id, meta=meta)
        commands = [Command(actor=actor, action=action, rolls=rolls, events=list(events),
                            **disclosure(self.game, len(names), list(events)))
                    for actor, action, rolls, events in rec.commands]
        store.append(record.id, "main", commands, None)
        if g.over:
            store.finish(record.id, result_of(names, g.returns, g.scores))
        self.saved += 1

    def close(self) -> None:
        """Store the games still waiting, then close the database if a save opened it."""
        try:
            self.flush()
        finally:
            self._pending = []
            self._close()

    def _close(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None
