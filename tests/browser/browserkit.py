"""Helpers for the browser tests: pages in their own contexts, axe-core, layout checks, and moves
chosen in-process (the test holds the hub's Room, so it can make a round end as it wants)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dudo_hub import engine

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
TV = {"viewport": {"width": 1920, "height": 1080}}
TV_720 = {"viewport": {"width": 1280, "height": 720}}
HOST = {"viewport": {"width": 1280, "height": 900}}
HOST_PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
AXE = Path(__file__).resolve().parents[2] / "web_display" / "node_modules" / "axe-core" / "axe.min.js"


def open_page(browser: Any, watch: Any, label: str, url: str, options: dict[str, Any], motion: bool = False,
              init: str = "") -> Any:
    """A page in a fresh context (its own localStorage), watched for errors and failed requests;
    with reduced motion (no animation to wait for) unless `motion`; `init`: a script run in every
    document of the context before the page's own."""
    context = browser.new_context(reduced_motion="no-preference" if motion else "reduce", **options)
    if init:
        context.add_init_script(init)
    page = watch.attach(context.new_page(), label)
    page.on("requestfailed", lambda req: watch.errors.append(f"{label}: request failed: {req.url}"))
    page.set_default_timeout(15_000)
    page.goto(url)
    return page


def visible(page: Any, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


SETTLED = """(selector) => {
  const running = document.getAnimations().some((a) => a.playState === "running"
    && a.effect && a.effect.getComputedTiming().iterations !== Infinity);
  const boxes = JSON.stringify([...document.querySelectorAll(selector)].map((el) => {
    const r = el.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height];
  }));
  const still = window.__dudoSettled && window.__dudoSettled[selector] === boxes;
  window.__dudoSettled = { ...window.__dudoSettled, [selector]: boxes };
  return still && !running && document.fonts.status === "loaded";
}"""


def settled(page: Any, selector: str) -> None:
    """Wait until what `selector` matches has stopped moving: no finite animation running, the
    fonts loaded and the elements' boxes the same on two frames running (a condition, not a pause)."""
    page.wait_for_function(SETTLED, arg=selector, polling="raf")


def seat_phone(browser: Any, watch: Any, url: str, code: str, name: str) -> Any:
    """A phone that took a seat through its form."""
    phone = open_page(browser, watch, name, f"{url}/join/{code}", PHONE)
    phone.fill("#name", name)
    phone.click("#sit")
    phone.wait_for_selector(".ph-lobby")
    return phone


def axe_problems(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now (axe from npm, injected)."""
    if not AXE.is_file():
        raise AssertionError(f"{AXE} is missing: run `bash install.sh --test` (npm ci installs axe-core)")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(" | ")}`);
    }""")
    return list(found)


def cut_text(page: Any, selectors: str) -> list[str]:
    """Elements matching `selectors` whose content is wider than their box, or cut with an ellipsis."""
    found = page.evaluate("""(selectors) => [...document.querySelectorAll(selectors)]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === "ellipsis")
        .map((el) => `${el.className}: ${el.textContent.trim()} (${el.scrollWidth} > ${el.clientWidth})`)""", selectors)
    return list(found)


def story(page: Any, root: str) -> list[str]:
    """The lines of the reveal's story under `root`."""
    return [line.strip() for line in page.locator(f"{root} .reveal-story li").all_inner_texts()]


def fresh_lobby(hub: Any) -> Any:
    """Back to an empty lobby (the seats' phones unbound, as `host:seat_remove` does); returns the room."""
    room = hub.room
    if room.started:
        room.restart()
    for seat in list(room.seats):
        room.remove_seat(seat.player)
        hub.app.extensions["dudo_hub"].unbind(room.code, seat.player)
    return room


# ----- moves chosen in-process -----------------------------------------------------------------


def to_act(room: Any) -> str:
    state = room.state
    player = engine.to_act(state)
    assert player is not None, f"nobody to act in phase {state.phase}"
    return str(player)


def play(room: Any, player: str, move: dict[str, Any]) -> None:
    reply = room.submit(player, move, source="phone")
    assert reply["ok"], (player, move, reply)


def opening(room: Any) -> None:
    """Whoever must act first: choose a direction if asked."""
    state = room.state
    if state.phase is engine.Phase.DIRECTION:
        play(room, to_act(room), {"action": "direction", "clockwise": True})


def true_bid(room: Any) -> tuple[int, int]:
    """A bid that is true on the table and legal now (the most common face, at its exact count)."""
    state = room.state
    player = to_act(room)
    legal = engine.legal_summary(state, player)["bids"]
    wild = state.round_wild
    def count(face: str) -> int:
        return int(engine.count_matching(state.dice, engine.Bid(1, int(face)), wild))

    for face in sorted(legal, key=lambda f: -count(f)):
        quantity = count(face)
        low, high = legal[face]
        if low <= quantity <= high:
            return quantity, int(face)
    face, (low, _) = next(iter(legal.items()))
    return low, int(face)


def last_loser(room: Any) -> str | None:
    """Who lost the last round (from the room's recent events)."""
    over = [e for e in room.game.recent if e["kind"] == "round_over"]
    return over[-1]["loser"] if over else None


def round_lost_by_caller(room: Any) -> str | None:
    """A true bid, then the next player calls Dudo on it and loses: returns the loser."""
    opening(room)
    quantity, face = true_bid(room)
    play(room, to_act(room), {"action": "bid", "quantity": quantity, "face": face})
    play(room, to_act(room), {"action": "dudo"})
    return last_loser(room)


def round_lost_by_bidder(room: Any) -> str | None:
    """A bid as high as the table allows (almost surely false), then Dudo: returns the loser."""
    opening(room)
    bidder = to_act(room)
    legal = engine.legal_summary(room.state, bidder)["bids"]
    face, (_, high) = max(legal.items(), key=lambda kv: kv[1][1])
    play(room, bidder, {"action": "bid", "quantity": high, "face": int(face)})
    play(room, to_act(room), {"action": "dudo"})
    return last_loser(room)
