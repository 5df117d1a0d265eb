"""Group commit on gevent's loop: the saves made while the loop is busy share one transaction.

Each save still returns only once it is committed, so an answer (`ack`) never runs ahead of the
disk. What changes is when: a save waits until the loop has nothing else to do (a libev idle
watcher), or `MAX_WAIT` at most, and then every save waiting is written in one transaction. When
many rooms move at once (a hall's burst), their messages leave first and the disk work follows
in one piece: one commit (its WAL writes, about 0.1 ms) instead of one per move, and the rows
encoded after the table has its update. Used by `Store` only on gevent's loop; with threads
every save is its own transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Generic, TypeVar

MAX_WAIT = 0.05  # seconds a save waits for an idle loop before its batch is written anyway
log = logging.getLogger(__name__)

Item = TypeVar("Item")


class GroupCommit(Generic[Item]):
    """Batches items for `write(items)` (one transaction, in order); `submit` returns once written."""

    def __init__(self, write: Callable[[list[Item]], None]) -> None:
        self._write = write
        self._batch: _Batch[Item] | None = None  # the items waiting, and their writer's watchers
        self._writing: set[Any] = set()  # greenlets writing a batch
        self.batches = 0  # transactions written (for tests and benchmarks)

    def submit(self, item: Item) -> None:
        """Queue `item` and wait (this greenlet only) until its batch is written; an item that could
        not be written raises its error here."""
        import gevent

        if gevent.getcurrent() is gevent.get_hub():  # the loop itself cannot wait
            self._write([item])
            return
        batch = self._batch
        if batch is None:
            batch = self._batch = _Batch(self._flush)
        index = len(batch.items)
        batch.items.append(item)
        batch.done.wait()
        error = batch.errors.get(index)
        del batch  # the traceback will hold this frame: no local may lead back to the error
        if error is not None:
            try:
                raise error
            finally:
                del error

    def flush(self) -> None:
        """Write what waits now, and let the batches being written end (before closing)."""
        import gevent

        batch = self._take()
        if batch is not None:
            self._commit(batch)
        if gevent.getcurrent() is not gevent.get_hub():
            gevent.joinall(list(self._writing))

    def _flush(self) -> None:
        import gevent

        batch = self._take()
        if batch is not None:
            writer = gevent.spawn(self._commit, batch)  # off the loop's own greenlet
            self._writing.add(writer)
            writer.link(self._writing.discard)

    def _take(self) -> _Batch[Item] | None:
        """The batch waiting, no longer open to new items, its watchers stopped."""
        batch, self._batch = self._batch, None
        if batch is not None:
            batch.stop()
        return batch

    def _commit(self, batch: _Batch[Item]) -> None:
        """Write `batch` in one transaction; if that fails, each item alone, so that one bad item
        fails only its own save (its saver hears the error)."""
        try:
            self._write(batch.items)
            self.batches += 1
        except Exception as err:
            if len(batch.items) == 1:
                log.exception("a save failed")
                batch.errors[0] = err
            else:
                log.warning("a batch of %d saves failed: each is written alone", len(batch.items))
                for index, item in enumerate(batch.items):
                    error = _raised(self._write, [item])
                    if error is not None:
                        log.error("a save failed: %r", error)
                        batch.errors[index] = error
        finally:
            batch.done.set()


def _raised(write: Callable[[list[Item]], None], items: list[Item]) -> BaseException | None:
    """The error `write(items)` raises, or None once it is written."""
    try:
        write(items)
    except Exception as err:
        return err
    return None


class _Batch(Generic[Item]):
    """Items waiting for one write; `due()` is called once, when the loop is idle or `MAX_WAIT` passed."""

    def __init__(self, due: Callable[[], None]) -> None:
        import gevent
        from gevent.event import Event

        self.items: list[Item] = []
        self.done = Event()
        self.errors: dict[int, BaseException] = {}  # an item's index -> why it was not written
        loop = gevent.get_hub().loop
        self._idle = loop.idle()
        self._timer = loop.timer(MAX_WAIT)
        self._idle.start(due)
        self._timer.start(due)

    def stop(self) -> None:
        self._idle.stop()
        self._timer.stop()
        self._idle.close()
        self._timer.close()
