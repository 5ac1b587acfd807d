"""What a seat may be called and how a bot spec may be spelled: the same rules on `new` and on import."""

from __future__ import annotations

import re

from dinocli.limits import NAME, SPEC

from .protocol import GameError

__all__ = ["NAME_RE", "check_name", "check_names", "check_spec_text", "check_seats"]

# letters of any script (a wide one takes two columns: dinocli.games.columns), digits, - and _; never a mark,
# control, format or bidi character (none of them is a letter or digit)
NAME_RE = re.compile(r"^[^\W\d_][\w-]{0,%d}\Z" % (NAME.high - 1))
SPEC_RE = re.compile(r"^[ -~]{1,%d}\Z" % SPEC.high)  # printable ASCII: no control character, no bidi override


def check_name(name: object) -> str:
    """``name`` if it is a valid seat name (1-16 letters, digits, - or _, starting with a letter; composed, NFC)."""
    import unicodedata   # (only here: a command that names no one need not load its tables)

    if isinstance(name, str) and NAME_RE.match(name) and unicodedata.normalize("NFC", name) != name:
        raise GameError(f"player name {name!r}: write its accented letters composed (NFC), as a keyboard types them")
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise GameError(f"player name {name!r}: use 1-{NAME.high} letters, digits, - or _, starting with a letter")
    return name


def check_spec_text(spec: object) -> str:
    """``spec`` if it is spelled in 1-80 printable ASCII characters (parse_spec judges the rest)."""
    if not isinstance(spec, str) or not SPEC_RE.match(spec):
        raise GameError(f"bot spec {spec!r}: use 1-{SPEC.high} printable characters, such as mcts:hard")
    return spec


def check_names(names: list) -> None:
    """Every name valid, and no two the same (ignoring case)."""
    for n in names:
        check_name(n)
    if len({n.lower() for n in names}) != len(names):
        raise GameError(f"player names must be different: {names!r}")


def check_seats(seats: list[tuple[object, object]]) -> None:
    """(name, bot spec or None) of every seat, as `new` would accept them."""
    check_names([name for name, _spec in seats])
    for _name, spec in seats:
        if spec is not None:
            check_spec_text(spec)
