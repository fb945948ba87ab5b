// A seat's device: the ship's table on a tablet, each role's phone (issue 16, item 1). Its screens (tabs on a phone,
// side by side on a wide screen) each show part of the seat's view with the legal actions that belong there: the
// stations and crew, supplies and shuttles, the jump sheet, the hand, the fleet map, where the person is, the
// Council. Whatever legal action no screen placed is under "More", beside a box for any action in notation.

import { api, clearOutdated, show, showDone } from "./js/api.js";
import { byId, el, fill, limitBox, setText, tooLong } from "./js/dom.js";
import { inWords, turnText } from "./js/den.js";
import { Legal } from "./js/legal.js";
import { EventSocket, eventIdFromPath, stepName, takeToken, tickClock } from "./js/live.js";
import { banner, showConnection } from "./js/page.js";
import { seatScreens } from "./js/screens.js";
import { attackAlert, commandLine } from "./js/seat.js";
import { setupTabs } from "./js/tabs.js";

const FOLD_OVER = 6;
const eventId = eventIdFromPath();
const token = takeToken();
const socket = new EventSocket({ event: eventId, token, onFrame, onStatus });
const drawClock = tickClock(socket, byId("clock"));
/** The people in the seats, in words ("Ann, Captain of the Dione"): every screen names them so, never by label. */
const people = socket.people;
const who = (label) => people.of(label);
const say = (text) => people.inText(text);
const openGroups = new Set();
let guide = null;
let legalActions = [];
let selected = null;
let busy = false;
let answerLine = null;

setupTabs();
wireForms();
if (!token) {
  banner("This page needs your seat's link (from your table's sheet or its QR code; it ends with #token=…).");
  socket.stop("no-token");
} else {
  socket.connect();
  api(`/api/events/${encodeURIComponent(eventId)}/guide`)
    .then((answer) => {
      guide = answer;
      if (socket.view) draw();
    })
    .catch((error) => banner(`The stations' and cards' descriptions could not be loaded: ${error.message}`));
}

function onStatus(state) {
  showConnection(state);
  if (state !== "stopped" || !socket.stopped) return;
  const why = socket.stopped.why;
  if (why === "moved") {
    banner("This seat moved to another device. This page has stopped; ask Control if that was not you.");
    document.body.dataset.moved = "true";
    legalActions = [];
    if (socket.view) draw();
    fill("actions", el("p", { class: "muted" }, "This seat is played on another device now."));
  } else if (socket.stopped.message) {
    banner(socket.stopped.message);
  }
}

function seat() {
  return socket.welcome ? socket.welcome.seat : null;
}

function seatLabel() {
  return socket.welcome ? socket.welcome.label : "";
}

function onFrame(frame) {
  switch (frame.type) {
    case "welcome": {
      if (frame.role === "control") {
        // Control's own link (the one `wolfpack event new` prints) opens Control's desk.
        location.replace(`/event/${encodeURIComponent(frame.event)}/control#token=${socket.token}`);
        return;
      }
      fitScreens(frame.label);
      limitBox("message-text", frame.limits.message);
      byId("title").dataset.label = frame.label;
      drawTitle();
      break;
    }
    case "names":
      // Someone else holds a seat: the title, the screens and the messages name people anew.
      drawTitle();
      if (socket.view) draw();
      drawMessages();
      break;
    case "state":
      clearOutdated(frame.version);
      draw();
      socket.legal(seat());
      break;
    case "legal":
      if (frame.seat === seat()) {
        legalActions = frame.actions;
        draw();
        document.body.dataset.legal = String(socket.knownVersion);
      }
      break;
    case "clock":
      drawClock();
      break;
    case "messages":
      drawMessages();
      break;
    case "error":
      if (!frame.request_id) {
        if (answerLine) show(answerLine, say(frame.message), "error");
        else banner(say(frame.message));
      }
      break;
    default:
      break;
  }
}

