"""The one clear move said before or after words the pack does not explain (`clear_part`), and the
standing bid said beside a call as that call's tail (`standing_as_tail`).

The decision policy (`voice.policy`) asks about, or plays, what `clear_part` finds: a bid ending
a comment ("luca guarda e impara, sei sei") or opening one ("cinque sei perché ne ho due"), a call
ending or opening one ("sara secondo me menti, dudo"), a cancel giving its reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from dudo_hub.voice.language.packs import Meaning
from dudo_hub.voice.understand.comment import counts, has_phrase, phrases, said, story_scope, told_story
from dudo_hub.voice.understand.intent import Intent
from dudo_hub.voice.understand.lexicon import Lexeme
from dudo_hub.voice.understand.names import NAME
from dudo_hub.voice.understand.nearmiss import explained
from dudo_hub.voice.understand.parser import CORE, read


def standing_as_tail(meanings: Sequence[Meaning], standing: tuple[int, int] | None) -> list[Meaning]:
    """The standing bid named beside a call, as that call's tail: "dudo su quattro cinque",
    "quattro cinque? dubito", "dubito, troppi cinque" (its face alone), "calza, sono
    esattamente quattro" (its quantity alone) are about the four fives; any other bid
    beside a call stays no move."""
    out = list(meanings)
    call = next((m.call for m in out if m.kind == "call"), None)
    if standing is None or call is None:
        return out
    quantity, face = standing
    tail = Meaning("tail", call=call)
    i = 0
    while i < len(out):
        end = bid_end(out, i, quantity, face)
        if end is not None:
            out[i:end] = [tail] * (end - i)
            i = end
        elif (_names_face(out[i], face) or (out[i].kind == "number" and out[i].number == quantity)) and (
                not _is_core(out, i - 1) and not _is_core(out, i + 1)):
            out[i] = tail
            i += 1
        else:
            i += 1
    return out


def bid_end(meanings: list[Meaning], i: int, quantity: int, face: int) -> int | None:
    """The end of the bid `quantity` x `face` said from `i` (NUMBER LINK* FACE), or None."""
    if meanings[i].kind != "number" or meanings[i].number != quantity:
        return None
    end = i + 1
    while end < len(meanings) and meanings[end].kind == "link":
        end += 1
    return end + 1 if end < len(meanings) and _names_face(meanings[end], face) else None


def _names_face(meaning: Meaning, face: int) -> bool:
    """A face name for `face`, or a number word that names it ("cinque")."""
    return meaning.face == face and (meaning.kind == "face" or meaning.number == face)


def _is_core(meanings: list[Meaning], i: int) -> bool:
    """A number or face word stands at `i` (a face beside one is part of another bid)."""
    return 0 <= i < len(meanings) and meanings[i].kind in ("number", "face")


def clear_part(
    lang: str, lexemes: list[Lexeme], standing: tuple[int, int] | None, quoted: bool = False,
    judged: bool = False,
) -> tuple[Intent, list[Lexeme]] | None:
    """The one clear move said after the last unexplained word or before the first, and its
    words: a bid with a comment after it ("cinque sei perché ne ho due") or led in after one
    ("venti dadi in gioco, allora sette sei"), or ending a comment that holds no number
    ("luca guarda e impara, sei sei"); a call ending or opening a comment that holds no
    number ("sara secondo me menti, dudo", "dudo, scoprite i dadi"); a cancel opening one
    ("annulla, che mi sono sbagliato"). The standing bid may be quoted in the comment
    ("quattro cinque mon œil, dudo": `quoted` when `after_quote` took it away); a bid after the
    standing bid said first and judged ("quattro cinque è poco, sette cinque": `judged`). Never when
    one of the pack's stories is said ("cinque sei sarebbe una follia", "se fossi in te direi
    calza", "scommetto che ..."), but for an earlier bid told before the player's own."""
    unexplained = [i for i, lx in enumerate(lexemes) if not explained(lx)]
    if not unexplained:
        return None
    told = told_story(lang, lexemes)
    after = lexemes[unexplained[-1] + 1 :]
    before = lexemes[: unexplained[0]]
    for part, at_end in ((after, True), (_led_in(after), True), (before, False)):
        if not part:
            continue
        scope = story_scope(lang, lexemes, part, at_end) if told else lexemes
        story = told and (scope is lexemes or told_story(lang, scope))
        if story and not (at_end and (part is not after and _told_before(lang, lexemes, part)
                                      or quoted and _reporter_named(lang, lexemes, part))):
            continue
        meanings = [lx.meaning for lx in part if lx.meaning is not None]
        move = read(meanings)
        if move.intent is None:
            move = read(standing_as_tail(meanings, standing))
        comment = lexemes[: len(lexemes) - len(part)] if at_end else lexemes[len(part) :]
        if move.intent is None or not _stands_alone(move, part, at_end):
            continue
        if move.intent == "bid" and at_end and _noun_phrase(lang, lexemes, part):
            return None
        if move.intent == "bid" and (not at_end or _led(part) or _free(comment, standing) and (
                not quoted or judged and not has_phrase(said(comment)[:1], phrases(lang, "alternatives")))):
            return move, part
        one_word = len(unexplained) == 1 and move.intent != "cancel"  # "guagliò, dudo", "dudo, cretino"
        if move.intent != "bid" and (one_word or ((at_end or move.intent == "cancel") and (
                _backed(move, lexemes, standing) or quoted and move.intent != "cancel"))):
            return move, part
        if move.intent in ("dudo", "calza") and not at_end and (_reason_counted(comment) or _opens_reason(part, move)):
            return move, part  # "dudo, there aren't even two", "dudo stai bluffando ...": a call opening its reason
        if move.intent == "dudo" and _dudo_beside(lang, part, comment, at_end, standing):
            return move, part
    return None


