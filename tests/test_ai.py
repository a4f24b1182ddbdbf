"""The computer opponent (py_engines.ai): legal, reproducible, tactical, general."""
from __future__ import annotations

import math

import pytest

import py_engines
from py_engines import CHANCE, IllegalMove
from py_engines.ai import LEVELS, Policy, Search, analyse, choose_move, policy_for, rewards
from py_engines.ai.manalath import masks, merged_size
from py_engines.core import Game
from py_engines.games.manalath import PARSED
from py_engines.playout import random_game
from py_engines.rng import Rng


def manalath_after(*moves: str):
    g = py_engines.new_game("manalath")
    for move in moves:
        g.play(move)
    return g


def varied_positions():
    """Positions from seeded random games that are still going, at several depths."""
    found = []
    for seed in range(40):
        whole = random_game("manalath", seed)
        for ply in (0, 3, 8, 14):
            if ply < len(whole.history) - 1 and len(found) < 6:
                g = manalath_after(*whole.history[:ply])
                if not g.is_over and all(found_g.history != g.history for found_g in found):
                    found.append(g)
    return found


# -- Manalath ----------------------------------------------------------------

def test_levels_are_iteration_budgets_with_a_safety_cap():
    names = ["easy", "medium", "hard", "expert"]
    assert list(LEVELS) == names
    budgets = [LEVELS[name]["iterations"] for name in names]
    assert budgets == sorted(budgets) and len(set(budgets)) == 4
    assert all(LEVELS[name]["max_seconds"] <= 2.0 for name in names[:3])
    assert LEVELS["expert"]["max_seconds"] <= 5.0  # about 5 s a turn in the page
    assert all(LEVELS[name]["max_seconds"] <= LEVELS[name]["turn_seconds"] for name in names)
    assert LEVELS["hard"]["turn_seconds"] < 4.0 and LEVELS["expert"]["turn_seconds"] <= 5.0


def test_a_turns_later_searches_are_held_to_what_is_left_of_the_turns_time():
    # The page tells each search how long its turn has thought already (``spent``); the cap
    # is then what is left of the level's turn_seconds, but never less than a tenth of the
    # move's own cap. An uncapped search stays uncapped.
    game = py_engines.new_game("manalath")
    hard = LEVELS["hard"]
    cap = lambda search: search.deadline - search.started  # noqa: E731
    assert cap(Search(game, "hard")) == pytest.approx(hard["max_seconds"])
    assert cap(Search(game, "hard", spent=0.5)) == pytest.approx(hard["max_seconds"])
    assert cap(Search(game, "hard", spent=hard["turn_seconds"] - 1.0)) == pytest.approx(1.0)
    assert cap(Search(game, "hard", spent=60.0)) == pytest.approx(hard["max_seconds"] / 10)
    assert cap(Search(game, "hard", spent=60.0, max_seconds=0)) == math.inf
    search = Search(game, "easy", seed=1, spent=60.0)
    search.run()
    assert search.iterations >= 1 and search.answer()["move"] in game.legal_moves()


def test_exp_and_log_are_close_to_the_c_library_and_made_of_plain_arithmetic():
    # The search's own exp and log (the C library's differ between CPython and Pyodide).
    import math
    from py_engines.ai import exp, log, logistic, shares
    rng = Rng(9)
    for _ in range(2000):
        x = (rng.random() - 0.5) * 80
        assert exp(x) == pytest.approx(math.exp(x), rel=1e-14)
        y = rng.random() * 10 ** rng.below(12) + 1e-6
        assert log(y) == pytest.approx(math.log(y), rel=1e-14, abs=1e-15)
    assert [log(float(n)) for n in (1, 2, 1024)] == pytest.approx([0.0, math.log(2), 10 * math.log(2)], abs=1e-15)
    assert exp(-1000.0) == 0.0 and logistic(0.0) == 0.5 and logistic(-50.0) == 0.0
    assert shares([1.0, 3.0]) == [0.25, 0.75] and shares([0.0, 0.0]) == [0.5, 0.5]
    with pytest.raises(ValueError):
        log(0.0)


