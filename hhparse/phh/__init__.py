"""The open Poker Hand History format (PHH, TOML): export of replayed hands, and what the
PHH reader (:mod:`hhparse.parsers.phh`) shares with it.

Modules: ``codes`` (PHH variant codes), ``export`` (an accepted hand -> PHH text),
``settle`` (a PHH hand that records no result gets the pots the rules award), ``batch``
(files -> exported hands, for ``hhparse export``). Import them directly: this package
imports nothing itself, so the reader can use ``codes`` without pulling in the replayer.
"""
