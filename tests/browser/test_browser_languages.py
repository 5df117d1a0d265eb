"""Every language on every screen: a round in each room language on the TV, a phone and the host
page, failing on any visible text left in another language (each other catalogue's sentences,
their literal parts, are looked for) and on any cut text; a phone's own language.

Screenshots (TV 1920x1080, phone 390x844) go to test-artifacts/languages/.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import browserkit as kit
import pytest
from browserkit import HOST, PHONE, TV, open_page, seat_phone

from dudo_hub.catalogue import LANGS, NAME_KEY, catalogue, category, join

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"REVEAL_PAUSE": 2.5}
PHONES = ("Ana", "Bia")
MIN_FRAGMENT = 6  # shorter literal parts ("OK", "bot", "Dudo") are shared between languages
TEXT_SELECTORS = ("h1, h2, h3, p, li:not(.seat-spot), button, label, legend, summary, strong, .chip, .seat-name, "
                  ".tv-status, .reveal-call, .seat-card, .ph-turn, .btn")

VISIBLE_TEXT = """() => {
  const lang = document.documentElement.lang;
  const out = [];
  const mine = (el) => { const own = el.closest("[lang]"); return !own || own.getAttribute("lang") === lang; };
  const shown = (el) => el.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.nodeValue.trim();
    if (!text || !el || el.closest("script, style, noscript, template")) continue;
    const option = el.closest("option");
    if (option ? !option.selected || !shown(option.closest("select")) : !shown(el)) continue;
    if (mine(el)) out.push(text);
  }
  for (const el of document.querySelectorAll("[placeholder], [aria-label]")) {
    if (!shown(el) || !mine(el)) continue;
    for (const name of ["placeholder", "aria-label"]) if (el.getAttribute(name)) out.push(el.getAttribute(name));
  }
  return out;
}"""


def _forms(entry: str | dict[str, str]) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


@cache
def _own_text(lang: str) -> str:
    return "\n".join(form for entry in catalogue(lang).values() for form in _forms(entry))


@cache
def foreign_fragments(lang: str) -> tuple[tuple[str, str, str], ...]:
    """(language, key, literal part) of every other catalogue that `lang`'s catalogue never says."""
    found = []
    mine = _own_text(lang)
    for other in LANGS:
        if other == lang:
            continue
        for key, entry in catalogue(other).items():
            if key == NAME_KEY:
                continue  # language names are shown in their own language, marked with lang=
            for form in _forms(entry):
                for part in re.split(r"{\w+}", form):
                    part = part.strip(" :;,.!?¡¿()…—–-·«»\"'’")
                    if len(part) >= MIN_FRAGMENT and part not in mine:
                        found.append((other, key, part))
    return tuple(found)


def foreign_text(page: Any, lang: str) -> list[str]:
    """Visible text of `page` that is a sentence (or part) of another language's catalogue."""
    assert page.evaluate("document.documentElement.lang") == lang
    texts = page.evaluate(VISIBLE_TEXT)
    return sorted({f"{other}:{key}: {part!r} in {text!r}" for text in texts
                   for other, key, part in foreign_fragments(lang) if _says(text, part)})


def _says(text: str, part: str) -> bool:
    """`part` in `text` as whole words ("o abre" is not in "Caio abre")."""
    return re.search(rf"(?<!\w){re.escape(part)}(?!\w)", text) is not None


def problems(pages: dict[str, Any], lang: str, moment: str) -> list[str]:
    out = []
    for label, page in pages.items():
        kit.settled(page, TEXT_SELECTORS)
        out += [f"{moment} {label} foreign: {hit}" for hit in foreign_text(page, lang)]
        out += [f"{moment} {label} cut: {hit}" for hit in kit.cut_text(page, TEXT_SELECTORS)]
    return out


def follow(pages: dict[str, Any], lang: str) -> None:
    """Every page in `lang`: the catalogue loaded (the page redraws in the same task) and its text still."""
    for page in pages.values():
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        kit.settled(page, TEXT_SELECTORS)


def test_the_detector_finds_another_languages_text() -> None:
    """The check can fail: an Italian sentence on a French page is found, a French one is not."""
    italian = str(catalogue("it")["phone.wait_start"])
    assert any(_says(italian, part) for _, _, part in foreign_fragments("fr"))
    french = str(catalogue("fr")["phone.wait_start"])
    assert not any(_says(french, part) for _, _, part in foreign_fragments("fr"))
    assert not _says("Caio abre a rodada", "o abre")


