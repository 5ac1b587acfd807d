"""What is kept of a fold: a finished game's result (the log's footer, the games table) and the codec
that names a state's snapshot. Below the service, so that the verifier needs no service."""

from __future__ import annotations

import hashlib
from typing import Any

from dinocli.games.protocol import Game

__all__ = ["game_result", "snapshot_codec", "snapshot_key"]


def game_result(game: Game, state: Any, seats: list[dict]) -> dict[str, Any]:
    """Returns, scores and winners of a finished game (what the log's footer records)."""
    returns = game.returns(state)
    best = max(returns) if returns else 0
    return {
        "returns": returns,
        "scores": game.scores(state),
        "winners": [seats[i]["name"] for i, r in enumerate(returns) if r == best and r > 0],
    }


def snapshot_codec(state: Any) -> str:
    """The snapshot codec of a state: msgpack of its type and of the type's fields, so a snapshot kept
    before a field was added is not read as a state without it."""
    t = type(state)
    fields = ",".join(getattr(t, "__struct_fields__", ()))
    return f"msgpack:{t.__module__}.{t.__qualname__}:{hashlib.sha256(fields.encode()).hexdigest()[:12]}"


def snapshot_key(game: Any, state: Any) -> tuple[str, str, str]:
    """What a snapshot of ``state`` is kept under: rules version, data hash, codec (any differs: ignored)."""
    return game.info.rules_version, game.data_hash(), snapshot_codec(state)
