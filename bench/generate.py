"""``python -m bench.generate --games N --events M``: fill the (migrated, empty) bench
database (bench/data.py); prints JSON."""

import argparse
import json
import sys

import django


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--events", type=int, required=True)
    args = parser.parse_args(argv)
    django.setup()
    from bench.data import generate

    result = generate(games=args.games, events=args.events, log=lambda m: print(m, file=sys.stderr))
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