@pytest.mark.parametrize("lang", LANGS)
def test_a_round_in_each_language_on_every_screen(hub: Any, browser: Any, watch: Any, artifacts: Path,
                                                  lang: str) -> None:
    out = artifacts / "languages"
    out.mkdir(exist_ok=True)
    room = kit.fresh_lobby(hub)
    start = "it" if lang != "it" else "en"
    room.configure(None, None, start, None)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    phone = seat_phone(browser, watch, hub.url, hub.code, PHONES[0])
    other = seat_phone(browser, watch, hub.url, hub.code, PHONES[1])
    room.take_seat("Caio")
    pages = {"tv": tv, "host": host, "phone": phone}

    host.check(f'input[name="lang"][value="{lang}"]')  # live: every screen follows
    follow({**pages, "other": other}, lang)
    tv.wait_for_selector(".seat-card >> nth=2")
    found = problems(pages, lang, "lobby")
    tv.screenshot(path=str(out / f"{lang}-tv-lobby.png"))
    phone.screenshot(path=str(out / f"{lang}-phone-lobby.png"))
    host.screenshot(path=str(out / f"{lang}-host-lobby.png"), full_page=True)

    host.click("#start")
    tv.wait_for_selector(".seat-card.turn")
    phone.wait_for_selector("#game")
    kit.opening(room)
    kit.play(room, kit.to_act(room), {"action": "bid", "quantity": 1, "face": 5})
    tv.wait_for_selector(".center-bid .bid")
    phone.wait_for_selector("#standing .ph-standing-bid .bid")
    host.wait_for_selector(f".host-seat.waiting[data-player='{kit.to_act(room)}']")  # the turn after the bid
    found += problems(pages, lang, "bidding")
    tv.screenshot(path=str(out / f"{lang}-tv-game.png"))
    phone.screenshot(path=str(out / f"{lang}-phone-game.png"))

    loser = kit.round_lost_by_bidder(room)
    assert loser is not None
    tv.wait_for_selector(".overlay.reveal")
    phone.wait_for_selector("#reveal")
    found += problems({"tv": tv, "phone": phone}, lang, "reveal")
    tv.screenshot(path=str(out / f"{lang}-tv-reveal.png"))
    phone.screenshot(path=str(out / f"{lang}-phone-reveal.png"))
    host.screenshot(path=str(out / f"{lang}-host-game.png"), full_page=True)
    host.check(f'input[name="lang"][value="{start}"]')  # mid-game, back: every screen follows again
    follow(pages, start)
    found += problems(pages, start, "switched back")
    assert not found, "\n".join(found)
    for page in (tv, host, phone, other):
        page.context.close()
    assert not watch.errors, "\n".join(watch.errors)


def test_a_phone_keeps_its_own_language_while_the_room_changes(hub: Any, browser: Any, watch: Any) -> None:
    """The join page offers the languages; a phone's choice is its own screen's, kept over a reload;
    the TV (and the voice) follow the room."""
    room = kit.fresh_lobby(hub)
    room.configure(None, None, "pt", None)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    phone = open_page(browser, watch, "phone", f"{hub.url}/join/{hub.code}", PHONE)
    phone.wait_for_selector("#lang-pick")
    assert phone.evaluate("document.documentElement.lang") == "pt"
    names = phone.locator("#lang-pick option[lang]").all_inner_texts()
    assert names == [catalogue(code)[NAME_KEY] for code in LANGS]
    phone.select_option("#lang-pick", "fr")
    phone.wait_for_function("document.documentElement.lang === 'fr'")
    assert phone.locator("h1").inner_text() == catalogue("fr")["phone.welcome"]
    phone.fill("#name", "Ana")
    phone.click("#sit")
    phone.wait_for_selector(".ph-lobby")
    assert not foreign_text(phone, "fr")
    asked: list[str] = []
    phone.on("request", lambda req: asked.append(req.url) if "/api/strings/" in req.url else None)
    room.configure(None, None, "es", None)
    room.take_seat("Zed")  # the phone's next state, after the one with the room's new language
    tv.wait_for_function("document.documentElement.lang === 'es'")
    phone.locator(".ph-chips", has_text="Zed").wait_for()
    assert phone.evaluate("document.documentElement.lang") == "fr", "the phone keeps its own language"
    assert not [url for url in asked if url.endswith("/es")], "the phone fetched the room's language"
    room.remove_seat("Zed")
    phone.reload()
    phone.wait_for_selector(".ph-lobby")
    assert phone.evaluate("document.documentElement.lang") == "fr"
    phone.select_option("#lang-pick", "")  # back to the table's language
    phone.wait_for_function("document.documentElement.lang === 'es'")
    assert not foreign_text(phone, "es")
    # a join link may carry the language: /join/CODE?lang=it
    linked = open_page(browser, watch, "linked", f"{hub.url}/join/{hub.code}?lang=it", PHONE)
    linked.wait_for_selector("#lang-pick")
    assert linked.evaluate("document.documentElement.lang") == "it"
    assert not watch.errors, "\n".join(watch.errors)


