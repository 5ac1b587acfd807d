"""Bot specs: the text form (``random``, ``rules``, ``mcts:hard``, ``mcts:iterations=500,rollout=rules``),
its parsed struct and the MCTS levels (:func:`dinocli.ai.bots.make_bot` builds the bot).

Grammar: ``KIND[:ITEM[,ITEM]...]`` where KIND is ``random``, ``rules``, ``mcts`` or ``uct`` and, for
``mcts``, an ITEM is a level name or ``key=value``:

* ``iterations=N`` — budget in search iterations (deterministic for a seed; at most 10,000,000,
  about an hour of search);
* ``seconds=S`` — budget in wall-clock seconds (with ``iterations`` too: whichever ends first; at
  most 3600);
* ``c=X`` — UCB exploration constant;
* ``rollout=random|rules`` — playout policy (uniform, or the game's rule-based strategy);
* ``cutoff=N|none`` — after N playout decisions, use ``game.heuristic`` if it gives a value;
* ``stop=score|never`` — also end a playout (by ``game.heuristic``) once ``game.scores`` change;
* ``reuse=yes|no`` — keep the search tree between consecutive decisions of the same seat (off
  by default: ``play`` and the REPL make a bot per move, so the bot at the prompt could not keep
  it, and keeping it did not help in Dodos: 21-19 against medium without it);
* ``prior=W`` — the rule-based strategy's choice is tried first at each searched node and gets
  ``W * sqrt(avail) / (1 + visits)`` on top of its UCB value (PUCT-style prior; 0: none);
* ``widen=W`` — progressive unpruning: at a searched node visited n times only the rule-based
  strategy's choice and the first ``int(W * sqrt(n))`` other legal actions compete, so a node the
  search has seen a few times plays the rule bot's move and more actions join as it is visited
  (0: every legal action at once);
* ``opponents=search|rules|trees`` — other seats choose in the tree by their own UCB values, by the
  game's rule-based strategy on their own view (an opponent model that cannot see hidden picks),
  or by UCB in a tree of their own, reached by what they observe (multiple-observer ISMCTS);
* ``belief=on|off`` — deal each iteration from a belief over the hidden cards (candidate deals
  weighted by how likely the others' seen actions are under the rule bot softened, ai/belief.py)
  instead of uniformly (off by default; a game whose infer role infers nothing deals uniformly).

``uct`` (the peer of the benches: the PyPI ``mcts`` package on one determinization per move, in
the ``bench`` extra) takes ``iterations=N``, ``seconds=S`` and ``c=X`` (default ``iterations=200``).

A level is a preset of every key; other items override it. ``parse_spec(s).name`` is the
canonical text, and parsing it gives the same spec back. A game may tune the presets for itself
(``game.info.mcts_tuning``) and for each board it is played on (``game.tuning(view)``, see
:func:`tuning_of`); :func:`tuned` applies that to every key the spec does not give.
"""

from __future__ import annotations

import msgspec

from dinocli.events.errors import DinocliError
from dinocli.limits import BOT_ITERATIONS, BOT_SECONDS, BOT_WEIGHT

__all__ = ["BotSpec", "BotSpecError", "LEVELS", "DEFAULT_LEVEL", "DEFAULT_SPEC", "parse_spec", "tuned", "tuning_of", "resolved", "clip"]

DEFAULT_LEVEL = "medium"
DEFAULT_SPEC = "mcts:medium"
KINDS = ("random", "rules", "mcts", "uct")
ROLLOUTS = ("random", "rules")

VALID_FORMS = (
    "random, rules, mcts, mcts:easy|medium|hard, mcts:iterations=N, mcts:seconds=S, "
    "mcts:c=X, mcts:rollout=random|rules, mcts:cutoff=N|none, mcts:stop=score|never, mcts:reuse=yes|no, mcts:opponents=search|rules|trees, mcts:prior=W, mcts:widen=W, mcts:belief=on|off, "
    "combined with commas (mcts:hard,rollout=random), uct:seconds=S|iterations=N|c=X"
)


