"""The next level after a win: the rung above the bots a person has just beaten (#23 "levels a
player can climb")."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import Any

__all__ = ["NEXT", "next_level"]

# the rung above each level (the README measures each against the one below); hard is the top
NEXT = {"random": "rules", "rules": "mcts:medium", "mcts:easy": "mcts:medium", "mcts:medium": "mcts:hard"}
TOP = "mcts:hard"


def next_level(g: Any, command: Callable[..., str]) -> str | None:
    """A line naming the next level and the command that starts it, when the people at a finished
    game beat bots all of one level of the ladder (None otherwise: a loss, mixed or custom bots, a
    practice branch, a team game)."""
    from dinocli.ai.spec import BotSpecError, parse_spec

    if not g.over or g.practice or g.game.info.cooperative:
        return None
    humans, bots = g.table.people, g.table.bots
    if not humans or not bots or not {g.names[x] for x in humans} & set(g.winners()):
        return None
    try:
        levels = {parse_spec(b).name for b in bots}
    except BotSpecError:
        return None
    level = levels.pop() if len(levels) == 1 else None
    if level == TOP:
        return f"You beat {level}, the strongest level."
    if level not in NEXT:
        return None
    rung = NEXT[level]
    words = ["new", g.record.kind]
    names = [g.seats[x].name for x in humans]
    if names != ["you"]:
        words += [w for n in names for w in ("--player", shlex.quote(n))]
    words += [w for _ in bots for w in ("--bot", rung)]
    info, on = g.game.info, g.config.variants
    words += [w for v in on if v not in info.default_variants for w in ("--variant", v)]
    words += [w for v in info.default_variants if v not in on for w in ("--variant", f"no-{v}")]
    return f"You beat {level}. Next level: {command(*words)}"
