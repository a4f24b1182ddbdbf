// Not Nyout: everything about the game that the page shows, and nothing the
// engine decides. The board is the generic circle board (the 29 stations of the
// track); horse groups are drawn in each station's decoration.

const COLOURS = ["Red", "Blue", "Green", "White"];
const SWATCHES = ["nn-red", "nn-blue", "nn-green", "nn-white"];
const ORDINALS = ["first", "second", "third", "fourth"];

const name = (p) => COLOURS[p];
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const horses = (n) => plural(n, "horse");

/**
 * Where each group sits inside a station: one, two, three or four of them. Two or more fill
 * the station and reach a little past its rim (on a 360 px phone, two horses drawn inside it
 * were 14 px across, their numbers hard to read).
 */
const SPOTS = {
  1: [[0, 0, 0.33]],
  2: [[-0.23, 0, 0.245], [0.23, 0, 0.245]],
  3: [[-0.21, -0.15, 0.2], [0.21, -0.15, 0.2], [0, 0.22, 0.2]],
  4: [[-0.2, -0.2, 0.19], [0.2, -0.2, 0.19], [-0.2, 0.2, 0.19], [0.2, 0.2, 0.19]],
};

/** A horse lost in a fight, faded beside the station's groups. */
function lostHorse(owner) {
  return `<circle class="nn-horse nn-p${owner}" cx="0.27" cy="0.27" r="0.14"></circle>`;
}

function groupMarkup(groups) {
  const spots = SPOTS[Math.min(groups.length, 4)];
  return groups.slice(0, 4).map((g, i) => {
    const [x, y, r] = spots[i];
    const extra = g.attacking ? " nn-attacker" : g.arriving ? " nn-arriving" : "";
    return `<circle class="nn-horse nn-p${g.owner}${extra}" cx="${x}" cy="${y}" r="${r}"></circle>`
      + `<text class="nn-size nn-p${g.owner}" x="${x}" y="${y}" font-size="${(r * 1.25).toFixed(3)}">${g.size}</text>`;
  }).join("");
}

/** The groups on each station, the attacker of a fight in progress included. */
function groupsAt(view) {
  const at = {};
  for (const [station, groups] of Object.entries(view.stations)) at[station] = groups.map((g) => ({ ...g }));
  if (view.combat) {
    const list = at[view.combat.station] || (at[view.combat.station] = []);
    list.push({ ...view.combat.attacker, attacking: true });
  }
  return at;
}

/**
 * The move being entered, once it is known where it goes (a question is still to answer, or it
 * is being played): {from, size, to}, `from` null for a summon; else null.
 */
function entering(view, steps) {
  if (view.phase !== "move" || !steps?.length) return null;
  const cells = steps.filter((s) => "cell" in s).map((s) => s.cell);
  if (steps[0].choice === "stable") {
    const to = cells[0] ?? onlySummonStation(view);
    return to ? { from: null, size: 1, to } : null;
  }
  if (cells.length < 2) return null;
  const [from, to] = cells;
  const picked = steps.find((s) => /^g\d$/.test(s.choice || ""));
  const mine = (view.stations[from] || []).filter((g) => g.owner === view.current);
  const size = picked ? Number(picked.choice.slice(1)) : mine[0]?.size;
  return size ? { from, size, to } : null;
}

/** The groups on each station with the move being entered drawn done: its group at its station, arriving. */
function groupsWithMove(view, steps) {
  const at = groupsAt(view);
  const move = entering(view, steps);
  if (!move) return at;
  if (move.from) {
    const left = at[move.from] || [];
    const i = left.findIndex((g) => g.owner === view.current && g.size === move.size);
    if (i >= 0) left.splice(i, 1);
    if (!left.length) delete at[move.from];
  }
  (at[move.to] || (at[move.to] = [])).push({ owner: view.current, size: move.size, arriving: true });
  return at;
}

function describeGroups(groups) {
  return groups.map((g) => `${name(g.owner).toLowerCase()} ${g.size === 1 ? "horse" : `group of ${g.size}`}`
    + (g.attacking ? " attacking" : "")).join(", ");
}

const dice = (rolls) => rolls.join(", ");

/** One die face: its number in a rounded square; `cls` adds "used" (dimmed) or "fresh" (just thrown). */
const die = (value, cls = "", label = `die ${value}`) => `<span class="nn-die ${cls}" role="img" aria-label="${label}">${value}</span>`;

