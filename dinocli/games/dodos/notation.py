"""Canonical text of actions and its parser.

``pick dash`` · ``pass`` · ``play tail-whip`` · ``discard big-leap`` · ``swap bob`` ·
``steal bob cat`` · ``throw egg at bob`` / ``throw egg at bob skill 0.8`` · ``ability`` /
``ability bob`` · ``ride raptor``. Seats are named by their name in lower case (spaces as
hyphens); a throw may also name the aimed space by number.
"""

from __future__ import annotations

from difflib import get_close_matches

from ..grammar import does, their
from ..protocol import IllegalAction, MalformedAction
from .actions import Discard, Pass, Pick, Play, Ride, Steal, SwapWith, Throw, UseAbility
from .data import DODINO_BY_SLUG, DODINOS, KIND_BY_SLUG, KINDS, SLUG, TRACKS, slug
from .dexterity import quantise_skill
from .engine import HIT, kinds, options
from .rules import pending_projectile, prompt
from .state import State

__all__ = ["round_of", "format_action", "parse_action", "seat_token"]


def seat_token(name: str) -> str:
    """How a seat is named in notation."""
    return slug(name)


def _target(s, aim: int) -> str:
    track = TRACKS[s.track]
    me = s.agenda[0].seat if s.agenda else -1
    for x in range(len(s.names)):
        if x != me and track.cell(s.pos[x]) == aim:
            return seat_token(s.names[x])
    return str(aim)


def format_action(s, a) -> str:
    """The canonical text of an action (on a state or a view)."""
    match a:
        case Pass():
            return "pass"
        case Pick(kind=k):
            return f"pick {SLUG[k]}"
        case Play(kind=k):
            return f"play {SLUG[k]}"
        case Discard(kind=k):
            return f"discard {SLUG[k]}"
        case SwapWith(seat=x):
            return f"swap {seat_token(s.names[x])}"
        case Steal(seats=xs):
            return "steal " + " ".join(seat_token(s.names[x]) for x in xs)
        case Throw(aim=aim, skill=skill):
            text = f"throw {pending_projectile(s) or 'projectile'} at {_target(s, aim)}"
            return text if skill is None else f"{text} skill {skill:.1f}"
        case UseAbility(target=x):
            return "ability" if x < 0 else f"ability {seat_token(s.names[x])}"
        case Ride(dodino=d):
            return f"ride {slug(DODINOS[d].name)}"
    raise TypeError(f"not a dodos action: {a!r}")


def _seat(s, word: str) -> int:
    tokens = [seat_token(n) for n in s.names]
    if word not in tokens:
        raise MalformedAction(f"no player called {word!r}; players: {', '.join(tokens)}")
    return tokens.index(word)


def _kind(s, verb: str, word: str) -> int:
    """The card kind ``word`` names; else MalformedAction naming the cards one may ``verb`` now (#42 item 3),
    with the closest of them (or of every card) as "did you mean"."""
    if word in KIND_BY_SLUG:
        return KIND_BY_SLUG[word]
    op = {"pick": Pick, "play": Play, "discard": Discard}[verb]
    now = sorted({SLUG[a.kind] for a in (options(s, s.agenda[0]) if s.agenda else []) if type(a) is op})
    near = get_close_matches(word, now, n=2, cutoff=0.6)
    other = [] if near else get_close_matches(word, list(KIND_BY_SLUG), n=1, cutoff=0.6)
    said = f"no card called {word!r}" + (f"; did you mean {' or '.join(near)}?" if near else "")
    if now:
        said += f" ({other[0]} is not yours to {verb} now)" if other else ""
        raise MalformedAction(f"{said}{' You' if near else '; you'} can {verb} now: {', '.join(now)}")
    if other:
        raise MalformedAction(f"{said}; did you mean {other[0]}?")
    raise MalformedAction(said if near else f"{said}; cards: {', '.join(SLUG)}")


