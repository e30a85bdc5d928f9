"""The French catalogue is complete and its compiled .mo is up to date."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")


def entries():
    block, found = [], []
    for line in PO.read_text(encoding="utf-8").splitlines() + [""]:
        if line.strip():
            block.append(line)
        elif block:
            found.append(block)
            block = []
    return found


def test_every_message_is_translated_and_none_is_fuzzy():
    untranslated = []
    for block in entries():
        text = "\n".join(block)
        assert "#, fuzzy" not in text, text
        if 'msgid ""' in block and block.index('msgid ""') == 0:
            continue  # the header
        msgstr = text.split("msgstr ", 1)[1]
        if msgstr.strip() == '""':
            untranslated.append(text)
    assert not untranslated, untranslated


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
def test_the_compiled_catalogue_matches_the_po(tmp_path):
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(compiled), str(PO)], check=True)
    assert compiled.read_bytes() == MO.read_bytes(), "run: msgfmt -o locale/fr/LC_MESSAGES/django.mo locale/fr/LC_MESSAGES/django.po"


def test_django_speaks_french():
    from django.utils import translation

    from games.errors import OrdersInvalid

    with translation.override("fr"):
        assert str(OrdersInvalid.title) == "Les ordres ne sont pas valides."


def test_no_message_is_marked_inside_an_f_string():
    """makemessages (xgettext) does not look inside f-string replacement fields: a
    ``{_("VP")}`` there never reaches the catalogue and stays English."""
    import re

    pattern = re.compile(r"\{\s*(_|gettext|pgettext|ngettext)\(")
    found = []
    for folder in ("accounts", "config", "games", "notifications", "rules", "tournaments"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if pattern.search(line) and ('f"' in line or "f'" in line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, found
