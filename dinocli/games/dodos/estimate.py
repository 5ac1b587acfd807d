"""The search's leaf estimate for Dodos: each seat's chance to win, judged between rounds only.

A conditional logit (a softmax across seats) over what each seat holds at the start of a round:
its progress, its hand size, its place in the turn order and how many cards of each kind it
holds (two at most counted). Weights are fitted per table size and per stage of the race (how
far the leader has come) on rule-based self-play by ``tools/fit_dodos_estimate.py`` (issue #23):
a lead counts for little early and much at the end, and a swap card (Switcheroo, Overtake) is
worth more than ten spaces near the finish. The hand-set estimate before it (a softmax over
progress with 0.3 space a card) was far too sure of the leader: worse than a coin at every stage
(held-out log-loss at four seats 1.51 against a coin's 1.39; the fit 1.35).
"""

from __future__ import annotations

import math
from operator import mul
from typing import Final

from .cards import KIND, KINDS, TRACKS
from .rules import returns
from .state import OVER, PICK, State

__all__ = ["heuristic", "features", "stage", "STAGES", "WEIGHTS"]

STAGES: Final = (0.5, 0.75, 0.9)  # the leader's share of the way to the finish where a stage begins


def stage(s: State) -> int:
    """Which weights judge ``s``: 0 until the leader is halfway, then 1, 2 and 3 past STAGES."""
    lead = max(s.pos) / TRACKS[s.track].finish
    return sum(lead >= t for t in STAGES)


def features(s: State, seat: int) -> list[float]:
    """Progress (in 4 spaces), hand size (up to 8, in 4 cards), turn order from the Dodo token
    (0 first, 1 last) and each card kind held (up to 2)."""
    n = len(s.pos)
    hand = s.hands[seat]
    return [s.pos[seat] / 4, min(len(hand), 8) / 4, ((seat - s.dodo) % n) / (n - 1), *_held(hand)]


_HELD: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}  # by hand: hands come round again and again


def _held(hand: tuple[int, ...]) -> tuple[int, ...]:
    """How many cards of each kind a hand holds, two at most counted."""
    got = _HELD.get(hand)
    if got is None:
        held = [0] * len(KINDS)
        for card in hand:
            held[KIND[card]] += 1
        if len(_HELD) >= 1 << 14:
            _HELD.clear()
        got = _HELD[hand] = tuple(min(k, 2) for k in held)
    return got


