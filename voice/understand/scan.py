"""The one move said somewhere in a line the grammar cannot read whole (`lone_move`).

The decision policy asks about it ("ask, don't ignore"), never plays it: a line of talk with a
call inside ("ahah allora io dico sette tre e vediamo", "dudo lucía eso no cuela", "calza senza
pensarci due volte") holds exactly one move, and a table that is ignored stops talking to the hub.
The scan reads the line's words by their kinds only (the pack's numbers, faces, calls, links and
prepositions), so it learns nothing of any one writer:

- a call word (Dudo or Calza: a cancel is only taken as the grammar reads it), said once or more;
  not right after an article, a determiner or a clitic, where it is a noun or a verb ("la calza
  della befana", "au dudo", "ti calza a pennello"), nor right before an article or a determiner,
  where it is a verb with its object ("calza le scarpe"), nor a Dudo just before a complement,
  where it opens what is doubted ("dudo que sepas contar", "dudo mucho que");
- a bid, NUMBER LINK* FACE ("sette dadi da tre"), not right after a preposition or a determiner,
  where it names dice talked about ("con cuatro seises se puede", "los ocho treses"), nor after the
  words that open a count in the pack's count templates ("ci sono", "hay", "there are"); or a face
  named first and its number later, after one of the move verbs ("sui tre ne dico otto", "de
  treses digo ocho", "des trois j'en mets huit");
- after a correction marker ("cinco seises no mejor seis cincos") only what follows it.

The standing bid named beside a call is that call's tail ("dudo su quattro cinque"). Two different
moves, or none, are no lone move: the policy then ignores the line. What cancels a move (a
negation, a story, a question...) is the policy's to judge, as for any other move.
"""

from __future__ import annotations

from functools import cache

from dudo_hub.voice.language.packs import Meaning
from dudo_hub.voice.understand.cancelling import cancelling_cue
from dudo_hub.voice.understand.comment import has_phrase, past_said, phrases, story_scope, told_story
from dudo_hub.voice.understand.intent import Intent
from dudo_hub.voice.understand.lexicon import Lexeme, lexicon_for
from dudo_hub.voice.understand.names import NAME


def lone_move(lang: str, lexemes: list[Lexeme], standing: tuple[int, int] | None) -> Intent | None:
    """The one move the line holds, or None (no move, or more than one)."""
    words = _last_segment(lexemes)
    found = set(_calls(lang, words)) | set(_bids(lang, words))
    calls = {m for m in found if m.intent != "bid"}
    if calls and standing is not None:
        found.discard(Intent.bid(*standing))  # "dudo su quattro cinque": the call's tail
    if len(found) != 1:
        return None
    move = found.pop()
    return None if _contradicted(words, move, standing) else move


def _contradicted(words: list[Lexeme], move: Intent, standing: tuple[int, int] | None) -> bool:
    """A call's tail beside a bid or beside the other call ("sette cinque non esistono", "calza non
    esistono"), or a number right after a call that is not the standing bid's ("dudo sette")."""
    for i, lx in enumerate(words):
        meaning = lx.meaning
        if meaning is None:
            continue
        if meaning.kind == "tail" and meaning.call != move.intent and meaning.number is None:
            return True
        follows = words[i + 1].meaning if i + 1 < len(words) else None
        if meaning.kind == "call" and follows is not None and follows.kind == "number" and (
                follows.number not in (standing or ())):
            return True
    return False


@cache
def first_words(lang: str, *fields: str) -> frozenset[str]:
    """The first words of the pack's phrases in `fields`, as the lexer writes them."""
    return frozenset(w for field in fields for w in phrases(lang, field))


def kind_of(lexeme: Lexeme) -> str:
    """The kind of a lexeme's meaning ("number", "call", "filler"...), "" for a word the pack lacks."""
    return lexeme.meaning.kind if lexeme.meaning is not None else ""