def _noun_phrase(lang: str, lexemes: list[Lexeme], part: list[Lexeme]) -> bool:
    """A bid said last right after one of the pack's `determiners` (an article, a demonstrative,
    a possessive: "questa storia dei due assi", "la historia de los dos pacos", "the thing with
    the two aces") names dice talked about, not a bid made."""
    start = len(lexemes) - len(part) + next(i for i, lx in enumerate(part)
                                            if lx.meaning is not None and lx.meaning.kind in CORE)
    return has_phrase(said(lexemes[:start])[-1:], phrases(lang, "determiners"))


def _dudo_beside(lang: str, part: list[Lexeme], comment: list[Lexeme], at_end: bool,
                 standing: tuple[int, int] | None) -> bool:
    """The word "dudo" itself said alone last after a comment that holds no count ("rita, stai
    inventando, dudo"), or first before words the pack does not know ("dudo, scoprite i dadi");
    not Spanish "dudo que ..." (I doubt that)."""
    if len(part) != 1 or part[0].text != "dudo":
        return False
    if at_end:
        return not counts(comment, standing)
    return lang != "es" and comment[0].meaning is None and not comment[0].unk


def _reason_counted(comment: list[Lexeme]) -> bool:
    """The comment after a Dudo counts how few there are ("dudo, non ne hai nemmeno due": the count
    is the Dudo's tail, a tail with a number, `voice.cancelling.counts_in_reason`), and holds no other
    count."""
    return any(lx.meaning is not None and lx.meaning.kind == "tail" and lx.meaning.number is not None
               for lx in comment) and not counts(comment, None)


def _opens_reason(part: list[Lexeme], move: Intent) -> bool:
    """The call said first is followed right away by one of its tails, then the comment ("dudo
    stai bluffando ...")."""
    last = part[-1].meaning if part else None
    return last is not None and last.kind == "tail" and last.call == move.intent


def _led(part: list[Lexeme]) -> bool:
    """The bid is led in by a word of the pack ("allora", "dico", "ma")."""
    return part[0].meaning is not None and part[0].meaning.kind not in CORE


