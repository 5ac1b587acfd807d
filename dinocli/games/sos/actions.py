"""SOS Dino decisions: where a Lava tile goes, and each single step of a Dino."""

from __future__ import annotations

import msgspec

__all__ = ["PlaceLava", "MoveDino", "Action"]


class PlaceLava(msgspec.Struct, frozen=True, tag="lava"):
    """Put the Lava tile in hand on ``cell`` with openings ``mask`` (SOS-12, SOS-G05)."""

    cell: int
    mask: int


class MoveDino(msgspec.Struct, frozen=True, tag="move"):
    """Move ``dino`` one space in direction ``dir`` (SOS-24..30)."""

    dino: int
    dir: int


Action = PlaceLava | MoveDino