class BotSpecError(DinocliError, ValueError):
    """A bot spec that does not parse; the message is one line listing the valid forms."""


class BotSpec(msgspec.Struct, frozen=True, kw_only=True):
    """A parsed bot spec; for ``mcts`` every search parameter is resolved."""

    kind: str
    level: str | None = None
    iterations: int | None = None
    seconds: float | None = None
    c: float = 0.7
    rollout: str = "random"
    cutoff: int | None = None
    stop: str = "never"
    reuse: bool = False
    opponents: str = "search"
    prior: float = 0.0
    widen: float = 0.0
    belief: bool = False
    name: str = ""
    given: tuple[str, ...] = ()  # the keys the text gave itself (a game's tuning leaves them alone)


# Tuned on dingo (2 seats): playouts by the rule-based strategy to the end of the day (the
# scores change), then game.heuristic; c=0.3 beat c=0.7. A medium move takes about 0.1 s,
# a hard one 0.3-0.5 s in dingo. `dinocli bench GAME --strength` measures them.
LEVELS: dict[str, BotSpec] = {
    level: BotSpec(kind="mcts", level=level, iterations=n, c=0.3, rollout="rules", cutoff=30, stop="score")
    for level, n in (("easy", 30), ("medium", 200), ("hard", 800))
}

_KEYS = ("iterations", "seconds", "c", "rollout", "cutoff", "stop", "reuse", "opponents", "prior", "widen", "belief")
_UCT_KEYS = ("iterations", "seconds", "c")


MAX_ITERATIONS = int(BOT_ITERATIONS.high)  # the limits table: about an hour of search on a laptop
MAX_SECONDS = float(BOT_SECONDS.high)


def clip(text: str, most: int = 60) -> str:
    """``text`` cut to ``most`` characters (with "...") for an error message: a hostile spec stays short."""
    return text if len(text) <= most else text[:most - 3] + "..."


def _fail(text: str, why: str) -> BotSpecError:
    return BotSpecError(f"bad bot spec {clip(text)!r}: {clip(why, 160)}; valid forms: {VALID_FORMS}")


def _value(text: str, key: str, raw: str):
    try:
        if key == "iterations":
            v = int(raw) if len(raw) <= 12 else 0
            if not BOT_ITERATIONS.holds(v):
                raise ValueError
            return v
        if key == "seconds":
            v = float(raw) if len(raw) <= 24 else 0.0
            if not BOT_SECONDS.holds(v):
                raise ValueError
            return v
        if key in ("c", "prior", "widen"):
            v = float(raw)
            if not BOT_WEIGHT.holds(v):
                raise ValueError
            return v
        if key == "rollout":
            if raw not in ROLLOUTS:
                raise ValueError
            return raw
        if key == "cutoff":
            if raw == "none":
                return None
            v = int(raw)
            if v < 0:
                raise ValueError
            return v
        if key == "stop":
            if raw not in ("score", "never"):
                raise ValueError
            return raw
        if key == "opponents":
            if raw not in ("search", "rules", "trees"):
                raise ValueError
            return raw
        if key == "reuse":
            if raw not in ("yes", "no"):
                raise ValueError
            return raw == "yes"
        if key == "belief":
            if raw not in ("on", "off"):
                raise ValueError
            return raw == "on"
    except ValueError:
        pass
    shown = f"{key}={clip(raw, 20)!r}"
    why = {"iterations": f"{shown} is not a whole number from 1 to {MAX_ITERATIONS:,}",
           "seconds": f"{shown} is not a number above 0 and at most {MAX_SECONDS:g}"}.get(key, f"{shown} is not a valid value")
    raise _fail(text, why)


def _format(key: str, value) -> str:
    if key == "cutoff" and value is None:
        return "cutoff=none"
    if key == "reuse":
        return f"reuse={'yes' if value else 'no'}"
    if key == "belief":
        return f"belief={'on' if value else 'off'}"
    return f"{key}={value!r}" if isinstance(value, float) else f"{key}={value}"