def test_the_pages_and_the_hub_choose_the_same_plural_forms_and_lists(hub: Any, browser: Any, watch: Any) -> None:
    """Intl.PluralRules / Intl.ListFormat in chromium and Babel on the hub agree (both CLDR)."""
    numbers = [*range(0, 120), 1000, 1_000_000]
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    for lang in LANGS:
        pages = tv.evaluate("([lang, numbers]) => numbers.map((n) => new Intl.PluralRules(lang).select(n))",
                            [lang, numbers])
        assert pages == [category(lang, n) for n in numbers], lang
        names = ["Ana", "Bia", "Caio"]
        listed = tv.evaluate("([lang, names]) => new Intl.ListFormat(lang, {style: 'long', type: 'conjunction'})"
                             ".format(names)", [lang, names])
        assert listed == join(names, lang), lang
    tv.context.close()
    assert not watch.errors, "\n".join(watch.errors)


@pytest.mark.parametrize("lang", LANGS)
def test_palifico_and_the_winner_in_each_language(hub: Any, browser: Any, watch: Any, artifacts: Path,
                                                  lang: str) -> None:
    """Two dice each: a palifico round, then the end of the game, on the TV and a phone."""
    out = artifacts / "languages"
    out.mkdir(exist_ok=True)
    room = kit.fresh_lobby(hub)
    room.configure("dudo", {"max_dice": 2}, lang)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    phone = seat_phone(browser, watch, hub.url, hub.code, PHONES[0])
    room.take_seat("Caio")
    room.start()
    pages = {"tv": tv, "phone": phone}
    follow(pages, lang)
    found: list[str] = []
    for _ in range(8):
        kit.round_lost_by_bidder(room)
        if room.over or room.state.palifico:
            break
    assert room.state.palifico and not room.over, "a player down to one die opens a palifico round"
    if room.state.palifico:
        tv.wait_for_selector(".tv-banner .palifico-note")
        found += problems(pages, lang, "palifico")
        tv.screenshot(path=str(out / f"{lang}-tv-palifico.png"))
    while not room.over:
        kit.round_lost_by_bidder(room)
    tv.wait_for_selector(".overlay.winner")
    phone.wait_for_selector("#final")
    found += problems(pages, lang, "winner")
    tv.screenshot(path=str(out / f"{lang}-tv-winner.png"))
    phone.screenshot(path=str(out / f"{lang}-phone-winner.png"))
    assert not found, "\n".join(found)
    for page in pages.values():
        page.context.close()
    assert not watch.errors, "\n".join(watch.errors)


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
def test_real_cups_keypad_and_count_in_each_language(hub: Any, browser: Any, watch: Any, artifacts: Path,
                                                     lang: str) -> None:
    """The keypad of a cup tapped in (referee) and the count at the reveal (scoreboard), on a phone
    and the TV: the longest screens' sentences, in each seed's language."""
    out = artifacts / "languages"
    out.mkdir(exist_ok=True)
    found: list[str] = []
    for dice in ("referee", "scoreboard"):
        room = kit.fresh_lobby(hub)
        room.configure("dudo", None, lang, None, dice)
        tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
        phone = seat_phone(browser, watch, hub.url, hub.code, PHONES[0])
        room.take_seat("Caio")
        room.start()
        pages = {"tv": tv, "phone": phone}
        follow(pages, lang)
        if dice == "referee":
            phone.wait_for_selector("#keypad")
            for face in (2, 5):
                phone.click(f".kp-face[data-face='{face}']")
            found += problems(pages, lang, "keypad")
            phone.screenshot(path=str(out / f"{lang}-phone-keypad.png"))
        else:
            kit.opening(room)
            kit.play(room, kit.to_act(room), {"action": "bid", "quantity": 2, "face": 3})
            kit.play(room, kit.to_act(room), {"action": "dudo"})
            phone.wait_for_selector("#count")
            tv.wait_for_selector("#count-screen")
            found += problems(pages, lang, "count")
            room.table_says("Caio", "propose", 2)
            tv.wait_for_selector(".count-n")
            phone.wait_for_selector("#count-confirm")  # Caio's proposal, for this phone to confirm
            found += problems(pages, lang, "count proposed")
            phone.screenshot(path=str(out / f"{lang}-phone-count.png"))
            tv.screenshot(path=str(out / f"{lang}-tv-count.png"))
        for page in pages.values():
            page.context.close()
    assert not found, "\n".join(found)
    assert not watch.errors, "\n".join(watch.errors)
