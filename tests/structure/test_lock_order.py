"""The lock order of docs/ARCHITECTURE.md, read from the code with ast:

    voice controller lock  ->  room lock  ->  hub lock (viewers)

which Room methods take the room's lock, that the hub never takes a room's lock while it holds
its own, that the room hands its events to the voice only through the outbox, once its lock is
released, and that the voice controller never takes the room's lock itself."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from codemap import classes, functions, modules

# Public Room methods that take no lock: reads of one attribute, a reply's wording, and the
# class method that makes a room (docs/ARCHITECTURE.md, The room).
UNLOCKED = {"rules", "seats", "state", "started", "over", "lang", "reply", "version", "from_record"}


def _room_methods() -> dict[str, ast.FunctionDef]:
    room = classes(modules()["dudo_hub.server.room.room"])["Room"]
    port = classes(modules()["dudo_hub.server.room.voiceport"])["VoicePort"]
    return {**functions(port), **functions(room)}


def _with_items(node: ast.AST) -> Iterator[ast.withitem]:
    for inner in ast.walk(node):
        if isinstance(inner, ast.With):
            yield from inner.items


def _takes_lock_itself(fn: ast.AST, owner: str = "self") -> bool:
    """`with self.lock` or `with self._locked()` anywhere in `fn`."""
    for item in _with_items(fn):
        expr = item.context_expr
        if isinstance(expr, ast.Call):
            expr = expr.func
        if (isinstance(expr, ast.Attribute) and expr.attr in ("lock", "_locked")
                and isinstance(expr.value, ast.Name) and expr.value.id == owner):
            return True
    return False


def _self_calls(fn: ast.AST) -> set[str]:
    return {n.func.attr for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name) and n.func.value.id == "self"}


def _closure(methods: dict[str, ast.FunctionDef], direct: set[str]) -> set[str]:
    """The methods that take the lock directly or through another method of the same object."""
    taking = set(direct)
    grew = True
    while grew:
        grew = False
        for name, fn in methods.items():
            if name not in taking and _self_calls(fn) & taking:
                taking.add(name)
                grew = True
    return taking


def room_locking() -> set[str]:
    """The Room methods (VoicePort's included) that take the room's lock."""
    methods = _room_methods()
    return _closure(methods, {name for name, fn in methods.items() if _takes_lock_itself(fn)})


def test_every_public_room_method_takes_the_rooms_lock_but_the_documented_reads() -> None:
    methods = _room_methods()
    public = {n for n in methods if not n.startswith("_")}
    assert public - room_locking() == UNLOCKED
    assert "__init__" not in room_locking()  # making a room takes no lock: the hub may make one under its own


def test_the_unlocked_room_methods_change_nothing() -> None:
    methods = _room_methods()
    for name in UNLOCKED - {"from_record"}:
        writes = [t for n in ast.walk(methods[name]) if isinstance(n, ast.Assign | ast.AugAssign)
                  for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                  if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"]
        assert not writes, f"Room.{name} changes the room without its lock"
        assert not _self_calls(methods[name]), f"Room.{name} calls the room without its lock"


def _hub() -> dict[str, ast.FunctionDef]:
    return functions(classes(modules()["dudo_hub.server.hub.core"])["Hub"])


def _hub_lock_blocks(fn: ast.AST) -> Iterator[ast.With]:
    for node in ast.walk(fn):
        if isinstance(node, ast.With) and any(
                isinstance(i.context_expr, ast.Attribute) and i.context_expr.attr == "_lock" for i in node.items):
            yield node


def _takes_a_rooms_lock(node: ast.AST, locking: set[str]) -> bool:
    """`with <room>.lock`, or a call of a room-locking method on anything but the hub itself."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.With) and any(isinstance(i.context_expr, ast.Attribute)
                                               and i.context_expr.attr == "lock" for i in inner.items):
            return True
        if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr in locking
                and not (isinstance(inner.func.value, ast.Name) and inner.func.value.id == "self")):
            return True
    return False


def hub_room_lockers() -> set[str]:
    """The Hub methods that take a room's lock (directly, or through another Hub method)."""
    methods, locking = _hub(), room_locking()
    return _closure(methods, {n for n, fn in methods.items() if _takes_a_rooms_lock(fn, locking)})


def test_the_hub_never_takes_a_rooms_lock_while_holding_its_own() -> None:
    methods, locking = _hub(), room_locking()
    lockers = hub_room_lockers()
    for name, fn in methods.items():
        for block in _hub_lock_blocks(fn):
            assert not _takes_a_rooms_lock(block, locking), f"Hub.{name} takes a room's lock under the hub's"
            assert not _self_calls(block) & lockers, f"Hub.{name} calls a room-locking method under the hub's lock"


def test_the_hub_methods_that_take_a_rooms_lock_are_the_documented_ones() -> None:
    assert hub_room_lockers() == {"__init__", "_resume", "_add", "create_room", "_save", "connect", "connected",
                                  "disconnect", "unbind", "send_state"}


def test_a_lock_taken_under_the_hubs_is_caught() -> None:
    bad = ast.parse("class Hub:\n    def f(self, room):\n        with self._lock:\n            room.start()\n")
    block = next(_hub_lock_blocks(bad))
    assert _takes_a_rooms_lock(block, room_locking())


def test_the_room_tells_its_listeners_only_from_the_outbox_after_its_lock() -> None:
    room = functions(classes(modules()["dudo_hub.server.room.room"])["Room"])
    delivering = [n for n, fn in room.items() for c in ast.walk(fn) if isinstance(c, ast.Attribute)
                  and c.attr == "deliver"]
    assert delivering == ["_locked"]
    locked = room["_locked"]
    outer = next(n for n in locked.body if isinstance(n, ast.Try))
    assert any(isinstance(c, ast.Attribute) and c.attr == "deliver" for s in outer.finalbody for c in ast.walk(s))
    assert not any(isinstance(c, ast.Attribute) and c.attr == "deliver" for s in outer.body for c in ast.walk(s)), \
        "deliver runs after the `with self.lock` block, in the outer finally"
    listeners = [name for mod in ("room.room", "room.voiceport", "room.parts") for cls in
                 classes(modules()[f"dudo_hub.server.{mod}"]).values() for name, fn in functions(cls).items()
                 for c in ast.walk(fn) if isinstance(c, ast.Attribute) and c.attr == "listeners"]
    assert sorted(listeners) == ["__init__", "on_events"]  # handed to the outbox; added to


def test_the_voice_controller_never_takes_the_rooms_lock() -> None:
    voice = [m for name, m in modules().items() if name.startswith("dudo_hub.voice.table")]
    assert voice
    for module in voice:
        for node in ast.walk(module.tree()):
            if isinstance(node, ast.Attribute) and node.attr in ("lock", "_locked"):
                assert not (isinstance(node.value, ast.Attribute) and node.value.attr == "room"), module.name


LEAVES = {"store.database": "Store", "store.history": "History", "store.evening": "Evenings",
          "web.ratelimit": "RateLimiter", "hub.outbox": "Outbox", "event.desk": "Desk"}


def test_the_leaf_locks_never_take_a_rooms_lock() -> None:
    locking = room_locking()
    for module, name in LEAVES.items():
        methods = functions(classes(modules()[f"dudo_hub.server.{module}"])[name])
        assert any(True for fn in methods.values() for _ in _hub_lock_blocks(fn)), f"{name} has a lock"
        for method, fn in methods.items():
            for block in _hub_lock_blocks(fn):
                assert not _takes_a_rooms_lock(block, locking), f"{name}.{method} takes a room's lock under its own"
