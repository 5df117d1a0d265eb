"""Benchmarks of the bot levels: decision time, strength, exploitability, what bids leak, and the endgame solver."""
