"""Decisions a seat can make: frozen, hashable plain values (the state knows what is legal)."""

from __future__ import annotations

import msgspec

__all__ = ["Ride", "Pick", "Pass", "Play", "Discard", "SwapWith", "Steal", "Throw", "UseAbility", "Action"]


class Ride(msgspec.Struct, frozen=True, tag="ride"):
    """Choose a Dodino before the race (abilities variant, DODO-05)."""

    dodino: int


class Pick(msgspec.Struct, frozen=True, tag="pick"):
    """Phase 1: play a blue or red card of this kind face down (DODO-10)."""

    kind: int


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    """Decline: play no green card in this window, or take the red box when hit."""


class Play(msgspec.Struct, frozen=True, tag="play"):
    """Play and resolve a green card of this kind in a green window (DODO-20)."""

    kind: int


class Discard(msgspec.Struct, frozen=True, tag="discard"):
    """Discard one card of this kind (one card per decision)."""

    kind: int


class SwapWith(msgspec.Struct, frozen=True, tag="swap"):
    """Exchange positions with this seat's Dodino (DODO-47)."""

    seat: int


class Steal(msgspec.Struct, frozen=True, tag="steal"):
    """Steal from these seats (DODO-46)."""

    seats: tuple[int, ...]


class Throw(msgspec.Struct, frozen=True, tag="throw"):
    """Throw the card's projectile at space ``aim``; ``skill`` (tenths in [0,1]) comes from a
    human's dexterity challenge, None for the base model (DODO-G06)."""

    aim: int
    skill: float | None = None


class UseAbility(msgspec.Struct, frozen=True, tag="ability"):
    """Flip your Dodino card (abilities variant); ``target`` is the victim of a steal, else -1."""

    target: int = -1


Action = Ride | Pick | Pass | Play | Discard | SwapWith | Steal | Throw | UseAbility
