"""dinocli: four tabletop games in the terminal, as an event-sourced log."""

__version__ = "0.1.0"
