"""Drawing a view at <= 80 columns, the toolbar status line, and one line of English per event."""

from __future__ import annotations

import textwrap

from dinocli.events import Event

from ..colour import style, unstyle
from ..columns import clip, ljust
from ..grammar import does, possessive, their, verb
from ..protocol import Config
from .data import DODINOS, KIND, KINDS, TRACKS
from .events import (
    AbilityUsed, CardPicked, CardsDrawn, CardsRevealed, CostUnpaid, DecisionAwaited, DeckReshuffled,
    DieRolled, Discarded, DodinoChosen, DodoPassed, EffectHit, GameEnded, GameStarted, GreenPlayed,
    HandRevealed, Moved, Passed, ProjectileThrown, Recovered, RoundStarted, SphereReached, Stolen,
    Swapped, TableCleared, TurnStarted,
)
from .rules import prompt
from .state import PHASES, PICK, State
from .view import HIDDEN, View

__all__ = ["QUIET", "OUTCOMES", "reveal", "render", "status", "describe", "card_name", "card_label"]

# events the prompt does not narrate as they happen (whose decision or turn it is, the table cleared and the
# token passed: the prompt and the next round's start say them); the log shows every event
QUIET = frozenset({DecisionAwaited, TurnStarted, TableCleared, DodoPassed})

# a decision's first event that tells what its notation cannot (where a throw landed and whom it hit, the
# places a swap exchanged): `move` shows it under the notation, as the prompt does
OUTCOMES = frozenset({ProjectileThrown, Swapped})

COLORS = {"blue": "blue", "red": "red", "green": "green"}
LETTERS = "ABCDEF"
WAITS = {"draft": "choose a Dodino", "pick": "pick a card", "offer": "play a green card or pass",
         "discard": "discard", "swap": "choose a swap", "steal": "choose whom to rob", "throw": "throw",
         "shield": "decide on Ankylo's ability"}


def card_name(c: int) -> str:
    """A card's name, or "a hidden card"."""
    return KINDS[KIND[c]].name if c >= 0 else "a hidden card"


def card_label(kind: int, color: bool = False, width: int = 72) -> str:
    """A card kind in full: colour and footprint tag, name and effect, cut to ``width``."""
    k = KINDS[kind]
    tag = _tag(kind, False)
    return _tag(kind, color) + f" {k.name}: {k.text}"[: width - len(tag)]


def _tag(kind: int, color: bool) -> str:
    """A card kind's colour and footprint tag: ``[B3]``."""
    k = KINDS[kind]
    tag = f"[{k.color[0].upper()}{k.fp}]"
    return style(tag, fg=COLORS[k.color], bold=True) if color else tag


def _cards(cards: tuple[int, ...]) -> str:
    return ", ".join(card_name(c) for c in cards) or "nothing"


def _track_lines(v: View, color: bool, legend: str = "full", depth_cap: int | None = None) -> list[str]:
    """The ruler, the track, the Dodinos stacked under their spaces (at most ``depth_cap`` rows, the
    last one saying ``+`` for more) and the legend (``full``, ``short`` or ``none``)."""
    track = TRACKS[v.track]
    width = track.loop or track.printed
    cells = ["."] * width
    for sp in track.spheres:
        cells[sp.space] = "@"
    cells[track.finish] = "F"
    ruler = "".join(str(i).ljust(5) for i in range(0, width, 5))
    lines = ["  " + ruler.rstrip(), "  " + "".join(cells) + (" (loop: 35 -> 0)" if track.loop else " ...")]
    stacks: dict[int, list[str]] = {}
    beyond: list[str] = []
    for x, p in enumerate(v.pos):
        c = track.cell(p)
        letter = LETTERS[x]
        if color:
            letter = style(letter, bold=True, fg="yellow" if x == v.seat else None)
        if c >= width:
            beyond.append(f"{LETTERS[x]}@{p}")
        else:
            stacks.setdefault(c, []).append(letter)
    depth = max((len(s) for s in stacks.values()), default=0)
    if depth_cap is not None and depth > depth_cap:
        depth = depth_cap
        stacks = {c: letters if len(letters) <= depth else letters[:depth - 1] + ["+"] for c, letters in stacks.items()}
    for row in range(depth):
        line = [" "] * width
        for c, letters in stacks.items():
            if row < len(letters):
                line[c] = letters[row]
        text = "  " + "".join(line).rstrip()
        if row == 0 and beyond:
            text = text.ljust(2 + width) + " beyond: " + " ".join(beyond)
        lines.append(text)
    if not stacks and beyond:
        lines.append("  beyond: " + " ".join(beyond))
    if legend == "full":
        text = f"F finish at {track.finish}; @ Spheres: " + ", ".join(
            f"{s.space} {s.name} ({s.text.lower()})" for s in track.spheres)
    else:
        text = f"F {track.finish}  @ " + ", ".join(f"{s.space} {s.name}" for s in track.spheres)
    if legend != "none":
        lines += textwrap.wrap(text, 78, initial_indent="  ", subsequent_indent="    ")
    return lines


