"""Transcripts parsed per second, per language, over a realistic mix.

The mix: the shared conformance corpus (where it has the language), every bid to 30
in canonical words plus a sample of alternate wordings with filler words and
punctuation, the calls, and chatter that must give no move. Also times the
state-aware parser (the decision policy over a set of legal bids) on that mix and on
near-misses (one word, one edit away), and the decision policy in an engine position
(what `dudo parse --batch` runs) over the table corpora of tests/voice/data/table.
Target for the state-aware rates: 10,000 transcripts/s. Run:

    python -m bench.voice.parse
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from pathlib import Path

from bench._report import machine, write_section
from dudo_hub.voice import languages, load_pack, parse, parse_in_context
from dudo_hub.voice.decision.policy import decide
from dudo_hub.voice.decision.position import table_position
from dudo_hub.voice.language.wording import bid_phrases

CHATTER = {
    "it": ["ciao a tutti", "tocca a te", "che fortuna", "ancora una", "non ho capito", "ventiquattro"],
    "es": ["hola a todos", "te toca", "qué suerte", "otra más", "no entendí", "veinticuatro"],
    "fr": ["bonjour à tous", "à toi", "quelle chance", "encore une", "pas compris", "vingt-quatre"],
    "pt": ["olá pessoal", "sua vez", "que sorte", "mais uma", "não entendi", "vinte e quatro"],
    "en": ["hello everyone", "your turn", "so lucky", "one more", "did not get that", "twenty four"],
}
NEAR_MISSES = {
    "it": ["otto cinqe", "dudu", "nove pacoss"],
    "es": ["ocho cincoss", "dudu", "nueve pacoss"],
    "fr": ["huit cinqs", "dudu", "neuf pacoss"],
    "pt": ["oito cincoss", "dudu", "nove pacoss"],
    "en": ["eight fivs", "dudu", "nine acess"],
}
TABLE = Path(__file__).resolve().parents[2] / "tests" / "voice" / "data" / "table"
LEGAL = [(q, f) for q in range(8, 31) for f in range(2, 7)] + [(q, 1) for q in range(4, 31)]


def corpus(lang: str) -> list[str]:
    """The shared corpus transcripts of `lang`, if the shared folder is there."""
    path = Path(__file__).resolve().parents[2] / "tests" / "data" / "shared" / "voice" / "phrases.jsonl"
    if not path.is_file():
        return []
    cases = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return [case["text"] for case in cases if case["lang"] == lang]


def mix(lang: str, rng: random.Random) -> list[str]:
    """The transcripts timed for `lang`."""
    pack = load_pack(lang)
    bids = [bid_phrases(pack, q, f) for q in range(1, 31) for f in range(1, 7)]
    texts = [phrases[0] for phrases in bids]
    for phrases in rng.sample(bids, 60):
        filler = rng.choice(pack.fillers)
        texts.append(f"{filler} {rng.choice(phrases).capitalize()}!")
    texts += [p for call in ("dudo", "calza", "cancel") for p in pack.calls[call]]
    texts += CHATTER[lang] * 4 + corpus(lang) * 2
    rng.shuffle(texts)
    return texts


def table_corpus(lang: str) -> list[str]:
    """The table corpora's calls and chatter of `lang` (tuning and held-out)."""
    texts: list[str] = []
    for folder in (TABLE, TABLE / "heldout"):
        calls = (folder / f"{lang}.calls.jsonl").read_text(encoding="utf-8").splitlines()
        texts += [json.loads(line)["text"] for line in calls if line.strip()]
        texts += [t for t in (folder / f"{lang}.chatter.txt").read_text(encoding="utf-8").splitlines() if t.strip()]
    return texts


def rate(texts: list[str], run: Callable[[str], object], seconds: float = 1.0) -> float:
    """Transcripts per CPU second of this process for `run` over `texts`, repeated for about
    `seconds` of CPU: other jobs sharing the machine do not count (on a quiet machine it is
    the wall-clock rate)."""
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for text in texts:
            run(text)
        done += len(texts)
    return done / (time.process_time() - start)


def main() -> None:
    """Time every language and write the section of docs/BENCHMARKS.md."""
    rng = random.Random(4)
    load = os.getloadavg()[0]
    rows: list[str] = []
    for lang in languages():
        texts = mix(lang, rng)
        plain = rate(texts, lambda t, lang=lang: parse(t, lang))
        state = rate(texts, lambda t, lang=lang: parse_in_context(t, lang, LEGAL))
        near = rate(NEAR_MISSES[lang], lambda t, lang=lang: parse_in_context(t, lang, LEGAL), 0.5)
        where = table_position(["A", "B", "C", "D"], (4, 5), 20)
        table = table_corpus(lang)
        batch = rate(table, lambda t, lang=lang, where=where: decide(t, lang, where))
        rows.append(f"| {lang} | {len(texts)} | {plain:,.0f} | {state:,.0f} | {near:,.0f} | {len(table)} "
                    f"| {batch:,.0f} |")
        print(rows[-1])
    markdown = "\n".join(
        [
            "## voice_parse: transcripts parsed per second",
            "",
            f"{machine()}; load average {load:.2f} at the start (other jobs share the machine).",
            "Mix per language: shared corpus, every bid to 30 in words, bids with",
            "fillers and punctuation, the calls, chatter; `parse` (the words alone) and `parse_in_context`",
            "(the decision policy over a set of legal bids) are timed on it, and on near-misses (one word",
            "one edit away). `decide` in an engine position (standing 4x5, 20 dice, 4 players: what",
            "`dudo parse --batch` runs, refusals from `engine.apply`) is timed on the table corpora",
            "(calls and chatter, tuning and held-out). Rates per CPU second of the bench process",
            "(`time.process_time`: other jobs on the machine do not count, though they still share its",
            "caches). Target for the state-aware rates: 10,000/s.",
            "",
            "| lang | mix | parse /s | parse_in_context /s | near-miss /s | table corpus | decide in a position /s |",
            "|---|---|---|---|---|---|---|",
            *rows,
        ]
    )
    write_section("voice_parse", markdown)


if __name__ == "__main__":
    main()
