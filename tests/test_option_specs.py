"""Every game's options as the new-game dialog shows them: each choice in plain
words, and the variants for larger groups refused by the engine exactly where
the dialog leaves them out."""
from __future__ import annotations

import json
import re

import pytest

import py_engines

NAMES = list(py_engines.GAMES)
# Words a person reads: no internal codes such as two_winners or over50.
CODE = re.compile(r"[a-z]+_[a-z]+|[a-z]+[0-9]+")


@pytest.mark.parametrize("name", NAMES)
def test_every_choice_has_a_label_in_plain_words(name):
    for key, spec in py_engines.GAMES[name]["options"].items():
        assert spec["label"] and spec["help"], key
        assert spec["default"] in spec["choices"], key
        labels = spec["labels"]
        assert len(labels) == len(spec["choices"]), key
        assert len(set(labels)) == len(labels), f"{key}: two choices with one label"
        for label in labels:
            assert label and not label[0].islower() and not CODE.search(label), (key, label)
        assert set(spec.get("min_players", {})) <= set(spec["choices"]), key
    json.dumps(py_engines.GAMES[name])


@pytest.mark.parametrize("name", NAMES)
def test_min_players_says_exactly_which_counts_may_play_a_choice(name):
    info = py_engines.GAMES[name]
    for key, spec in info["options"].items():
        for choice in spec["choices"]:
            need = spec.get("min_players", {}).get(choice, 0) if isinstance(choice, str) else 0
            for players in info["players"]:
                if players >= need:
                    py_engines.new_game(name, players, **{key: choice})
                else:
                    with pytest.raises(ValueError, match=f"variant for {need} or more players, not {players}"):
                        py_engines.new_game(name, players, **{key: choice})


def test_nimbus_offers_the_four_player_variants_to_four_or_more():
    spec = py_engines.GAMES["nimbus"]["options"]["round_end"]
    assert spec["min_players"] == {"two_winners": 4, "loser_last": 4, "loser_next": 4, "two_losers": 4}
