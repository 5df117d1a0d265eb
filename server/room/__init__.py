"""One table: its seats, rules, game, bots, fair-dice commitment and real cups."""
