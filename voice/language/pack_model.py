"""What a language pack holds (`voice/language/packs/<lang>.json`), as types and the lists it must fill.

A pack is data: the espeak-ng voice that speaks it and the Vosk model that hears it,
number words and the rules that compound them, face names, calls,
cancel words, the words that may surround a call (`fillers`), the words that may join
a quantity to its face (`links`: "sette dadi da cinque"), self-correction markers
(`corrections`: "no", "anzi"), common table words that are never part of a call
(`table_words`: they go in the recogniser's grammar so chatter is not forced into
numbers), what may go with a call and only with it (`call_tails`: "dudo, non esistono",
"calza, sono giuste", "annulla, mi sono sbagliato"), the fillers that pass the turn
(`handoffs`: "tocca a te": a name beside one is addressed, not credited), the words that
make a call told rather than made (`stories`: "would", "sarebbe": never asked about), the words
that keep a move beside a comment asked rather than played (`doubts`: "forse", "maybe", "dice"),
the words that ask (`questions`: "cosa", "what": before a move, it is asked about), the words that
speak to the player named right before them (`spoken_to`: "guarda", "hai", "you"), the
speaker as subject (`first_person`: "io", "i": "io sparo sei cinque"), the words that
open a comment after a move (`openers`: "e", "perché", "and"), the endings of
past tenses (`past_endings`: "ato", "eva", "ed": a comment that tells what happened), the words that
make a bid right after them talked about, not made (`talked_about`: prepositions and having:
"con", "ho", "with"), the articles, demonstratives and possessives that make a bid right after
them a noun phrase, talked about (`determiners`: "dei", "los", "the": "questa storia dei due
assi"), the words that make a call word right before them talked about
(`defined_as`: "means", "em espanhol": "dudo em espanhol é duvido"), the words between two
moves that weigh them aloud (`alternatives`: "o", "or": "sei cinque o sette tre non so"), the
nouns after a number that count something else (`measures`: "anni", "years": "seis años"),
the words that negate the verb or the move right after them (`negations`: "non", "not", "don't",
"pas", "não", "nunca": a move they govern in the same clause is not made, and not asked about: "non
dico dudo", "i'm not saying dudo", "je dis pas calza"; Spanish "no" and Portuguese "não" are also
correction markers, a correction after a bid, "sete não oito cincos", and asked about when said bare
before a call, "não duvido"), the verbs that make a move after a negation (`move_verbs`: "dico",
"chiamo", "say", "calling", "digo": "no digo dudo"; any other word between the negation and the move
leaves the negation to that word, "non è possibile, dudo"), the unstressed pronouns that may stand
between a negation and its verb (`clitics`: "lo", "te": "no lo dudo", asked at most), the
imperatives that tell another player to make a move (`dares`: "di'", "chiama", "say", "dis", "fala":
right before a move, after a player spoken to, it is that player's to make, no move: "go on lucy say
dudo"), the having verbs (`having`: "ha", "has", "tiene", "tem", the third person: a bid right after
one counts dice in another player's hand, no move: "lucy has at least five fives"), the words that
say how few in a Dudo's reason (`not_even`: "neanche", "even", "ni", "nem": a count right after one
is the reason's, "dudo, non ce ne sono neanche due"), the words that open what a negated belief is
about (`complements`: "che", "que", "that": a call word holding a negation after another call and
before one is that call's reason, "calza non ci credo che sbagli"), the articles (`articles`: "la",
"the": a call word right after one is a noun, "la calza della befana", never a move), the words
a speaker names themselves with (`self_named`: "sono", "soy", "c'est", "aqui é", "it's": "qui è
sara calza" is Sara's Calza), the answers to
the hub's "did you mean?" (`answers`: "sì", "no"), sound-alike
spellings for words a small recogniser lacks, and the sentences the hub speaks, keyed
by event, engine error code or voice prompt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from babel import Locale, UnknownLocaleError

MIN_NUMBER = 40
"""Every pack must say at least the quantities 1..MIN_NUMBER."""

CALLS = ("dudo", "calza")
"""The calls a pack must name, by intent."""

EVENT_FIELDS: Mapping[str, frozenset[str]] = {
    "bid": frozenset({"player", "bid"}),
    "challenge": frozenset({"player"}),
    "calza": frozenset({"player"}),
    "reveal": frozenset({"count", "face"}),
    "die_lost": frozenset({"player", "dice"}),
    "die_regained": frozenset({"player", "dice"}),
    "bullet_added": frozenset({"player", "bullets"}),
    "bullet_removed": frozenset({"player", "bullets"}),
    "shot_fired": frozenset({"player", "bullets"}),
    "shot_survived": frozenset({"player", "bullets"}),
    "player_out": frozenset({"player"}),
    "palifico": frozenset({"player"}),
    "winner": frozenset({"player"}),
    "turn": frozenset({"player"}),
    "clock_out": frozenset({"player"}),  # the host's turn clock ran out: a nudge, never a move
}
"""Each event the hub announces -> the fields its template may use."""

ERROR_CODES = (
    "not_your_turn",
    "bid_not_higher",
    "pacos_opening_not_allowed",
    "face_locked",
    "bid_too_high",
    "invalid_bid",
    "calza_not_allowed",
    "no_bid_to_challenge",
    "game_over",
)
"""Engine error codes every pack explains aloud (their templates take no fields)."""

VOICE_FIELDS: Mapping[str, frozenset[str]] = {
    "not_played": frozenset({"heard"}),
    "ask": frozenset({"player", "move"}),
    "unsure": frozenset({"heard"}),
    "say_instead": frozenset({"call", "phrase"}),
    "cancelled": frozenset(),
    "mic_open": frozenset({"player"}),
    "check_prompt": frozenset({"player", "phrase"}),
    "check_done": frozenset(),
    "count_heard": frozenset({"count"}),
}
"""The voice's own sentences (captions and prompts) -> the fields each may use."""

