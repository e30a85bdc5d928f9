"""Pairing tables of three or more (tournaments/pairing.py, no Django): the CPU time of a
Swiss round and of a round robin's round, and the repeat meetings each deals, on
simulated results (each table's places drawn at random, seeded).

    python -m bench.tables [--sizes 64x4 256x4 128x3] [--rounds 5]

Prints one JSON document: per size, per round, ``cpu_s`` (process time: a loaded machine
starves the process, the wall clock would measure the others) and ``repeats`` (pairs of a
table that met before, counted with multiplicity). docs/tournaments.md quotes it.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from tournaments.pairing import Seated, round_robin_tables, swiss_tables


def swiss(count: int, size: int, rounds: int, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    players = {pid: Seated(id=pid, rating=2000 - pid) for pid in range(count)}
    out = []
    for number in range(1, rounds + 1):
        started = time.process_time()
        paired = swiss_tables(list(players.values()), size, number)
        cpu = time.process_time() - started
        repeats = sum(players[a].met.get(b, 0) for table in paired.tables for a in table for b in table if a < b)
        for table in paired.tables:
            order = list(table)
            rng.shuffle(order)
            for place, pid in enumerate(order):
                players[pid].score += size - 1 - place
            for seat, pid in enumerate(table):
                players[pid].seats.append(seat)
                for other in table:
                    if other != pid:
                        players[pid].met[other] = players[pid].met.get(other, 0) + 1
        for pid in paired.byes:
            players[pid].byes += 1
        out.append({"round": number, "cpu_s": round(cpu, 4), "repeats": repeats, "byes": len(paired.byes)})
    return out


def round_robin(count: int, size: int, rounds: int) -> list[dict]:
    out = []
    for number in range(1, rounds + 1):
        started = time.process_time()
        round_robin_tables(list(range(count)), size, number)  # deals the rounds before it again
        out.append({"round": number, "cpu_s": round(time.process_time() - started, 4)})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="*", default=["12x3", "16x4", "64x4", "128x3", "256x4"])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    report = {}
    for spec in args.sizes:
        count, size = (int(v) for v in spec.split("x"))
        report[spec] = {"swiss": swiss(count, size, args.rounds),
                        "round_robin_pool": round_robin(min(count, 16), size, args.rounds)}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