def _played(v: View, x: int) -> str:
    c = v.picks[x]
    if c == HIDDEN:
        return "face down"
    if c < 0:
        return "-"
    return KINDS[KIND[c]].name


# the denser layouts a short terminal gets, in order: (sphere legend, hand, rows of stacked Dodinos)
COMPACT = (("short", "two", None), ("short", "names", 3), ("none", "names", 2), ("none", "names", 1))


def render(v: View, color: bool = False, height: int | None = None) -> str:
    """The board as ``v`` sees it: track, seats, own hand, played cards, Dodo token, prompt; given
    ``height`` (a short terminal), the first of ever denser layouts that fits in that many lines."""
    board = _board(v, color)
    for legend, hand, depth in COMPACT:
        if height is None or board.count("\n") < height:
            break
        board = _board(v, color, compact=True, legend=legend, hand=hand, depth_cap=depth)
    return board


def _board(v: View, color: bool, compact: bool = False, legend: str = "full", hand: str = "lines",
           depth_cap: int | None = None) -> str:
    track = TRACKS[v.track]
    head = f"Dodos Riding Dinos - {track.name} track - round {v.round} - {PHASES[v.phase]}"
    out = [style(head, bold=True) if color else head]
    out += _track_lines(v, color, legend, depth_cap)
    header = "   player       dodino   space  cards  played         green"
    out.append(header + ("  (* ability used)" if compact and v.abilities else ""))
    for x, name in enumerate(v.names):
        d = v.dodinos[x]
        dodino = DODINOS[d].name if d >= 0 else "?"
        if v.abilities and d >= 0:
            dodino += "*" if v.used[x] else ""
        p = v.pos[x]
        space = f"{p}" if not track.loop or p < track.loop else f"{track.cell(p)} L{p // track.loop + 1}"
        green = card_name(v.greens[x]) if v.greens[x] >= 0 else "-"
        marks = (" <dodo>" if x == v.dodo else "") + (" (you)" if x == v.seat else "")
        if x == v.active and v.hit:
            marks += " hit"
        line = (f" {LETTERS[x]} {ljust(clip(name, 12), 12)} {dodino:<8} {space:>5}  {v.sizes[x]:>5}  "
                f"{_played(v, x)[:13]:<13}  {green[:11]:<11}{marks}")
        out.append(line.rstrip()[:80])
    if v.abilities and not compact:
        out.append("   * ability used")
    pile = f"deck {v.deck_size}, discard {len(v.discard)}"
    if len(head) + 3 + len(pile) <= 80:  # on the title line when it fits (80x24)
        out[0] += " - " + pile
    else:
        out.append("   " + pile)
    seen = [f"{v.names[x]}: {_cards(cards)}" for x, cards in enumerate(v.known) if cards]
    if seen:  # a hand revealed (DODO-12) or a steal: the table remembers what it was shown
        text = "Seen in other hands: " + "; ".join(seen)
        out += [text[:80]] if compact else textwrap.wrap(text, 80, subsequent_indent="    ")
    if v.seat is not None:
        out += _hand(v, color, hand)
    if v.winners:
        out.append("Winner: " + " and ".join(v.names[x] for x in v.winners))
    else:
        out += textwrap.wrap("Now: " + prompt(v), 80, subsequent_indent="    ")
    return "\n".join(out)


