"""The speech model on this machine, what voice can do here, and the `dudo voice` commands."""
