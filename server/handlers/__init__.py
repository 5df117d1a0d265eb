"""Socket.IO handlers: each reads its typed payload, asks a room, answers with an ack."""
