"""The Vosk grammar: the phrases the table may say now, in words the model knows."""

from __future__ import annotations

from collections.abc import Iterable

from dudo_hub.voice.language.grammar import hearable, hearable_calls, table_grammar
from dudo_hub.voice.language.packs import load_pack
from dudo_hub.voice.language.text import fold
from dudo_hub.voice.table.position import legal_bids
from dudo_hub.voice.table.state import TableState
from dudo_hub.voice.understand.counting import count_grammar


class GrammarJob(TableState):
    """Builds the grammar and hands it to the recogniser."""

    def grammar(self) -> list[str]:
        """The phrases the table may say now, in words the model knows (for the recogniser)."""
        with self._lock:
            counting = self._counting()
            if counting is not None:
                return count_grammar(self.lang, int(counting.get("dice_in_play", 40)), self.vocabulary)
            to_act = self.room.to_act()
            legal = self.room.legal_for(to_act) if to_act else {}
            calls = ["dudo"] if legal.get("dudo") else []
            players = self.room.players()
            callers = [p for p in players if self.room.legal_for(p).get("calza")]
            if callers:
                calls.append("calza")
            phrases = table_grammar(self.lang, legal_bids(legal), calls, players, self.vocabulary)
            return phrases + self._named_calza(callers) + self._answer_phrases()

    def _answer_phrases(self) -> list[str]:
        """While a question waits: the pack's yes and no, in words the model knows."""
        if self._ask is None:
            return []
        pack = load_pack(self.lang)
        heard = (hearable(pack, p, self.vocabulary) for key in ("yes", "no") for p in pack.answers[key])
        return [p for p in heard if p is not None]

    def _named_calza(self, callers: Iterable[str]) -> list[str]:
        """ "calza marco" and "marco calza" for each player who may call it, if hearable."""
        calza = hearable_calls(self.lang, self.vocabulary)["calza"][:2]
        known = self.vocabulary or (lambda _: True)
        names = [fold(n) for n in callers if all(known(w) for w in fold(n).split())]
        return [p for c in calza for n in names for p in (f"{c} {n}", f"{n} {c}")]

    def refresh_grammar(self) -> None:
        """Tell the recogniser the phrases legal now."""
        if self.on_grammar is not None:
            self.on_grammar(self.grammar())
