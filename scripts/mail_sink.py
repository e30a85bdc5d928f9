"""A local SMTP sink for `make run`: accepts every message, prints it, keeps it on disk.

Only for a developer's machine: production points ``EMAIL_HOST`` at a real server.
"""

from __future__ import annotations

import argparse
import email
import email.policy
import time
from pathlib import Path

from aiosmtpd.controller import Controller


class KeepAndPrint:
    def __init__(self, maildir: Path) -> None:
        self.maildir = maildir
        self.count = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd hook name
        self.count += 1
        raw = envelope.original_content or envelope.content
        path = self.maildir / f"{time.strftime('%Y%m%dT%H%M%S')}-{self.count:04d}.eml"
        path.write_bytes(raw)
        message = email.message_from_bytes(raw, policy=email.policy.default)
        body = message.get_body(preferencelist=("plain",))
        print(f"--- mail to {', '.join(envelope.rcpt_tos)}: {message['subject']} ({path.name})")
        if body is not None:
            print(body.get_content())
        return "250 Message accepted for delivery"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--maildir", required=True)
    args = parser.parse_args()
    maildir = Path(args.maildir)
    maildir.mkdir(parents=True, exist_ok=True)
    controller = Controller(KeepAndPrint(maildir), hostname="127.0.0.1", port=args.port)
    controller.start()
    print(f"mail sink listening on 127.0.0.1:{args.port}", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
