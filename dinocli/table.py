"""The Table: who sits where on one line of play, what each seat may see, and who may act now.

Built from a game record (its genesis seats and its seating: undo mode, practice take-overs) and
the position at the head of a branch, it is the one place that answers "who is this, what may they
see, what may they do": the CLI, the prompt, completion, review, export, hint and (later) a server
ask it, and none of them decides it again. It also says how a seat is shown to people (``you as
rex`` on a take-over; a bot's seat named "you" under a spare name there).

The seating is decoded here, strictly (:func:`dinocli.events.records.seating_of`): the store keeps
it as the JSON it was given and never looks inside.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from dinocli.events.errors import DatabaseUnavailable
from dinocli.events.records import GameRecord, SeatRecord, Seating, Takeover, seating_of, seats_of
from dinocli.games.grammar import is_you
from dinocli.games.names import NAME_RE
from dinocli.games.protocol import Config, Game, GameError, IllegalAction, Seat

__all__ = ["Table", "ServiceError", "find_seat", "shown_names", "BOT_NAMES", "DEFAULT_HUMAN"]

BOT_NAMES = ("rex", "trike", "ptera", "bronto", "raptor", "stego")
DEFAULT_HUMAN = "you"
_SEAT_NUMBER = re.compile(r"[0-9]{1,3}\Z")


class ServiceError(GameError):
    """A command that cannot be carried out (the message says why, in one line)."""


def find_seat(names: Sequence[str], who: str | int | None) -> Seat | None:
    """The seat ``who`` means among ``names`` (None stays None): THE seat lookup of --as, --seat and takeover.

    In this order: a name, ignoring case; a 0-based number (ASCII digits); the start of exactly one
    name, ignoring case. Anything else is a ServiceError of one shape: ``no seat 'x': seats are 0 ann,
    1 rex`` or ``seat 'a' is ambiguous: 0 ann or 1 alex``."""
    if who is None:
        return None
    listed = ", ".join(f"{i} {n}" for i, n in enumerate(names))
    if isinstance(who, int) and not isinstance(who, bool):
        if 0 <= who < len(names):
            return who
        raise ServiceError(f"no seat {who}: seats are {listed}")
    text = str(who)
    shown = text if _SEAT_NUMBER.match(text) else repr(text if len(text) <= 40 else text[:40] + "…")
    key = text.lower()
    for matches in ([i for i, n in enumerate(names) if n.lower() == key],
                    [int(text)] if _SEAT_NUMBER.match(text) and int(text) < len(names) else [],
                    [i for i, n in enumerate(names) if n.lower().startswith(key)] if key else []):
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise ServiceError(f"seat {shown} is ambiguous: {' or '.join(f'{i} {names[i]}' for i in matches)}")
    raise ServiceError(f"no seat {shown}: seats are {listed}")


def shown_names(names: Sequence[str], takeover: Takeover | None) -> tuple[str, ...]:
    """The seat names as a branch shows them to people: the genesis names, except that on a take-over a seat
    named "you" (any case) that the person does not play is shown as the first of :data:`BOT_NAMES` that no
    seat and no player uses, so that the game's words never speak to a bot as "you" (the genesis, hashes and logs keep "you")."""
    names = tuple(names)
    if takeover is None:
        return names
    me = takeover.seat
    if not any(is_you(n) and i != me for i, n in enumerate(names)):
        return names
    players = [s.player for s in takeover.seats if s.player is not None]
    taken = {n.lower() for n in [*names, *players]}   # nor the person's name ("--player trike as rex")
    spare = next((b for b in (*BOT_NAMES, "dino", "bot") if b not in taken), None)   # at most 5 others and a player
    if spare is None:
        return names
    return tuple(spare if is_you(n) and i != me else n for i, n in enumerate(names))


def _label(name: str, player: str | None) -> str:
    """``name``, or ``you as rex`` when a person plays a seat named otherwise."""
    return name if player is None or player.lower() == name.lower() else f"{player} as {name}"


def _player(seat: SeatRecord) -> str | None:
    """The person who plays a seat (None for a bot): the seat's name, or on a take-over the recorded player
    (a stored one that is not a valid name is ignored, so nothing unsafe is shown)."""
    if seat.bot is not None:
        return None
    return seat.player if seat.player is not None and NAME_RE.match(seat.player) else seat.name