def _last_segment(lexemes: list[Lexeme]) -> list[Lexeme]:
    """After the last correction marker that corrects something: a number or a call before it, a
    number, a face or a call after it ("de cuatros digo siete" keeps its face)."""
    start = 0
    for i, lexeme in enumerate(lexemes):
        corrected = any(kind_of(lx) in ("number", "call") for lx in lexemes[start:i])
        if kind_of(lexeme) == "marker" and corrected and any(
                kind_of(lx) in ("number", "face", "call") for lx in lexemes[i + 1 :]):
            start = i + 1
    return lexemes[start:]


def _last_word(words: list[Lexeme], i: int) -> str:
    """The word said right before lexeme `i` ("" first)."""
    return words[i - 1].text.split()[-1] if i > 0 else ""


def _calls(lang: str, words: list[Lexeme]) -> list[Intent]:
    """The calls said as calls (see the module's docstring)."""
    around = first_words(lang, "articles", "determiners")
    before = first_words(lang, "articles", "determiners", "clitics")
    complements = first_words(lang, "complements")
    out = []
    for i, lx in enumerate(words):
        meaning = lx.meaning
        if meaning is None or meaning.kind != "call" or meaning.call not in ("dudo", "calza"):
            continue
        after = [w for x in words[i + 1 : i + 3] for w in x.text.split()]
        if _last_word(words, i) in before or after[:1] and after[0] in around:
            continue
        if meaning.call == "dudo" and complements & set(after[:2]):
            continue
        out.append(Intent(meaning.call))
    return out


def _face(meaning: Meaning | None) -> int | None:
    """The face a face name or a number word names ("tres", "cinque"), else None."""
    if meaning is None or meaning.kind not in ("face", "number"):
        return None
    return meaning.face if meaning.face is not None and 1 <= meaning.face <= 6 else None


def _bids(lang: str, words: list[Lexeme]) -> list[Intent]:
    """Every bid said: NUMBER LINK* FACE, then a face named first and its lone number after it."""
    out: list[Intent] = []
    used: set[int] = set()
    talked_about = first_words(lang, "talked_about", "determiners")
    for i, lexeme in enumerate(words):
        meaning = lexeme.meaning
        if meaning is None or meaning.kind != "number" or not meaning.number or i in used:
            continue
        end = i + 1
        while end < len(words) and kind_of(words[end]) == "link":
            end += 1
        if end < len(words) and end not in used and _face(words[end].meaning) is not None:
            face = _face(words[end].meaning)
            assert face is not None
            used.update((i, end))
            tripled = end + 1 < len(words) and words[i].text == words[end].text == words[end + 1].text  # "sei sei sei"
            if _last_word(words, i) not in talked_about and not _counted(lang, words, i) and not tripled:
                out.append(Intent.bid(meaning.number, face))
    loose = [i for i in range(len(words)) if i not in used]
    return out + _face_first(lang, words, loose)


def _counted(lang: str, words: list[Lexeme], i: int) -> bool:
    """The number at `i` follows the opening words of one of the pack's count templates ("ci
    sono", "hay", "there are"): a count told, not a bid."""
    said = [w for lx in words[:i] for w in lx.text.split()]
    return any(said[len(said) - len(lead) :] == list(lead) for lead in count_leads(lang) if lead)


@cache
def count_leads(lang: str) -> tuple[tuple[str, ...], ...]:
    """The words before "{n}" in the pack's count templates, as the lexer writes them."""
    return tuple(before for before, _ in lexicon_for(lang).pack.counts.templates)


def _face_first(lang: str, words: list[Lexeme], loose: list[int]) -> list[Intent]:
    """A face named first (a face name, or a number word after a preposition or a determiner: "sui
    tre", "des trois", "les six") and, after it, one number that no face follows: "de treses digo ocho" (8 x 3)."""
    prepositions = first_words(lang, "talked_about", "determiners")  # "sui tre", "les six", "i due"
    faces = [i for i in loose if kind_of(words[i]) == "face" or (
        kind_of(words[i]) == "number" and i > 0 and i - 1 in loose
        and words[i - 1].text.split()[-1] in prepositions and _face(words[i].meaning) is not None)]
    numbers = [i for i in loose if i not in faces and kind_of(words[i]) == "number"]
    if len(faces) != 1 or len(numbers) != 1 or numbers[0] < faces[0]:
        return []
    verbs = phrases(lang, "move_verbs")
    between = [w for lx in words[faces[0] + 1 : numbers[0]] for w in lx.text.split()]
    if not any(tuple(between[k : k + len(v)]) == v for k, w in enumerate(between) for v in verbs.get(w, ())):
        return []
    face, number = _face(words[faces[0]].meaning), words[numbers[0]].meaning
    if face is None or number is None or not number.number:
        return []
    return [Intent.bid(number.number, face)]


