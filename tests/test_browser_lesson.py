"""Each game's whole lesson on a phone (modes/lesson.js): from the home page, each
step's task done by taps (a move entered by its steps, cells then choices), a wrong
move said and tried again, the progress kept after a reload, and the last step
leading to a first game against the computer."""
from __future__ import annotations

import pytest

import py_engines
from conftest import tap_choice, wait_ready
from py_engines.learn import LESSONS

pytestmark = pytest.mark.browser

# For each game, a move that does each step's task, and for some steps a legal move that does not.
COURSES = {
    "manalath": (
        {"place": "e5w", "either-colour": "d4w", "quint": "d6w", "quart": "e9w", "challenge-quint": "h5w",
         "grow-quart": "e2w", "quint-first": "b5w", "challenge-made": "b5w", "no-gift": "c6b", "challenge-gift": "d5b",
         "two-threats": "d4w", "trap": "a4b"},
        {"either-colour": "a1w", "quint": "a1w", "challenge-quint": "a3w", "grow-quart": "a1w", "quint-first": "a5w",
         "challenge-made": "a1w", "no-gift": "a1b", "challenge-gift": "e5w", "two-threats": "f6w", "trap": "a4w"},
    ),
    "ambush": (
        {"place": "c4s", "stack": "c3m", "strength": "c3l", "challenge-strength": "e6m",
         "sandwich": "b3m", "several": "d1s", "diagonal": "c3m",
         "two-at-once": "a3m", "top-only": "a3m", "challenge-capture": "a3m", "turn": "4ccw-s", "closed": "2cw-s",
         "out-of-reach": "f4m", "order": "mine", "challenge-turn": "2ccw-s", "last-turn": "d3l",
         "challenge-end": "a4l"},
        {"place": "1cw-s", "stack": "c2m", "strength": "c3m", "challenge-strength": "e6l",
         "sandwich": "b3s", "several": "a2s", "diagonal": "c3s",
         "top-only": "a3s", "challenge-capture": "a1m", "turn": "4cw-s", "closed": "2ccw-s", "out-of-reach": "e6m",
         "order": "theirs", "challenge-turn": "a1s", "last-turn": "a1l",
         "challenge-end": "f6l"},
    ),
    "nymbat": (
        {"setup": "b4=3", "first-turn": "b7=3", "home-row": "i7-o4", "speed": "c5-e6", "group": "c4-e5",
         "costs": "f7-i7", "challenge-reach": "i1-o1", "attack": "i7-m5", "breakthrough": "h8-m5",
         "break-take": "xm4", "challenge-attack": "i8-m10", "defend": "a1=1",
         "challenge-defend": "g2-a1"},
        {"first-turn": "b7=1", "speed": "c5-d5", "group": "done", "attack": "k7-m5", "home-row": "i7-m7",
         "costs": "f7-e7", "challenge-reach": "b6-a5", "breakthrough": "h8-m4",
         "challenge-attack": "b8-c9", "defend": "b1=1",
         "challenge-defend": "h2-b2"},
    ),
    "not_nyout": (
        {"summon": "+3", "move": "S3>E/2", "attack": "E4>N1/2", "challenge-behind": "+1",
         "short-way": "E>n2/4", "pass-enemy": "S1>S4/4",
         "challenge-track": "w2>n2/2",
         "join": "S2>S4/2&", "split": "S4=1+1", "fight": "2E>e2/2", "challenge-fight": "e2>E1/4", "slot": "slot2",
         "home": "home=S", "challenge-enemy": "n2>S/4", "last-horse": "N3>W/2", "out-of-reach": "e2>n2/2",
         "challenge-last": "w2>E/4"},
        {"move": "+2", "attack": "+2", "challenge-behind": "+2",
         "short-way": "E>E4/4", "pass-enemy": "S1>S3/2", "challenge-track": "w2>W/2",
         "join": "S2>S4/2",
         "fight": "1E>e2/2", "challenge-fight": "n2>N2/4", "home": "home=N", "challenge-enemy": "S4>E3/4", "out-of-reach": "e2>E/2",
         "challenge-last": "W>W4/4"},
    ),
    "nimbus": (
        {"setup": "r3", "place": "d4=ne", "stand-up": "d5=u", "turn": "b3=n", "move": "d4-c5",
         "challenge-line-up": "e2=se", "collect": "3:b2-f6",
         "last": "u:c4-g4", "challenge-collect": "3:c3-h3", "two-apart": "r:d3", "no-sweep": "k:c4",
         "challenge-apart": "b:e1"},
        {"place": "d4=u", "stand-up": "d5=n", "turn": "b3=u", "move": "e4=n",
         "challenge-line-up": "d2=se", "collect": "u:b2-f6", "last": "r:c4-e4",
         "challenge-collect": "g:a1", "two-apart": "u:d3-g6", "no-sweep": "u:c3",
         "challenge-apart": "r:d5"},
    ),
}
OPENS_WITH_DICE = {"not_nyout"}  # a new game starts with the roll-off, a move of the dice


