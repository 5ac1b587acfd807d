"""The decisions a seat makes: plain, hashable values (DINGO-17 .. DINGO-25, DINGO-G11)."""

from __future__ import annotations

import msgspec

__all__ = ["PlayCard", "DestroyProtected", "DiscardCard", "Target", "Skip", "Pass", "Action"]


class PlayCard(msgspec.Struct, frozen=True, tag="play"):
    """Play a card from hand into a ranch: your own (DINGO-18) or an opponent's (DINGO-19)."""

    card: int
    ranch: int


class DestroyProtected(msgspec.Struct, frozen=True, tag="destroy"):
    """Destroy your own protected card: action 3 (DINGO-20) or the special rule (DINGO-24)."""


class DiscardCard(msgspec.Struct, frozen=True, tag="discard"):
    """Discard a card from hand (DINGO-21)."""

    card: int


class Target(msgspec.Struct, frozen=True, tag="target"):
    """Resolve the pending removal effect on a card in a ranch (DINGO-25, DINGO-26)."""

    ranch: int
    card: int


class Skip(msgspec.Struct, frozen=True, tag="skip"):
    """Decline an optional choice: the special destroy or an effect (DINGO-23)."""


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    """No action is possible: empty hand and at most one ranch card (DINGO-G11)."""


Action = PlayCard | DestroyProtected | DiscardCard | Target | Skip | Pass
