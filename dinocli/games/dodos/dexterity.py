"""Simulated dexterity: where a thrown projectile lands (DODO-55..58, DODO-G06).

The base model is the reconstruction's d20 table: the thrower aims at a space ``a`` and a d20
decides the landing space(s); low faces are the accurate ones. A human's real-time challenge
result enters as ``skill`` in [0, 1], quantised to tenths: it tilts the d20 toward low faces
(skill > 0.5) or high faces (skill < 0.5) with weights ``exp(TILT * (2*skill - 1) * (10.5 - face) / 9.5)``.
``skill`` None (bots, headless games) and skill 0.5 are exactly the uniform d20 of DODO-G06.

Pure functions only: the engine draws ``u = rng.below(SCALE, ...)`` and calls :func:`land`, and
the result is recorded in an event, so a replay never re-runs a challenge.
"""

from __future__ import annotations

import math
from functools import cache

__all__ = [
    "FACES", "SCALE", "TILT", "SKILL_LEVELS", "TABLES", "OFFSETS", "quantise_skill", "is_skill",
    "face_odds", "throw_odds", "land", "hit_odds",
]

FACES = 20
SCALE = 1_000_000
TILT = 3.0
SKILL_LEVELS: tuple[float, ...] = tuple(i / 10 for i in range(11))

# d20 faces per outcome, in face order (lowest faces first), from DODO-G06.
TABLES: dict[str, tuple[tuple[str, int], ...]] = {
    "meteorite": (("a", 11), ("a+1", 3), ("a-1", 3), ("miss", 3)),
    "banana": (("a", 9), ("a+1", 3), ("a-1", 3), ("miss", 5)),
    "egg": (("a", 7), ("a+1", 3), ("a-1", 3), ("a+2", 2), ("a-2", 2), ("miss", 3)),
    "star": (("a,a+1", 8), ("a", 4), ("a+1", 3), ("miss", 5)),
}
# Landing spaces of each outcome, as offsets from the aim.
OFFSETS: dict[str, tuple[int, ...]] = {
    "a": (0,), "a+1": (1,), "a-1": (-1,), "a+2": (2,), "a-2": (-2,), "a,a+1": (0, 1), "miss": (),
}


def quantise_skill(x: float) -> float:
    """The nearest skill level (tenths in [0, 1]); raise ValueError outside [0, 1]."""
    if not (isinstance(x, (int, float)) and 0.0 <= x <= 1.0):
        raise ValueError(f"skill must be a number from 0 to 1, got {x!r}")
    return round(x * 10) / 10


def is_skill(x: float | None) -> bool:
    """Whether ``x`` is None or exactly one of SKILL_LEVELS."""
    return x is None or x in SKILL_LEVELS


@cache
def face_odds(skill: float | None = None) -> tuple[float, ...]:
    """Probability of each d20 face 1..20 for a skill (None: uniform, the base model)."""
    if skill is None:
        return (1 / FACES,) * FACES
    t = TILT * (2 * quantise_skill(skill) - 1)
    w = [math.exp(t * (10.5 - f) / 9.5) for f in range(1, FACES + 1)]
    total = sum(w)
    return tuple(x / total for x in w)


@cache
def _outcomes(projectile: str) -> tuple[str, ...]:
    try:
        table = TABLES[projectile]
    except KeyError:
        raise ValueError(f"unknown projectile {projectile!r}") from None
    return tuple(o for o, k in table for _ in range(k))


def throw_odds(projectile: str, skill: float | None = None) -> dict[str, float]:
    """Probability of each outcome ("a", "a+1", ..., "miss") of a throw (DODO-G06)."""
    faces = face_odds(skill)
    out: dict[str, float] = {o: 0.0 for o, _ in TABLES[projectile]} if projectile in TABLES else {}
    for f, o in enumerate(_outcomes(projectile)):
        out[o] += faces[f]
    return out


@cache
def _thresholds(skill: float | None) -> tuple[int, ...]:
    acc, out = 0.0, []
    for p in face_odds(skill):
        acc += p
        out.append(round(acc * SCALE))
    out[-1] = SCALE
    return tuple(out)


def land(projectile: str, skill: float | None, u: int) -> tuple[int, str]:
    """The d20 face and outcome for a uniform draw ``u`` in [0, SCALE) (skill None: a fair d20)."""
    if not 0 <= u < SCALE:
        raise ValueError("u must be in [0, SCALE)")
    outcomes = _outcomes(projectile)
    for face, limit in enumerate(_thresholds(skill)):
        if u < limit:
            return face + 1, outcomes[face]
    raise AssertionError("unreachable")  # pragma: no cover


def hit_odds(projectile: str, skill: float | None = None) -> dict[int, float]:
    """Probability that each offset from the aim is a landing space (used to rate aims)."""
    return dict(_hits(projectile, skill))


@cache
def _hits(projectile: str, skill: float | None) -> tuple[tuple[int, float], ...]:
    out: dict[int, float] = {}
    for o, p in throw_odds(projectile, skill).items():
        for off in OFFSETS[o]:
            out[off] = out.get(off, 0.0) + p
    return tuple(out.items())


# The REPL's real-time challenge per projectile (DODO-G06): how fast the marker sweeps and
# what it looks like. A heavy Meteorite is slow, a Star flies fastest.
CHALLENGE: dict[str, tuple[float, str]] = {
    "egg": (0.9, "o"),
    "banana": (1.2, ")"),
    "meteorite": (0.7, "@"),
    "star": (1.7, "*"),
}


def challenge(projectile: str) -> tuple[float, str]:
    """(marker sweeps per second, marker glyph) of a projectile's timing challenge."""
    return CHALLENGE.get(projectile.lower(), (1.0, "#"))