def _why_not(s, a) -> str:
    """Why an action that parses is not legal now, in one line (else what the table waits for)."""
    t = s.agenda[0]
    if type(a) is not {"pick": Pick, "offer": Play, "discard": Discard, "swap": SwapWith}.get(t.op):
        return prompt(s)
    name = s.names[t.seat]
    if type(a) is not SwapWith and a.kind not in kinds(s.hands[t.seat]):
        return f"{does(name, 'hold')} no {KINDS[a.kind].name}"
    if t.op == "pick":
        return "green cards are never picked face down: pick a blue or red card (DODO-10)"
    if t.op == "offer":
        if KINDS[a.kind].color != "green":
            return f"only a green card is played now, and {KINDS[a.kind].name} is {KINDS[a.kind].color} (DODO-20)"
        if s.greens[t.seat] >= 0:
            return f"{does(name, 'have')} played a green card this round already: one a round (DODO-21)"
        if a.kind in HIT:
            return "a Hit is played only before another player's card takes effect (DODO-49)"
    if t.op == "swap" and a.seat == t.seat:
        return f"swap with another Dodino, not {their(name)} own"
    return prompt(s)


def _parse(s, words: list[str]):
    verb, args = words[0], words[1:]
    if verb == "pass" and not args:
        return Pass()
    if verb in ("pick", "play", "discard") and len(args) == 1:
        return {"pick": Pick, "play": Play, "discard": Discard}[verb](_kind(s, verb, args[0]))
    if verb == "swap" and len(args) == 1:
        return SwapWith(_seat(s, args[0]))
    if verb == "steal" and 1 <= len(args) <= 2:
        seats = sorted({_seat(s, w) for w in args})
        if len(seats) != len(args):
            raise MalformedAction("steal from two different players")
        return Steal(tuple(seats))
    if verb == "ability" and len(args) <= 1:
        return UseAbility(_seat(s, args[0]) if args else -1)
    if verb == "ride" and len(args) == 1:
        if args[0] not in DODINO_BY_SLUG:
            raise MalformedAction(f"no Dodino called {args[0]!r}; Dodinos: {', '.join(DODINO_BY_SLUG)}")
        return Ride(DODINO_BY_SLUG[args[0]])
    if verb == "throw" and len(args) in (3, 5) and args[1] == "at" and (len(args) == 3 or args[3] == "skill"):
        skill = None
        if len(args) == 5:
            try:
                skill = quantise_skill(float(args[4]))
            except ValueError:
                raise MalformedAction(f"skill must be a number from 0 to 1, not {args[4]!r}") from None
        proj = pending_projectile(s)
        if proj is not None and args[0] != proj:
            raise IllegalAction(f"this card throws the {proj}, not {args[0]!r}")
        tokens = [seat_token(n) for n in s.names]
        if args[2] in tokens:
            x = tokens.index(args[2])
            if s.agenda and x == s.agenda[0].seat:
                raise IllegalAction("aim at another Dodino, not your own")
            aim = TRACKS[s.track].cell(s.pos[x])
        elif args[2].isdigit() and len(args[2]) <= 4:
            aim = int(args[2])
        else:
            raise MalformedAction(f"throw at a player or a space number, not {args[2]!r}")
        return Throw(aim, skill)
    raise MalformedAction(
        f"cannot read {' '.join(words)!r}; try: pick CARD, pass, play CARD, discard CARD, swap NAME, "
        "steal NAME [NAME], throw PROJECTILE at NAME [skill 0.8], ability [NAME], ride DODINO")


def parse_action(s, text: str):
    """Read an action (MalformedAction if it does not parse, IllegalAction if not legal now)."""
    words = text.strip().lower().split()
    if not words or not text.isprintable():
        raise MalformedAction("type an action, e.g. 'pick dash' or 'pass'")
    a = _parse(s, words)
    check = Throw(a.aim) if type(a) is Throw else a
    if not s.agenda or check not in options(s, s.agenda[0]):
        raise IllegalAction(f"{' '.join(words)!r} is not legal now: {_why_not(s, a)}")
    return a


def round_of(s: State) -> int:
    """The round a decision in ``s`` belongs to, for move lists (DODO-13; 0 while drafting Dodinos)."""
    return s.round
