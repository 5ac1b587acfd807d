"""Events: immutable facts, tagged "dillos.<name>", folded into the state by fold.py.

Squares are board indices; a tile is a code (data.py). Chance outcomes are recorded as they
fell, so a replay needs no random generator.
"""

from __future__ import annotations

from dinocli.events import Event

__all__ = [
    "TilesLaid", "TileDrawn", "SquareChosen", "TilePlaced", "TurnStarted", "DiceRolled",
    "HunterTaken", "HunterMoved", "HunterStopped", "DilloCaptured", "DieChosen", "ActionChosen",
    "ActionSkipped", "SwapPicked", "TileTwisted", "TilesSwapped", "LinePushed", "TileFlipped",
    "DilloMoved", "MoveEnded", "CapitolReached", "RollOffRolled", "BattleFought", "PushBegun",
    "DilloPushed", "PushEnded", "TurnEnded", "GameWon", "GameCapped", "DilloEvent",
]


class TilesLaid(Event, tag="dillos.tiles_laid"):
    """The shaken bag was laid out: a code per square (DILLO-03); Houston tiles face down."""

    board: tuple[int, ...]


class TileDrawn(Event, tag="dillos.tile_drawn"):
    """City Planning: ``seat`` drew a tile of ``kind`` from the bag (DILLO-27)."""

    seat: int
    kind: int


class SquareChosen(Event, tag="dillos.square_chosen"):
    """City Planning: ``seat`` chose where the drawn tile goes."""

    seat: int
    square: int


class TilePlaced(Event, tag="dillos.tile_placed"):
    """City Planning: the drawn tile was placed face up with ``code`` (DILLO-G13)."""

    seat: int
    square: int
    code: int


class TurnStarted(Event, tag="dillos.turn_started"):
    """``seat`` begins turn number ``turn`` (DILLO-06, DILLO-25)."""

    seat: int
    turn: int


class DiceRolled(Event, tag="dillos.dice_rolled"):
    """The two dice showed ``dice`` (DILLO-07)."""

    seat: int
    dice: tuple[int, int]


class HunterTaken(Event, tag="dillos.hunter_taken"):
    """``seat`` steers the Hunter ``steps`` squares; ``then`` is "act" after doubles, else "end"
    (DILLO-08, DILLO-18, DILLO-21)."""

    seat: int
    steps: int
    then: str


class HunterMoved(Event, tag="dillos.hunter_moved"):
    """``seat`` moved the Hunter one square."""

    seat: int
    square: int


class HunterStopped(Event, tag="dillos.hunter_stopped"):
    """The Hunter's movement is over; it stands on ``square`` (DILLO-G05)."""

    seat: int
    square: int


class DilloCaptured(Event, tag="dillos.dillo_captured"):
    """``seat``'s dillo was captured and placed on ``square`` (DILLO-19, DILLO-24, G15)."""

    seat: int
    square: int


class DieChosen(Event, tag="dillos.die_chosen"):
    """``seat`` uses the die showing ``die`` for the action (DILLO-09)."""

    seat: int
    die: int


class ActionChosen(Event, tag="dillos.action_chosen"):
    """``seat`` will twist, swap or push (DILLO-10)."""

    seat: int
    action: str


class ActionSkipped(Event, tag="dillos.action_skipped"):
    """No action the die allows is possible, so none is taken (DILLO-G11)."""

    seat: int
    die: int


class SwapPicked(Event, tag="dillos.swap_picked"):
    """``seat`` picked the first tile of a swap."""

    seat: int
    square: int


class TileTwisted(Event, tag="dillos.tile_twisted"):
    """The tile on ``square`` was turned 90 degrees (DILLO-11)."""

    seat: int
    square: int
    clockwise: bool


class TilesSwapped(Event, tag="dillos.tiles_swapped"):
    """The tiles on ``a`` and ``b`` changed places (DILLO-12)."""

    seat: int
    a: int
    b: int


class LinePushed(Event, tag="dillos.line_pushed"):
    """A row or column was pushed one square toward ``toward`` (DILLO-13, DILLO-G09)."""

    seat: int
    line: str
    index: int
    toward: str


class TileFlipped(Event, tag="dillos.tile_flipped"):
    """Houston: the face-down tile on ``square`` was turned up, showing ``code`` (DILLO-28)."""

    square: int
    code: int


class DilloMoved(Event, tag="dillos.dillo_moved"):
    """``seat`` moved their dillo one square (DILLO-14)."""

    seat: int
    square: int


class MoveEnded(Event, tag="dillos.move_ended"):
    """``seat``'s dillo stopped with ``unused`` steps left (DILLO-16, DILLO-18)."""

    seat: int
    unused: int


class CapitolReached(Event, tag="dillos.capitol_reached"):
    """Home-again variants: ``seat``'s dillo landed on the capitol (DILLO-29, DILLO-30)."""

    seat: int


class RollOffRolled(Event, tag="dillos.roll_off_rolled"):
    """``seat`` landed on the Hunter: they rolled ``roll`` (+``unused``), ``rival`` rolled
    ``rival_roll`` (DILLO-20)."""

    seat: int
    rival: int
    roll: int
    unused: int
    rival_roll: int


class BattleFought(Event, tag="dillos.battle_fought"):
    """A Dillo Battle: each attempt is (seat's 2d6, rival's 2d6); ties were rerolled
    (DILLO-22, DILLO-G07)."""

    seat: int
    rival: int
    rolls: tuple[tuple[int, int, int, int], ...]


class PushBegun(Event, tag="dillos.push_begun"):
    """``seat`` won the battle and moves ``loser`` ``steps`` squares; the mover had
    ``leftover`` steps of allowance (DILLO-23, DILLO-G08)."""

    seat: int
    loser: int
    steps: int
    leftover: int


class DilloPushed(Event, tag="dillos.dillo_pushed"):
    """``seat`` moved the loser's dillo one square."""

    seat: int
    loser: int
    square: int


class PushEnded(Event, tag="dillos.push_ended"):
    """The battle loser's forced move is over."""

    seat: int
    loser: int


class TurnEnded(Event, tag="dillos.turn_ended"):
    """``seat``'s turn is over; play passes left (DILLO-25)."""

    seat: int


class GameWon(Event, tag="dillos.game_won"):
    """``seat`` won (DILLO-26, DILLO-29, DILLO-30)."""

    seat: int


class GameCapped(Event, tag="dillos.game_capped"):
    """The round cap was reached with no winner: a draw shared by every seat."""

    turn: int


DilloEvent = (
    TilesLaid | TileDrawn | SquareChosen | TilePlaced | TurnStarted | DiceRolled | HunterTaken
    | HunterMoved | HunterStopped | DilloCaptured | DieChosen | ActionChosen | ActionSkipped
    | SwapPicked | TileTwisted | TilesSwapped | LinePushed | TileFlipped | DilloMoved | MoveEnded
    | CapitolReached | RollOffRolled | BattleFought | PushBegun | DilloPushed | PushEnded
    | TurnEnded | GameWon | GameCapped
)
