// Who you are, at a glance: a panel per seat (the person, what they play with the board's own mark, what they hold,
// whether they are here, away or a bot), yours first and marked "You", and the turn banner above the board (whose
// turn, what you may do, the dice). Everything is read from the frame the server sent this seat: the panels come
// from the seat's own observation (wolfpack.web.panels), so they never hold what the seat may not see.

import { el, fill } from "/static/js/dom.js";
import { clockState, formatSeconds } from "/static/js/live.js";

const GROUPS_NAMED = 3;
/** A move clock warns in its last this many seconds. */
const CLOCK_WARNING_SECONDS = 10;

/** Whether a seat's person is here, away (a bot standing in or not) or a bot: [key, words]. */
export function presence(seat) {
  if (seat.kind === "bot") return ["bot", "bot"];
  if (seat.timed_out) return ["timed-out", "time ran out: a bot played for them"];
  if (seat.stand_in) return ["stand-in", "away: a bot plays for now"];
  return seat.connected ? ["here", "here"] : ["away", "away"];
}

/** A seat's name as people read it: the person's name, and what they play where the game says. */
export function seatName(frame, index) {
  const panel = (frame.panels?.seats || []).find((p) => p.seat === index);
  const name = frame.seats[index]?.name ?? `Seat ${index + 1}`;
  if (!panel) return name;
  return panel.title.includes("(") ? `${name}, ${panel.title}` : `${name} (${panel.title})`; // never "(Hunter 1 (Emil))"
}

/** One seat's panel as an element. */
function panelOf(frame, panel) {
  const seat = frame.seats[panel.seat] || { name: `Seat ${panel.seat + 1}`, kind: "human" };
  const [state, words] = presence(seat);
  const toAct = (frame.to_act || []).includes(panel.seat) && frame.status === "playing";
  const mark = el("span", { class: "seat-mark-box" });
  mark.innerHTML = panel.mark || ""; // an SVG the server built with every value escaped, like the board
  const you = panel.you ? "You, " : "";
  return el(
    "article",
    {
      class: "seat-panel",
      "data-seat": panel.seat,
      "data-you": panel.you ? "true" : "false",
      "data-to-act": toAct ? "true" : "false",
      "aria-label": `${you}${seat.name}, ${panel.title}`,
    },
    el(
      "header",
      { class: "seat-head" },
      mark,
      el(
        "span",
        { class: "seat-who" },
        el("strong", { class: "seat-person" }, seat.name),
        panel.you ? el("span", { class: "you-badge" }, "You") : null,
        el("span", { class: "seat-title" }, panel.title),
      ),
      el("span", { class: "presence", "data-presence": state }, words),
      frame.clock_seconds ? el("span", { class: "seat-clock", "data-clock-seat": panel.seat }) : null,
    ),
    // Whose turn it is is the game's own note ("to move", "active"); the frame's to_act only highlights the panel.
    panel.notes.length ? el("p", { class: "seat-notes" }, panel.notes.join(" · ")) : null,
    el(
      "dl",
      { class: "seat-facts" },
      panel.facts.map((item) => el("div", {}, el("dt", {}, item.label), el("dd", {}, item.value))),
    ),
  );
}

/** Draw the viewer's own panel into `mine`, every other seat's into `others`, the table's shared facts into
 * `shared`, and the sentence saying who the viewer is into `who`. */
export function renderPanels(frame, { mine, others, shared, who }) {
  const panels = frame.panels?.seats || [];
  const own = panels.find((panel) => panel.you);
  fill(mine, own ? panelOf(frame, own) : null);
  fill(others, panels.filter((panel) => !panel.you).map((panel) => panelOf(frame, panel)));
  if (!panels.length) {
    // A game without panels still lists who sits where.
    fill(others, frame.seats.map((seat, index) => panelOf(frame, { seat: index, title: `Seat ${index + 1}`, notes: [], facts: [], you: index === frame.seat })));
  }
  const facts = frame.panels?.shared || [];
  fill(shared, facts.map((item) => el("div", {}, el("dt", {}, item.label), el("dd", {}, item.value))));
  shared.hidden = !facts.length;
  const me = frame.seat === null ? null : frame.seats[frame.seat];
  who.textContent =
    me === null || me === undefined
      ? "You are watching."
      : `You are ${me.name}${own ? `, playing ${own.title}` : ""}.`;
  turnChangedFacts([mine, others, shared]);
}