@pytest.mark.slow
def test_a_search_run_in_slices_chooses_as_a_whole_one_and_tells_its_best_move_at_any_time():
    from py_engines.ai import Search
    g = manalath_after("e5w", "d4b", "f6w")
    whole = analyse(g, "medium", seed=5, max_seconds=600)  # no safety cap on a busy machine
    sliced = Search(g, "medium", seed=5, max_seconds=600)
    seen = []
    while not sliced.run(seconds=0.0):  # one iteration per slice, the shortest slices there are
        seen.append(sliced.answer())
    answer = sliced.answer()
    assert answer["move"] == whole["move"] and answer["moves"] == whole["moves"]
    assert answer["iterations"] == answer["budget"] == LEVELS["medium"]["iterations"]
    assert [a["iterations"] for a in seen] == list(range(1, answer["budget"]))
    assert all(a["move"] in g.legal_moves() for a in seen)
    # Stopped early ("move now"): the most visited move so far.
    early = Search(g, "medium", seed=5, max_seconds=600)
    for _ in range(30):
        early.run(seconds=0.0)
    assert early.answer()["iterations"] == 30 and early.answer()["move"] == seen[29]["move"]
    assert not early.done


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_returns_a_legal_move_without_changing_the_game(level):
    positions = varied_positions()[: 2 if level == "hard" else 6]
    assert positions
    for g in positions:
        before = g.to_json()
        move = choose_move(g, level, seed=3)
        assert move in g.legal_moves()
        assert g.to_json() == before


def test_a_level_is_reproducible_for_a_seed():
    g = manalath_after("e5w", "d4b", "f6w")
    first = analyse(g, "medium", seed=11, max_seconds=600)  # no safety cap on a busy machine
    again = analyse(g, "medium", seed=11, max_seconds=600)
    assert not first["capped"] and not again["capped"]
    assert first["move"] == again["move"]
    assert first["moves"] == again["moves"]
    assert first["iterations"] == LEVELS["medium"]["iterations"]


def test_analyse_reports_visits_and_a_win_estimate():
    answer = analyse(manalath_after("e5w"), "easy", seed=2)
    assert answer["player"] == 1 and answer["iterations"] == LEVELS["easy"]["iterations"]
    assert 0.0 <= answer["value"] <= 1.0
    assert sum(row["visits"] for row in answer["moves"]) == answer["iterations"]
    assert answer["moves"][0]["move"] == answer["move"]


def test_unknown_level_and_finished_game_are_refused():
    with pytest.raises(ValueError, match="unknown level"):
        choose_move(py_engines.new_game("manalath"), "grandmaster")
    g = manalath_after("a1w", "i1b", "a2w", "i3b", "a4w", "i5b", "a5w", "g1b", "a3w")
    assert g.is_over
    with pytest.raises(ValueError, match="over"):
        choose_move(g)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_takes_an_immediate_quint(level):
    # White a1 a2 and a4 a5: a3w joins them into a quint.
    g = manalath_after("a1w", "i1b", "a2w", "i3b", "a4w", "i5b", "a5w", "g1b")
    move = choose_move(g, level, seed=5)
    g.play(move)
    assert g.is_over and g.winners == [0]


def test_grows_a_quart_the_opponent_made_into_a_quint():
    # Black made a white quart (a1-a4); White grows it to a quint and wins.
    g = manalath_after("i1b", "a1w", "i3b", "a2w", "i5b", "a3w", "g1b", "a4w")
    assert g.to_move == 0 and g.quarts[0]
    move = choose_move(g, "easy", seed=1)
    g.play(move)
    assert g.winners == [0]


@pytest.mark.slow
def test_never_makes_its_own_quart_when_it_has_a_choice():
    # White has a trio a1-a3: a4w, b1w... would make a white quart.
    g = manalath_after("a1w", "i1b", "a2w", "i3b", "a3w", "g1b")
    quart_moves = [m for m in g.legal_moves() if m.endswith("w") and
                   merged_size(g, PARSED[m][0], 0) == 4]
    assert len(quart_moves) >= 3
    for seed in range(3):
        move = choose_move(g, "medium", seed=seed)
        assert move not in quart_moves
        after = g.clone()
        after.play(move)
        assert not after.is_over