/** The events of the turn being played (the engine marks it last), or of the last turn once over. */
function turnEvents(state) {
  const marks = state.marks || [];
  return marks.length ? marks[marks.length - 1].events : [];
}

/**
 * The dice, always in view above the board: the roll-off so far, the dice of the turn (those
 * spent dimmed), and a fight's rounds with both dice, the newest first.
 */
function diceBanner(state) {
  const v = state.view;
  const fresh = new Set((state.last_move?.events || []).map((e) => e.type));
  const parts = [];
  const events = turnEvents(state);
  if (v.phase === "rolloff" || events.some((e) => e.type === "rolloff")) {
    const rolls = events.filter((e) => e.type === "rolloff");
    if (rolls.length) {
      const shown = rolls.map((e, i) => `<span class="nn-roll">${swatch(e.player)}${die(e.value,
        i === rolls.length - 1 && fresh.has("rolloff") ? "fresh" : "", `${name(e.player)} rolled ${e.value}`)}</span>`);
      parts.push(`<span class="nn-what">Roll-off (d10)</span>${shown.join("")}`);
    } else {
      parts.push(`<span class="nn-what">Roll-off: each rolls a d10, the highest starts</span>`);
    }
  }
  const thrown = events.find((e) => e.type === "dice");
  if (thrown && !state.is_over) {
    // Each die of the throw, dimmed once spent (the dice left are the engine's `rolls`).
    const left = [...(v.rolls || [])];
    const faces = thrown.dice.map((d) => {
      const i = left.indexOf(d);
      if (i >= 0) left.splice(i, 1);
      const cls = `${i < 0 ? "used" : ""} ${fresh.has("dice") ? "fresh" : ""}`.trim();
      return die(d, cls, `die ${d}${i < 0 ? ", used" : ""}`);
    });
    parts.push(`<span class="nn-what">${name(thrown.player)} rolled</span>${faces.join("")}`);
  }
  // The rounds of the latest fight (a turn may fight twice: the count starts again at each attack).
  const rounds = events.slice(events.findLastIndex((e) => e.type === "attack") + 1).filter((e) => e.type === "fight");
  if (rounds.length) {
    const f = rounds[rounds.length - 1];
    const sides = `${swatch(f.attacker.owner)}${die(f.attack_die, fresh.has("fight") ? "fresh" : "",
      `${name(f.attacker.owner)} rolled ${f.attack_die}`)}<span>+2</span><span class="nn-vs">against</span>`
      + `${swatch(f.defender.owner)}${die(f.defence_die, fresh.has("fight") ? "fresh" : "",
        `${name(f.defender.owner)} rolled ${f.defence_die}`)}`;
    parts.push(`<span class="nn-what">Fight on ${f.station}, round ${rounds.length}:</span>${sides}`
      + `<span class="nn-result">${name(f.loser)} loses a horse</span>`);
  }
  return parts.length ? parts.map((p) => `<p class="nn-dice">${p}</p>`).join("") : null;
}

const swatch = (p) => `<span class="swatch ${SWATCHES[p]}" aria-hidden="true"></span>`;

/** Where a summon may go now (the engine's `summons`: die -> station), as "S3 with the 3 or S1 with the 1". */
function summonStations(view) {
  const list = Object.entries(view.summons || {}).sort((a, b) => b[0] - a[0]);
  return list.map(([roll, station]) => `${station} with the ${roll}`).join(" or ");
}

/** The stations a summon may go to now (the engine's `summons`: die -> station). */
const summonTargets = (view) => Object.values(view.summons || {});

/** The one station a summon may go to now, or null (none, or one per die value left). */
function onlySummonStation(view) {
  const stations = summonTargets(view);
  return stations.length === 1 ? stations[0] : null;
}

function choiceText(token, state) {
  if (token === "stable") {
    // With one station possible, the summon goes there at once (the engine asks for no tap on it).
    const only = state && onlySummonStation(state.view);
    return only ? `Summon to ${only}` : "Summon";
  }
  if (token === "join") return "Join";
  if (token === "apart") return "Stay apart";
  let m = token.match(/^g(\d)$/);
  if (m) return `Group of ${m[1]}`;
  m = token.match(/^r(\d)$/);
  if (m) return `Use the ${m[1]}`;
  m = token.match(/^(\d)\+(\d)$/);
  if (m) return `Split ${m[1]} + ${m[2]}`;
  m = token.match(/^slot(\d)$/);
  if (m) return `Go ${ORDINALS[Number(m[1]) - 1]}`;
  return token;
}

