"""What happened in a game of Dodos: facts, tagged "dodos.<name>"; card -1 means hidden."""

from __future__ import annotations

from dinocli.events import Event

from .state import Task

__all__ = [
    "GameStarted", "DodinoChosen", "CardsDrawn", "DeckReshuffled", "RoundStarted", "HandRevealed",
    "CardPicked", "CardsRevealed", "TurnStarted", "Moved", "DieRolled", "GreenPlayed", "Passed",
    "EffectHit", "CostUnpaid", "Discarded", "Stolen", "Swapped", "ProjectileThrown", "AbilityUsed",
    "SphereReached", "Recovered", "TableCleared", "DodoPassed", "GameEnded", "DecisionAwaited",
    "CHANCE",
]


class GameStarted(Event, tag="dodos.game_started"):
    """Board side, starting player, Dodinos placed on the starting spaces, the full deck (DODO-02..07)."""

    names: tuple[str, ...]
    track: str
    abilities: bool
    first: int
    pos: tuple[int, ...]
    dodinos: tuple[int, ...]
    deck: tuple[int, ...]


class DodinoChosen(Event, tag="dodos.dodino_chosen"):
    """A seat chose its Dodino (DODO-05)."""

    seat: int
    dodino: int


class CardsDrawn(Event, tag="dodos.cards_drawn"):
    """Cards went from the deck to a hand; face down unless ``why`` is "search" (DODO-12)."""

    seat: int
    cards: tuple[int, ...]
    why: str


class DeckReshuffled(Event, tag="dodos.deck_reshuffled"):
    """The discard pile became the new deck (DODO-30)."""

    cards: tuple[int, ...]


class RoundStarted(Event, tag="dodos.round_started"):
    """A round began with this Dodo token holder (DODO-08)."""

    round: int
    dodo: int


class HandRevealed(Event, tag="dodos.hand_revealed"):
    """A seat without a blue or red card showed its hand (DODO-12)."""

    seat: int
    cards: tuple[int, ...]


class CardPicked(Event, tag="dodos.card_picked"):
    """A seat played a card face down in Phase 1 (DODO-10, DODO-11)."""

    seat: int
    card: int


class CardsRevealed(Event, tag="dodos.cards_revealed"):
    """All Phase-1 picks turned face up together; -1 for a seat with no card (DODO-11, G09)."""

    cards: tuple[int, ...]


class TurnStarted(Event, tag="dodos.turn_started"):
    """A seat became the active player (DODO-13)."""

    seat: int


class Moved(Event, tag="dodos.moved"):
    """A Dodino moved from one progress index to another."""

    seat: int
    frm: int
    to: int
    why: str


class DieRolled(Event, tag="dodos.die_rolled"):
    """The die was rolled once per value (DODO-42, DODO-45, G07)."""

    seat: int
    values: tuple[int, ...]
    why: str


class GreenPlayed(Event, tag="dodos.green_played"):
    """A seat played a green card face up in a green window (DODO-20..22)."""

    seat: int
    card: int


class Passed(Event, tag="dodos.passed"):
    """A seat declined: no green card in this window, or no ability when hit."""

    seat: int


class EffectHit(Event, tag="dodos.effect_hit"):
    """A Hit cancelled the active player's card effect (DODO-49)."""

    seat: int
    target: int


class CostUnpaid(Event, tag="dodos.cost_unpaid"):
    """A seat could not pay a discard cost: nothing discarded, no effect (DODO-37)."""

    seat: int
    cost: int
    src: str


class Discarded(Event, tag="dodos.discarded"):
    """Cards went face up from a hand to the discard pile."""

    seat: int
    cards: tuple[int, ...]
    src: str


class Stolen(Event, tag="dodos.stolen"):
    """Random cards moved from the victim's hand to the thief's (DODO-39, G08)."""

    thief: int
    victim: int
    cards: tuple[int, ...]


class Swapped(Event, tag="dodos.swapped"):
    """Two Dodinos exchanged positions: ``seat`` went to ``to``, ``other`` to ``frm`` (DODO-47)."""

    seat: int
    other: int
    frm: int
    to: int


class ProjectileThrown(Event, tag="dodos.projectile_thrown"):
    """A throw's recorded outcome: the d20 face, landing cells, self-shield d6 (0: not rolled)
    and the seats hit (DODO-50..58, G06)."""

    seat: int
    card: int
    projectile: str
    aim: int
    skill: float | None
    face: int
    outcome: str
    landed: tuple[int, ...]
    shield: int
    hits: tuple[int, ...]


class AbilityUsed(Event, tag="dodos.ability_used"):
    """A seat flipped its Dodino card (DODO-64); ``target`` the victim of a steal, else -1."""

    seat: int
    dodino: int
    target: int


class SphereReached(Event, tag="dodos.sphere_reached"):
    """The active player ended the turn on a Sphere space (DODO-62, G03)."""

    seat: int
    space: int
    name: str


class Recovered(Event, tag="dodos.recovered"):
    """A seat with an empty hand Recovers: back 3, draw 6 follow (DODO-23)."""

    seat: int


class TableCleared(Event, tag="dodos.table_cleared"):
    """Every card played this round went to the discard pile (DODO-26)."""

    cards: tuple[int, ...]


class DodoPassed(Event, tag="dodos.dodo_passed"):
    """The Dodo token moved to the next seat clockwise (DODO-27)."""

    seat: int


class GameEnded(Event, tag="dodos.game_ended"):
    """Someone reached the finish after Phase 3; the winners (DODO-28, DODO-33..35)."""

    winners: tuple[int, ...]


class DecisionAwaited(Event, tag="dodos.decision_awaited"):
    """The rules stopped at a decision; the agenda still to resolve, its first task waiting."""

    agenda: tuple[Task, ...]


# Events that consume one keyed random draw (the state's ``ticks`` counter).
CHANCE = (CardsDrawn, DieRolled, Stolen, ProjectileThrown)
