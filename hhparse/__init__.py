"""hhparse: read, replay and report on hand histories of draw games and Razz."""

from hhparse._build import choose

__version__ = "0.1.0"

BUILD = choose()
"""The build this process runs: mypyc-compiled hot modules, or pure Python (hhparse._build)."""