def _hand(v: View, color: bool, how: str) -> list[str]:
    """Your hand, each kind counted: one per line with its effect (``lines``), two per line (``two``),
    or the names only, packed (``names``); then your Dodino's ability."""
    counts: dict[int, int] = {}
    for c in v.hand:
        counts[KIND[c]] = counts.get(KIND[c], 0) + 1
    ability = ""
    if v.abilities and v.dodinos[v.seat] >= 0:
        d = DODINOS[v.dodinos[v.seat]]
        ability = f"Ability ({d.name}, {'used' if v.used[v.seat] else 'ready'}): {d.text}"
    if how == "names":
        cells = []
        for k, n in counts.items():
            cells.append(f"{f'{n}x ' if n > 1 else ''}{_tag(k, color)} {KINDS[k].name}")
        lines, line = [], f"Your hand ({len(v.hand)}):"
        for cell in cells:
            if len(unstyle(line)) + 2 + len(unstyle(cell)) > 80:
                lines.append(line)
                line = "  " + cell
            else:
                line += ("  " if line.strip() else "") + cell
        lines.append(line)
        return lines + (["  " + ability[:78]] if ability else [])
    lines = [f"Your hand ({len(v.hand)}):"]
    if how == "lines":
        cells = [f"{n}x {card_label(k, color)}" for k, n in counts.items()]
    else:  # the effect shortened at a word, to fit half a line
        cells = [f"{n}x {_tag(k, color)} {textwrap.shorten(f'{KINDS[k].name}: {KINDS[k].text}', 28, placeholder='…')}"
                 for k, n in counts.items()]
    if how == "lines":
        lines += ["  " + cell for cell in cells]
        lines.append("  ([B2]: a blue card that advances 2; R red, G green; black: a miss discards 4)")
    else:
        for i in range(0, len(cells), 2):
            pad = " " * (39 - len(unstyle(cells[i])))
            lines.append(("  " + cells[i] + (pad + cells[i + 1] if i + 1 < len(cells) else "")).rstrip())
    return lines + (["  " + ability] if ability else [])


def status(v: View) -> str:
    """One line for a toolbar: round, phase, who acts, the leader."""
    track = TRACKS[v.track]
    lead = max(range(len(v.pos)), key=lambda x: v.pos[x])
    now = "won by " + " and ".join(v.names[x] for x in v.winners) if v.winners else prompt(v)
    return f"Round {v.round} - {PHASES[v.phase]} - {now} - leader {v.names[lead]} {v.pos[lead]}/{track.finish}"


