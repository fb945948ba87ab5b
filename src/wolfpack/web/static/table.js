// A table page: one WebSocket, frames in, actions out. Every rule lives on the server; this page only shows the
// frame it is sent (the seat's own view, the board already drawn, the panels and the end in words) and offers the
// legal actions it lists. With `?replay` in its address, a finished table's game is stepped through instead.
"use strict";

// The board's clicking, the list of moves, the panels, the end and the replay live in modules of their own (loaded
// once; a classic script imports them dynamically).
const picks = import("/static/js/picks.js");
const moves = import("/static/js/moves.js");
const seats = import("/static/js/seats.js");
const ending = import("/static/js/ending.js");
const motion = import("/static/js/motion.js");
const arrangement = import("/static/js/arrange.js");
const replaying = new URLSearchParams(location.search).has("replay");
const replayControls = replaying ? import("/static/js/replay.js").then(makeReplayControls) : null;

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("token");
let socket = null;
let latest = null; // the last frame received: the one an update builds on
let frame = null; // the frame on screen: a burst of moves is shown one at a time (see `pump`)
const queue = [];
let shownAt = 0;
let pumpTimer = null;
let lastMove = null; // {seat, version, lines}: the last move and what it did, said above the board
let movesOpen = null; // the person's own choice to show or fold the list of moves on a phone; null: as fits the turn
let replayFrame = null;
let replayRefused = false;
let retryDelay = 500;
let pending = null;
let syncing = false;
let online = false;
let everConnected = false;
let backTimer = null;
let retryTimer = null;
let pingedAt = null;
let serverAhead = 0; // ms the server's clock is ahead of this device's
const BACK_SHOWN_MS = 4000;
const CLOCK_TICK_MS = 250;
// A burst of moves (bots after yours, a replayed catch-up) is shown at a readable pace, one move after another: each
// stays at least LEAST_PACE_MS and at most PACE_MS, shorter the more wait (BURST_MS shared among them); your own turn
// waits at most LEAST_PACE_MS; past MOST_WAITING frames the oldest are passed over (their lines are in the log), so
// the page is never more than about a second behind the table.
const PACE_MS = 450;
const LEAST_PACE_MS = 150;
const BURST_MS = 1200;
const MOST_WAITING = 8;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const LAST_MOVE_LINES = 3;
const SOUND_KEY = "wolfpack.sound";
const CHIME_NOTES_HZ = [660, 880];
const CHIME_NOTE_S = 0.16;
let wasYourMove = false;
let audio = null;
// A socket that stops answering (a dead network keeps it "open") is closed and reconnected, like an event's pages.
const heartbeat = import("/static/js/heartbeat.js").then(
  ({ Heartbeat }) => new Heartbeat((lost) => lost === socket && dropped({ code: 1006 })),
);

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function byId(id) {
  return document.getElementById(id);
}

function notice(message, kind = "error") {
  const box = byId("notice");
  box.textContent = message;
  box.dataset.kind = kind;
  box.hidden = !message;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  setConnection("connecting");
  const opened = socket;
  socket.onopen = () => {
    retryDelay = 500;
    syncing = false;
    setConnection("connected");
    opened.send(JSON.stringify({ type: "join", token: token, render: true }));
    pingedAt = Date.now(); // the pong's server time sets the move clocks right on a device whose clock is off
    opened.send(JSON.stringify({ type: "ping" }));
    heartbeat.then((beat) => opened === socket && beat.start(opened));
  };
  socket.onmessage = (event) => {
    heartbeat.then((beat) => beat.heard());
    receive(JSON.parse(event.data));
  };
  socket.onclose = dropped;
}

/** The socket closed or stopped answering: say so, stop the moves, and reconnect unless the server refused us. */
function dropped(event) {
  heartbeat.then((beat) => beat.stop());
  socket = null;
  setConnection("disconnected");
  if (event.code === 1008 || event.code === 4404) {
    notice(event.reason || "The server closed this connection.");
    return;
  }
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, retryDelay);
  retryDelay = Math.min(retryDelay * 2, 5000);
}

