"""Re-running the rules over a recorded log: every decision must be legal and every event
must be exactly what the rules produce (DESIGN "Export", `replay --verify`, `import`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import msgspec

from dinocli.events import Event, ReplayRng, RngMismatch, SeededRng, commit
from dinocli.games.protocol import Config, Game, GameError

__all__ = ["Entry", "Divergence", "commands", "verify", "replay_states"]


class Entry(msgspec.Struct, frozen=True):
    """One recorded event with its decision data (first event of a command only)."""

    seq: int
    event: Event
    actor: int | None = None
    action: str | None = None
    rolls: list | None = None
    starts_command: bool = False


class Divergence(Exception):
    """The log departs from the rules at event ``seq``."""

    def __init__(self, seq: int, reason: str):
        super().__init__(f"event {seq}: {reason}")
        self.seq = seq
        self.reason = reason


def commands(entries: Iterable[Entry]) -> Iterator[list[Entry]]:
    """Group entries into commands: each starts with an entry marked ``starts_command``."""
    group: list[Entry] = []
    for e in entries:
        if e.starts_command and group:
            yield group
            group = []
        group.append(e)
    if group:
        yield group


def _check_rolls(seed: str | None, rolls: Sequence[Sequence[Any]] | None, seq: int) -> None:
    """With the seed revealed, every recorded draw must be the seed's draw for its key."""
    if seed is None or not rolls:
        return
    rng = SeededRng(seed)
    for key, n, value in rolls:
        if rng.below(n, key) != value:
            raise Divergence(seq, f"draw {key!r} recorded {value}, the revealed seed gives {rng.below(n, key)}")


def replay_states(game: Game, config: Config, entries: Sequence[Entry], *, seed: str | None = None,
                  seed_commit: str | None = None) -> Iterator[tuple[Any, list[Entry]]]:
    """Verify command by command, yielding (state after the command, its entries).

    Raises :class:`Divergence` at the first event that the rules would not have produced.
    """
    if seed is not None and seed_commit is not None and commit(seed) != seed_commit:
        raise Divergence(0, "the revealed seed does not match the seed commitment")
    state = game.initial(config)
    first = True
    for group in commands(entries):
        head = group[0]
        recorded = [e.event for e in group]
        rng = ReplayRng(head.rolls or [])
        try:
            _check_rolls(seed, head.rolls, head.seq)
            if first:
                if head.actor is not None:
                    raise Divergence(head.seq, "the log does not start with the game's setup")
                produced = game.setup(config, rng)
            else:
                if head.actor is None or head.action is None:
                    raise Divergence(head.seq, "an event that no decision produced")
                seat = game.to_move(state)
                if seat is None:
                    raise Divergence(head.seq, "a decision after the game ended")
                if head.actor != seat:
                    raise Divergence(head.seq, f"seat {head.actor} decided but seat {seat} was to move")
                action = game.parse_action(state, head.action)
                produced = game.decide(state, action, rng)
        except GameError as exc:
            raise Divergence(head.seq, f"{head.action!r} is not legal: {exc}") from None
        except RngMismatch as exc:
            raise Divergence(head.seq, str(exc)) from None
        if not rng.finished():
            raise Divergence(head.seq, "more draws were recorded than the rules make")
        for i, (want, got) in enumerate(zip(produced, recorded)):
            if want != got:
                raise Divergence(group[i].seq, f"recorded {got.tag} but the rules produce {want.tag}"
                                 if want.tag != got.tag else f"recorded {got.tag} differs from what the rules produce")
        if len(produced) != len(recorded):
            at = group[min(len(produced), len(recorded) - 1)].seq
            raise Divergence(at, f"the rules produce {len(produced)} events here, the log has {len(recorded)}")
        for ev in recorded:
            state = game.fold(state, ev)
        first = False
        yield state, group


def verify(game: Game, config: Config, entries: Sequence[Entry], **kw: Any) -> Any:
    """Verify a whole log; return the final state (raise Divergence)."""
    state = game.initial(config)
    for state, _ in replay_states(game, config, entries, **kw):
        pass
    return state
