"""Reading the rules' YAML data files.

``safe_load`` is ``yaml.safe_load`` with libyaml's C parser when PyYAML was built with it
(the wheels on PyPI are): about seven times faster on our data files, with the same
result (it builds the same safe types). Startup of a web or worker process reads some
twenty files (rules.registry.warm_up), so the difference is seconds on a slow machine.
"""

from __future__ import annotations

import yaml

#: libyaml's loader when present, else the pure-Python one (same safe types either way)
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(stream):
    """``yaml.safe_load`` through :data:`LOADER`; errors are ``yaml.YAMLError``s as before."""
    return yaml.load(stream, Loader=LOADER)  # noqa: S506 - a safe loader