/** Who this device is, as the person reads it: their name (the role under it), or the role where nobody is named;
 * the seat's label stays in `data-label` for scripts and tests. */
function drawTitle() {
  const label = seatLabel();
  if (!label) return;
  const name = people.name(label);
  setText("title", name || people.role(label));
  setText("role", name ? people.role(label) : "");
  document.title = `${people.of(label, { start: true })} · wolfpack`;
}

const SHIP_SCREENS = ["ship-panel", "supplies-panel", "jump-panel"];

/** Only the screens the seat's role uses: a ship's work for a team's seat, the news desk for the Media. */
function fitScreens(label) {
  const media = label.startsWith("media/");
  const team = !media && label.includes("/") && !label.startsWith("wildcard");
  const hide = new Set([...(team ? [] : SHIP_SCREENS), ...(media ? [] : ["news-panel"])]);
  for (const tab of document.querySelectorAll(".tab")) {
    tab.hidden = hide.has(tab.dataset.panel);
    byId(tab.dataset.panel).hidden = tab.hidden;
  }
  const first = document.querySelector(media ? '.tab[data-panel="news-panel"]' : ".tab:not([hidden])");
  if (first && (media || document.querySelector('.tab[aria-pressed="true"]').hidden)) first.click();
  document.body.dataset.role = media ? "media" : team ? "team" : "other";
}

/** The team's ship: the seat's own, from its label ("dione/captain" -> "dione"), if it is a ship's seat. */
function teamShip(observation) {
  const team = seatLabel().split("/")[0];
  return observation.ships && observation.ships[team] ? team : null;
}

/** Redraw without losing what the person is doing: the choices made in the screens' selects and fields, and the
 * focus, are put back when the redrawn screen still has them (an update may arrive while someone types). */
function draw() {
  const fields = [...document.querySelectorAll(FIELDS)];
  const kept = fields.map((field) => [fieldKey(field), field.value]);
  const focused = document.activeElement && fields.includes(document.activeElement) ? fieldKey(document.activeElement) : null;
  drawScreens();
  for (const field of document.querySelectorAll(FIELDS)) {
    const found = kept.find(([key]) => key === fieldKey(field));
    if (found && (field.tagName !== "SELECT" || [...field.options].some((option) => option.value === found[1]))) {
      field.value = found[1];
      field.dispatchEvent(new Event("change"));
    }
    if (fieldKey(field) === focused) field.focus();
  }
}

const FIELDS = "main :is(select, input, textarea):is([id], [aria-label])";

function fieldKey(field) {
  return field.id || field.getAttribute("aria-label");
}

function drawScreens() {
  const view = socket.view;
  const observation = view.observation;
  setText("phase", `${turnText(observation)} · ${stepName(observation.step)}${observation.paused ? " · paused by Control" : ""}${view.over ? " · over" : ""}`);
  document.body.dataset.step = observation.step;
  const ctx = {
    observation,
    guide,
    legal: new Legal(busy ? [] : legalActions),
    seat: seatLabel(),
    who,
    say,
    team: teamShip(observation),
    selected,
    act,
    pick: (crew) => {
      selected = crew;
      draw();
    },
  };
  setText("command", commandLine(ctx));
  fill("alert", attackAlert(ctx));
  document.body.dataset.attack = observation.attack ? "on" : "off";
  for (const [box, content] of seatScreens(ctx, view.log)) fill(box, content);
  drawMore(ctx.legal.rest());
}

