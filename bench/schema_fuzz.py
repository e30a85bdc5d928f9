"""Schemathesis over the whole OpenAPI schema, authenticated, against gunicorn.

``python -m bench.schema_fuzz --max-examples N`` with DATABASE_URL at a migrated database:
seeds one started game whose PRIMUS is the authenticated user (so game paths can hit a
real game), runs ``schemathesis run`` with the checks ``not_a_server_error`` and
``problem_details_on_4xx`` (bench/st_hooks.py), counts the requests the server answered
from its access log, and prints JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import django

from bench.common import ROOT, bench_env, free_port, gunicorn


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-examples", type=int, default=150)
    parser.add_argument("--logs", default="var/bench")
    args = parser.parse_args(argv)
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.dummy.EmailBackend"
    django.setup()
    from bench.faults import make_games
    from rest_framework.authtoken.models import Token

    game = make_games(1, "st")[0]
    token = Token.objects.get(user=game.seats.get(role="PRIMUS").player).key
    logs = Path(args.logs).resolve()
    logs.mkdir(parents=True, exist_ok=True)
    access = logs / "schemathesis-access.log"
    access.write_text("")
    port = free_port()
    env = bench_env(DATABASE_URL=os.environ["DATABASE_URL"], EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend")
    from bench.common import Proc, wait_port

    web = Proc([sys.executable, "-m", "gunicorn", "config.wsgi:application", "-b", f"127.0.0.1:{port}", "-w", "3",
                "--access-logfile", str(access), "--log-level", "warning"], env=env, log=logs / "schemathesis-gunicorn.log")
    wait_port(port)
    # The schema is fetched first, with a long timeout, and given to schemathesis as a
    # file: on a loaded machine generating it took longer than schemathesis' 10 s and the
    # whole phase failed without a request (make soak, 2026-11-26).
    schema = logs / "schemathesis-schema.json"
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/schema/?format=json", timeout=600) as response:
        schema.write_bytes(response.read())
    try:
        out = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli", "run", str(schema), "--url", f"http://127.0.0.1:{port}",
             "-H", f"Authorization: Token {token}", "-c", "not_a_server_error,problem_details_on_4xx",
             # The health check answers 503 by design when no worker runs (docs/operations.md).
             "--exclude-path", "/api/v1/health/",
             "-n", str(args.max_examples), "--seed", "8", "--no-color", "--request-timeout", "30"],
            # Run inside var/bench: schemathesis keeps its example database in the cwd.
            cwd=logs, env={**os.environ, "SCHEMATHESIS_HOOKS": "bench.st_hooks", "PYTHONPATH": str(ROOT)},
            capture_output=True, text=True,
            timeout=900)
    finally:
        web.stop()
    (logs / "schemathesis.txt").write_text(out.stdout + out.stderr)
    requests = sum(1 for line in access.read_text().splitlines() if "/api/" in line)
    result = {"requests": requests, "exit_code": out.returncode, "max_examples": args.max_examples,
              "tail": out.stdout.strip().splitlines()[-15:], "ok": out.returncode == 0}
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
