"""Tournaments: registration, pairings (round robin in pools, Swiss), live standings,
the organiser console with its audit trail, Glicko-2 ratings and reliability."""
