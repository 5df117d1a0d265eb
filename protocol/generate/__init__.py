"""Dev-time only (not in the wheel): docs/protocol.md and the pages' protocol.js, generated from the types."""
