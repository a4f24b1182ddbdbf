"""Nimbus with three players or more: how often a level wins the end of a round.

    python3 bench/nimbus_ends.py --level hard [--others greedy] [--players 3] [--first 0]
                                 [--count 300] [--jobs 2] [--level-spec NAME=N/setting=v...]
                                 [--json FILE]

A game of Nimbus is won by winning rounds, and a round by taking the last
pyramid, so a table's result depends mostly on who ends the rounds. Whole games
say that slowly (an arena game of three players is several rounds and a few
minutes); this measures it directly. Position i: a game of greedy players with
seed 1000 + i, at the first turn that starts with 20 pyramids or fewer on the
board, in its first round for even i and a later one for odd i. From there the
player to move is played by the level, every other player by ``--others``
(greedy, or a level), to the round's end; the count is of the rounds that
player scores. Positions, dice and searches are seeded, so two levels meet the
same positions, and the output gives the positions each won (``--json``) for a
paired comparison: ``python3 bench/nimbus_ends.py --compare A.json B.json``.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import py_engines  # noqa: E402
from arena import extra_level, wilson  # noqa: E402
from greedy import greedy_move  # noqa: E402
from py_engines.ai import LEVELS, analyse  # noqa: E402
from py_engines.core import CHANCE  # noqa: E402
from py_engines.rng import Rng  # noqa: E402

NEAR_THE_END = 20  # pyramids on the board when the measured player takes over


def position(i: int, players: int = 3):
    """Position i (see the module's docstring)."""
    game = py_engines.new_game("nimbus", players, 1000 + i)
    rng = Rng(i * 31 + 7)
    wanted_round = 0 if i % 2 == 0 else 1
    while True:
        if game.is_over:
            raise ValueError(f"position {i}: the game ended before a round reached {NEAR_THE_END} pyramids")
        if (game.to_move != CHANCE and game.round >= wanted_round and not game.setup
                and not game.moved and not game.collected and game.on_board <= NEAR_THE_END):
            return game
        game.play(game.roll() if game.to_move == CHANCE else greedy_move(game, rng))


def _player(level: str, game, rng: Rng, seed: int) -> str:
    if level == "greedy":
        return greedy_move(game, rng)
    return analyse(game, level, seed=seed, max_seconds=None)["move"]


def play_out(i: int, level: str, others: str, players: int = 3) -> bool:
    """Whether the player to move at position i, played by ``level``, scores the round."""
    game = position(i, players)
    seat, this_round = game.to_move, game.round
    rng = Rng(i * 7919 + 5)
    moves = 0
    while game.round == this_round and not game.is_over:
        mover = game.to_move
        if mover == CHANCE:
            game.play(game.roll())
            continue
        game.play(_player(level if mover == seat else others, game, rng, seed=i * 1000 + moves * 10 + mover))
        moves += 1
    return seat in game.rounds[-1]["winners"]


def _job(args: tuple) -> tuple[int, bool]:
    i, level, others, players, specs = args
    extra = dict(extra_level(spec) for spec in specs)
    LEVELS.update(extra)
    try:
        return i, play_out(i, level, others, players)
    finally:
        for name in extra:  # leave the levels as they were (a test may run this in its own process)
            del LEVELS[name]


def compare(a_file: str, b_file: str) -> str:
    a, b = json.loads(Path(a_file).read_text()), json.loads(Path(b_file).read_text())
    common = sorted(set(a["won"]) & set(b["won"]), key=int)
    only_a = sum(1 for k in common if a["won"][k] and not b["won"][k])
    only_b = sum(1 for k in common if b["won"][k] and not a["won"][k])
    return (f"{len(common)} positions in common: {a['level']} scored {sum(a['won'][k] for k in common)}, "
            f"{b['level']} {sum(b['won'][k] for k in common)}; only {a['level']}: {only_a}, "
            f"only {b['level']}: {only_b}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", help="the measured player: a level, greedy, or a --level-spec name")
    parser.add_argument("--others", default="greedy", help="every other player (default greedy)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--level-spec", action="append", default=[],
                        help="an extra level as in bench/arena.py, e.g. h3=1500/others=none")
    parser.add_argument("--json", help="write the positions won to this file")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="pair two --json files")
    args = parser.parse_args(argv)
    if args.compare:
        print(compare(*args.compare))
        return 0
    if not args.level:
        parser.error("--level is needed")
    tasks = [(i, args.level, args.others, args.players, args.level_spec)
             for i in range(args.first, args.first + args.count)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = dict(pool.map(_job, tasks, chunksize=4))
    else:
        results = dict(_job(task) for task in tasks)
    won = sum(results.values())
    low, high = wilson(won, len(results))
    print(f"{args.level} against {args.others} ({args.players} players), positions {args.first}-"
          f"{args.first + args.count - 1}: scored {won} of {len(results)} rounds "
          f"({won / len(results):.1%}, 95% interval [{low:.1%}, {high:.1%}])")
    if args.json:
        Path(args.json).write_text(json.dumps({"level": args.level, "others": args.others, "args": vars(args),
                                               "won": {str(i): w for i, w in sorted(results.items())}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
