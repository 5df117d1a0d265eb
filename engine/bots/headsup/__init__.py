"""The heads-up game computed offline: the imperfect-recall round graph (`abstraction`), the shipped
form of its strategies (`packing`) and the table's lookup (`play`); the solver is bench/bots/headsup_solver.py."""