WEIGHTS: Final[dict[int, tuple[tuple[float, ...], ...]]] = {  # seats: one row per stage, one weight per feature
    2: (
        (0.028, -0.035, 0.007, -0.02, -0.005, -0.009, -0.003, 0.065, 0.0, 0.002, 0.047, -0.007, -0.017, -0.044, -0.028, -0.08, 0.152, 0.019, 0.02, 0.034, 0.013),
        (0.133, -0.122, 0.042, -0.041, 0.025, 0.05, 0.012, 0.304, -0.055, -0.005, 0.171, -0.024, 0.094, -0.039, -0.015, -0.073, 0.352, 0.139, 0.183, 0.172, 0.054),
        (0.233, -0.332, 0.067, 0.027, 0.083, 0.114, 0.178, 0.597, 0.017, 0.06, 0.331, 0.097, 0.292, 0.034, 0.083, 0.005, 0.548, 0.261, 0.325, 0.404, 0.202),
        (0.268, 0.209, 0.201, -0.002, 0.04, -0.052, -0.016, 0.724, 0.018, -0.052, 0.246, -0.034, 0.17, -0.01, -0.017, -0.104, 0.727, 0.095, 0.087, 0.402, 0.133),
    ),
    3: (
        (0.062, -0.112, 0.018, 0.037, 0.028, 0.038, -0.019, 0.104, -0.046, -0.031, 0.056, 0.064, 0.033, 0.017, -0.018, -0.041, 0.182, 0.044, 0.049, 0.115, 0.041),
        (0.081, -0.499, 0.031, 0.121, 0.098, 0.087, 0.041, 0.344, 0.009, 0.039, 0.181, 0.07, 0.122, 0.065, 0.067, 0.046, 0.476, 0.146, 0.188, 0.2, 0.15),
        (0.167, -0.363, 0.109, 0.082, 0.1, 0.01, 0.067, 0.656, 0.034, -0.002, 0.3, 0.11, 0.158, 0.116, 0.017, -0.023, 0.679, 0.079, 0.256, 0.362, 0.127),
        (0.25, -0.347, 0.498, 0.127, 0.175, 0.038, 0.087, 1.038, 0.107, -0.011, 0.415, 0.098, 0.066, 0.134, 0.104, 0.055, 1.007, 0.12, 0.122, 0.517, 0.248),
    ),
    4: (
        (0.059, 0.009, 0.022, -0.045, -0.029, -0.028, -0.007, 0.159, -0.105, -0.014, 0.032, -0.023, -0.044, -0.052, -0.044, 0.029, 0.113, 0.004, 0.028, 0.053, -0.057),
        (0.049, -0.21, -0.064, -0.044, -0.016, -0.033, 0.046, 0.391, -0.057, -0.075, 0.159, 0.002, 0.024, -0.044, 0.073, 0.014, 0.314, 0.019, 0.158, 0.09, 0.088),
        (0.107, -0.185, 0.128, -0.016, 0.058, -0.052, 0.097, 0.637, -0.075, -0.024, 0.278, -0.004, 0.124, -0.054, 0.16, 0.013, 0.582, -0.036, 0.134, 0.381, 0.204),
        (0.198, 0.308, 0.904, 0.005, -0.008, -0.081, -0.01, 0.975, -0.122, -0.089, 0.228, -0.026, 0.139, -0.073, 0.032, 0.041, 0.874, -0.089, -0.045, 0.502, 0.308),
    ),
    5: (
        (0.045, -0.087, 0.195, -0.047, -0.025, -0.055, -0.03, 0.197, -0.006, -0.001, 0.037, -0.062, -0.002, 0.062, 0.083, -0.076, 0.105, 0.037, 0.077, 0.013, 0.005),
        (0.063, -0.146, -0.287, -0.107, 0.061, -0.063, 0.003, 0.37, -0.033, 0.002, 0.102, -0.018, 0.127, 0.084, 0.028, -0.104, 0.356, 0.034, 0.139, 0.133, 0.035),
        (0.095, -0.289, 0.347, 0.076, 0.16, 0.028, 0.067, 0.725, -0.068, -0.008, 0.252, 0.024, 0.098, 0.158, 0.093, 0.041, 0.697, 0.023, 0.242, 0.4, 0.232),
        (0.194, 0.171, 1.213, 0.025, 0.145, -0.118, -0.015, 1.138, -0.068, -0.023, 0.243, -0.032, 0.068, 0.013, -0.066, -0.055, 1.009, -0.089, 0.06, 0.275, 0.207),
    ),
    6: (
        (-0.016, -0.211, 0.129, 0.001, -0.005, -0.01, -0.019, 0.105, -0.004, 0.055, 0.06, 0.016, -0.0, 0.019, 0.051, 0.008, 0.134, 0.009, 0.039, 0.006, 0.038),
        (0.015, -0.521, -0.379, 0.043, 0.057, 0.055, 0.059, 0.37, -0.022, 0.067, 0.145, 0.033, 0.119, 0.041, 0.117, 0.026, 0.418, 0.105, 0.21, 0.174, 0.09),
        (0.045, -0.397, 0.544, 0.051, 0.096, 0.074, 0.032, 0.747, -0.017, 0.028, 0.308, 0.079, 0.188, 0.034, 0.117, 0.078, 0.778, 0.003, 0.221, 0.319, 0.145),
        (0.185, -0.167, 1.675, 0.041, 0.143, 0.04, 0.04, 1.168, 0.032, -0.001, 0.235, 0.039, 0.203, 0.081, 0.063, 0.084, 1.168, -0.092, 0.139, 0.48, 0.24),
    ),
}


def heuristic(s: State) -> list[float] | None:
    """Each seat's chance to win by the fitted logit; None in the middle of a round, where the
    cards picked are not all resolved yet (a playout goes on to the next Phase 1, so every
    seat's pick, effect and green cards count)."""
    if s.phase == OVER:
        return returns(s)
    if s.phase != PICK:
        return None
    w = WEIGHTS[len(s.pos)][stage(s)]
    z = [sum(map(mul, w, features(s, x))) for x in range(len(s.pos))]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    total = sum(e)
    return [v / total for v in e]
