"""The next level after a win: the rung above the bots a person has just beaten (#23 "levels a
player can climb"), on each game's own ladder (#40: a level that in a game only takes longer than
the one below is no rung there)."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import Any

__all__ = ["NEXT", "MCTS_LEVELS", "TIME_ONLY", "offered", "rung_above", "next_level", "game_over"]

# the rung above each level (the README measures each against the one below); hard is the top
NEXT = {"random": "rules", "rules": "mcts:medium", "mcts:easy": "mcts:medium", "mcts:medium": "mcts:hard"}
TOP = "mcts:hard"
MCTS_LEVELS = ("mcts:easy", "mcts:medium", "mcts:hard")  # `bench GAME --strength --levels` pairs each with the next

# The levels a game does not offer because no change has told them apart from the level below: the
# same search with more time (README "The levels each game offers"), keyed by the game, or by "GAME/VARIANT"
# for a game played with a variant that has budgets of its own. Dodos hard, left out while it was 0.52
# [0.45, 0.59] against medium on seed s8, beats it 0.58 [0.51, 0.65] over 100 deals of the held-out family
# h40-kestrel with today's search. On the 5x5 'Dillos board (variant small) hard at 14,400 iterations
# against medium at 3,600: 0.54 [0.49, 0.58] on the held-out family h40-ibis, not told apart (the 7x7 board's
# hard climbs). `bench GAME --strength --levels` measures them again.
TIME_ONLY: dict[str, tuple[str, ...]] = {"dillos/small": ("mcts:hard",)}


def _time_only(kind: str, variants: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The levels the game ``kind`` played with ``variants`` does not offer."""
    return (*TIME_ONLY.get(kind, ()), *(x for v in variants for x in TIME_ONLY.get(f"{kind}/{v}", ())))


def offered(kind: str, level: str, variants: tuple[str, ...] = ()) -> bool:
    """Whether the game ``kind`` played with ``variants`` offers ``level`` as a rung of its ladder."""
    return level not in _time_only(kind, variants)


def rung_above(kind: str, level: str, variants: tuple[str, ...] = ()) -> str | None:
    """The next level the game ``kind`` played with ``variants`` offers above ``level`` (None: ``level`` is
    its strongest)."""
    up = NEXT.get(level)
    while up is not None and not offered(kind, up, variants):
        up = NEXT.get(up)
    return up


def _beaten_level(g: Any, people: list[int] | None = None) -> str | None:
    """The one ladder level of the bots the people at a finished game beat (None: a loss, mixed or custom
    bots, a practice branch, a team game); ``people``: the seats played at this keyboard (default: every
    person's seat; a served game's client names its own, since the others were somebody else's)."""
    from dinocli.ai.spec import BotSpecError, parse_spec

    if not g.over or g.practice or g.game.info.cooperative:
        return None
    humans, bots = g.table.people if people is None else people, g.table.bots
    if not humans or not bots or not {g.names[x] for x in humans} & set(g.winners()):
        return None
    try:
        levels = {parse_spec(b).name for b in bots}
    except BotSpecError:
        return None
    return levels.pop() if len(levels) == 1 else None


def _new_command(g: Any, command: Callable[..., str], rung: str | None, people: list[int] | None = None) -> str:
    """`dinocli new` for this table again: the same people and variants, the bots as they were or all at ``rung``
    (with ``people`` and a ``rung``: those people, every other seat a bot at ``rung``)."""
    words = ["new", g.record.kind]
    here = g.table.people if people is None or rung is None else people
    names = [g.seats[x].name for x in here]
    if names != ["you"]:
        words += [w for n in names for w in ("--player", shlex.quote(n))]
    others = g.table.bots + [rung] * (len(g.table.people) - len(here))
    words += [w for b in others for w in ("--bot", shlex.quote(rung or b))]
    info, on = g.game.info, g.config.variants
    words += [w for v in on if v not in info.default_variants for w in ("--variant", v)]
    words += [w for v in info.default_variants if v not in on for w in ("--variant", f"no-{v}")]
    return command(*words)


def next_level(g: Any, command: Callable[..., str], people: list[int] | None = None) -> str | None:
    """A line naming the next level and the command that starts it, when the people at a finished
    game (``people``: the seats played at this keyboard, default every person's) beat bots all of one
    level of the ladder (None otherwise: a loss, mixed or custom bots, a practice branch, a team game)."""
    level = _beaten_level(g, people)
    if level is None or level not in NEXT and level != TOP:
        return None
    kind, variants = g.record.kind, tuple(g.config.variants)
    up = rung_above(kind, level, variants)
    if up is None:
        skipped = [x for x in _time_only(kind, variants) if x != level]
        board = [v for v in variants if f"{kind}/{v}" in TIME_ONLY]
        where = g.game.info.name + (f" with the {' and '.join(board)} variant" if board else "")
        return f"You beat {level}, the strongest level" + (
            f" of {where} ({', '.join(skipped)} there is {level} with more time)." if skipped else ".")
    return f"You beat {level}. Next level: {_new_command(g, command, up, people)}"


def game_over(g: Any, command: Callable[..., str]) -> str:
    """One line for a move or a hint asked of a finished game (#42 item 4): the result, and what to do
    next: look back (review, analyze), or a new game, a level up after a win over one level of bots."""
    res = g.result()
    if g.game.info.cooperative:
        verdict = f"team score {res['scores'][0]:g}"
    else:
        verdict = f"{', '.join(g.winners()) or 'nobody'} won ({', '.join(f'{n} {v:g}' for n, v in zip(g.names, res['scores']))})"
    level = _beaten_level(g)
    rung = rung_above(g.record.kind, level, tuple(g.config.variants)) if level else None
    again = _new_command(g, command, rung)
    return (f"the game is over: {verdict}. Look back: {command('review', g.id)} or {command('analyze', g.id)}; "
            f"{'next level' if rung else 'play again'}: {again}")
