"""Write one benchmark's figures into its own section of docs/BENCHMARKS.md."""

from __future__ import annotations

import platform
import re
from datetime import date
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "BENCHMARKS.md"
HEADER = "# Benchmarks\n\nFigures written by the scripts in `bench/`; each section is replaced when its script runs.\n"


def machine() -> str:
    """A one-line description of the machine the figures come from."""
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return f"{python} on {platform.machine()}, {date.today().isoformat()}"


def write_section(name: str, markdown: str) -> None:
    """Replace (or append) the section `name` of docs/BENCHMARKS.md with `markdown`."""
    text = DOC.read_text() if DOC.exists() else HEADER
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    block = f"{start}\n{markdown.strip()}\n{end}"
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else text.rstrip() + "\n\n" + block + "\n"
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text(text)
