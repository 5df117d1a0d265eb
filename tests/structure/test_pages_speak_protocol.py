"""The pages speak only the generated protocol module: no page script but protocol.js writes a
client event name (`"host:config"`), a server message name (`"state"`) or a move's body
(`{action: "bid", ...}`) as a string literal; they import EVENTS, MESSAGES and MOVES instead.
The names are read from the protocol package (dudo_hub.protocol), not listed here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from dudo_hub.protocol.client import EVENTS
from dudo_hub.protocol.messages import MESSAGES
from dudo_hub.protocol.moves import ACTIONS

PAGES = Path(__file__).resolve().parents[2] / "web_display" / "static" / "js"
GENERATED = "protocol.js"

EVENT_NAMES = frozenset(event.name for event in EVENTS)
MESSAGE_NAMES = frozenset(notice.name for notice in MESSAGES)

OTHER_MEANINGS = {
    "lobby": "the page's phase before a game (pure.js phaseOf), compared or returned",
    "voice": "a count proposed by the hub's microphone (`proposal.by`, server/room/realdice.py), compared",
}
"""Message names that are also another word of the pages: allowed only right after `===`, `!==`
or `return` (a message name is subscribed to or sent, never compared like that)."""
COMPARED = re.compile(r"(===|!==|\breturn)\s*$")
ACTION_KEY = re.compile(r"\baction\s*(:|===|!==|==)\s*$")
REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^")


@dataclass(frozen=True)
class Literal:
    value: str
    line: int
    before: str  # the code just before it on its line


def literals(source: str) -> list[Literal]:
    """Every string literal in a script ('x', "x", and `x` without substitutions), comments
    and regular expressions skipped; template substitutions are read as code."""
    found: list[Literal] = []
    i, n, line = 0, len(source), 1
    code_line = ""  # the code read so far on the current line
    braces: list[int] = []  # open `{` count inside each template substitution being read

    while i < n:
        ch = source[i]
        if ch == "\n":
            line, code_line = line + 1, ""
            i += 1
        elif source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += source.count("\n", i, end)
            i = end
        elif ch in "'\"":
            j = i + 1
            while j < n and source[j] != ch and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            found.append(Literal(source[i + 1:j], line, code_line))
            code_line += "S"
            i = j + 1 if j < n and source[j] == ch else j
        elif ch == "`" or (ch == "}" and braces and braces[-1] == 0):
            if ch == "}":
                braces.pop()
            j, start = i + 1, i + 1
            while j < n and source[j] != "`" and not source.startswith("${", j):
                j += 2 if source[j] == "\\" else 1
            if ch == "`" and j < n and source[j] == "`":
                found.append(Literal(source[start:j], line, code_line))
            line += source.count("\n", i, j)
            code_line += "S"
            if source.startswith("${", j):
                braces.append(0)
                i = j + 2
            else:
                i = j + 1
        elif ch == "/" and _regex_start(code_line):
            j, in_class = i + 1, False
            while j < n and source[j] != "\n" and (in_class or source[j] != "/"):
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            code_line += "R"
            i = j + 1
        else:
            if braces and ch == "{":
                braces[-1] += 1
            elif braces and ch == "}":
                braces[-1] -= 1
            code_line += ch
            i += 1
    return found


def _regex_start(code_line: str) -> bool:
    """Whether a `/` here starts a regular expression (after an operator, or `return`), not a division."""
    stripped = code_line.rstrip()
    return not stripped or stripped[-1] in REGEX_BEFORE or stripped.endswith("return")


def pages() -> list[Path]:
    scripts = sorted(p for p in PAGES.glob("*.js") if p.name != GENERATED)
    assert len(scripts) >= 8, "the page scripts moved?"
    return scripts


def protocol_literals(source: str) -> list[str]:
    """The protocol names and move bodies a script writes out itself, as `line: what`."""
    out = []
    for lit in literals(source):
        if lit.value in EVENT_NAMES:
            out.append(f'{lit.line}: client event "{lit.value}" (EVENTS)')
        elif lit.value in MESSAGE_NAMES and not (lit.value in OTHER_MEANINGS and COMPARED.search(lit.before)):
            out.append(f'{lit.line}: server message "{lit.value}" (MESSAGES)')
        elif lit.value in ACTIONS and ACTION_KEY.search(lit.before):
            out.append(f'{lit.line}: move action "{lit.value}" (MOVES / ACTIONS)')
    return out


@pytest.mark.parametrize("script", pages(), ids=lambda p: p.name)
def test_no_page_writes_a_protocol_name_or_a_move_itself(script: Path) -> None:
    found = protocol_literals(script.read_text(encoding="utf-8"))
    assert not found, f"{script.name} writes the protocol out itself (import it from protocol.js): {found}"


def test_the_pages_import_the_protocol_module() -> None:
    importing = [p.name for p in pages() if re.search(r'from "\./protocol\.js"', p.read_text(encoding="utf-8"))]
    assert {"common.js", "host.js", "phone.js", "standin.js", "evening.js"} <= set(importing)


def test_the_scan_sees_every_name_in_the_generated_module() -> None:
    """protocol.js spells every name out: the scan finds each there (it would find them in a page)."""
    seen = {lit.value for lit in literals((PAGES / GENERATED).read_text(encoding="utf-8"))}
    assert EVENT_NAMES | MESSAGE_NAMES | set(ACTIONS) <= seen
    assert protocol_literals('bid: (quantity, face) => ({ action: "bid", quantity, face }),')


def test_the_scan_reads_quotes_templates_comments_and_regexes() -> None:
    source = """
        // "host:start" in a comment is prose
        /* and 'sync' here
           too */
        const a = 'seat:take', b = `move`, c = `${x} sync`, d = text.replace(/"/g, "'");
        socket.on("state_patch", f); html`<p class=${cls ? "on" : "off"}>${`caption`}</p>`;
        if (phase === "lobby" || who !== "voice") return "lobby";
        socket.on("lobby", g); const body = { action: "dudo" }, call = "dudo"; // "evening:get"
    """
    found = protocol_literals(source)
    assert found == ['5: client event "seat:take" (EVENTS)', '5: client event "move" (EVENTS)',
                     '6: server message "state_patch" (MESSAGES)', '6: server message "caption" (MESSAGES)',
                     '8: server message "lobby" (MESSAGES)', '8: move action "dudo" (MOVES / ACTIONS)']