def parse_spec(text: str) -> BotSpec:
    """Parse a bot spec (raise BotSpecError with a one-line message listing the valid forms)."""
    if not isinstance(text, str):
        raise _fail(str(text), "not text")
    if not (text.isascii() and text.isprintable()):
        raise _fail(text, "only printable characters")
    raw = text.strip().lower()
    kind, sep, rest = raw.partition(":")
    kind = kind.strip()
    if kind not in KINDS:
        raise _fail(text, f"unknown bot kind {kind!r}")
    if kind in ("random", "rules"):
        if sep:
            raise _fail(text, f"{kind!r} takes no options")
        return BotSpec(kind=kind, name=kind)
    level: str | None = None
    given: dict[str, object] = {}
    if sep:
        if not rest.strip():
            raise _fail(text, "empty option list")
        for item in rest.split(","):
            item = item.strip()
            key, eq, val = item.partition("=")
            key, val = key.strip(), val.strip()
            if not eq:
                if kind == "uct":
                    raise _fail(text, f"uct takes no level ({key!r})")
                if key not in LEVELS:
                    raise _fail(text, f"unknown level or option {key!r}")
                if level is not None:
                    raise _fail(text, "more than one level")
                level = key
                continue
            if key not in (_UCT_KEYS if kind == "uct" else _KEYS):
                raise _fail(text, f"unknown option {key!r}" + (" for uct" if kind == "uct" else ""))
            if key in given:
                raise _fail(text, f"{key} given twice")
            given[key] = _value(text, key, val)
    if kind == "uct":
        keys = tuple(k for k in _UCT_KEYS if k in given)
        budget = {"iterations": None} if "seconds" in given and "iterations" not in given else {"iterations": 200}
        return BotSpec(kind="uct", name="uct" + (":" if keys else "") + ",".join(_format(k, given[k]) for k in keys),
                       given=keys, **{"c": 0.7, **budget, **given})
    base = LEVELS[level or DEFAULT_LEVEL]
    fields = {k: getattr(base, k) for k in _KEYS}
    if "seconds" in given and "iterations" not in given:
        fields["iterations"] = None  # a time budget replaces the level's iteration budget
    fields.update(given)
    keys = tuple(k for k in _KEYS if k in given)
    items = ([base.level] if (level not in (None, DEFAULT_LEVEL) or not keys) else []) + [_format(k, fields[k]) for k in keys]
    return BotSpec(kind="mcts", level=level or DEFAULT_LEVEL, name="mcts:" + ",".join(items), given=keys, **fields)


def tuning_of(game, view=None) -> dict[str, dict[str, object]] | None:
    """The presets of ``game`` for a search from ``view``: the game's ``tuning(view)`` where it has one
    (a board may tune its own), else ``game.info.mcts_tuning``."""
    tuning = getattr(game, "tuning", None)
    if callable(tuning):
        return tuning(view)
    return getattr(getattr(game, "info", None), "mcts_tuning", None)


def tuned(spec: BotSpec, tuning: dict[str, dict[str, object]] | None) -> BotSpec:
    """``spec`` with a game's tuning (``{"all"|level: {key: value}}``) for the keys it does not give."""
    if spec.kind != "mcts" or not tuning:
        return spec
    preset = {**tuning.get("all", {}), **tuning.get(spec.level or DEFAULT_LEVEL, {})}
    changes = {k: v for k, v in preset.items() if k in _KEYS and k not in spec.given}
    if "seconds" in spec.given:
        changes.pop("iterations", None)  # a time budget replaces the level's iteration budget
    return msgspec.structs.replace(spec, **changes) if changes else spec


def resolved(spec: str, tuning: dict[str, dict[str, object]] | None = None) -> str:
    """Every search parameter ``spec`` stands for in a game with ``tuning``, spelled out
    (``mcts:iterations=400,c=0.1,...``, itself a spec): two specs that search alike spell the same."""
    t = tuned(parse_spec(spec), tuning)
    if t.kind != "mcts":
        return t.name
    return "mcts:" + ",".join(_format(k, getattr(t, k)) for k in _KEYS
                              if (getattr(t, k) is not None or k == "cutoff") and (k not in ("prior", "widen", "belief") or getattr(t, k)))