def told(lang: str, lexemes: list[Lexeme]) -> bool:
    """Anywhere in the line, one of the pack's stories, known word or not ("si alguien dice dudo"),
    or one of its alternatives ("era quattro cinque o quattro sei", "meglio dudo o rilanciare"):
    the move is told or weighed, not made."""
    words = [w for lx in lexemes for w in lx.text.split()]
    starts = first_words(lang, "stories", "alternatives")
    return any(tuple(words[k : k + len(p)]) == p for k, w in enumerate(words) if w in starts
               for field in ("stories", "alternatives") for p in phrases(lang, field).get(w, ()))


def told_before(lang: str, before: list[Lexeme]) -> bool:
    """What comes before a move makes it told, not made: a question word ("what do you reckon about
    six threes"), a complement opening a clause ("ogni volta che dico dubito"), or a word the pack
    does not know that ends like a past tense ("the tennis player served two aces")."""
    words = [w for lx in before for w in lx.text.split()]
    asked = phrases(lang, "questions")
    if any(tuple(words[k : k + len(q)]) == q for k, w in enumerate(words) for q in asked.get(w, ())):
        return True
    complements = first_words(lang, "complements")
    if any(lx.text in complements for lx in before):
        return True
    return past_said(lang, before)


def unhindered(lang: str, lexemes: list[Lexeme], standing: tuple[int, int] | None,
               named: bool) -> tuple[Intent, set[str]] | None:
    """The lone move, when nothing cancels it, and the names said before it: no word unheard
    ("[unk]" may be the cue), no story or alternative in the line (but in a clause of its own after a
    move said first: `comment.story_scope`), no negation or dare before it
    (`voice.cancelling`), nothing before it that tells it (`told_before`), no past tense right
    after a call ("dudo era sbagliato"), no dare word right before it with a player named ("you
    should call dudo anna")."""
    move = None if any(lx.unk for lx in lexemes) else lone_move(lang, lexemes, standing)
    start = -1 if move is None else first_said(lexemes, move)
    if move is None or start < 0:
        return None
    scope = story_scope(lang, lexemes, lexemes[: _move_end(lexemes, start, move)], False)
    if told_story(lang, scope) or told(lang, scope):
        return None
    if cancelling_cue(lang, lexemes, start, move) is not None:
        return None
    if told_before(lang, lexemes[:start]) or move.intent != "bid" and past_said(lang, lexemes[start + 1 : start + 3]):
        return None
    before = [w for lx in lexemes[:start] for w in lx.text.split()]
    if named and has_phrase(before[-2:], phrases(lang, "dares")):
        return None
    return move, {lx.text for lx in lexemes[:start] if lx.meaning == NAME}


def first_said(lexemes: list[Lexeme], move: Intent) -> int:
    """Where `move` is first said: a call at its word, a bid at its quantity or its face named first."""
    for i, lx in enumerate(lexemes):
        meaning = lx.meaning
        if meaning is None:
            continue
        if move.intent != "bid" and meaning.kind == "call" and meaning.call == move.intent:
            return i
        if move.intent == "bid" and meaning.kind in ("number", "face") and (
                meaning.kind == "number" and meaning.number == move.quantity or meaning.face == move.face):
            return i
    return -1


def _move_end(lexemes: list[Lexeme], start: int, move: Intent) -> int:
    """Just after the move said at `start`: its call word, or its bid's face."""
    if move.intent != "bid":
        return start + 1
    later = [i for i in range(start + 1, len(lexemes)) if kind_of(lexemes[i]) in ("face", "number")]
    return (later[0] if later else start) + 1
