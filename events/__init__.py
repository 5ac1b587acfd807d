"""The event store: a game-agnostic library of events, their log, and keyed randomness.

Imported as ``dinocli.events``. It imports no game.
"""

from .codec import Event, UnknownEvent, canonical, decode, decoder_for, encode, event_types, register_upcaster
from .rng import RecordingRng, ReplayRng, Rng, RngMismatch, SeededRng, SimRng, commit, new_seed

__all__ = [
    "Event",
    "UnknownEvent",
    "canonical",
    "decode",
    "decoder_for",
    "encode",
    "event_types",
    "register_upcaster",
    "Rng",
    "SeededRng",
    "RecordingRng",
    "ReplayRng",
    "SimRng",
    "RngMismatch",
    "commit",
    "new_seed",
]
