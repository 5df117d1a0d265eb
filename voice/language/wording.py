"""What the hub says, in words: bids and announcements from the pack's templates."""

from __future__ import annotations

from collections.abc import Mapping

from dudo_hub.catalogue import plural
from dudo_hub.voice.language.packs import PLURAL_FIELD, Pack, load_pack

_NUMBER_FIELDS = ("count", "dice", "bullets", "quantity")


def render_bid(lang: str, quantity: int, face: int) -> str:
    """A bid in canonical words: render_bid("it", 7, 1) == "sette pacos"."""
    return bid_phrases(load_pack(lang), quantity, face)[0]


def bid_phrases(pack: Pack, quantity: int, face: int) -> list[str]:
    """Every way `pack` says the bid (number spellings x face names), canonical first.

    Each phrase parses back to the bid: faces follow the singular/plural forms the pack
    allows after `quantity`, so English says "twenty fives", never "twenty five".
    """
    if not 1 <= face <= 6 or quantity < 1:
        raise ValueError(f"not a bid: {quantity} x {face}")
    if quantity not in pack.numbers:
        raise ValueError(f"{pack.lang}: no words for the quantity {quantity}")
    names = pack.faces[face].for_quantity(quantity)
    return [f"{number} {name}" for number in pack.numbers[quantity] for name in names]


def announce(lang: str, key: str, **fields: object) -> str:
    """The sentence for an event or error code, e.g. announce("it", "reveal", count=6, face=5).

    Integer counts (count, dice, bullets) are spoken in words, an integer `face` by
    its name (singular or plural after the count), and `quantity` + `face` give `bid`.
    """
    pack = load_pack(lang)
    template = pack.speech.get(key)
    if template is None:
        raise ValueError(f"no announcement {key!r}; keys: {', '.join(sorted(pack.speech))}")
    values = _spoken(pack, fields)
    missing = template.fields - values.keys()
    if missing:
        raise ValueError(f"announcement {key!r} needs the fields {sorted(missing)}")
    count = fields.get(PLURAL_FIELD.get(key, ""))
    form = plural(template.forms, pack.lang, count) if isinstance(count, int) else template.other
    return form.format_map(values)


def _spoken(pack: Pack, fields: Mapping[str, object]) -> dict[str, str]:
    """The fields as words."""
    values = {name: str(value) for name, value in fields.items()}
    for name in _NUMBER_FIELDS:
        value = fields.get(name)
        if isinstance(value, int) and value in pack.numbers:
            values[name] = pack.number(value)
    quantity, face = fields.get("quantity"), fields.get("face")
    if isinstance(face, int) and 1 <= face <= 6:
        count = fields.get("count", quantity)
        values["face"] = pack.faces[face].for_quantity(count if isinstance(count, int) else 2)[0]
        if isinstance(quantity, int) and "bid" not in fields:
            values["bid"] = bid_phrases(pack, quantity, face)[0]
    bid = fields.get("bid")
    if isinstance(bid, tuple) and len(bid) == 2:
        values["bid"] = bid_phrases(pack, int(bid[0]), int(bid[1]))[0]
    return values
