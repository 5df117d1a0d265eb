"""Benchmarks of the hub and its transport (latency, a full hall, bytes, fuzz, history), their servers and clients."""
