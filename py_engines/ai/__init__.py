"""The computer opponent: one Monte Carlo tree search for every game (``search.py``),
guided by what it knows of each game (``policy.py``, the generic policy, refined
by ``manalath.py``, ``ambush.py``, ``nymbat.py``, ``not_nyout.py`` and
``nimbus.py``; ``nimbus_endgame.py`` is Nimbus's exact search of a round's end).

>>> import py_engines
>>> from py_engines.ai import choose_move
>>> g = py_engines.new_game("manalath")
>>> choose_move(g, "easy", seed=1) in g.legal_moves()
True
"""
from __future__ import annotations

from .policy import Policy, RootWork, chance_move, exp, log, logistic, rewards, shares
from .search import LEVELS, POLICIES, SEARCH_DEFAULTS, Search, analyse, choose_move, policy_for

__all__ = ["LEVELS", "POLICIES", "SEARCH_DEFAULTS", "Policy", "RootWork", "Search", "analyse", "chance_move",
           "choose_move", "exp", "log", "logistic", "policy_for", "rewards", "shares"]