/** The bar's badge and, once the table had been reached, the banner that stays in view while it is lost. */
function setConnection(state) {
  const badge = byId("connection");
  badge.dataset.state = state;
  badge.textContent = state;
  document.body.dataset.connection = state;
  const wasOnline = online;
  online = state === "connected";
  if (online) everConnected = true;
  const banner = byId("offline");
  clearTimeout(backTimer);
  if (state === "disconnected" && everConnected) {
    banner.dataset.state = "lost";
    banner.textContent = "Connection lost. Your moves are paused until it is back; reconnecting…";
    banner.hidden = false;
  } else if (online && banner.dataset.state === "lost") {
    banner.dataset.state = "back";
    banner.textContent = "Connection back: you can play again.";
    backTimer = setTimeout(() => (banner.hidden = true), BACK_SHOWN_MS);
  }
  // Moves are offered only while they can be sent: redraw the board's picks and the buttons when that changes.
  if (wasOnline !== online && frame && !replayFrame) {
    wireBoard(frame);
    renderActions(frame);
  }
}

function receive(message) {
  if (message.type === "state") {
    if (!message.snapshot) {
      // An update builds on the version this page shows and carries only the log lines it lacks; after a gap
      // (which a socket in order should never have) the page asks for the whole view again.
      if (syncing || !latest || message.since !== latest.version || message.log_from > latest.log.length) {
        if (!syncing && socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "sync" }));
        syncing = true;
        return;
      }
      message.fresh = message.log;
      message.log = latest.log.slice(0, message.log_from).concat(message.log);
      if (message.log_notation && latest.log_notation) {
        message.log_notation = latest.log_notation.slice(0, message.log_from).concat(message.log_notation);
      }
    } else {
      queue.length = 0; // a snapshot is the whole truth now: what was waiting to be shown is past
    }
    syncing = false;
    const first = latest === null;
    latest = message;
    if (replayControls && !replayRefused) {
      if (first) replayControls.then((controls) => controls.begin());
      if (replayFrame) {
        frame = latest;
        replayFrame.seats = frame.seats;
        return; // the replay is on screen; the live table (over) has nothing new to show
      }
    }
    queue.push(message);
    pump();
  } else if (message.type === "replay") {
    replayFrame = message;
    render(replayFrame);
    replayControls.then((controls) => controls.show(message));
  } else if (message.type === "seats") {
    if (!frame) return;
    latest.seats = message.seats;
    frame.seats = message.seats;
    if (replayFrame) replayFrame.seats = message.seats;
    const shown = replayFrame || frame;
    seats.then((module) => module.renderPanels(shown, panelBoxes()));
  } else if (message.type === "error") {
    pending = null;
    notice(message.message);
    if (message.code === "still-playing" || message.code === "bad-step") {
      replayRefused = message.code === "still-playing";
      if (replayControls) replayControls.then((controls) => controls.failed());
      if (replayRefused) {
        byId("replay-controls").hidden = true;
        if (frame) render(frame);
      }
    }
    if (frame && !replayFrame) renderActions(frame);
  } else if (message.type === "pong" && pingedAt !== null) {
    serverAhead = message.time * 1000 - (pingedAt + Date.now()) / 2;
    pingedAt = null;
  } else if (message.type === "ack") {
    notice("");
  }
}

/** Show the frames waiting, in order: each at once when no motion is wanted, else at a readable pace (shorter as
 * more wait, so the page never falls behind; short before your own turn). */
function pump() {
  clearTimeout(pumpTimer);
  while (queue.length > MOST_WAITING) {
    const passed = queue.shift(); // each frame is a whole view: the next one holds all it showed, but what it said
    queue[0].fresh = [...(passed.fresh || []), ...(queue[0].fresh || [])];
  }
  while (queue.length) {
    const next = queue[0];
    const readable = Math.max(LEAST_PACE_MS, Math.min(PACE_MS, BURST_MS / queue.length));
    let gap = reducedMotion.matches || !frame ? 0 : readable;
    if ((next.choices || []).length) gap = Math.min(gap, LEAST_PACE_MS);
    const wait = shownAt + gap - performance.now();
    if (wait > 0) {
      pumpTimer = setTimeout(pump, wait);
      return;
    }
    queue.shift();
    frame = next;
    pending = null;
    render(frame);
    shownAt = performance.now(); // the pace runs from when the frame is drawn, however long drawing it took
  }
}

function panelBoxes() {
  return { mine: byId("my-panel"), others: byId("panels"), shared: byId("shared"), who: byId("who") };
}

