"""The import contracts of docs/architecture.md ("Layers"), checked with import-linter:
the rules engines import nothing of Django or of the platform, and no module imports
itself back through a circle. The contracts live in pyproject.toml
(``[tool.importlinter]``); ``lint-imports`` from the repository prints the same report."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _lint(*args: str) -> subprocess.CompletedProcess:
    script = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    return subprocess.run(
        [sys.executable, "-c", script, "--no-cache", "--no-logo", "--config", str(ROOT / "pyproject.toml"), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )


def test_every_import_contract_is_kept():
    result = _lint()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_circle_in_the_engine_breaks_the_contract(tmp_path):
    """The contract can fail: a copy of the engine's package where ``vp`` imports ``smc``
    back (smc imports vp) is reported, with the import to remove."""
    import shutil

    copy = tmp_path / "rules"
    shutil.copytree(ROOT / "rules" / "imperator", copy / "imperator", ignore=shutil.ignore_patterns("data", "__pycache__"))
    shutil.copy(ROOT / "rules" / "__init__.py", copy / "__init__.py")
    for name in ("base.py", "registry.py", "dice.py"):
        shutil.copy(ROOT / "rules" / name, copy / name)
    vp = copy / "imperator" / "vp.py"
    vp.write_text(vp.read_text() + "\n\ndef _circle():\n    from rules.imperator import smc  # noqa: F401\n")
    config = tmp_path / "pyproject.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["rules"]\n\n[[tool.importlinter.contracts]]\n'
        'name = "engine"\ntype = "acyclic_siblings"\nancestors = ["rules"]\n'
    )
    script = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    result = subprocess.run(
        [sys.executable, "-c", script, "--no-cache", "--no-logo", "--config", str(config)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode != 0, result.stdout
    assert ".vp -> .smc" in result.stdout or ".smc -> .vp" in result.stdout, result.stdout
