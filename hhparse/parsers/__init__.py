"""Reading hand histories: bytes -> hand blocks -> :class:`~hhparse.records.Hand` records.

:mod:`.base` decodes a file once and splits it into hand blocks and junk; :mod:`.sites` is
the registry of rooms (how each file's room is detected, and its reader). A room's reader
only reads: it states what its log says, and the replayer judges it. What the readers share
lives once: :class:`.reader.TextReader` (recording actions, notes and problems, players'
names, amounts, cards, and the guard that turns a reader's bug into a rejected hand) for
text logs, :class:`.stud.StudReader` on top of it for the stud rooms that print the chips
each line adds, and :class:`.xmlhands.XmlReader` for XML logs (read with expat, a document
type declaration refused).
"""
