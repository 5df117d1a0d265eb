"""Whose move a line is: the player named, the speaker or the player to act (`credit`), and a bare
name right after a bid, spoken to (`spoken_to_after`)."""

from __future__ import annotations

from dataclasses import replace

from dudo_hub.voice.decision.position import Position
from dudo_hub.voice.understand.intent import Intent
from dudo_hub.voice.understand.lexicon import Lexeme
from dudo_hub.voice.understand.names import NAME, name_tokens
from dudo_hub.voice.understand.parser import CORE


def credit(move: Intent, named: list[str], speaker: str | None, position: Position, quoted: bool = False) -> Intent:
    """The move credited: the player named, else the speaker, else the player to act.
    The standing bidder named beside a Dudo, or beside their bid quoted, is not the caller."""
    name = named[0] if len(named) == 1 else None
    caller = speaker or position.to_act()
    about_bidder = move.intent in ("dudo", "calza") or quoted
    if about_bidder and name is not None and name == position.bidder() and name != caller:
        name = None  # "dudo su Sara", "sara calza": Sara's bid is judged; "Sara ha detto quattro cinque, sei cinque"
    if move.intent == "cancel":
        return replace(move, player=name or speaker)
    return replace(move, player=name or caller)


def spoken_to_after(move: Intent, lexemes: list[Lexeme], named: list[str], speaker: str | None,
                    position: Position) -> Intent:
    """A bid with a bare name after it ("sei tre giulia", "five threes anna"): the name is spoken to
    (the turn passes to them), so when the named player may not make the bid now and the speaker
    (else the player to act) may, the bid is theirs. A proxy ("per giulia sei due") names the
    player before the bid."""
    caller = speaker or position.to_act()
    if (move.intent != "bid" or len(named) != 1 or move.player != named[0] or caller is None
            or not right_after_core(lexemes, named[0])):
        return move
    if position.refusal(named[0], move) is None or position.refusal(caller, move) is not None:
        return move
    return replace(move, player=caller)


def right_after_core(lexemes: list[Lexeme], name: str) -> bool:
    """`name` is said right after the last core word, and only there ("sei tre giulia"; not "two
    one to lucy", a score)."""
    core = [i for i, lx in enumerate(lexemes) if lx.meaning is not None and lx.meaning.kind in CORE]
    spoken = " ".join(name_tokens(name))
    at = [i for i, lx in enumerate(lexemes) if lx.text == spoken and lx.meaning == NAME]
    return bool(core) and at == [core[-1] + 1]