/** The legal actions no screen placed, as buttons grouped by verb; a long group folds away until opened. */
function drawMore(actions) {
  setText("more-count", String(actions.length));
  if (!actions.length) {
    fill("actions", el("p", { class: "muted" }, legalActions.length ? "Every action you may take is on its screen." : "Nothing to do right now."));
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

/** A legal action as a button; one with free text (a bill's words) goes to the action box to be edited first. */
function actionButton(action) {
  const freeText = action.includes('"');
  return el(
    "button",
    {
      type: "button",
      class: `action${freeText ? " free-text" : ""}`,
      "data-action": action,
      title: freeText ? "put it in the action box to change its words, then send" : "",
      onclick: () => (freeText ? editAction(action) : act(action)),
    },
    freeText ? `${action} ✎` : action,
  );
}

function editAction(action) {
  byId("more-panel").classList.add("active");
  const tab = document.querySelector('.tab[data-panel="more-panel"]');
  if (tab && getComputedStyle(tab.parentElement).display !== "none") tab.click();
  const box = byId("free-action");
  box.value = action;
  box.focus();
  const quote = action.indexOf('"');
  box.setSelectionRange(quote + 1, action.length - 1);
}

/** Play `action`; with a `preview` ({title, lines}), only once the person confirms it. */
function act(action, preview = null) {
  if (!preview) return send(action, "result");
  const dialog = byId("confirm");
  setText("confirm-title", preview.title);
  fill("confirm-body", preview.lines.map((line) => el("p", {}, line)));
  dialog.returnValue = "";
  dialog.addEventListener("close", () => dialog.returnValue === "yes" && send(action, "result"), { once: true });
  dialog.showModal();
  return null;
}

async function send(action, line) {
  if (busy) return;
  busy = true;
  selected = null;
  const words = pressed(action) || inWords(socket.view && socket.view.observation, action, say);
  document.body.dataset.busy = "true";
  for (const button of document.querySelectorAll("main button")) button.disabled = true;
  show(line, `sending: ${words}…`);
  const answer = await socket.act(seat(), action);
  busy = false;
  delete document.body.dataset.busy;
  for (const button of document.querySelectorAll("main button")) button.disabled = false;
  if (socket.view) draw();
  if (answer.type === "ack") showDone(line, action, answer, { say, done: `Done: ${words}.` });
  else show(line, say(answer.message), "error");
}

/** What the person pressed to play `action`, as the screen words it: its button ("Declare the jump"), or a choice
 * row's button and the choice made ("Give: 1 fuel to the Aegis"); null where no screen words it (a button of the
 * More screen, which shows the notation, or one whose label is more than words, or the action box). */
function pressed(action) {
  for (const node of document.querySelectorAll("main [data-action]")) {
    if (node.dataset.action === action && !node.closest("#more-panel") && !node.children.length) return node.textContent.trim();
  }
  for (const option of document.querySelectorAll("main [data-actions] option")) {
    if (option.value !== action) continue;
    const button = option.closest("[data-actions]").querySelector("button");
    return button ? `${button.textContent.trim()}: ${option.textContent.trim()}` : option.textContent.trim();
  }
  return null;
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
    const refusal = text ? tooLong(text, limits().message, "A message") : "write a message first";
    if (refusal) {
      show("message-result", refusal, "error");
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

/** The longest texts the server takes (from its welcome; none known before it). */
function limits() {
  return (socket.welcome && socket.welcome.limits) || {};
}

/** Whom a message went to, in words: a person, a team, everyone, Control. */
function messageTo(message) {
  if (message.to_kind === "seat") return who(message.to);
  if (message.to_kind === "team") {
    const seat = ((socket.welcome && socket.welcome.seats) || []).find((s) => s.team === message.to);
    return seat ? `the ${seat.team_name}` : message.to;
  }
  return message.to_kind === "control" ? "Control" : message.to;
}

function drawMessages() {
  const messages = socket.messages;
  setText("message-count", String(messages.length));
  fill(
    "messages",
    messages.length
      ? [...messages].reverse().map((m) =>
          el(
            "li",
            { class: m.from_kind === "seat" ? "" : "from-control" },
            el("span", { class: "meta" }, `${new Date(m.time * 1000).toLocaleTimeString()} · ${m.from_kind === "seat" ? who(m.from) : "Control"} → ${messageTo(m)}`),
            el("span", {}, m.text),
          ),
        )
      : el("li", { class: "muted" }, "No message yet."),
  );
}