def _free(comment: list[Lexeme], standing: tuple[int, int] | None) -> bool:
    """A comment before a bid that holds no count but the standing bid's, and names a player
    only first, to speak to them ("luca guarda e impara"; not "gioco io per giulia ...")."""
    return not counts(comment, standing) and all(lx.meaning is not NAME for lx in comment[1:])


def _backed(move: Intent, line: list[Lexeme], standing: tuple[int, int] | None) -> bool:
    """A call beside a longer comment is asked about when the line says why, with no other
    count: one of the call's tails ("sei una bugiarda, dudo"), the standing bid ("quattro cinque
    mon œil, dudo"); a cancel, a second cancel or its tail ("annulla, che mi sono sbagliato")."""
    if counts(line, standing):
        return False
    meanings = [lx.meaning for lx in line if lx.meaning is not None]
    said = [m for m in meanings if m.call == move.intent and m.kind in ("tail", "call")]
    if move.intent == "cancel":
        return len(said) > 1
    return any(m.kind == "tail" for m in said) or standing is not None and any(
        bid_end(meanings, i, *standing) is not None for i in range(len(meanings)))


def _told_before(lang: str, lexemes: list[Lexeme], part: list[Lexeme]) -> bool:
    """The story is an earlier bid told before the player's own, which is led in by two words
    or more ("luca prima aveva detto tre quattro, quindi io dico cinque quattro"): no story
    after that earlier bid."""
    start = len(lexemes) - len(part)
    lead = next((i for i, lx in enumerate(part) if lx.meaning is not None and lx.meaning.kind in CORE), 0)
    core = [i for i, lx in enumerate(lexemes[:start]) if lx.meaning is not None and lx.meaning.kind in CORE]
    return lead >= 2 and bool(core) and not told_story(lang, lexemes[core[-1] + 1 :])


def _reporter_named(lang: str, lexemes: list[Lexeme], part: list[Lexeme]) -> bool:
    """After the standing bid quoted, the one who said it is named, and the speaker's own bid is
    led in with no story of its own ("cuatro quinas dijo la carmen, yo digo cinco quinas")."""
    said_by = lexemes[: len(lexemes) - len(part)]
    return _led(part) and not told_story(lang, part) and any(lx.meaning is NAME for lx in said_by + part[:1])


def _led_in(part: list[Lexeme]) -> list[Lexeme]:
    """The last lead-in and what follows it: "tre quattro, quindi io dico cinque quattro" ->
    "quindi io dico cinque quattro" (an earlier bid told before the player's own)."""
    kinds = [lx.meaning.kind if lx.meaning is not None else "" for lx in part]
    start = len(part)
    while start and kinds[start - 1] in CORE:
        start -= 1
    while start and kinds[start - 1] == "filler":
        start -= 1
    return part[start:] if 0 < start < len(part) and kinds[start - 1] else []


def _stands_alone(move: Intent, part: list[Lexeme], at_end: bool) -> bool:
    """A bid said once, ending the line after a comment; a call ending the line; a cancel
    opening it."""
    core = [i for i, lx in enumerate(part) if lx.meaning is not None and lx.meaning.kind in CORE]
    if not core:
        return False
    if move.intent == "bid":
        return len(core) == 2 and (not at_end or core[-1] == len(part) - 1)
    if move.intent == "cancel":
        return not at_end and _opens(part, core[0])
    return _ends(part, core[-1]) if at_end else True


def _opens(part: list[Lexeme], i: int) -> bool:
    """Only fillers and correction markers come before word `i`."""
    return all(lx.meaning is not None and lx.meaning.kind in ("filler", "marker") for lx in part[:i])


def _ends(part: list[Lexeme], i: int) -> bool:
    """Only fillers and the call's tails come after word `i`."""
    return all(lx.meaning is not None and lx.meaning.kind in ("filler", "tail", "call") for lx in part[i + 1 :])
