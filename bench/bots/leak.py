"""What an ideal reader learns about a bot's cup from its bids.

    python -m bench.bots.leak [--games 300] [--preset dudo] [--bots hard,bench.opponents.bayes:BayesBot]

Plays each bot heads-up against the Bayesian bot and records every bid where the bot names
a face for the first time in the round, with its cup: `m` of its `n` dice count for the
face. An ideal reader who knows the bot's whole policy gains, per such bid, the
Kullback-Leibler divergence between P(m | the bot named the face, n) and the chance of
`m` before the bid (Binomial(n, p)), in nats: what "reading it" can pay at most. Also the
share of named faces the bot really holds (a die showing the face itself) against chance.
Writes docs/BENCHMARKS.md (section `leak`).
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from math import comb, log

from bench._report import machine, write_section
from dudo_hub.engine.actions import MakeBid, PlayerAction
from dudo_hub.engine.bots.tournament import play_game
from dudo_hub.engine.counting import count_for, match_chance
from dudo_hub.engine.rules import make_rules
from dudo_hub.engine.state import GameState
from dudo_hub.server.cli.tournament import makers_for

BAYES = "bench.opponents.bayes:BayesBot"
Sample = tuple[str, int, int, bool, float]  # (position, n, m, face held, a die's match chance)


def record(preset: str, bot: str, games: int, seed: int = 2026) -> list[Sample]:
    """Every first naming of a face in a round by `bot`, heads-up against the Bayesian bot."""
    samples: list[Sample] = []
    rules = make_rules(preset)
    seats = [bot, BAYES]
    makers = makers_for(seats)
    memories: dict[str, dict[str, object]] = {}
    for g in range(games):
        levels = seats if g % 2 == 0 else seats[::-1]
        names = ["seat0", "seat1"] if g % 2 == 0 else ["seat1", "seat0"]
        mine = names[levels.index(bot)]

        def check(state: GameState, name: str, action: PlayerAction, mine: str = mine) -> None:
            if name != mine or not isinstance(action, MakeBid):
                return
            seat = state.players.index(name)
            face = action.bid.face
            if any(e.seat == seat and e.bid.face == face for e in state.bids):
                return
            cup = state.dice[seat]
            m = count_for(cup, face, state.round_wild)
            p = match_chance(face, state.round_wild)
            samples.append(("open" if not state.bids else "raise", len(cup), m, face in cup, p))

        play_game(rules, levels, f"leak:{seed}:{g}", check=check, makers=makers, names=names, memories=memories)
    return samples


def binomial(n: int, p: float) -> list[float]:
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def gain(samples: list[Sample]) -> tuple[float, float, float, int]:
    """(KL nats per bid, share of named faces held, the same by chance, bids)."""
    strata: dict[tuple[int, float], Counter[int]] = defaultdict(Counter)
    for _, n, m, _, p in samples:
        strata[(n, p)][m] += 1
    total = len(samples)
    kl = 0.0
    for (n, p), counts in strata.items():
        prior = binomial(n, p)
        size = sum(counts.values())
        kl += sum(c / total * log((c / size) / prior[m]) for m, c in counts.items())
    held = sum(s[3] for s in samples) / total if total else 0.0
    chance = sum(1 - (5 / 6) ** s[1] for s in samples) / total if total else 0.0
    return kl, held, chance, total


def report(preset: str, bots: list[str], games: int) -> str:
    rows = [
        "| preset | bot | position | bids | reader's gain (nats per bid) | named face held | by chance |",
        "|---|---|---|---|---|---|---|",
    ]
    for bot in bots:
        samples = record(preset, bot, games)
        for position in ("open", "raise", "all"):
            part = [s for s in samples if position in ("all", s[0])]
            kl, held, chance, total = gain(part)
            name = bot.rpartition(":")[2] or bot
            rows.append(f"| {preset} | {name} | {position} | {total} | {kl:.3f} | {held:.1%} | {chance:.1%} |")
            print(rows[-1], flush=True)
    head = (f"## Bots: what their bids tell\n\n{machine()}; {games} games heads-up against the Bayesian bot "
            "(seed 2026), each first naming of a face in a round.\n")
    return head + "\n" + "\n".join(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--preset", default="dudo")
    parser.add_argument("--bots", default=f"hard,{BAYES}")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    md = report(args.preset, args.bots.split(","), args.games)
    print(md)
    if not args.no_write:
        write_section("leak", md)


if __name__ == "__main__":
    main()
