"""Playwright (Python) driving Debian's Chromium: never a browser Playwright downloads.
Every test here skips with the reason when Chromium or Playwright is missing (a
newcomer's machine); ``.ci/run`` installs Chromium so CI runs them."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CURSUS_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
REPORTS = ROOT / "reports" / "browser"
AXE = Path(__file__).resolve().parent / "static" / "axe-4.10.2.min.js"


@pytest.fixture(scope="session")
def chromium():
    if not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install -y chromium chromium-driver; .ci/run does)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is not installed (pip install -r requirements.txt)")
    # Playwright's sync API runs an event loop in this thread; the test still talks to
    # Django's ORM synchronously (fixtures, polling), which Django otherwise refuses.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def report():
    """Lines of the run's report, written beside the screenshots in reports/browser/."""
    REPORTS.mkdir(parents=True, exist_ok=True)
    lines: list[str] = []
    yield lines
    (REPORTS / "report.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nbrowser report and screenshots: {REPORTS}")


def run_axe(page) -> list[dict]:
    """axe-core in the page: its violations, each with id, impact and node count. axe is
    evaluated through the DevTools protocol, not added as an inline script, which the
    pages' Content-Security-Policy refuses (as it should)."""
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;void 0")
    return page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
             .map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))"""
    )


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in ("serious", "critical")]
