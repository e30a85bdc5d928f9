"""Bidirectional-control characters in user text (Unicode TR 9; the "Trojan Source"
characters, CVE-2021-42574). An embedding, override or isolate (U+202A-U+202E,
U+2066-U+2069) or a direction mark (U+200E, U+200F, U+061C) typed into a name, an order
line or a reason can make it read on screen otherwise than it is (``PRIMUS\\u202eSUDNOCES``
shows as "PRIMUSSECONDUS" reversed at the end). Cursus writes no such character itself
and none of its languages needs one, so (docs/security.md, "User text"):

- at the input boundary, text that must mean what it shows is refused with the line or
  field that holds one (order text: ``text.bidi_control``; a tournament's name);
- on output, every page, feed, email and webhook text has them removed
  (``neutralise``, ``neutralise_bytes``: ``games.web.middleware.NeutraliseBidi``,
  ``notifications.services.outbox_email``), so text stored before, or come by a path that
  does not refuse it, still reads in its true order.

No Django here: the engines' text notation and the platform share it."""

from __future__ import annotations

import re

#: Each bidirectional control character and its Unicode abbreviation.
BIDI_CONTROLS = {
    "\u202a": "LRE",
    "\u202b": "RLE",
    "\u202c": "PDF",
    "\u202d": "LRO",
    "\u202e": "RLO",
    "\u2066": "LRI",
    "\u2067": "RLI",
    "\u2068": "FSI",
    "\u2069": "PDI",
    "\u200e": "LRM",
    "\u200f": "RLM",
    "\u061c": "ALM",
}
_TABLE = {ord(char): None for char in BIDI_CONTROLS}
_FIND = re.compile("[" + "".join(BIDI_CONTROLS) + "]")
# Their UTF-8 forms: E2 80 8E-8F, E2 80 AA-AE, E2 81 A6-A9, D8 9C. UTF-8 is
# self-synchronising: these sequences never start inside another character.
_FIND_BYTES = re.compile(rb"\xe2(?:\x80[\x8e\x8f\xaa-\xae]|\x81[\xa6-\xa9])|\xd8\x9c")
assert all(_FIND_BYTES.fullmatch(char.encode()) for char in BIDI_CONTROLS)
#: Past this many lead bytes (E2, D8: curly quotes, dashes...), one regex scan is cheaper.
_LEAD_HITS = 64


def _bytes_hold_one(data: bytes) -> bool:
    """Whether UTF-8 ``data`` holds a control: the lead bytes are found with ``find``
    (memchr; a page of mostly ASCII is scanned in microseconds), each checked in place."""
    hits = 0
    for lead in (b"\xe2", b"\xd8"):
        at = data.find(lead)
        while at != -1:
            if _FIND_BYTES.match(data, at):
                return True
            hits += 1
            if hits > _LEAD_HITS:
                return _FIND_BYTES.search(data) is not None
            at = data.find(lead, at + 1)
    return False


def has_bidi(text: str) -> bool:
    return bool(text) and _FIND.search(text) is not None


def neutralise(text: str) -> str:
    """``text`` without its bidirectional control characters."""
    return text.translate(_TABLE) if has_bidi(text) else text


def neutralise_bytes(data: bytes) -> bytes:
    """The same on UTF-8 bytes (a response body), without decoding them."""
    return _FIND_BYTES.sub(b"", data) if _bytes_hold_one(data) else data


def named(text: str) -> str:
    """The controls ``text`` holds, named: ``U+202E (RLO)``."""
    found = sorted(set(_FIND.findall(text)))
    return ", ".join(f"U+{ord(char):04X} ({BIDI_CONTROLS[char]})" for char in found)


def text_errors(text: str) -> list[dict]:
    """One error per line of order text holding a control character (code
    ``text.bidi_control``, path ``line:N`` as the text notation's own errors)."""
    errors = []
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        if has_bidi(line):
            chars = named(line)
            errors.append({
                "code": "text.bidi_control",
                "path": f"line:{number}",
                "message": {
                    "en": f"Line {number} holds an invisible direction control ({chars}) that can make it read "
                          f"otherwise than it is: remove it and write the line again.",
                    "fr": f"La ligne {number} contient un caractère invisible de sens d'écriture ({chars}) qui peut "
                          f"la faire lire autrement qu'elle n'est : retirez-le et réécrivez la ligne.",
                },
            })
    return errors
