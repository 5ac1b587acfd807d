"""Bots: random, rule-based (the game's strategy) and information-set MCTS.

Importing this package is light (no numpy): the MCTS module loads when an ``mcts`` bot is made.
Bots never import a game: they only talk to the :class:`~dinocli.games.protocol.Game` they are given.
"""

from .bot import Bot
from .random_bot import RandomBot
from .rules_bot import RuleBot
from .bots import make_bot
from .spec import DEFAULT_SPEC, LEVELS, BotSpec, BotSpecError, parse_spec

__all__ = [
    "Bot",
    "BotSpec",
    "BotSpecError",
    "DEFAULT_SPEC",
    "LEVELS",
    "RandomBot",
    "RuleBot",
    "make_bot",
    "parse_spec",
]
