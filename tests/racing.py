"""Run callables at the same instant, each in its own thread with its own database
connection (the race tests on real PostgreSQL row locks use it)."""

from __future__ import annotations

import threading

from django.db import connection


def race(fns) -> list:
    """Start every callable of ``fns`` behind one barrier and return, in order, what each
    returned or the exception it raised. Each thread closes its own connection."""
    barrier = threading.Barrier(len(fns))
    results = [None] * len(fns)

    def run(i, fn):
        try:
            barrier.wait()
            results[i] = fn()
        except Exception as exc:  # noqa: BLE001 - collected and asserted by the caller
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(fns)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results
