"""What a seat may be called and how a bot spec may be spelled: the same rules on `new` and on import."""

from __future__ import annotations

import re

from .protocol import GameError

__all__ = ["NAME_RE", "check_name", "check_spec_text", "check_seat"]

NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,15}\Z")
SPEC_RE = re.compile(r"^[ -~]{1,80}\Z")  # printable ASCII: no control character, no bidi override


def check_name(name: object) -> str:
    """``name`` if it is a valid seat name (1-16 letters, digits, - or _, starting with a letter)."""
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise GameError(f"player name {name!r}: use 1-16 letters, digits, - or _, starting with a letter")
    return name


def check_spec_text(spec: object) -> str:
    """``spec`` if it is spelled in 1-80 printable ASCII characters (parse_spec judges the rest)."""
    if not isinstance(spec, str) or not SPEC_RE.match(spec):
        raise GameError(f"bot spec {spec!r}: use 1-80 printable characters, such as mcts:hard")
    return spec


def check_seat(name: object, spec: object) -> None:
    """A seat's name and (for a bot) its spec text, as `new` would accept them."""
    check_name(name)
    if spec is not None:
        check_spec_text(spec)
