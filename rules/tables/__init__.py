"""Dice expressions and dice tables as data (docs/tables.md): pure, no Django.

* ``expressions``: ``1d6``, ``2d6+1``, ``1d6+1d10`` parsed and rolled with the game's dice;
* ``format``: the YAML table format (``cursus-table/1``), checked with clear errors;
* ``rolling``: a roll on a table (the roll and the row it hit) and the combat look-up;
* ``library``: the tables shipped with Cursus (``library/<game>/<table>.yaml``), which a
  refereed game attaches by id (``alea-iacta-est/events``).
"""