def said(game: str, step, move: str) -> str:
    """What the lesson says of ``move`` at ``step``: what it did for the task, or why it misses it."""
    start = py_engines.load(step.record(game))
    ok, after, _ = step.attempt(start, move)
    return step.said(start, move, after, ok)


def refused_cell(game: str, step) -> str | None:
    """A cell of the step's board where no move starts (taken, or closed by the rules), if any."""
    start = py_engines.load(step.record(game))
    starts = {move_step["cell"] for move in start.legal_moves() for move_step in start.move_steps(move)[:1]
              if "cell" in move_step}
    return next((cell["name"] for cell in type(start).layout()["cells"] if cell["name"] not in starts), None)


def enter(page, game: str, step, move: str) -> None:
    """Tap ``move``'s steps at ``step``'s position, and wait for the lesson's verdict."""
    for part in py_engines.load(step.record(game)).move_steps(move):
        if "cell" in part:
            page.tap(f'[data-cell="{part["cell"]}"]')
        else:
            tap_choice(page, part["choice"])
    page.wait_for_selector("#lesson-outcome")


def trace_of(game) -> list[dict]:
    """What each move of ``game``'s record did (py_engines.load's trace)."""
    trace: list[dict] = []
    py_engines.load(game.to_json(), trace=trace)
    return trace


def wait_for_step(page, number: int) -> None:
    page.wait_for_function(f"document.querySelector('.lesson-head')?.textContent.startsWith('Lesson {number} of')")


def test_every_game_has_a_course_here():
    assert set(COURSES) == set(LESSONS) == set(py_engines.GAMES)


@pytest.mark.parametrize("game", sorted(COURSES))
def test_a_lesson_from_first_move_to_first_game(phone, server, game):
    right, wrong = COURSES[game]
    steps = LESSONS[game]
    assert set(right) == {step.key for step in steps} and set(wrong) <= set(right)
    phone.goto(server.url)
    wait_ready(phone)
    phone.tap(f'[data-learn="{game}"]')
    refusal_due = True
    for number, step in enumerate(steps, 1):
        wait_for_step(phone, number)
        assert phone.inner_text("#lesson-task") == step.task
        # The words said to a screen reader are the step's status, not the last move that built its position.
        position = py_engines.load(step.record(game))
        if number > 1 and position.history:
            built = type(position).narrate(trace_of(position)[-1]["events"], position.players)
            phone.wait_for_function("() => document.querySelector('#announce').textContent.length > 0")
            assert not built or built not in phone.inner_text("#announce")
        # Once a chapter (from its first step with such a cell), a tap the rules refuse gets their reason.
        refusal_due = refusal_due or number == 1 or bool(step.chapter)
        cell = refused_cell(game, step) if refusal_due else None
        if cell:
            refusal_due = False
            reason = py_engines.load(step.record(game)).refusal([{"cell": cell}])
            phone.tap(f'[data-cell="{cell}"]')
            phone.wait_for_function("(reason) => document.querySelector('#hint').textContent.startsWith(reason)", arg=reason)
        if step.key in wrong:
            phone.tap("#lesson-hint-button")
            assert phone.inner_text("#lesson-hint") == step.hint
            enter(phone, game, step, wrong[step.key])
            missed = phone.inner_text("#lesson-outcome")
            assert missed.startswith("Not this time") and said(game, step, wrong[step.key]) in missed
            phone.tap("#lesson-retry")
            phone.wait_for_selector("#lesson-outcome", state="detached")
        enter(phone, game, step, right[step.key])
        outcome = phone.inner_text("#lesson-outcome")
        assert outcome.startswith("✓") and said(game, step, right[step.key]) in outcome
        # A fight the move starts is rolled to its end, and its dice said.
        after = py_engines.load(step.record(game))
        after.play(right[step.key])
        if game == "not_nyout" and after.view()["combat"]:
            assert "Red takes" in phone.inner_text("#lesson-fight") or "loses" in phone.inner_text("#lesson-fight")
        if number < len(steps):
            phone.tap("#lesson-next")
    # Every step is marked done, and stays so after a reload.
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector(".lesson-step")
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.tap(f".lesson-step >> nth={len(steps) - 1}")
    wait_for_step(phone, len(steps))
    enter(phone, game, steps[-1], right[steps[-1].key])
    # The first game: a new game against the computer, the player moving first; nothing of the lesson saved.
    phone.tap("#lesson-first-game")
    phone.wait_for_function(f"location.hash === '#/{game}' && !document.querySelector('#lesson:not([hidden])')")
    phone.wait_for_function("document.querySelector('#seat-1')?.value === 'easy'")
    assert phone.input_value("#seat-0") == "human"
    if game not in OPENS_WITH_DICE:
        assert phone.locator("#moves [data-ply]").count() == 0
    saved = phone.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boardgames.save.')).length")
    assert saved == 1  # the first game (a computer seat chosen), not the lesson's positions