// What each fact of the panels said when they were last drawn, so that a fact a move changed (a score, hearts, a card
// turned face up) turns over like a card when it changes; nothing moves under prefers-reduced-motion (board.css).
let factsBefore = null;

/** Mark the facts in `boxes` whose value changed since the panels were last drawn (not at the first drawing). */
function turnChangedFacts(boxes) {
  const now = new Map();
  for (const box of boxes) {
    for (const fact of box.querySelectorAll("dl > div")) {
      const panel = fact.closest("[data-seat]")?.dataset.seat ?? "shared";
      const key = `${panel}|${fact.querySelector("dt")?.textContent}`;
      const value = fact.querySelector("dd");
      now.set(key, value?.textContent);
      if (factsBefore && factsBefore.has(key) && factsBefore.get(key) !== value?.textContent) {
        value.classList.add("fact-changed");
      }
    }
  }
  factsBefore = now;
}

/** The banner above the board: the turn sentence, the dice, and what the viewer may do now (or whom play waits for). */
export function renderBanner(frame, { turn, dice, prompt, banner }) {
  turn.textContent = frame.turn || "";
  dice.innerHTML = frame.panels?.dice || ""; // an SVG the server built, every value escaped
  dice.hidden = !frame.panels?.dice;
  const mine = frame.status === "playing" && frame.seat !== null && (frame.choices || []).length > 0;
  banner.dataset.mine = mine ? "true" : "false";
  prompt.textContent = promptText(frame, mine);
}

/** Names joined as a sentence lists them ("a, b or c"); past GROUPS_NAMED, how many more, never an ellipsis. */
function listed(names) {
  if (names.length > GROUPS_NAMED) {
    const more = names.length - GROUPS_NAMED;
    return `${names.slice(0, GROUPS_NAMED).join(", ")} or ${more} more`;
  }
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : names.join("");
}

/** What the viewer may do now, from the groups of its legal moves; or whom play waits for. */
function promptText(frame, mine) {
  if (frame.status !== "playing") return ""; // the end and the replay say what they are in the turn sentence
  if (mine) {
    const groups = frame.choices.map((group) => group.group);
    const where = onTheBoard(frame) ? "below or on the board" : "below";
    return `You may: ${listed(groups.map((group) => group.charAt(0).toLowerCase() + group.slice(1)))}. Choose ${where}.`;
  }
  const waiting = (frame.to_act || []).map((seat) => seatName(frame, seat));
  return waiting.length ? `Waiting for ${waiting.join(", ")}.` : "";
}

/** Whether some move can be made by clicking the board (else the prompt never sends anyone there). */
function onTheBoard(frame) {
  return frame.choices.some((group) => group.actions.some((choice) => (choice.picks || []).length));
}

/** A seat's move clock now: counting down to its deadline (the server's, in seconds since the epoch) while play
 * waits for it, else the time each move is given. {text, kind}: kind running, warning, overrun or idle. */
export function seatClock(frame, index, now) {
  const deadline = frame.status === "playing" ? frame.seats[index]?.deadline : null;
  if (deadline === null || deadline === undefined) return { text: formatSeconds(frame.clock_seconds), kind: "idle" };
  const clock = { remaining: deadline - now / 1000, paused: false, warning_seconds: CLOCK_WARNING_SECONDS, receivedAt: 0 };
  return clockState(clock, 0);
}

/** Redraw every seat's clock in its panel and the viewer's own in the banner (`mine`) at the server's time `now`
 * (ms); called every few ticks. */
export function drawClocks(frame, mine, now) {
  const timed = Boolean(frame.clock_seconds) && frame.status === "playing";
  for (const node of document.querySelectorAll("[data-clock-seat]")) {
    const { text, kind } = seatClock(frame, Number(node.dataset.clockSeat), now);
    node.textContent = kind === "idle" ? `${text} a move` : text;
    node.dataset.kind = kind;
  }
  const waited = timed && frame.seat !== null && (frame.to_act || []).includes(frame.seat);
  mine.hidden = !waited;
  if (!waited) return;
  const { text, kind } = seatClock(frame, frame.seat, now);
  mine.dataset.kind = kind;
  mine.textContent = kind === "warning" ? `${text} left: hurry!` : kind === "overrun" ? "Time is up" : `${text} left`;
}
