// A seat's device (generic until the players' own pages come): its role, the turn, phase and clock, its view shown
// plainly, its legal actions as buttons, a box for any action (verbs with free text), its log and its messages.

import { show } from "./js/api.js";
import { byId, el, fill, setText } from "./js/dom.js";
import { councilView, destinationsView, diceView, fleetMap, handsView, logList, peopleList, pursuitTrack, shipPanel, turnText } from "./js/den.js";
import { EventSocket, eventIdFromPath, stepName, takeToken, tickClock } from "./js/live.js";
import { banner, showConnection } from "./js/page.js";

const FOLD_OVER = 6;
const token = takeToken();
const socket = new EventSocket({ event: eventIdFromPath(), token, onFrame, onStatus });
const drawClock = tickClock(socket, byId("clock"));
const openGroups = new Set();
let busy = false;
let answerLine = null;

wireForms();
if (!token) {
  banner("This page needs your seat's link (from your table's sheet or its QR code; it ends with #token=…).");
  socket.stop("no-token");
} else {
  socket.connect();
}

function onStatus(state) {
  showConnection(state);
  if (state !== "stopped" || !socket.stopped) return;
  const why = socket.stopped.why;
  if (why === "moved") {
    banner("This seat moved to another device. This page has stopped; ask Control if that was not you.");
    document.body.dataset.moved = "true";
    fill("actions", el("p", { class: "muted" }, "This seat is played on another device now."));
  } else if (socket.stopped.message) {
    banner(socket.stopped.message);
  }
}

function seat() {
  return socket.welcome ? socket.welcome.seat : null;
}

function onFrame(frame) {
  switch (frame.type) {
    case "welcome": {
      if (frame.role === "control") {
        // Control's own link (the one `wolfpack event new` prints) opens Control's desk.
        location.replace(`/event/${encodeURIComponent(frame.event)}/control#token=${socket.token}`);
        return;
      }
      const info = frame.seats.find((s) => s.seat === frame.seat);
      setText("title", frame.label);
      setText("role", info ? `${info.role} · ${info.team_name || info.team}` : frame.edition);
      document.title = `${frame.label} · wolfpack`;
      break;
    }
    case "state":
      draw();
      socket.legal(seat());
      break;
    case "legal":
      if (frame.seat === seat()) drawActions(frame.actions);
      break;
    case "clock":
      drawClock();
      break;
    case "messages":
      drawMessages();
      break;
    case "error":
      if (!frame.request_id) {
        if (answerLine) show(answerLine, frame.message, "error");
        else banner(frame.message);
      }
      break;
    default:
      break;
  }
}

function draw() {
  const view = socket.view;
  const observation = view.observation;
  setText("phase", `${turnText(observation)} · ${stepName(observation.step)}${observation.paused ? " · paused by Control" : ""}${view.over ? " · over" : ""}`);
  document.body.dataset.step = observation.step;
  const panels = Object.entries(observation.panels || {});
  fill("ship", panels.length ? panels.map(([sid, panel]) => shipPanel(observation, sid, panel)) : el("p", { class: "muted" }, "No ship panel in view."));
  fill("hands", handsView(observation.hands));
  fill("destinations", destinationsView(observation.destinations));
  const known = Object.entries(observation.known || {});
  fill("known", known.length ? el("ul", {}, known.map(([sid, codes]) => el("li", {}, `${sid}: ${codes.join(", ") || "none"}`))) : el("p", { class: "muted" }, "None."));
  fill("dice", diceView(observation));
  fill("pursuit", pursuitTrack(observation));
  fill("map", fleetMap(observation));
  fill("council", councilView(observation.council));
  fill("people", peopleList(observation));
  fill("log", logList(view.log, 100));
}

/** The legal actions as buttons, grouped by verb; a long group folds away until opened. */
function drawActions(actions) {
  if (!actions.length) {
    fill("actions", el("p", { class: "muted" }, "Nothing to do right now."));
    return;
  }
  const groups = new Map();
  for (const action of actions) {
    const verb = action.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(action);
  }
  // Short families of actions share one row (each button names its verb); a long family folds away until opened.
  const short = [...groups].filter(([, list]) => list.length <= FOLD_OVER).flatMap(([, list]) => list);
  const long = [...groups].filter(([, list]) => list.length > FOLD_OVER);
  fill(
    "actions",
    short.length ? el("div", { class: "action-row" }, short.map((action) => actionButton(action))) : null,
    long.map(([verb, list]) => {
      const fold = el(
        "details",
        { class: "action-group", open: openGroups.has(verb) },
        el("summary", {}, `${verb} (${list.length})`),
        el("div", { class: "action-row" }, list.map((action) => actionButton(action))),
      );
      fold.addEventListener("toggle", () => (fold.open ? openGroups.add(verb) : openGroups.delete(verb)));
      return fold;
    }),
  );
}

function actionButton(action) {
  const freeText = action.includes('"');
  return el(
    "button",
    {
      type: "button",
      class: `action${freeText ? " free-text" : ""}`,
      disabled: busy,
      title: freeText ? "put it in the action box to change its words, then send" : "",
      onclick: () => (freeText ? editAction(action) : send(action, "free-result")),
    },
    freeText ? `${action} ✎` : action,
  );
}

function editAction(action) {
  const box = byId("free-action");
  box.value = action;
  box.focus();
  const quote = action.indexOf('"');
  box.setSelectionRange(quote + 1, action.length - 1);
}

async function send(action, line) {
  if (busy) return;
  busy = true;
  for (const button of document.querySelectorAll("#actions button")) button.disabled = true;
  show(line, `sending ${action}…`);
  const answer = await socket.act(seat(), action);
  busy = false;
  for (const button of document.querySelectorAll("#actions button")) button.disabled = false;
  show(line, answer.type === "ack" ? `done: ${action}` : answer.message, answer.type === "ack" ? "ok" : "error");
}

function wireForms() {
  byId("free-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const action = byId("free-action").value.trim();
    if (!action) {
      show("free-result", "type an action first", "error");
      return;
    }
    send(action, "free-result").then(() => {
      if (byId("free-result").dataset.kind === "ok") byId("free-action").value = "";
    });
  });
  byId("message-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = byId("message-text").value.trim();
    if (!text) {
      show("message-result", "write a message first", "error");
      return;
    }
    answerLine = "message-result";
    if (socket.send({ type: "message", to: "control", text })) {
      byId("message-text").value = "";
      show("message-result", "sent to Control", "ok");
    } else {
      show("message-result", "not connected", "error");
    }
  });
}

function drawMessages() {
  const messages = socket.messages;
  fill(
    "messages",
    messages.length
      ? [...messages].reverse().map((m) =>
          el(
            "li",
            { class: m.from_kind === "operator" ? "from-control" : "" },
            el("span", { class: "meta" }, `${new Date(m.time * 1000).toLocaleTimeString()} · ${m.from_kind === "operator" ? "Control" : m.from} → ${m.to}`),
            el("span", {}, m.text),
          ),
        )
      : el("li", { class: "muted" }, "No message yet."),
  );
}
