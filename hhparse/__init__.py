"""hhparse: read, replay and report on hand histories of draw games and Razz."""

__version__ = "0.1.0"