KINDS = ("number", "face", "call", "filler", "link", "marker", "table", "tail")
"""What a phrase can be to the parser; only the first three make a move."""

PLURAL_FIELD: Mapping[str, str] = {
    "reveal": "count",
    "die_lost": "dice",
    "die_regained": "dice",
    "bullet_added": "bullets",
    "bullet_removed": "bullets",
}
"""Events whose template may have plural forms (see Template), and the field choosing."""



OPTIONAL_LISTS = ("handoffs", "stories", "doubts", "questions", "spoken_to", "first_person", "openers", "past_endings",
                  "talked_about", "determiners", "defined_as", "alternatives", "measures", "negations", "move_verbs",
                  "clitics", "dares", "having", "not_even", "complements", "articles", "self_named",
                  "others")
"""The word lists a pack may leave out (empty then)."""


class PackError(ValueError):
    """A language pack that cannot be used; the message names the file and the entry."""


class UnknownLanguageError(ValueError):
    """A language with no pack; the message lists the languages there are."""


class Meaning(NamedTuple):
    """What one phrase of a pack means to the parser."""

    kind: str  # one of KINDS
    number: int | None = None
    face: int | None = None  # set for a face name, and for a number word that is also one
    call: str | None = None  # "dudo", "calza" or "cancel"; for a tail: the call it may follow


@dataclass(frozen=True, slots=True)
class FaceNames:
    """The names of one face: singular forms (after "one"), plural forms (after more)."""

    singular: tuple[str, ...]
    plural: tuple[str, ...]

    def for_quantity(self, quantity: int) -> tuple[str, ...]:
        """The forms that follow `quantity`, canonical first."""
        return self.singular if quantity == 1 else self.plural


@dataclass(frozen=True, slots=True)
class CountPhrases:
    """ "sono {n}", "ce ne sono {n}": each template as the tokens around the number; and the
    phrases that say none at all ("nessuno")."""

    templates: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    zero: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Template:
    """A sentence to speak. A plural one has forms keyed like ICU messages: exact values
    (`"=0"`), the language's CLDR categories (`"one"`, `"many"`), always `"other"`; the
    event's plural field chooses (`voice.wording.announce`, with Babel)."""

    forms: Mapping[str, str]
    fields: frozenset[str]

    @property
    def other(self) -> str:
        """The form for any number (and the only form of a sentence that has no number)."""
        return self.forms["other"]


