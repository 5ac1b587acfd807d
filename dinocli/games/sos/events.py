"""SOS Dino events: facts, tagged ``sos.<name>``."""

from __future__ import annotations

from dinocli.events import Event

__all__ = [
    "GameSetUp", "TileDrawn", "TileBoxed", "VolcanoErupted", "LavaPlaced", "MeteoriteFell",
    "DinoEliminated", "EggLost", "DinoMoved", "EggSaved", "DinoSaved", "ActionSkipped",
    "TurnPassed", "GameEnded",
]


class GameSetUp(Event, tag="sos.game_set_up"):
    """Board set up (SOS-03..08); ``first`` is the first active seat (SOS-09)."""

    first: int


class TileDrawn(Event, tag="sos.tile_drawn"):
    """``seat`` drew ``tile`` from the bag; ``draw`` counts draws from 0 (SOS-11)."""

    seat: int
    tile: int
    draw: int


class TileBoxed(Event, tag="sos.tile_boxed"):
    """The tile in hand went back in the box unused (SOS-18, SOS-21); ``why`` is spent or covered."""

    tile: int
    why: str


class VolcanoErupted(Event, tag="sos.volcano_erupted"):
    """The Volcano of ``color`` erupted; ``dirs`` are the new flows whose first target is open (SOS-17)."""

    color: int
    dirs: tuple[int, ...]


class LavaPlaced(Event, tag="sos.lava_placed"):
    """Lava tile ``tile`` placed on ``cell`` with openings ``mask``, extending ``flow``.

    ``ends`` are the new live open ends (directions); ``met`` the other flows it met (SOS-14):
    when ``met`` is not empty, every open end of ``flow`` and of the flows met is gone.
    """

    seat: int
    tile: int
    flow: int
    cell: int
    mask: int
    ends: tuple[int, ...]
    met: tuple[int, ...]


class MeteoriteFell(Event, tag="sos.meteorite_fell"):
    """Meteorite ``tile`` landed on its symbol's ``cell``, now an Obstacle (SOS-19, SOS-22)."""

    tile: int
    cell: int


class DinoEliminated(Event, tag="sos.dino_eliminated"):
    """``dino`` was on ``cell`` when lava or a Meteorite covered it (SOS-15, SOS-20)."""

    dino: int
    cell: int
    by: str


class EggLost(Event, tag="sos.egg_lost"):
    """The Egg of Nest ``nest`` was covered by lava (SOS-15)."""

    nest: int


class DinoMoved(Event, tag="sos.dino_moved"):
    """``dino`` stepped from ``src`` to ``dst`` (SOS-24..30)."""

    seat: int
    dino: int
    src: int
    dst: int


class EggSaved(Event, tag="sos.egg_saved"):
    """``dino`` passed over Nest ``nest`` and saved its Egg (SOS-33)."""

    nest: int
    dino: int


class DinoSaved(Event, tag="sos.dino_saved"):
    """``dino`` climbed the Mountain on ``cell`` (SOS-32)."""

    dino: int
    cell: int


class ActionSkipped(Event, tag="sos.action_skipped"):
    """No Dino could make the rest of ``tile``'s action after ``done`` steps (A04)."""

    tile: int
    done: int


class TurnPassed(Event, tag="sos.turn_passed"):
    """The next player clockwise, ``seat``, becomes active (SOS-10, G01)."""

    seat: int


class GameEnded(Event, tag="sos.game_ended"):
    """The game ended (``why``: saved, lost or bag, SOS-34..36) with team ``score`` (SOS-37)."""

    why: str
    score: int
