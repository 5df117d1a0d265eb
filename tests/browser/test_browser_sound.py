"""The reveal as a show: the TV plays a thud as each cup lands, a tick for each die that counts and
the verdict's chime as the verdict lands, in time with the beat; the host's switch silences it, at
once even mid-reveal; a phone plays nothing, and makes no audio at all, until its player turns its
sound on. The pages' audio is recorded where it starts (each source node started, when it sounds,
when it was stopped), and held back until the page is used, as a desktop browser's autoplay policy
does (headless chromium lets audio start at once), so the TV's hint can be seen and clicked away."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import HOST, PHONE, TV, fresh_lobby, open_page, opening, play, to_act, true_bid, visible
from waiting import wait_until

HUB_OPTIONS = {"BOT_THREAD": False, "REVEAL_PAUSE": 4.0}
CHIMES = ("stood", "failed", "exact")

AUDIO = """(() => {
  // a desktop browser's autoplay policy: audio waits for the page's first click, key or touch (a real
  // one: Playwright's evaluate counts as a user gesture for navigator.userActivation)
  let used = false;
  for (const type of ["pointerdown", "keydown", "touchstart"]) {
    window.addEventListener(type, (ev) => { used = used || ev.isTrusted; }, true);
  }
  const Real = window.AudioContext;
  window.__contexts = 0;
  window.AudioContext = class extends Real {
    constructor(...args) {
      super(...args);
      window.__contexts += 1;
      this.held = !used;
      if (this.held) super.suspend();
    }
    get state() { return this.held ? "suspended" : super.state; }
    resume() {
      if (this.held && !used) return new Promise(() => {});
      this.held = false;
      return super.resume();
    }
  };
  // every sound started: its node, its first frequency, when it sounds and when it was stopped (page ms)
  window.__sounds = [];
  const ms = (node, when) => performance.now() + Math.max(0, (when || 0) - node.context.currentTime) * 1000;
  for (const proto of [AudioScheduledSourceNode.prototype, AudioBufferSourceNode.prototype]) {  // each its own start
    const start = proto.start;
    proto.start = function (when, ...rest) {
      this.__heard = { node: this instanceof OscillatorNode ? "tone" : "noise",
                       hz: this instanceof OscillatorNode ? this.frequency.value : null,
                       at: ms(this, when), stop: Infinity, running: this.context.state === "running" };
      window.__sounds.push(this.__heard);
      return start.call(this, when, ...rest);
    };
  }
  const stop = AudioScheduledSourceNode.prototype.stop;
  AudioScheduledSourceNode.prototype.stop = function (when, ...rest) {
    if (this.__heard) this.__heard.stop = Math.min(this.__heard.stop, ms(this, when));
    return stop.call(this, when, ...rest);
  };
})();"""

RECIPES = """async () => (await import("/static/js/sound.js")).RECIPES"""

BEAT = """(box) => {
  const root = document.querySelector(box);
  const at = (el, name) => {
    const a = el && el.getAnimations().find((x) => x.animationName === name);
    return a && a.startTime !== null ? a.startTime + a.effect.getComputedTiming().delay : null;
  };
  const cups = [...root.querySelectorAll(".reveal-cup")].map((el) => at(el, "land"));
  const verdict = at(root.querySelector(".reveal-story"), "verdict");
  return cups.every((x) => x !== null) && verdict !== null ? { cups, verdict } : null;
}"""

CLEAR = """([target, others]) => {
  const el = document.querySelector(target);
  const r = el.getBoundingClientRect();
  const found = [];
  if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) found.push("leaves the screen");
  for (const other of document.querySelectorAll(others)) {
    if (other.contains(el) || el.contains(other)) continue;
    const o = other.getBoundingClientRect();
    const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
    const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
    if (w > 0 && h > 0) found.push(`covers ${other.className || other.id} by ${Math.round(w)}x${Math.round(h)} px`);
  }
  return found;
}"""


def heard(page: Any) -> list[dict[str, Any]]:
    """Each sound the page started, named by its recipe in sound.js (`sound`), oldest first."""
    recipes = page.evaluate(RECIPES)
    out = []
    for entry in page.evaluate("window.__sounds || []"):
        names = [name for name, r in recipes.items()
                 if (r.get("noise") and entry["node"] == "noise")
                 or (not r.get("noise") and entry["node"] == "tone" and abs(r["notes"][0] - entry["hz"]) < 0.5)]
        assert len(names) == 1, f"one recipe makes {entry}: {names}"
        out.append({**entry, "sound": names[0]})
    return out


def _table(hub: Any, names: tuple[str, ...] = ("Ann", "Bea", "Cy")) -> Any:
    room = fresh_lobby(hub)
    room.configure(None, {"max_dice": 3}, "en", {"sound": True})
    for name in names:
        room.take_seat(name)  # seats without phones: the test plays their moves
    return room


def _reveal(room: Any) -> None:
    """A true bid, then Dudo on it: the bid stood."""
    opening(room)
    quantity, face = true_bid(room)
    play(room, to_act(room), {"action": "bid", "quantity": quantity, "face": face})
    play(room, to_act(room), {"action": "dudo"})


def _start(room: Any) -> None:
    room.start()
    wait_until(lambda: room.state.phase.value in ("bidding", "direction"), timeout=10, message="the first turn")


def _reveal_over(page: Any, box: str) -> None:
    page.wait_for_selector(box)
    wait_until(lambda: not visible(page, box), timeout=15, message=f"{box} closed")


def _chimed(page: Any) -> list[dict[str, Any]]:
    """The sounds of the reveal on `page`, once its chime is scheduled (they are, as its beat starts moving)."""
    wait_until(lambda: any(s["sound"] in CHIMES for s in heard(page)), timeout=5, message="the verdict's chime")
    return heard(page)


def _assert_the_show(page: Any, box: str, sounds: list[dict[str, Any]]) -> None:
    """One thud per cup as it lands, a tick per die that counts, one chime (the bid stood) as the verdict lands."""
    beat = page.wait_for_function(BEAT, arg=box).json_value()
    thuds = sorted(s["at"] for s in sounds if s["sound"] == "cup")
    ticks = [s["at"] for s in sounds if s["sound"] == "die"]
    chimes = [s for s in sounds if s["sound"] in CHIMES]
    assert len(thuds) == len(beat["cups"]) == page.locator(f"{box} .reveal-cup").count(), "a thud per cup"
    assert len(ticks) == page.locator(f"{box} .reveal-cup svg.die.match").count(), "a tick per die that counts"
    assert [c["sound"] for c in chimes] == ["stood"], "one chime: the bid stood"
    assert all(s["running"] for s in sounds), "nothing queued while the audio was held back"
    # the sounds are timed from the beat's start on screen, its animations' start time, once the
    # browser has them running: a frame or a few later on a loaded machine, and the first thud comes then
    for k, (sound_at, cup_at) in enumerate(zip(thuds, sorted(beat["cups"]), strict=True)):
        late = 250 if k == 0 else 60
        assert -60 < sound_at - cup_at < late, f"thud {k} at {sound_at:.0f} ms, its cup at {cup_at:.0f} ms"
    assert max(thuds + ticks) < chimes[0]["at"], "the chime after the last cup and die"
    assert abs(chimes[0]["at"] - beat["verdict"]) < 60, "the chime as the verdict lands"


def test_the_tv_plays_the_reveal_in_time_until_the_host_switches_it_off(hub: Any, browser: Any, watch: Any,
                                                                       artifacts: Path) -> None:
    room = _table(hub)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV, motion=True, init=AUDIO)
    tv.wait_for_selector("#sound-hint")
    tv.screenshot(path=str(artifacts / "sound-hint-tv.png"))
    assert tv.evaluate(CLEAR, ["#sound-hint", ".tv-brand, .tv-status, .tv-meta, .seat-card, .join-card, .felt"]) == []
    tv.mouse.click(960, 700)  # the person at the laptop clicks the TV once, anywhere
    tv.wait_for_selector("#sound-hint", state="detached")

    _start(room)
    _reveal(room)
    tv.wait_for_selector(".overlay .reveal-box")
    sounds = [s for s in _chimed(tv) if s["sound"] != "turn"]
    _assert_the_show(tv, ".overlay .reveal-box", sounds)
    assert any(s["sound"] == "turn" for s in heard(tv)), "a soft tick as the turn passed"
    wait_until(lambda: not visible(tv, ".overlay .reveal-box"), timeout=15, message="the reveal over")

    host = open_page(browser, watch, "host", hub.host_url, HOST)
    host.locator('fieldset[data-name="sound"] label.chip', has_text="no").click()
    wait_until(lambda: room.lobby.table["sound"] is False, timeout=5, message="the host's switch")
    before = len(heard(tv))
    _reveal(room)
    _reveal_over(tv, ".overlay .reveal-box")
    assert len(heard(tv)) == before, "sound off: the next reveal plays nothing, nor the turn passing"
    assert not visible(tv, "#sound-hint")
    assert watch.errors == []
    room.restart()


def test_switched_off_mid_reveal_the_tv_stops_at_once(hub: Any, browser: Any, watch: Any) -> None:
    """And a TV asking for reduced motion, whose reveal shows at once: one thud, then the chime."""
    room = _table(hub)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV, motion=True, init=AUDIO)
    still = open_page(browser, watch, "still tv", f"{hub.url}/tv/{hub.code}", TV, init=AUDIO)
    for page in (tv, still):
        page.wait_for_selector("#sound-hint")
        page.keyboard.press("Space")  # a key lets the sound play too
        page.wait_for_selector("#sound-hint", state="detached")
    _start(room)
    _reveal(room)
    tv.wait_for_selector(".overlay .reveal-box")
    _chimed(tv)
    shown = [(s["sound"], s["at"]) for s in _chimed(still) if s["sound"] != "turn"]
    assert [name for name, _ in shown] == ["cup", "stood"], "reduced motion: one thud for the cups, then the chime"
    assert 250 < shown[1][1] - shown[0][1] < 450
    room.configure(None, None, None, {"sound": False})
    off = tv.evaluate("performance.now()") + 300  # the TV hears of it within this
    later = lambda: [s for s in heard(tv) if s["at"] > off]  # noqa: E731
    assert any(s["sound"] in CHIMES for s in later()), "the chime was still to come"
    wait_until(lambda: all(s["stop"] < s["at"] for s in later()), timeout=5, message="the sounds to come stopped")
    assert all(s["stop"] <= off for s in later()), f"every sound still to come stopped at once: {later()}"
    _reveal_over(tv, ".overlay .reveal-box")
    assert watch.errors == []
    room.restart()


def test_a_phone_is_silent_until_its_player_turns_its_sound_on(hub: Any, browser: Any, watch: Any,
                                                               artifacts: Path) -> None:
    room = _table(hub, ("Bea", "Cy"))
    phone = open_page(browser, watch, "Ann", f"{hub.url}/join/{hub.code}", PHONE, motion=True, init=AUDIO)
    phone.fill("#name", "Ann")
    phone.click("#sit")
    phone.wait_for_selector(".ph-lobby")
    toggle = phone.locator("#sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false", "silent by default"
    assert toggle.get_attribute("aria-label") == "Sounds on this phone"
    phone.screenshot(path=str(artifacts / "sound-toggle-phone-off.png"))
    assert phone.evaluate(CLEAR, ["#sound-toggle", ".ph-room, #me, .ph-lobby h1"]) == []
    _start(room)
    _reveal(room)
    _reveal_over(phone, "#reveal .reveal-box")
    assert phone.evaluate("window.__contexts") == 0 and heard(phone) == [], "no sound, no audio at all"

    toggle.tap()
    assert toggle.get_attribute("aria-pressed") == "true"
    phone.screenshot(path=str(artifacts / "sound-toggle-phone.png"))
    assert phone.evaluate(CLEAR, ["#sound-toggle", ".ph-room, #me, .ph-turn, .ph-chips"]) == []
    _reveal(room)
    phone.wait_for_selector("#reveal .reveal-box")
    _assert_the_show(phone, "#reveal .reveal-box", _chimed(phone))
    phone.reload()
    phone.wait_for_selector("#game")
    assert phone.locator("#sound-toggle").get_attribute("aria-pressed") == "true", "kept on this phone"
    assert watch.errors == []
    room.restart()
