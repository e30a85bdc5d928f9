"""CPU per request counted in instructions (``valgrind --tool=callgrind``): the bare
INSERT view against a submission, each through the WSGI handler gunicorn calls, with
the same middleware, settings and databases as ``bench/submit.py``.

Wall-clock time on a shared machine swings by a factor of three from one minute to the
next; an instruction count does not. Each side is run twice under callgrind, with
``warmup`` requests and then ``n`` more or none; the difference divided by ``n`` is one
request in a warm process (start-up, imports and the first requests cancel out). What
it does not count: PostgreSQL's and Redis's own work (other processes), which the HTTP
benchmark includes.

``python -m bench.instructions --n 200`` prints JSON (the bench database must be filled:
``bench.run --submission`` does it). ``python -m bench.instructions --child submit 20 200``
is one counted run (what the parent starts under valgrind).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil
import subprocess
import sys

from bench.common import PY, ROOT, bench_env

COLLECTED = re.compile(r"Collected : (\d+)")


def _environ(method: str, path: str, body: bytes, headers: dict[str, str]) -> dict:
    environ = {
        "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SCRIPT_NAME": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1", "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr, "wsgi.version": (1, 0),
        "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }
    for name, value in headers.items():
        environ["HTTP_" + name.upper().replace("-", "_")] = value
    return environ


def child(what: str, warmup: int, n: int) -> int:
    """Serve ``warmup + n`` requests of one kind through Django's WSGI handler, as gunicorn
    does (the response iterated, then closed: ``request_finished`` publishes then)."""
    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler

    from bench.submit import client_plan

    handler = WSGIHandler()
    if what == "bare":
        requests = [("/bench/insert/", b'{"bench": true}', {})]
    else:
        requests = [
            (f"/api/v1/games/{game}/orders/", json.dumps({"step": number, "orders": orders}).encode(),
             {"Authorization": f"Token {plan['token']}"})
            for plan in client_plan(8) for game, number, orders in plan["targets"]
        ]
    statuses: dict[str, int] = {}
    for i in range(warmup + n):
        path, body, headers = requests[i % len(requests)]
        answer = []
        response = handler(_environ("POST", path, body, headers), lambda status, hdrs, exc=None: answer.append(status))
        b"".join(response)
        response.close()
        code = answer[0].split()[0]
        statuses[code] = statuses.get(code, 0) + 1
    print(json.dumps({"what": what, "statuses": statuses}))
    return 0


def count(what: str, warmup: int, n: int, env: dict) -> tuple[int, dict]:
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", PY, "-m", "bench.instructions", "--child",
         what, str(warmup), str(n)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
    found = COLLECTED.search(out.stderr)
    if out.returncode != 0 or not found:
        raise RuntimeError(f"callgrind run failed ({out.returncode}): {out.stderr[-3000:]}")
    return int(found.group(1)), json.loads(out.stdout.strip().splitlines()[-1])


def measure(*, n: int = 200, warmup: int = 30, env: dict | None = None) -> dict:
    """Instructions per request of the bare view and of a submission (see the module)."""
    if shutil.which("valgrind") is None:
        return {"error": "valgrind is not installed"}
    env = env or bench_env()
    result: dict = {"n": n, "warmup": warmup}
    for what in ("bare", "submit"):
        base, _ = count(what, warmup, 0, env)
        total, summary = count(what, warmup, n, env)
        good = sum(v for k, v in summary["statuses"].items() if k.startswith("2"))
        if good != warmup + n:
            raise RuntimeError(f"{what}: not every request answered 2xx: {summary['statuses']}")
        result[what] = {"instructions": (total - base) / n, "statuses": summary["statuses"]}
    result["ratio"] = result["bare"]["instructions"] / result["submit"]["instructions"]
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--child", nargs=3, metavar=("WHAT", "WARMUP", "N"))
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=30)
    args = parser.parse_args(argv)
    if args.child:
        what, warmup, n = args.child
        return child(what, int(warmup), int(n))
    json.dump(measure(n=args.n, warmup=args.warmup), sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
