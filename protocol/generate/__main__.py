"""`python -m dudo_hub.protocol.generate [--write]`: regenerate docs/protocol.md and
web_display/static/js/protocol.js from the protocol's types (without --write: say which differ)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from dudo_hub.protocol.generate import docs, jsgen

ROOT = Path(__file__).resolve().parents[2]
OUTPUTS: dict[str, Callable[[], str]] = {
    "docs/protocol.md": docs.render,
    "web_display/static/js/protocol.js": jsgen.render,
}


def stale(root: Path = ROOT) -> list[str]:
    """The generated files whose committed text differs from what the types generate."""
    return [name for name, make in OUTPUTS.items()
            if not (root / name).exists() or (root / name).read_text(encoding="utf-8") != make()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dudo_hub.protocol", description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the generated files (a checkout only)")
    args = parser.parse_args(argv)
    if args.write:
        for name, make in OUTPUTS.items():
            (ROOT / name).write_text(make(), encoding="utf-8")
            print(f"wrote {name}")
        return 0
    differ = stale()
    for name in differ:
        print(f"{name} differs from the protocol's types: run python -m dudo_hub.protocol.generate --write")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