@dataclass(frozen=True)
class Pack:
    """One language, checked and indexed."""

    lang: str
    name: str
    espeak: str  # the espeak-ng voice id that speaks it ("roa/pt-BR")
    vosk_model: str  # the official small Vosk model that hears it ("vosk-model-small-pt-0.3")
    numbers: Mapping[int, tuple[str, ...]]
    faces: Mapping[int, FaceNames]
    calls: Mapping[str, tuple[str, ...]]  # "dudo", "calza", "cancel" -> phrases
    fillers: tuple[str, ...]
    links: tuple[str, ...]
    corrections: tuple[str, ...]
    table_words: tuple[str, ...]
    sound_alikes: Mapping[str, tuple[str, ...]]  # folded word -> spellings that sound like it
    call_tails: Mapping[str, tuple[str, ...]]  # "dudo", "calza", "cancel" -> what may go with that call
    handoffs: tuple[str, ...]  # fillers that pass the turn: a name after one is addressed, not credited
    stories: tuple[str, ...]  # words that make a call told, not made ("would", "sarebbe"): never asked about
    doubts: tuple[str, ...]  # words that keep a move beside a comment asked, not played ("forse", "dice")
    questions: tuple[str, ...]  # words that ask ("cosa", "what"): a move after one is asked about, not played
    spoken_to: tuple[str, ...]  # words right after a name that speak to that player ("guarda", "you")
    first_person: tuple[str, ...]  # "io", "i": a verb after one leads in the speaker's own bid ("io sparo")
    openers: tuple[str, ...]  # words that open a comment after a move ("e", "perché", "and")
    past_endings: tuple[str, ...]  # endings of past tenses ("ato", "eva", "ed"): a comment telling what happened
    talked_about: tuple[str, ...]  # words right before a bid that make it talked about ("con", "ho", "with")
    determiners: tuple[str, ...]  # "the", "dei", "my": a bid after one is a noun phrase ("the two aces")
    defined_as: tuple[str, ...]  # words right after a call word that talk about it ("means", "in spagnolo")
    alternatives: tuple[str, ...]  # "o", "or" between two moves: thinking aloud ("sei cinque o sette tre")
    measures: tuple[str, ...]  # nouns right after a number that count something else ("seis años", "five minutes")
    negations: tuple[str, ...]  # "non", "not", "pas": a move they govern is not made ("non dico dudo")
    move_verbs: tuple[str, ...]  # "dico", "saying": between a negation and the move it governs ("not saying dudo")
    clitics: tuple[str, ...]  # "lo", "te": between a negation and its verb ("no lo dudo")
    dares: tuple[str, ...]  # "say", "chiama": a move told to the player named ("go on lucy say dudo")
    having: tuple[str, ...]  # "ha", "has": a bid right after one counts a hand ("lucy has five fives")
    not_even: tuple[str, ...]  # "neanche", "even": a count after one is a Dudo's reason ("not even two")
    complements: tuple[str, ...]  # "che", "que": a negated belief before one is a reason ("non ci credo che")
    articles: tuple[str, ...]  # "la", "the": a call word right after one is a noun ("la calza della befana")
    self_named: tuple[str, ...]  # "sono", "it's": a player named right after one is the speaker ("qui è sara calza")
    others: tuple[str, ...]  # "they", "loro": someone else the subject before a move said last ("they shout liar")
    answers: Mapping[str, tuple[str, ...]]  # "yes", "no" -> the phrases that answer the hub's "did you mean?"
    counts: CountPhrases  # how the table tells a count at a reveal of real dice
    speech: Mapping[str, Template]
    meanings: Mapping[tuple[str, ...], Meaning]

    def number(self, value: int) -> str:
        """The canonical spelling of `value`."""
        try:
            return self.numbers[value][0]
        except KeyError:
            raise ValueError(f"{self.lang}: no words for the number {value}") from None


def plural_tags(lang: str) -> set[str]:
    """The CLDR plural categories of `lang` besides "other" (empty for a tag Babel lacks)."""
    try:
        return set(Locale.parse(lang).plural_form.tags)
    except (UnknownLocaleError, ValueError):
        return set()
