"""The deck's cards by id, as the rules read them at speed: data.py's tables, bound ``Final`` here.

data.py defines Structs, so the compiled build (setup.py) never compiles it, and a compiled module
looks a name imported from it up in a dict at every use; a ``Final`` name of a compiled module is a
C static.
"""

from __future__ import annotations

from typing import Final

from . import data

__all__ = ["NAME", "VALUE", "COLOUR", "EFFECT", "KIND", "ALL", "DECK_SIZE"]

NAME: Final[tuple[str, ...]] = data.NAME
VALUE: Final[tuple[int, ...]] = data.VALUE
COLOUR: Final[tuple[int, ...]] = data.COLOUR
EFFECT: Final[tuple[str | None, ...]] = data.EFFECT
KIND: Final[tuple[int, ...]] = data.KIND
ALL: Final[tuple[int, ...]] = data.ALL
DECK_SIZE: Final[int] = data.DECK_SIZE
