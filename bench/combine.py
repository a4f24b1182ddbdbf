"""Add up arena runs: the tables of several ``bench/arena.py --json`` files (e.g. chunks of
one run made with ``--first``), with W-D-L, score and the 95% Wilson interval of the whole.

    python3 bench/combine.py [--markdown] FILE.json [FILE.json ...]

Tables are matched by game, options and table; a game index seen twice for one table is an
error (two chunks overlap), so a combined figure never counts a game twice.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from arena import wilson  # noqa: E402


def main(paths: list[str]) -> int:
    markdown = "--markdown" in paths
    paths = [path for path in paths if path != "--markdown"]
    if not paths:
        print(__doc__)
        return 2
    tables: dict[tuple, dict] = {}
    for path in paths:
        data = json.loads(Path(path).read_text())
        args = data["args"]
        for row in data["pairs"]:
            key = (args["game"], args.get("options", ""), args["seed"], row["pair"])
            total = tables.setdefault(key, {"wins": 0, "draws": 0, "losses": 0, "games": set(), "files": []})
            indices = {outcome[0] for outcome in row["games_played"]}
            overlap = indices & total["games"]
            if overlap:
                raise SystemExit(f"{path}: {key[0]} {key[3]} game(s) {sorted(overlap)} counted already")
            total["games"] |= indices
            total["files"].append(f"{args['first']}-{args['first'] + args['games'] - 1}")
            for field in ("wins", "draws", "losses"):
                total[field] += row[field]
    if not markdown:
        print(f"{'game':<11}{'options':<16}{'table':<26}{'games':>6}  {'W-D-L':<10}{'score':>7}  95% interval   games played")
    for (game, options, seed, pair), total in tables.items():
        n = total["wins"] + total["draws"] + total["losses"]
        score = total["wins"] + 0.5 * total["draws"]
        low, high = wilson(score, n)
        played = ", ".join(sorted(total["files"], key=lambda s: int(s.split("-")[0])))
        if markdown:
            print(f"| {game} | {pair} | {n} | {total['wins']}-{total['draws']}-{total['losses']} | {score / n:.1%} "
                  f"| [{low:.1%}, {high:.1%}] | games {played} |")
            continue
        print(f"{game:<11}{options or '-':<16}{pair:<26}{n:>6}  {total['wins']}-{total['draws']}-{total['losses']:<6}"
              f"{score / n:>7.1%}  [{low:.1%}, {high:.1%}]  {played} (seed {seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
