"""Measure a blind corpus through `dudo parse --batch`, as the issue measures it.

    .venv/bin/python tests/voice/score_blind.py FOLDER [--dudo PATH] [--misses]

FOLDER holds `<lang>.calls.jsonl` ({"text", "expect": {intent, quantity, face, player}}),
`<lang>.chatter.txt` and optionally `<lang>.soundalike.txt`, in the position of
`data/table/position.json`. A call is right when it is played as expected (or, expected
with "played": false, a move the engine refuses, when it is neither played nor asked);
asked right when the expected move is asked about; different when another move is
played (or asked). A cancel is anyone's: its player is not compared. `--misses` also prints
each call not played right and each line of talk played or asked, with what the hub made of it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "table"
LANGS = ("it", "es", "fr", "pt", "en")
FIELDS = ("intent", "quantity", "face", "player")


def batch(dudo: str, lang: str, lines: list[str]) -> list[dict[str, Any]]:
    """The `dudo parse --batch` answers for `lines` in the table position."""
    setting = json.loads((DATA / "position.json").read_text(encoding="utf-8"))
    args = [dudo, "parse", "--lang", lang, "--standing", setting["standing"], "--dice", str(setting["dice"]),
            "--players", ",".join(setting["players"][lang]), "--batch"]
    out = subprocess.run(args, input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def judge(got: dict[str, Any], want: dict[str, Any]) -> str:
    """right, asked_right, different, asked_different or missed."""
    fields = FIELDS[:3] if want.get("intent") == "cancel" else FIELDS
    asked = got.get("asked")
    if want.get("played", True) is False:
        return "different" if got["played"] else "asked_different" if asked else "right"
    if got["played"]:
        return "right" if all(got[k] == want.get(k) for k in fields) else "different"
    if asked:
        return "asked_right" if all(asked[k] == want.get(k) for k in fields) else "asked_different"
    return "missed"


def _shown(got: dict[str, Any]) -> str:
    asked = got.get("asked")
    move = asked if asked else got
    what = " ".join(str(move.get(k)) for k in FIELDS if move.get(k) is not None)
    return f"{'played' if got['played'] else 'asked' if asked else 'ignored'} {what} ({got.get('reason', '')})"


def score(folder: Path, dudo: str, misses: list[str] | None = None) -> dict[str, Counter[str]]:
    per: dict[str, Counter[str]] = {}
    for lang in LANGS:
        c: Counter[str] = Counter()
        path = folder / f"{lang}.calls.jsonl"
        if path.exists():
            cases = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
            for case, got in zip(cases, batch(dudo, lang, [x["text"] for x in cases]), strict=True):
                c["calls"] += 1
                verdict = judge(got, case["expect"])
                c[verdict] += 1
                if misses is not None and verdict != "right":
                    misses.append(f"{lang} {verdict}: {case['text']!r} -> {_shown(got)}")
        for kind in ("chatter", "soundalike"):
            path = folder / f"{lang}.{kind}.txt"
            if path.exists():
                lines = [x for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
                for got in batch(dudo, lang, lines):
                    c[kind] += 1
                    c[f"{kind}_played"] += got["played"]
                    c[f"{kind}_asked"] += bool(got.get("asked"))
                    if misses is not None and (got["played"] or got.get("asked")):
                        misses.append(f"{lang} {kind}: {got['text']!r} -> {_shown(got)}")
        per[lang] = c
    per["all"] = sum(per.values(), Counter())
    return per


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    dudo = argv[argv.index("--dudo") + 1] if "--dudo" in argv else str(Path(sys.executable).parent / "dudo")
    misses: list[str] | None = [] if "--misses" in argv else None
    for lang, c in score(folder, dudo, misses).items():
        calls = max(1, c["calls"])
        print(f"{lang}: calls right {c['right']}/{c['calls']} ({100 * c['right'] / calls:.1f}%), asked right "
              f"{c['asked_right']}, played or asked right {100 * (c['right'] + c['asked_right']) / calls:.1f}%, "
              f"different {c['different']}, asked different {c['asked_different']}; chatter played "
              f"{c['chatter_played']}/{c['chatter']} asked {c['chatter_asked']}; sound-alikes played "
              f"{c['soundalike_played']}/{c['soundalike']} asked {c['soundalike_asked']}")
    print("\n".join(misses or []))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