def test_root_filter_drops_own_quarts_and_gifts():
    g = manalath_after("a1w", "i1b", "a2w", "i3b", "a3w", "g1b")
    root = policy_for(g).root_moves(g, g.legal_moves(), Rng(0))
    for move in root:
        after = g.clone()
        after.play(move)
        assert not after.is_over
        W, _, _ = masks(after)
        assert not W[1] & after.placeable[1]  # no immediate black quint handed over


def test_blocks_a_quint_threat():
    # Black to move; White threatens a3w (pairs a1-a2 and a4-a5): Black must take a3.
    g = manalath_after("a1w", "i1b", "a2w", "i3b", "a4w", "i5b", "a5w")
    assert g.to_move == 1
    move = choose_move(g, "medium", seed=4)
    g.play(move)
    assert "a3w" not in g.legal_moves()


def test_masks_match_a_direct_count():
    g = varied_positions()[-1]
    W, Q, _ = masks(g)
    for move in g.legal_moves():
        if move == "pass":
            continue
        cell, k = PARSED[move]
        size = merged_size(g, cell, k)
        assert (W[k] >> cell & 1) == (size == 5)
        assert (Q[k] >> cell & 1) == (size == 4)


# -- A toy game with dice, three players and turns of several moves -------------

class DiceRace(Game):
    """Test-only: each turn a die (1-3) is rolled, then the mover makes two moves.

    ``run`` advances by the roll, ``rest`` stays, ``fall`` ends the game at once
    and every other player wins (a shared win). Reaching ``GOAL`` wins.
    """

    name = "dice_race"
    title = "Dice race"
    player_counts = tuple(range(2, 11))
    GOAL = 9

    def __init__(self, players: int = 3, seed: int = 0, options=None) -> None:
        super().__init__(players, seed, options or {})
        self.pos = [0] * players
        self.turn = 0
        self.roll_value = 0
        self.steps_left = 0
        self.rng = Rng(seed)
        self.done = False
        self.winner_list: list[int] = []

    def clone(self) -> "DiceRace":
        other = self._copy()
        other.pos = self.pos[:]
        other.rng = Rng.from_state(self.rng.state)
        other.winner_list = self.winner_list[:]
        return other

    @property
    def to_move(self):
        if self.done:
            return None
        return CHANCE if self.steps_left == 0 else self.turn

    @property
    def is_over(self) -> bool:
        return self.done

    @property
    def winners(self) -> list[int]:
        return self.winner_list

    def legal_moves(self) -> list[str]:
        if self.done:
            return []
        if self.steps_left == 0:
            return ["1", "2", "3"]
        if self.pos[self.turn] >= self.GOAL - 1:  # one step from the goal: a single choice
            return ["run"]
        return ["run", "rest", "fall"]

    def roll(self) -> str:
        move = str(1 + self.rng.below(3))
        self.play(move)
        return move

    def play(self, move: str) -> None:
        if move not in self.legal_moves():
            raise IllegalMove(f"illegal move {move!r}")
        self.history.append(move)
        if self.steps_left == 0:
            self.roll_value = int(move)
            self.steps_left = 2
            return
        if move == "fall":
            self.done = True
            self.winner_list = [p for p in range(self.players) if p != self.turn]
            return
        if move == "run":
            self.pos[self.turn] += self.roll_value
            if self.pos[self.turn] >= self.GOAL:
                self.done = True
                self.winner_list = [self.turn]
                return
        self.steps_left -= 1
        if self.steps_left == 0:
            self.turn = (self.turn + 1) % self.players


def test_rewards_share_a_win_and_split_a_draw():
    g = DiceRace(3)
    g.done, g.winner_list = True, [0, 2]
    assert rewards(g) == [0.5, 0.0, 0.5]
    g.winner_list = []
    assert rewards(g) == pytest.approx([1 / 3] * 3)


def test_toy_game_uses_the_generic_policy_and_its_own_clone():
    g = DiceRace(3, seed=1)
    g.roll()
    assert type(policy_for(g)) is Policy
    other = g.clone()
    other.play("run")
    assert g.history != other.history and g.pos == [0, 0, 0]


