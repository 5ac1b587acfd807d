"""What a command's events disclose (log format 3): which events some seat (or an onlooker) may not see, who may,
and the one form the others are shown, as every writer records them (:func:`disclosure`) and the verifier checks
them (:mod:`dinocli.verify` imports them from here: one definition). Apart from the verifier so that a move, which
records them, does not load it."""

from __future__ import annotations

from dinocli.events import Event
from dinocli.games.protocol import Game, GameError

__all__ = ["public_form", "public_of", "disclosure"]


def public_form(game: Game, seats: int, event: Event) -> tuple[list[int], Event | None] | None:
    """What the hash of a sealed event binds (log format 3): the seats that may see it and the one form every
    other seat and an onlooker is shown (None: nothing); None for an open event, which every seat sees.
    GameError if the game shows it differently to two who may not see it (format 3 binds one form)."""
    forms = [game.redact(event, s) for s in (None, *range(seats))]
    if all(f == event for f in forms):
        return None
    others = [f for f in forms if f != event]
    if any(f != others[0] for f in others[1:]):
        raise GameError(f"{game.info.name} shows a {event.tag} differently to seats that may not see it: "
                        "a log binds one shown form")
    return [s for s in range(seats) if forms[s + 1] == event], others[0]


def public_of(game: Game, seats: int, event: Event, actor: int | None) -> str | None:
    """:func:`public_form` as the canonical text a format 3 hash covers (None: an open event)."""
    from dinocli.events.chain import body_text, public_text

    form = public_form(game, seats, event)
    if form is None:
        return None
    seen, shown = form
    return public_text(seen, None if shown is None else (shown.tag, shown.version, body_text(shown), actor))


def disclosure(game: Game, seats: int, events: list) -> dict[str, list]:
    """A command's ``sealed``, ``seen`` and ``shown`` (:class:`~dinocli.events.Command`), as every writer records
    them: which events some seat (or an onlooker) may not see, whose hashes cover salted commitments and (log
    format 3) their :func:`public_form`."""
    forms = [public_form(game, seats, ev) for ev in events]
    return {"sealed": [f is not None for f in forms], "seen": [[] if f is None else f[0] for f in forms],
            "shown": [None if f is None else f[1] for f in forms]}