def describe(ev: Event, config: Config) -> str:
    """One line of plain English for the log."""
    names = config.names

    def nm(x: int) -> str:
        return names[x] if 0 <= x < len(names) else "?"

    match ev:
        case GameStarted(track=track, first=first):
            return f"The race begins on the {TRACKS[track].name} track; {does(nm(first), 'hold')} the Dodo token."
        case DodinoChosen(seat=x, dodino=d):
            return f"{does(nm(x), 'ride')} {DODINOS[d].name}."
        case CardsDrawn(seat=x, cards=cards, why=why):
            shown = _cards(cards) if all(c >= 0 for c in cards) else f"{len(cards)} card{'s' * (len(cards) != 1)}"
            return f"{nm(x)} drew {shown} ({why})."
        case DeckReshuffled(cards=cards):
            return f"The discard pile ({len(cards)} cards) was shuffled into a new deck."
        case RoundStarted(round=r, dodo=d):
            return f"Round {r} begins; {does(nm(d), 'hold')} the Dodo token."
        case HandRevealed(seat=x, cards=cards):
            return f"{does(nm(x), 'have')} no blue or red card and {verb(nm(x), 'reveal')}: {_cards(cards)}."
        case CardPicked(seat=x):
            return f"{nm(x)} played a card face down."
        case CardsRevealed(cards=cards):
            return "Revealed: " + "; ".join(f"{nm(x)} {card_name(c) if c >= 0 else 'no card'}"
                                            for x, c in enumerate(cards)) + "."
        case TurnStarted(seat=x):
            return f"{possessive(nm(x))} turn."
        case Moved(seat=x, frm=a, to=b, why=why):
            return f"{nm(x)} moved {'forward' if b > a else 'back'} {abs(b - a)} from {a} to {b} ({why})."
        case DieRolled(seat=x, values=vals, why=why):
            return f"{nm(x)} rolled {' and '.join(map(str, vals))} ({why})."
        case GreenPlayed(seat=x, card=c):
            return f"{nm(x)} played the green card {card_name(c)}."
        case Passed(seat=x):
            return f"{nm(x)} passed."
        case EffectHit(seat=x, target=y):
            return f"{nm(x)} hit {nm(y)}: {their(nm(y))} card's effect is cancelled."
        case CostUnpaid(seat=x, cost=n, src=src):
            return f"{nm(x)} cannot discard {n} for {src}: no effect."
        case Discarded(seat=x, cards=cards, src=src):
            return f"{nm(x)} discarded {_cards(cards)} ({src})."
        case Stolen(thief=a, victim=b, cards=cards):
            shown = _cards(cards) if all(c >= 0 for c in cards) else f"{len(cards)} card{'s' * (len(cards) != 1)}"
            return f"{nm(a)} stole {shown} from {nm(b)}."
        case Swapped(seat=a, other=b, frm=p, to=q):
            return f"{nm(a)} ({p}) and {nm(b)} ({q}) swapped places."
        case ProjectileThrown(seat=x, projectile=proj, aim=aim, face=face, outcome=o, hits=hits, shield=sh,
                              skill=skill):
            who = ", ".join(nm(h) for h in hits) or "nobody"
            how = f"skill {skill:.1f}, " if skill is not None else ""
            extra = f", self-shield d6 {sh}" if sh else ""
            return f"{nm(x)} threw the {proj} at {aim} ({how}d20 {face}: {o}{extra}); hit {who}."
        case AbilityUsed(seat=x, dodino=d, target=t):
            on = f" on {nm(t)}" if t >= 0 else ""
            return f"{nm(x)} flipped {DODINOS[d].name}{on}: {DODINOS[d].text}."
        case SphereReached(seat=x, space=sp, name=name):
            return f"{does(nm(x), 'end')} the turn on the {name} Sphere (space {sp})."
        case Recovered(seat=x):
            return f"{does(nm(x), 'have')} no cards left and {verb(nm(x), 'Recover')}: back 3, draw 6."
        case TableCleared(cards=cards):
            return f"{len(cards)} played cards went to the discard pile."
        case DodoPassed(seat=x):
            return f"The Dodo token passes to {nm(x)}."
        case GameEnded(winners=w):
            return f"The race is over: {does([nm(x) for x in w], 'win')}."
        case DecisionAwaited(agenda=agenda):
            if not agenda:
                return "Nothing left to resolve."
            t = agenda[0]
            return f"Waiting for {nm(t.seat)} to {WAITS.get(t.op, t.op)}."
    return type(ev).__name__


def reveal(s: State, rng=None) -> list[str]:
    """What a spectator's view hides, for reviewing a finished game: every hand and face-down pick."""
    out = [f"{possessive(name)} hand: {_cards(hand)}" for name, hand in zip(s.names, s.hands)]
    if s.phase == PICK:
        picks = [f"{s.names[x]}: {card_name(c)}" for x, c in enumerate(s.picks) if c >= 0]
        out += [f"Face-down picks: {', '.join(picks)}"] if picks else []
    return out + [f"Deck: {len(s.deck)} cards (each draw is made by the seed when it comes)"]
