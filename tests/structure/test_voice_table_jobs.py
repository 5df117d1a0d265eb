"""voice/table/: one job a module, and a job reaches another only through TableState's
abstract methods (read with ast), so that a job's module can be read on its own."""

from __future__ import annotations

import ast

from codemap import classes, functions, modules

import dudo_hub.voice.table as table
from dudo_hub.voice.table.controller import VoiceTable
from dudo_hub.voice.table.state import TableState

JOBS = {"window": "WindowJob", "ask": "AskJob", "calls": "CallJob", "confirm": "ConfirmJob",
        "announcements": "AnnounceJob", "grammar": "GrammarJob", "count": "CountJob"}


def _self_calls(cls: ast.ClassDef) -> set[str]:
    return {n.func.attr for n in ast.walk(cls) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name) and n.func.value.id == "self"}


def test_the_controller_joins_every_job() -> None:
    joined = {cls.__name__ for cls in VoiceTable.__mro__}
    assert set(JOBS.values()) <= joined
    assert not getattr(VoiceTable, "__abstractmethods__", set())  # every job's promise is kept


def test_a_job_calls_only_itself_or_the_shared_state() -> None:
    state = classes(modules()["dudo_hub.voice.table.state"])["TableState"]
    attributes = {n.target.id for n in state.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    shared = set(functions(state)) | attributes  # `_schedule` is a callable attribute
    for module, name in JOBS.items():
        job = classes(modules()[f"dudo_hub.voice.table.{module}"])[name]
        others = _self_calls(job) - set(functions(job)) - shared
        assert not others, f"{name} calls {sorted(others)} of another job without TableState declaring it"


def test_the_shared_state_declares_only_what_some_job_does() -> None:
    for name in TableState.__abstractmethods__:
        assert any(name in functions(classes(modules()[f"dudo_hub.voice.table.{m}"])[c]) for m, c in JOBS.items())


def test_the_public_names_still_import_from_voice_table() -> None:
    for name in table.__all__:
        assert getattr(table, name) is not None
    assert {"VoiceTable", "Room", "Scheduler", "thread_timer", "EventsCallback"} <= set(table.__all__)
