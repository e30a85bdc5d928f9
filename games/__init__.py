"""Games: persisted games, seats, steps, sealed order sets and the event log.

The only place that turns rules results into rows (see docs/adjudication.md)."""
