"""Rule sets: the six presets of RULES.md, option overrides, and RuleError for unknown names."""

from __future__ import annotations

import pytest

from dudo_hub.engine import CHOICES, PRESETS, RuleError, make_rules

PRESET_DIFFS = {
    "dudo": {"palifico": "each_time", "calza": "on_turn", "calza_reward": "regain_die"},
    "perudo": {"first_player": "roll_off", "palifico": "each_time", "calza": "anyone"},
    "parker": {
        "palifico": "once_per_player",
        "palifico_face_change": "one_die_players",
        "calza": "anyone_but_bidder_and_current",
        "calza_requires_missing_die": True,
    },
    "francais": {"first_player": "roll_off", "calza": "on_turn", "calza_min_players": 3},
    "revolver": {"loss": "revolver", "calza": "on_turn"},
    "liars_dice": {"wild_ones": False, "calza": "off", "palifico": "off"},
}


def test_the_six_presets_of_rules_md_exist_and_nothing_else():
    assert set(PRESETS) == set(PRESET_DIFFS)


@pytest.mark.parametrize("preset", sorted(PRESET_DIFFS))
def test_each_preset_fixes_the_options_its_source_names(preset):
    rules = make_rules(preset)
    assert rules.preset == preset
    for name, value in PRESET_DIFFS[preset].items():
        assert getattr(rules, name) == value, name


@pytest.mark.parametrize("preset", sorted(PRESET_DIFFS))
def test_every_preset_plays_five_dice_with_the_common_core_defaults(preset):
    rules = make_rules(preset)
    assert rules.max_dice == 5
    assert rules.raise_rule == "any_face"
    assert rules.out_of_turn_raises is False
    assert rules.loser_chooses_direction is False
    if preset != "revolver":
        assert rules.loss == "die"


def test_default_preset_is_dudo():
    assert make_rules() == make_rules("dudo")


def test_liars_dice_ones_are_an_ordinary_face():
    assert make_rules("liars_dice").paco_conversion == "none"


def test_wild_presets_convert_pacos_half_up():
    for preset in ("dudo", "perudo", "parker", "francais", "revolver"):
        assert make_rules(preset).paco_conversion == "half_up"


def test_option_override_changes_only_that_option():
    rules = make_rules("parker", {"calza_reward": "others_lose_die"})
    assert rules.calza_reward == "others_lose_die"
    assert rules.options() == {"calza_reward": "others_lose_die"}
    assert rules.palifico == "once_per_player"


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_every_allowed_value_of_every_option_is_accepted(name):
    for value in CHOICES[name]:
        preset = "liars_dice" if (name, value) == ("wild_ones", False) else "dudo"
        if (name, value) == ("paco_conversion", "half_up"):
            preset = "dudo"
        assert getattr(make_rules(preset, {name: value}), name) == value


def test_option_table_of_rules_md_is_complete():
    assert set(CHOICES) >= {
        "raise_rule", "wild_ones", "paco_conversion", "palifico", "palifico_wilds",
        "palifico_face_change", "calza", "calza_requires_missing_die", "calza_min_players",
        "calza_reward", "first_player", "loss", "out_of_turn_raises", "loser_chooses_direction",
        "max_dice",
    }


def test_unknown_preset_is_a_rule_error_listing_the_presets():
    with pytest.raises(RuleError) as info:
        make_rules("poker")
    assert info.value.code == "unknown_preset"
    assert "poker" in info.value.message
    for name in PRESET_DIFFS:
        assert name in info.value.message


def test_unknown_option_is_a_rule_error_listing_the_options():
    with pytest.raises(RuleError) as info:
        make_rules("dudo", {"jokers": True})
    assert info.value.code == "unknown_option"
    assert "jokers" in info.value.message
    for name in CHOICES:
        assert name in info.value.message


@pytest.mark.parametrize(
    ("name", "value"),
    [("calza", "sometimes"), ("palifico", True), ("calza_min_players", 4),
     ("wild_ones", "yes"), ("wild_ones", 1), ("max_dice", 6), ("calza_min_players", 3.0)],
)
def test_bad_option_value_is_a_rule_error_listing_the_allowed_values(name, value):
    with pytest.raises(RuleError) as info:
        make_rules("dudo", {name: value})
    assert info.value.code == "bad_option_value"
    assert name in info.value.message
    assert repr(value) in info.value.message
    for allowed in CHOICES[name]:
        assert repr(allowed) in info.value.message


def test_half_up_conversion_without_wild_ones_is_refused():
    with pytest.raises(RuleError) as info:
        make_rules("dudo", {"wild_ones": False})
    assert info.value.code == "bad_option_value"
    assert "wild_ones" in info.value.message