export default {
  name: "not_nyout",
  title: "Not Nyout",
  seats: (players) => COLOURS.slice(0, players),
  seatSwatches: SWATCHES,
  randomSeed: true,
  css: true,

  /** Keyboard shortcuts for choices: key -> choice token. */
  keys: { s: "stable", j: "join", a: "apart", 1: "r1", 2: "r2", 3: "r3", 4: "r4" },

  choice(token, state) {
    const keys = { stable: "S", join: "J", apart: "A", r1: "1", r2: "2", r3: "3", r4: "4" };
    const preview = token === "stable" && state ? summonTargets(state.view) : undefined;
    // What joining or not does, said to assistive technology (the line under the board stays one line).
    const label = { join: "Join: one group, one die a turn, a bigger die in a fight",
      apart: "Stay apart: each group rolls its own die next turn" }[token];
    return { text: choiceText(token, state), swatch: "", key: keys[token] || "", preview, label };
  },

  banner: diceBanner,

  /** A tap on a station a summon may go to, nothing else under way there: the summon (its button's choice). */
  choiceForCell(cell, state, choices) {
    return choices.includes("stable") && summonTargets(state.view).includes(cell) ? "stable" : null;
  },

  /** Marks of this game's own events: where a horse came in, a fight, a split. */
  marks(e) {
    if (e.type === "summon") return [{ kind: "ring", cell: e.to }];
    if (e.type === "attack" || e.type === "fight_end") return [{ kind: "ring", cell: e.station, cls: "nn-fight" }];
    if (e.type === "split") return [{ kind: "ring", cell: e.station }];
    if (e.type === "fight") return [{ kind: "ghost", cell: e.station, markup: lostHorse(e.loser) }];
    return null;
  },

  decorate(view, state, steps) {
    const out = {};
    for (const [station, groups] of Object.entries(groupsWithMove(view, steps))) out[station] = groupMarkup(groups);
    view.home.forEach((home, p) => {
      if (home && !view.out[p]) out[home] = `<circle class="nn-home nn-p${p}" r="0.47"></circle>${out[home] || ""}`;
    });
    return out;
  },

  cellLabel(station, view) {
    const groups = groupsAt(view)[station] || [];
    const parts = [station, groups.length ? describeGroups(groups) : "empty"];
    const homeOf = view.home.indexOf(station);
    if (homeOf >= 0) parts.push(`${name(homeOf).toLowerCase()}'s home`);
    if ((view.last || []).includes(station)) parts.push("last move");
    return parts.join(", ");
  },

  /**
   * A player's last horse just lost, the game going on: the computer waits for a person to see it
   * (a newcomer's game went on at once to "Green wins", with no moment where they were out).
   */
  pause(state) {
    const out = (state.last_move?.events || []).filter((e) => e.type === "out").map((e) => name(e.player));
    if (!out.length || state.is_over) return null;
    return { text: `${out.join(" and ")} ${out.length > 1 ? "are" : "is"} out: no horses left.`, button: "Go on" };
  },

  /** The seats out of the game (their horses all lost) while it goes on. */
  outSeats(state) {
    return (state.view.out || []).flatMap((out, seat) => (out ? [seat] : []));
  },

  status(state) {
    const v = state.view;
    if (state.is_over) {
      const winner = name(state.winners[0]);
      return v.result === "rounds"
        ? `${winner} wins: five rounds passed since ${winner} took the last horse`
        : `${winner} wins: the last player with horses`;
    }
    if (v.phase === "rolloff") {
      const tied = v.rolloff.tied[0] || [];
      const who = tied.find((p) => !(String(p) in v.rolloff.rolls));
      const what = state.players === 2 ? "who starts" : "who picks a turn slot first";
      return `Roll-off for ${what}: ${name(who)} rolls the d10`;
    }
    if (v.phase === "slots") return `${name(state.to_move)} chooses when to play`;
    if (v.phase === "combat") {
      const c = v.combat;
      const last = c.dice ? ` (last round: ${c.dice[0]}+2 against ${c.dice[1]})` : "";
      return `Fight on ${c.station}: ${name(c.attacker.owner)} ${c.attacker.size} against `
        + `${name(c.defender.owner)} ${c.defender.size}${last}`;
    }
    if (v.phase === "roll") return `${name(v.current)} rolls for the turn`;
    if (v.phase === "home") return `${name(v.current)} rolled ${v.rolls[0]}: pick a home cardinal`;
    return `${name(v.current)} to move: ${v.rolls.length === 1 ? "die" : "dice"} ${dice(v.rolls)} left`;
  },

  hint(state, next, selected) {
    const v = state.view;
    if (state.is_over) return "The game is over. Undo to look back, or start a new game.";
    if (state.to_move === -1) return "Rolling the dice…";
    if (v.phase === "slots") return "Choose your turn slot: first, second, … (the last chooser gets what is left).";
    if (v.phase === "home") {
      // The free cardinals counterclockwise from S, the order the engine's words use too.
      const free = ["S", "E", "N", "W"].filter((c) => !v.home.includes(c));
      const listed = free.length > 1 ? `${free.slice(0, -1).join(", ")} or ${free.at(-1)}` : free[0];
      return `Tap a free cardinal (${listed}): your horse enters counterclockwise from it.`;
    }
    const choices = next.choices;
    if (selected.length === 0 && choices.includes("stable")) {
      const only = onlySummonStation(v);
      const summon = only ? `Summon a horse from the stable onto ${only}` : "Summon a horse from the stable";
      // With one station for it, a tap there summons (choiceForCell): said, as a newcomer tapped it first
      // (in few words: the line must leave the button in view on a phone).
      if (!next.cells.size) return only ? `${summon} (or tap ${only}).` : `${summon}: it enters counterclockwise from your home.`;
      return `Tap one of your groups, then where it goes; or ${summon}.`;
    }
    // Summon tapped, several dice values left: the stations they reach are live.
    if (selected.length === 0 && next.cells.size && Object.keys(v.summons || {}).length > 1) {
      return `Tap where the horse comes in: ${summonStations(v)}.`;
    }
    if (selected.length === 0 && !choices.includes("join")) return "Tap one of your groups, then where it goes.";
    if (choices.includes("join")) {
      // Where the group lands: the station tapped last, or the one a summon goes to at once.
      const to = selected.length ? selected[selected.length - 1] : onlySummonStation(v);
      const there = (v.stations[to] || []).filter((g) => g.owner === v.current);
      const what = there.length > 1 ? "groups" : there[0]?.size > 1 ? `group of ${there[0].size}` : "horse";
      return `Join your ${what} on ${to}, or stay apart?`;
    }
    if (choices.some((c) => c.startsWith("r"))) return "Several dice reach that station: which one?";
    // Several own groups on the station tapped: a button each (a newcomer tapped the station again,
    // which lets it go).
    if (choices.some((c) => c.startsWith("g"))) {
      const at = selected.length ? ` on ${selected[selected.length - 1]}` : " there";
      return `Which of your groups${at}? Pick it with the buttons below.`;
    }
    if (next.cells.size) {
      return choices.length ? "Tap where it goes, or split the group." : "Tap where it goes.";
    }
    return "Choose.";
  },

  players(state) {
    const v = state.view;
    return COLOURS.slice(0, state.players).map((colour, p) => {
      // In words, for any number of players: the colour and its home cardinal, then the horses
      // left (on the board and in the stable).
      let detail = "out: no horses left";
      if (!v.out[p]) {
        detail = horses(v.horses[p]);
        if (v.stable[p]) detail += `, ${v.stable[p]} in stable`;
      }
      return {
        name: v.home[p] ? `${colour} · home ${v.home[p]}` : colour,
        swatch: SWATCHES[p],
        detail,
        active: !state.is_over && (state.to_move === p || (state.to_move === -1 && v.current === p)),
        winner: state.winners.includes(p),
      };
    });
  },

  panel(state) {
    const v = state.view;
    const parts = [];
    if (v.summoned && !state.is_over) parts.push(`<p>${name(v.current)} has summoned this turn.</p>`);
    if (v.order.length) {
      parts.push(`<p>Turn order: ${v.order.map(name).join(", ")}.</p>`);
    }
    if (v.quiet_turns_left !== null && !state.is_over) {
      parts.push(`<p>One horse each: unless a horse falls, ${name(v.last_kill)} wins after `
        + `${plural(v.quiet_turns_left, "more turn")}.</p>`);
    }
    return parts.length ? parts.join("") : null;
  },

  rules: `
    <p>Two to four players (Red, Blue, Green, White) each bring four <b>horses</b> onto a
    Nyout track and fight with dice for its stations. A player whose four horses are all gone
    is out; the last player with horses wins. It is a battle, not a race: nobody scores for
    going round.</p>
    <h3>The track</h3>
    <p>Twenty stations make a ring, with the four cardinals <b>S</b> (bottom), <b>E</b>, <b>N</b>
    and <b>W</b>. Horses go round the ring counterclockwise only: S, S1–S4, E, E1–E4, N, N1–N4,
    W, W1–W4, and on to S. A cross joins the cardinals through the centre <b>C</b>; each arm has
    two stations, <b>s1</b> by S and <b>s2</b> by C (and likewise e1, e2, n1, n2, w1, w2).</p>
    <p>A group moves exactly the number rolled. Only a group that <em>starts</em> its move on a
    cardinal may turn onto the arm. On an arm a group may head for C or for the ring; at C it
    may go straight on or turn, but never back the way it came; coming out on a cardinal it
    turns counterclockwise. From S a 3 reaches S3 or C. Each die is a move of its own, so a group
    that one die leaves on a cardinal may turn in with the next. Across the board the cross is
    the short way:</p>
    <figure class="diagram-figure" data-diagram="through-the-centre"></figure>
    <figure class="diagram-figure" data-diagram="three-from-s"></figure>
    <h3>Setting up</h3>
    <p>Two players: Red's home is S, Blue's is N, and a d10 roll-off (ties roll again) says who
    starts. Three or four players: a d10 roll-off decides who picks a turn slot first; then on
    your first turn you roll, pick a free cardinal as your home, and your first horse enters
    with that roll.</p>
    <h3>A turn</h3>
    <p>Roll one four-sided die for each of your groups on the board (one die if you have none).
    Then use every die, one at a time, in any order (and, whenever you like while dice are left,
    split a group any way: you get no extra die for it):</p>
    <ul>
      <li><b>move</b> a group that many stations (a group may take several dice, one move each), or</li>
      <li><b>summon</b>, once per turn: a horse from your stable enters that many stations
      counterclockwise from your home (with home S, a 3 puts it on S3).</li>
    </ul>
    <figure class="diagram-figure" data-diagram="summoning-squares"></figure>
    <p>Landing on your own group, you may <b>join</b> it or stay apart (more groups roll more
    dice next turn; a group holds at most four horses). Stepping onto a station held by an
    enemy costs 1 as usual, but stepping off it costs 1 extra; if your die runs out there, or leaves too little to step off, you stop and
    <b>fight</b>.</p>
    <figure class="diagram-figure" data-diagram="passing-an-enemy"></figure>
    <h3>Fights</h3>
    <p>Each round the attacker rolls the die for its group's size (1 horse d4, 2 d6, 3 d8,
    4 d10) and adds 2; the defender rolls for its size. Higher total wins; a tie goes to the
    defender. The loser loses one horse, and rounds go on until one group is gone. If a station
    held two of the defender's groups, they fight one after the other, the larger first.</p>
    <figure class="diagram-figure" data-diagram="fight-dice"></figure>
    <h3>The end</h3>
    <p>The last player with horses (on the board or in the stable) wins. When only two players
    are left with one horse each, and five full rounds (ten turns after the turn the horse fell)
    pass without a fight, the player who took the last horse wins.</p>
    <figure class="diagram-figure" data-diagram="five-rounds"></figure>
    <h3>Notation</h3>
    <p><b>S&gt;C/3</b>: the group on S goes to C with the 3. <b>2S3&gt;E2/4</b>: the group of two on
    S3 (the size is written when a station holds groups of different sizes). A final <b>&amp;</b>
    joins the group landed on: <b>W4&gt;S1/2&amp;</b>. <b>+3</b> summons with the 3 (<b>+3&amp;</b>
    joins). <b>S3=2+1</b> splits the group of three on S3. <b>home=E</b> picks E as home and
    summons; <b>slot2</b> takes the second turn slot. Dice: <b>d7</b> a roll-off die,
    <b>r4-3-1</b> a turn's dice (high to low), <b>f5-3</b> a fight round (attacker's die, then
    defender's).</p>
    <h3>Playing here</h3>
    <p>The page rolls the dice. Tap one of your groups, then the station it should go to; when
    needed, pick the group, the die, or Join / Stay apart from the buttons below the board.
    <b>Summon</b> brings in a horse: at once when the dice left allow only one station (the button
    names it), else tap the station it should enter; the split buttons appear after tapping a group. Keys: S
    summon, J join, A stay apart, 1–4 pick a die; U and R undo and redo, Escape cancels.</p>`,
};
