"""Text form of SOS Dino actions: ``lava d2 ns`` and ``move yellow n`` (format/parse)."""

from __future__ import annotations

from typing import Any

from ..protocol import IllegalAction, MalformedAction
from .actions import MoveDino, PlaceLava
from .board import COLORS, DINO_NAMES, DIR_NAMES, cell_name, mask_text, parse_cell
from .rules import legal_actions, why_illegal
from .state import Phase, State

__all__ = ["round_of", "format_action", "parse_action", "DINO_WORDS", "DIR_WORDS"]

USAGE = "write 'lava CELL OPENINGS' (lava d2 ns) or 'move DINO DIR' (move yellow n)"
DINO_WORDS: dict[str, int] = {}
for _d, (_c, _n) in enumerate(zip(COLORS, DINO_NAMES)):
    DINO_WORDS.update({_c: _d, _c[0]: _d, _n.lower(): _d})
DIR_WORDS = {"n": 0, "north": 0, "up": 0, "e": 1, "east": 1, "right": 1,
             "s": 2, "south": 2, "down": 2, "w": 3, "west": 3, "left": 3}


def format_action(state: State, action: Any) -> str:
    """Canonical text: ``lava CELL OPENINGS`` or ``move COLOUR DIR``."""
    if isinstance(action, PlaceLava):
        return f"lava {cell_name(action.cell)} {mask_text(action.mask)}"
    return f"move {COLORS[action.dino]} {DIR_NAMES[action.dir]}"


def _mask(text: str) -> int:
    if not 2 <= len(text) <= 4 or len(set(text)) != len(text) or set(text) - set(DIR_NAMES):
        raise MalformedAction(f"{text!r} is not a set of lava openings: 2 or 3 of n e s w, like ns or nes")
    return sum(1 << DIR_NAMES.index(ch) for ch in text)


def _parse_lava(state: State, words: list[str]) -> PlaceLava:
    if len(words) not in (1, 2):
        raise MalformedAction(f"lava takes a cell and its openings; {USAGE}")
    cell = parse_cell(words[0])
    if cell is None:
        raise MalformedAction(f"{words[0]!r} is not a cell: a column a-i and a row 1-9, like d2")
    if len(words) == 2:
        return PlaceLava(cell, _mask(words[1]))
    here = [a for a in legal_actions(state) if isinstance(a, PlaceLava) and a.cell == cell]
    if len(here) == 1:
        return here[0]
    if not here:
        raise IllegalAction(f"no open end of the flow leads to {words[0]} (SOS-12, G05)")
    options = ", ".join(format_action(state, a) for a in here)
    raise MalformedAction(f"say which way the tile turns: {options}")


def _parse_move(words: list[str]) -> MoveDino:
    if len(words) != 2:
        raise MalformedAction(f"move takes a Dino and a direction; {USAGE}")
    dino = DINO_WORDS.get(words[0])
    if dino is None:
        raise MalformedAction(
            f"{words[0]!r} is not a Dino: yellow (Louis), pink (Nessie), blue (Marie) or red (Freddy)")
    d = DIR_WORDS.get(words[1])
    if d is None:
        raise MalformedAction(f"{words[1]!r} is not a direction: n, e, s or w (never diagonal, SOS-29)")
    return MoveDino(dino, d)


def parse_action(state: State, text: str) -> Any:
    """Read an action (MalformedAction if it does not parse, IllegalAction if not legal now)."""
    words = text.lower().split()
    if not words:
        raise MalformedAction(f"empty action; {USAGE}")
    head, rest = words[0], words[1:]
    if head in ("lava", "l", "place"):
        action: Any = _parse_lava(state, rest)
    elif head in ("move", "m"):
        action = _parse_move(rest)
    elif head in DINO_WORDS:
        action = _parse_move(words)
    else:
        raise MalformedAction(f"cannot read {text.strip()[:40]!r}; {USAGE}")
    if state.phase not in (Phase.PLACE, Phase.ACT) or action not in legal_actions(state):
        raise IllegalAction(why_illegal(state, action))
    return action


def round_of(s: State) -> int:
    """The round a decision in ``s`` belongs to, for move lists: every player's turn once."""
    return (s.turn - 1) // len(s.names) + 1