function render(shown) {
  document.body.dataset.version = shown.status === "replay" ? frame.version : shown.version;
  document.body.dataset.status = shown.status;
  if (shown.status === "replay") document.body.dataset.step = shown.step;
  const title = `${shown.long_name} · table ${shown.table}${shown.status === "replay" ? " · replay" : ""}`;
  // The tab says when it is your move, so a player in another tab sees it there.
  const yourMove = shown.status === "playing" && (shown.choices || []).length > 0;
  document.title = yourMove ? `Your turn - ${shown.long_name}` : title;
  byId("title").textContent = title;
  byId("seed-fixed").hidden = !shown.seed_fixed;
  const rules = byId("rules-link");
  rules.href = `/rules/${encodeURIComponent(shown.game)}`;
  rules.setAttribute("aria-label", `How to play ${shown.long_name} (opens in a new tab)`);
  rules.hidden = false;
  // Your moves take room only when you have some: otherwise the banner says whom play waits for, or the end.
  const choices = shown.status === "playing" ? shown.choices || [] : [];
  byId("actions-panel").hidden = !choices.length;
  foldMoves(choices);
  const board = byId("board");
  const dice = byId("dice");
  const diceBefore = dice.innerHTML;
  Promise.all([motion, arrangement]).then(([{ takeStock, showChanges }, { arrangeBoard }]) => {
    // The drawing before and after are compared in one go, laid out alike, so the motion starts from where things
    // were on screen.
    const before = takeStock(board);
    board.innerHTML = shown.board || "";
    board.querySelector("svg")?.setAttribute("preserveAspectRatio", "xMidYMin meet");
    arrangeBoard(board);
    wireBoard(shown);
    showChanges(board, before);
  });
  seats.then((module) => {
    module.renderBanner(shown, { turn: byId("turn"), dice, prompt: byId("prompt"), banner: byId("banner") });
    motion.then(({ rollBannerDice }) => rollBannerDice(dice, diceBefore));
    module.renderPanels(shown, panelBoxes());
    sayLastMove(shown, module.seatName);
  });
  chimeOnYourTurn(yourMove);
  if (shown.status !== "replay") renderActions(shown);
  renderLog(shown);
  drawClocks();
  ending.then(({ renderEnding }) =>
    renderEnding(shown, token, {
      box: byId("result"),
      title: byId("result-title"),
      decided: byId("decided"),
      standings: byId("returns"),
      rematch: byId("rematch"),
      rematchLink: byId("rematch-link"),
      replayLink: byId("replay-link"),
    }),
  );
}

/** On a phone the list of moves folds under the banner while the board itself offers moves to tap, so that the
 * board stays in sight (the person may open it, and their choice holds); with nothing to tap on the board it is open.
 * From 900 px wide the list is always shown (the stylesheet hides the toggle). */
function foldMoves(choices) {
  const toggle = byId("moves-toggle");
  toggle.hidden = !choices.length;
  const onBoard = choices.some((group) => group.actions.some((choice) => (choice.picks || []).length));
  const open = movesOpen ?? !onBoard;
  toggle.setAttribute("aria-expanded", open ? "true" : "false");
  toggle.textContent = open ? "Hide the list of moves" : "Show the moves as a list";
  byId("dock").dataset.moves = open ? "open" : "folded";
}

/** Above the board: whose the last move was and what it did (its log lines, and chance's after it), until the next. */
function sayLastMove(shown, seatName) {
  const line = byId("last-move");
  const moved = shown.moved;
  if (!moved || shown.status === "replay") {
    line.hidden = true;
    lastMove = null;
    return;
  }
  // An update's new lines are what the move did (and chance after it); a snapshot (a page just opened) knows whose
  // move it was but not which lines it made, so it says only that.
  const fresh = shown.fresh || [];
  if (!lastMove || lastMove.version !== moved.version || lastMove.seat !== moved.seat) {
    lastMove = { ...moved, lines: fresh };
  } else {
    lastMove.lines = lastMove.lines.concat(fresh);
  }
  // Lines read as sentences one after another (WOLF's log lines end without a full stop).
  const lines = lastMove.lines
    .slice(0, LAST_MOVE_LINES)
    .map((line) => (/[.!?:]$/.test(line) ? line : `${line}.`))
    .join(" ");
  const mine = moved.seat === shown.seat;
  const who = mine ? "Your move" : `${seatName(shown, moved.seat)} moved`;
  line.textContent = lines ? `${who}: ${lines}` : `${mine ? "You" : seatName(shown, moved.seat)} moved last.`;
  line.hidden = false;
}