def test_chance_point_answers_with_an_outcome():
    g = DiceRace(3, seed=2)
    assert g.to_move == CHANCE
    assert choose_move(g, "easy", seed=1) in ("1", "2", "3")


def test_toy_game_three_players_dice_and_two_moves_a_turn():
    g = DiceRace(3, seed=3)
    chosen = []
    while not g.is_over and len(g.history) < 60:
        if g.to_move == CHANCE:
            g.roll()
            continue
        mover = g.to_move
        before = g.to_json()
        move = choose_move(g, "easy", seed=len(g.history))
        assert g.to_json() == before
        assert move in g.legal_moves()
        chosen.append(move)
        g.play(move)
        assert g.is_over or g.to_move in (mover, CHANCE)
    assert g.is_over
    assert "fall" not in chosen  # falling hands the win to the others
    assert chosen.count("run") > chosen.count("rest")


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_toy_game_search_prefers_running(level):
    # Two runs of 3 from 3 reach the goal this turn; resting first does not.
    g = DiceRace(3, seed=4)
    g.pos[0] = 3
    g.play("3")
    answer = analyse(g, level, seed=7)
    assert answer["move"] == "run"
    assert analyse(g, level, seed=7)["moves"] == answer["moves"]


def test_ten_players_finish_a_game():
    g = DiceRace(10, seed=8)
    while not g.is_over and len(g.history) < 400:
        if g.to_move == CHANCE:
            g.roll()
        else:
            g.play(choose_move(g, "easy", seed=1))
    assert g.is_over and len(g.winners) == 1


def test_a_single_legal_move_is_returned_at_once():
    g = DiceRace(2, seed=5)
    g.pos[0] = DiceRace.GOAL - 1
    g.play("1")
    answer = analyse(g, "hard", seed=0)
    assert answer["move"] == "run" and answer["iterations"] == 0


def test_an_immediate_win_is_taken_at_once():
    g = DiceRace(4, seed=6)
    g.pos[0] = DiceRace.GOAL - 3
    g.play("3")
    answer = analyse(g, "hard", seed=0)
    assert answer["move"] == "run" and answer["iterations"] == 0


@pytest.mark.slow
def test_kills_and_threats_agree_with_playing_them_out():
    from py_engines.ai.manalath import is_kill, opens_threat
    checked_kills = checked_threats = 0
    for seed in range(25):
        whole = random_game("manalath", seed)
        for ply in range(4, len(whole.history) - 1, 3):
            g = manalath_after(*whole.history[:ply])
            me, you = g.turn, 1 - g.turn
            W, Q, C = masks(g)
            for move in g.legal_moves():
                if move == "pass":
                    continue
                cell, k = PARSED[move]
                size = merged_size(g, cell, k)
                after = g.clone()
                after.play(move)
                if k == you and size == 4 and not after.is_over:
                    # A kill: every reply of theirs loses.
                    replies = []
                    for reply in after.legal_moves():
                        again = after.clone()
                        again.play(reply)
                        replies.append(again.winners == [me])
                    assert is_kill(g, cell, you, C[you]) == all(replies), (g.history, move)
                    checked_kills += 1
                elif size < 4 and checked_threats < 400:
                    W2, _, _ = masks(after)
                    assert opens_threat(g, cell, k, C[k]) == bool(W2[k] & ~W[k]), (g.history, move)
                    checked_threats += 1
    assert checked_kills > 5 and checked_threats > 100


@pytest.mark.slow
@pytest.mark.parametrize("name, ply", [("ambush", 22), ("nymbat", 60)])
def test_the_expert_plays_legal_moves_and_is_reproducible_for_a_seed(name, ply):
    whole = random_game(name, 3)
    g = py_engines.new_game(name, whole.players, whole.seed)
    for move in whole.history[:ply]:
        g.play(move)
    while len(g.legal_moves()) < 2 or not policy_for(g).first_of_turn(g):  # a turn's first move: the whole budget
        g.play(g.legal_moves()[0])
    first = analyse(g, "expert", seed=8, max_seconds=None)
    again = analyse(g, "expert", seed=8, max_seconds=None)
    assert first["move"] in g.legal_moves()
    assert first["iterations"] == first["budget"] == LEVELS["expert"]["iterations"]
    assert first["move"] == again["move"] and first["moves"] == again["moves"]


