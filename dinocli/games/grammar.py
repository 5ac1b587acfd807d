"""English around player names: the name "you" (any case) is second person, every other name third.

Game texts put seat names into sentences; with these helpers "you" reads as English::

    does("rex", "win")  -> "rex wins"        does("you", "win")  -> "you win"
    does("rex", "be")   -> "rex is"          does("you", "be")   -> "you are"
    does("rex", "was")  -> "rex was"         does("you", "was")  -> "you were"
    possessive("rex")   -> "rex's"           possessive("you")   -> "your"
    their("rex")        -> "their"           their("you")        -> "your"
    them("rex")         -> "them"            them("you")         -> "you"

``does`` also takes several names: ``does(("ann", "you"), "win")`` -> "ann and you win".
Names are kept as typed; possessives are always lower case ("your"), like the names.
This module imports nothing of dinocli, so any game may use it.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["YOU", "is_you", "possessive", "their", "them", "verb", "does", "join"]

YOU = "you"

# verb -> (form after "you" or several names, form after one other name)
_IRREGULAR = {
    "be": ("are", "is"),
    "was": ("were", "was"),
    "have": ("have", "has"),
}
_SIBILANT = ("s", "sh", "ch", "x", "z", "o")


def is_you(name: str) -> bool:
    """Whether a seat name is the second person "you" (any case)."""
    return name.lower() == YOU


def possessive(name: str) -> str:
    """``name``'s, or "your" for you; always "'s", even after an s ("james's")."""
    return "your" if is_you(name) else f"{name}'s"


def their(name: str) -> str:
    """The possessive pronoun that refers back to ``name``: "your" for you, else "their"."""
    return "your" if is_you(name) else "their"


def them(name: str) -> str:
    """The object pronoun that refers back to ``name``: "you" for you, else "them"."""
    return YOU if is_you(name) else "them"


def _third_person(base: str) -> str:
    """The -s form of a regular verb: wins, passes, reaches, goes, carries, plays."""
    if base.endswith("y") and len(base) > 1 and base[-2].lower() not in "aeiou":
        return base[:-1] + "ies"
    if base.lower().endswith(_SIBILANT):
        return base + "es"
    return base + "s"


def verb(who: str | Sequence[str], base: str) -> str:
    """``base`` (a plain verb, or "be", "have", "was") agreeing with a name or several names."""
    plural = not isinstance(who, str) and len(who) != 1
    single = who if isinstance(who, str) else who[0] if who else ""
    if plural or is_you(single):
        return _IRREGULAR.get(base, (base,))[0]
    if base in _IRREGULAR:
        return _IRREGULAR[base][1]
    return _third_person(base)


def join(names: Sequence[str]) -> str:
    """Names as one subject: "ann", "ann and bob", "ann and bob and cat"."""
    return " and ".join(names)


def does(who: str | Sequence[str], base: str) -> str:
    """A name (or several) and the verb agreeing with it: "rex wins", "you win", "ann and you win"."""
    subject = who if isinstance(who, str) else join(who)
    return f"{subject} {verb(who, base)}"
