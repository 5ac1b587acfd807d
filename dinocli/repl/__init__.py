"""The interactive screens: the game prompt (``new``/``play``), ``review`` and ``replay --step``.

- :mod:`.session`  the prompt on one game: bots, the loop, reading a line (:func:`run`, :class:`Repl`)
- :mod:`.commands` THE command table: each prompt command's name, aliases, argument, help and handler
- :mod:`.screen`   what the prompt draws, fitted to the terminal, terminal-safe
- :mod:`.review`   ``dinocli review``, the full-screen analysis board
- :mod:`.step`     ``dinocli replay``: a saved game or a log file as frames, and its verification

Only this package (with :mod:`dinocli.challenge`) imports prompt_toolkit, and only when a screen
opens: the names below are loaded on first use, so ``replay`` without ``--step`` stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["run", "Repl", "ReplCompleter", "InputError", "COMMANDS", "ALIASES", "TABLE", "history_path",
           "DEFAULT_DELAY", "HINT_SPEC"]

_WHERE = {"run": "session", "Repl": "session", "ReplCompleter": "session", "history_path": "session",
          "DEFAULT_DELAY": "session", "HINT_SPEC": "session",
          "InputError": "commands", "COMMANDS": "commands", "ALIASES": "commands", "TABLE": "commands"}


def __getattr__(name: str) -> Any:
    """The session's and the table's names, imported when first asked for."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
