"""The bot a spec stands for (``make_bot``): the one place that knows every kind of bot.

Kept apart from :mod:`.spec` so that the search (:mod:`.mcts`), which reads specs, and the
spec grammar do not import each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .spec import DEFAULT_SPEC, BotSpec, parse_spec

if TYPE_CHECKING:
    from .bot import Bot

__all__ = ["make_bot"]


def make_bot(spec: str | BotSpec = DEFAULT_SPEC) -> "Bot":
    """A bot for a spec text or a parsed spec (raise BotSpecError for a bad one)."""
    s = parse_spec(spec) if isinstance(spec, str) else spec
    if s.kind == "random":
        from .random_bot import RandomBot

        return RandomBot()
    if s.kind == "rules":
        from .rules_bot import RuleBot

        return RuleBot()
    if s.kind == "uct":
        from .uct import UctBot  # the PyPI mcts package: the peer of issue 23, in the bench extra

        return UctBot(s)
    from .mcts import MctsBot  # numpy: loaded only when a search bot is made

    return MctsBot(s)
