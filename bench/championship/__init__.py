"""Championship benchmarks: whole events played by bots to their champion."""