# -- Manalath: the expert looks two turns ahead (forks) -----------------------

def _wins_by_force(g) -> bool:
    """By the rules alone: the player to move has a move that wins at once, or that makes a
    quart of the opponent's which every reply of theirs leaves standing (a kill)."""
    me = g.turn
    for move in g.legal_moves():
        after = g.clone()
        after.play(move)
        if after.is_over:
            if after.winners == [me]:
                return True
            continue
        if after.quarts[1 - me] and all(_after(after, reply).winners == [me] for reply in after.legal_moves()):
            return True
    return False


def _after(g, move):
    g = g.clone()
    g.play(move)
    return g


def _lost_by_the_rules(g) -> bool:
    """The player to move has no move after which the opponent cannot win by force."""
    me = g.turn
    for move in g.legal_moves():
        after = _after(g, move)
        if after.winners == [me] or (not after.is_over and not _wins_by_force(after)):
            return False
    return True


def _expert_policy():
    from py_engines.ai.manalath import ManalathPolicy
    policy = ManalathPolicy()
    policy.settings = {**policy.settings, "forks": True}
    return policy


def test_the_experts_root_drops_a_move_the_opponent_answers_with_a_fork():
    # After f4b Black answers d5b: two white quint cells that no one white move takes away.
    g = manalath_after("d7b", "e7b", "a1b", "f6b", "h2w", "g4b")
    assert _lost_by_the_rules(_after(_after(g, "f4b"), "d5b"))
    from py_engines.ai.manalath import ManalathPolicy
    hard = ManalathPolicy()
    assert "f4b" in hard.root_moves(g, g.legal_moves(), Rng(1))
    searched = _expert_policy().root_moves(g, g.legal_moves(), Rng(1))
    assert "f4b" not in searched and searched  # some move is left that no fork answers
    # The expert level is the one that looks: its search starts from those moves.
    assert Search(g, "expert", seed=1).policy.settings.get("forks")
    assert not Search(g, "hard", seed=1).policy.settings.get("forks")
    assert sorted(Search(g, "expert", seed=1).root.moves) == sorted(searched)


@pytest.mark.slow
def test_the_experts_lost_positions_are_lost_by_the_rules():
    # ``_lost`` (no win of one's own, every answer leaves the opponent one) against a search
    # of every move by the rules, over positions two moves after those of seeded games.
    from py_engines.ai.manalath import after_move, wins_next
    policy = _expert_policy()
    checked = 0
    for seed in (1, 7):  # 32 lost positions (seed 0 holds 77 of them, but takes four times as long)
        whole = random_game("manalath", seed)
        for ply in range(2, len(whole.history) - 2, 2):
            g = manalath_after(*whole.history[:ply])
            W, Q, C = masks(g)
            for move in g.legal_moves()[::7]:
                a, Wa, Qa, Ca = after_move(g, W, Q, C, move)
                if a.is_over or wins_next(a, Wa, Qa, Ca):
                    continue
                for reply in policy._threat_moves(a, Wa, Qa, Ca):
                    b, Wb, Qb, Cb = after_move(a, Wa, Qa, Ca, reply)
                    if not b.is_over and policy._lost(b, Wb, Qb, Cb):
                        assert _lost_by_the_rules(b), (b.history,)
                        checked += 1
    assert checked >= 30


def test_the_expert_does_not_complete_the_opponents_quint_when_it_has_another_move():
    # Black to move: a white piece on a3 would join White's pairs a1-a2 and a4-a5 into a
    # quint, which wins at the end of White's turn; the expert's root drops it.
    g = manalath_after("a1w", "i1b", "a2w", "i3b", "a4w", "i5b", "a5w")
    assert _after(_after(g, "a3w"), "e5b").winners == [0]
    assert "a3w" not in _expert_policy().root_moves(g, g.legal_moves(), Rng(1))