/** A short chime when it becomes your turn, if the person turned sound on (kept on this device). */
function chimeOnYourTurn(yours) {
  if (yours && !wasYourMove && soundOn()) chime();
  wasYourMove = yours;
}

function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

function drawSoundToggle() {
  const toggle = byId("sound");
  toggle.setAttribute("aria-pressed", soundOn() ? "true" : "false");
  toggle.title = soundOn() ? "A chime plays when it is your turn" : "Silent: turn on a chime for your turn";
}

/** Two soft rising notes, made here (no sound file to fetch). A browser lets a page play sound only after a tap on
 * it: turning sound on is one, and plays the chime once so the person hears what it will be. */
function chime() {
  audio = audio || new AudioContext();
  if (audio.state === "suspended") audio.resume();
  const start = audio.currentTime;
  CHIME_NOTES_HZ.forEach((pitch, index) => {
    const at = start + index * CHIME_NOTE_S;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + CHIME_NOTE_S);
    tone.connect(volume).connect(audio.destination);
    tone.start(at);
    tone.stop(at + CHIME_NOTE_S);
  });
}

/** The board's clickable things: the frame's choices while playing and connected, none otherwise. */
function wireBoard(shown) {
  const live = shown.status === "playing" && online;
  picks.then(({ wirePicks }) => wirePicks(byId("board"), live ? shown.choices || [] : [], act));
}

/** The move clocks, counted down here from the deadlines the server sent (the panels and the banner's own). */
function drawClocks() {
  const shown = replayFrame || frame;
  if (shown) seats.then((module) => module.drawClocks(shown, byId("my-clock"), Date.now() + serverAhead));
}

function renderActions(shown) {
  const waiting = pending !== null || !online;
  moves.then(({ renderMoves }) => renderMoves(byId("actions"), shown, waiting, act));
}

function act(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN || pending !== null) return;
  pending = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  socket.send(JSON.stringify({ type: "act", token, action, version: frame.version, request_id: pending }));
  renderActions(frame);
}

function renderLog(shown) {
  // Lines the page already shows stay; only those from the first changed line on are redrawn (a replay's step
  // redraws the whole log). Each line is in words; where the game gives its action in notation, the line keeps it
  // in data-notation for the curious (never as a tooltip: what a player reads is words).
  const list = byId("log");
  const keep = shown.status === "replay" ? 0 : Math.min(shown.log_from, list.children.length);
  while (list.children.length > keep) list.lastChild.remove();
  const notation = shown.log_notation || [];
  list.append(
    ...shown.log.slice(keep).map((line, index) => {
      const text = notation[keep + index];
      return el("li", text ? { "data-notation": text } : {}, line);
    }),
  );
  list.scrollTop = list.scrollHeight;
}

function makeReplayControls(module) {
  const controls = new module.ReplayControls(
    {
      box: byId("replay-controls"),
      step: byId("replay-step"),
      what: byId("replay-what"),
      slider: byId("replay-slider"),
      start: byId("replay-start"),
      back: byId("replay-back"),
      forward: byId("replay-forward"),
      end: byId("replay-end"),
    },
    (step) => {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "replay", step }));
    },
  );
  byId("replay-exit").href = `/play/${encodeURIComponent(tableId)}${token ? `#token=${token}` : ""}`;
  return controls;
}

byId("rematch").addEventListener("click", async () => {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const body = await response.json();
  if (!response.ok) return notice(body.detail || "The rematch could not be made.");
  location.assign(`/play/${body.id}#token=${token}`);
});

byId("moves-toggle").addEventListener("click", () => {
  movesOpen = byId("moves-toggle").getAttribute("aria-expanded") !== "true";
  if (frame) foldMoves(frame.status === "playing" ? frame.choices || [] : []);
});
byId("sound").addEventListener("click", () => {
  localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
  drawSoundToggle();
  if (soundOn()) chime();
});
drawSoundToggle();

window.addEventListener("hashchange", () => location.reload());
setInterval(drawClocks, CLOCK_TICK_MS);
// Back online: try at once rather than at the end of the backoff.
window.addEventListener("online", () => {
  if (socket === null) {
    clearTimeout(retryTimer);
    connect();
  }
});
connect();
