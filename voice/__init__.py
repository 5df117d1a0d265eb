"""Spoken calls: language packs, the parser, the decision policy and Vosk grammars.

>>> from dudo_hub.voice import parse
>>> parse("sette cinque", "it").to_dict()
{'intent': 'bid', 'quantity': 7, 'face': 5}
"""

from dudo_hub.voice.decision.context import Heard, parse_in_context
from dudo_hub.voice.decision.policy import Decision, Word, decide
from dudo_hub.voice.language.grammar import grammar_for, hearable_calls
from dudo_hub.voice.language.packs import PackError, UnknownLanguageError, languages, load_pack
from dudo_hub.voice.language.wording import announce, render_bid
from dudo_hub.voice.understand.intent import Intent
from dudo_hub.voice.understand.parser import parse

__all__ = [
    "Decision",
    "Heard",
    "Intent",
    "PackError",
    "UnknownLanguageError",
    "Word",
    "announce",
    "decide",
    "grammar_for",
    "hearable_calls",
    "languages",
    "load_pack",
    "parse",
    "parse_in_context",
    "render_bid",
]