class Table:
    """One line of play of a game as the people and bots at it sit: seats, eyes and turns.

    ``state`` is the position at the head (None for a record read without its events: then only the
    seating and the names may be asked); the service moves it on as decisions are appended."""

    def __init__(self, record: GameRecord, *, branch: str | None = None, game: Game | None = None,
                 config: Config | None = None, state: Any = None, db: str = ""):
        self.record = record
        self.branch = branch or record.branch
        self.game = game
        self.config = config
        self.state = state
        try:
            self.genesis: tuple[SeatRecord, ...] = seats_of(record.seats)
            if config is not None and len(self.genesis) != len(config.names):
                raise msgspec.ValidationError("they are not the config's players")
        except msgspec.ValidationError as exc:
            raise self._corrupt(db, f"its seats are not a list of names with bot specs ({exc})") from None
        try:
            self.seating: Seating = seating_of(record.meta)
            for t in self.seating.takeovers.values():
                if len(t.seats) != len(self.genesis) or not 0 <= t.seat < len(self.genesis):
                    raise msgspec.ValidationError("a take-over seats other seats than the game's - at `$.takeovers`")
            if any(not 0 <= s.seat < len(self.genesis) for s in self.seating.standins):
                raise msgspec.ValidationError("a stand-in plays no seat of the game's - at `$.standins`")
        except msgspec.ValidationError as exc:
            what = ("take-over seatings are not seatings of its seats" if "takeovers" in str(exc) else
                    "stand-ins are not bots in its seats" if "standins" in str(exc) else "undo mode is not one")
            raise self._corrupt(db, f"its {what} ({exc})") from None
        self.takeover: Takeover | None = self.seating.takeovers.get(self.branch)
        self._standing = {s.seat: s.bot for s in self.seating.standins if s.until is None}   # serve --bot-after

    @property
    def renamed(self) -> dict[Seat, tuple[str, str]]:
        """The seats this branch shows under another name than the genesis's: seat -> (genesis name, shown name)."""
        genesis = self.config.names if self.config is not None else tuple(s.name for s in self.genesis)
        return {i: (n, s) for i, (n, s) in enumerate(zip(genesis, shown_names(genesis, self.takeover))) if n != s}

    @property
    def names(self) -> tuple[str, ...]:
        """The seat names as this branch shows them: the seats' own, save the renamed (see :func:`shown_names`)."""
        renamed = self.renamed
        return tuple(renamed[i][1] if i in renamed else s.name for i, s in enumerate(self.seats))

    def _corrupt(self, db: str, why: str) -> DatabaseUnavailable:
        return DatabaseUnavailable(f"{db + ': ' if db else ''}the database is corrupt (game {self.record.id}: {why})")

    # -- who sits where ---------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[SeatRecord, ...]:
        """The seats of this line of play: a take-over branch's own seating, else the genesis's with a bot in
        each person's seat a bot stands in for now (``serve --bot-after``)."""
        if self.takeover is not None:
            return self.takeover.seats
        standing = self._standing
        return self.genesis if not standing else tuple(
            SeatRecord(s.name, standing[i]) if i in standing else s for i, s in enumerate(self.genesis))

    @property
    def practice(self) -> bool:
        """Whether this branch is a take-over (practice: its luck was seen, it counts for nothing)."""
        return self.takeover is not None

    def is_person(self, seat: Seat) -> bool:
        """Whether a person plays ``seat`` on this line."""
        return self.seats[seat].bot is None

    def bot(self, seat: Seat) -> str | None:
        """The bot spec that plays ``seat`` (None: a person)."""
        return self.seats[seat].bot

    @property
    def people(self) -> list[Seat]:
        """The seats people play."""
        return [i for i, s in enumerate(self.seats) if s.bot is None]

    @property
    def only_person(self) -> Seat | None:
        """The seat of the one person at the table (None: nobody, or several)."""
        people = self.people
        return people[0] if len(people) == 1 else None

    @property
    def hotseat(self) -> bool:
        """Whether two or more people share the keyboard (each view is shown only after passing it)."""
        return len(self.people) >= 2

    @property
    def bots(self) -> list[str]:
        """The bot specs at the table, seat by seat."""
        return [s.bot for s in self.seats if s.bot is not None]

    def player(self, seat: Seat) -> str | None:
        """The person who plays ``seat`` (None for a bot): the seat's name, or a take-over's player."""
        return _player(self.seats[seat])

    def label(self, seat: Seat) -> str:
        """Who plays ``seat`` as the prompt, show, games and exports name it: ``rex``, or ``you as rex`` on a
        take-over, under the name this branch shows."""
        return _label(self.names[seat], self.player(seat))

    def seat_text(self, seat: Seat, *, shown: bool = True) -> str:
        """A seat and its bot in a few words: ``rex (random)``, ``ann`` (``shown``: under this branch's label,
        else the seat's genesis name and bot, as `games` and `new` list a game)."""
        s = self.seats[seat] if shown else self.genesis[seat]
        return (self.label(seat) if shown else s.name) + (f" ({s.bot})" if s.bot else "")

    def summary(self) -> str:
        """The genesis seats in a few words: the people, then the bots grouped by spec."""
        people = [s.name for s in self.genesis if not s.bot]
        specs: dict[str, list[str]] = {}
        for s in self.genesis:
            if s.bot:
                specs.setdefault(s.bot, []).append(s.name)
        bots = "; ".join(f"{', '.join(names)} ({spec})" for spec, names in specs.items())
        return " vs ".join(p for p in (", ".join(people), bots) if p)

    def practice_players(self) -> dict[str, dict[str, Any]]:
        """Each take-over branch's person as `games` lists it: the seat, its name, the player and its label."""
        out = {}
        for name, t in sorted(self.seating.takeovers.items()):
            taken = t.seats[t.seat]
            player = _player(taken)
            out[name] = {"seat": t.seat, "name": taken.name, "player": player, "label": _label(taken.name, player)}
        return out

    def seat_of(self, who: str | int | None) -> Seat | None:
        """A seat from a name (as this branch shows it), a name's prefix or a 0-based number (see
        :func:`find_seat`; None stays None); a renamed seat's genesis name is refused, saying why."""
        for seat, (old, new) in self.renamed.items():
            if isinstance(who, str) and who.lower() == old.lower():
                me = self.takeover.seat
                raise ServiceError(f"no seat {who!r} on practice branch {self.branch}: a bot plays the seat named "
                                   f"{old} there, shown as {new}, and {self.label(me)} is seat {me}; seats are "
                                   + ", ".join(f"{i} {n}" for i, n in enumerate(self.names)))
        return find_seat(self.names, who)

    def seats_json(self) -> list[dict[str, Any]]:
        """The seat records as JSON (``show --json``'s ``seats``)."""
        return msgspec.to_builtins(self.seats)

    # -- whose turn -------------------------------------------------------------------------------

    @property
    def to_move(self) -> Seat | None:
        """The seat to decide now, or None when over."""
        return self.game.to_move(self.state)

    @property
    def over(self) -> bool:
        """Whether the game has ended on this line."""
        return self.to_move is None

    def acting(self) -> Seat | None:
        """The seat a person may act for now: the person to move (None when over or a bot is to move)."""
        seat = self.to_move
        return seat if seat is not None and self.is_person(seat) else None

    def bots_turn(self) -> Seat | None:
        """The bot to move now (None when over or a person is to move)."""
        seat = self.to_move
        return seat if seat is not None and not self.is_person(seat) else None

    def refuse_bots_turn(self, then: str = "") -> None:
        """Refuse what only a person to move may do (play, list the moves to play) while a bot is to move:
        ``it is rex's turn (a bot)`` and ``then``."""
        bot = self.bots_turn()
        if bot is not None:
            raise IllegalAction(f"it is {self.label(bot)}'s turn (a bot){then}")

    def check_may_play(self, play: str) -> Seat:
        """The seat a person plays now; IllegalAction when the game is over or a bot is to move (``play``
        says how to let it)."""
        if self.over:
            raise IllegalAction("the game is over")
        self.refuse_bots_turn(f"; run '{play}' to let it move")
        return self.to_move

    def check_moves_open(self, play: str) -> None:
        """Refuse to list or weigh the moves of a bot left to move (a prompt left while it thought) while
        the game is guarded: they would show its hidden hand (``play`` lets it move)."""
        if self.guarded:
            self.refuse_bots_turn(f", whose moves would show its hand; {play} lets it move")

    # -- what each may see ------------------------------------------------------------------------

    @property
    def strict(self) -> bool:
        """Whether undo never crosses what a person was shown (the default for two or more people)."""
        return self.seating.undo == "strict"

    @property
    def casual(self) -> bool:
        """Whether the game was started with an explicit --casual: anyone may then look at any seat."""
        return self.seating.undo == "casual" and self.seating.undo_chosen

    @property
    def guarded(self) -> bool:
        """Whether hidden information is protected now: the game runs and is strict, or has a person at
        the table and was not started with --casual."""
        return not self.over and (self.strict or bool(self.people and not self.casual))

    def default_seat(self) -> Seat | None:
        """Whose eyes `show` and `log` use by default: the only person, the person to move, or nobody
        (public information) — everything once the game is over."""
        if self.over:
            return None
        people = self.people
        if len(people) == 1:
            return people[0]
        return self.acting()

    def keyboard(self) -> Seat | None:
        """Whose eyes what a command prints to the keyboard uses: the one person at the table (even once the
        game is over), else :meth:`default_seat`."""
        only = self.only_person
        return only if only is not None else self.default_seat()

    def eyes(self, who: str | int | None) -> Seat | None:
        """Whose view to show: the named seat, else :meth:`default_seat`."""
        return self.default_seat() if who is None else self.seat_of(who)

    def peek(self, who: str | int | None, command: str) -> Seat | None:
        """The seat whose eyes ``command --as who`` uses; another seat's hidden view is refused (one line)
        while the game is guarded."""
        seat = self.eyes(who)
        if seat is None or seat == self.default_seat() or not self.guarded:
            return seat
        raise ServiceError(f"{command} --as {self.names[seat]} would show that seat's hidden information while "
                           "the game runs; it is public once the game is over (or start a game with --casual to allow it)")

    def check_whole_log(self) -> None:
        """Refuse the whole log (every hidden card, the deck order) of a guarded game."""
        if self.guarded:
            raise ServiceError("the whole log of a game in progress shows every hidden card and the deck order; "
                               "export --as SEAT writes one seat's view, --with-seed a private save to go on elsewhere "
                               "(or export it once the game is over)")

    def everything_hidden_from(self, viewer: Seat | None) -> bool:
        """Whether the prompt, with ``viewer``'s eyes on the screen (None: nobody's yet), must not show the
        whole game: it runs and people sit at it."""
        return viewer is None and not self.over and bool(self.people)

    def looks(self) -> list[Seat | None]:
        """Whose eyes review may use: everything (None, first) and every seat once this line is over;
        every seat of a running game nobody plays or a casual one; else only the person's."""
        if self.over:
            return [None, *range(len(self.seats))]
        if not self.people or self.casual:
            return list(range(len(self.seats)))
        return [self.default_seat()]

    def check_may_take_over(self) -> None:
        """Refuse a take-over of a game a person is still playing (the branch would show its hidden cards),
        unless it is over, casual or itself practice."""
        finished = self.over or self.record.result is not None
        if not finished and self.people and not self.casual and not self.practice:
            raise ServiceError(f"game {self.record.id} is still being played: taking it over would show its hidden "
                               "cards; wait until it is over (or start games with --casual to allow it)")

    # -- going back -------------------------------------------------------------------------------

    def undoers(self, path: Iterable[Any]) -> set[Seat]:
        """The seats whose decisions undo takes back: the people, or in a game of bots every seat that decided."""
        return set(self.people) or {s.actor for s in path if s.actor is not None}

    def check_undo_by(self, path: Sequence[Any], seat: Seat) -> None:
        """Refuse an undo that ``seat`` asks for at a served game unless the last decision a person made on
        ``path`` is its own: a seat takes back its own decision and the bots' replies, never another person's."""
        last = next((s.actor for s in reversed(path) if s.actor is not None and s.command == s.id
                     and self.is_person(s.actor)), None)
        if last is None:
            raise ServiceError("nothing to undo: no decision has been made yet")
        if last != seat:
            raise ServiceError(f"{self.label(last)} has decided since your last decision, and undo takes back only "
                               "your own: nothing was undone")

    def strict_running(self) -> bool:
        """Whether going back is guarded: the game is strict and has no result yet."""
        return self.strict and self.record.result is None

    def not_past_a_reveal(self, undone: Iterable[Any], seats: set[Seat], why: str) -> None:
        """Refuse (strict undo) to take back an event of ``undone`` that showed one of ``seats`` something
        hidden, so going back cannot be used to peek and choose again."""
        game = self.game
        for s in undone:
            for seat in sorted(seats):
                if game.reveals(s.event, seat):   # told as the table saw it: whoever typed undo may not be that seat
                    shown = game.redact(s.event, None)
                    what = f" ('{game.describe(shown, self.words)}')" if shown is not None else ""
                    raise ServiceError(f"{why} event {s.seq}: {self.label(seat)} was already shown something hidden "
                                       f"there{what}; a game started with --casual allows it")

    def check_leaving(self, path: Sequence[Any], left: Iterable[Any], what: str) -> None:
        """In a strict game still being played, refuse ``what`` (a branch back, a checkout) that leaves the
        events ``left`` behind if one of them showed a person at the table something hidden."""
        if self.strict_running():
            self.not_past_a_reveal(left, self.undoers(path), f"strict undo: {what} would go back past")

    # -- the words a seat is shown by -------------------------------------------------------------

    @property
    def words(self) -> Any:
        """The game's config in this branch's names, for the game's texts only (the config itself when none
        is renamed); None for a table read without its game."""
        config, renamed = self.config, self.renamed
        if not renamed or config is None:
            return config
        return msgspec.structs.replace(config, names=tuple(renamed[i][1] if i in renamed else n
                                                           for i, n in enumerate(config.names)))
