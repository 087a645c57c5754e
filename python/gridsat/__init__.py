"""gridsat: logic puzzles solved by reduction to SAT, every answer verified."""
from ._native import __version__

__all__ = ["__version__"]
