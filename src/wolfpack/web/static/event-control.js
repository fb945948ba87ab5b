// A Control desk: the clock and advance, the notices inbox, a form per Control verb (generated from the server's
// description), the god view, the Council and Wolf Attacks, messages, the audit log, rewind and the seats.
// Every rule lives on the server: this page sends actions in notation and shows the view it is sent.

import { api, clearOutdated, download, show, showDone } from "./js/api.js";
import { badge, byId, el, fill, keptEach, limitBox, setText, tooLong } from "./js/dom.js";
import { attackView, councilView, diceView, fleetMap, fleetTable, handsView, inWords, logList, pursuitTrack, shipName, shipPanel, turnText } from "./js/den.js";
import { VerbForms, listsFrom, quote } from "./js/forms.js";
import { Legal } from "./js/legal.js";
import { isWhole } from "./js/links.js";
import { broadcastItem } from "./js/media.js";
import { NewsEffects } from "./js/news.js";
import { EventSocket, eventIdFromPath, stepName, takeToken, tickClock } from "./js/live.js";
import { ask, banner, showConnection } from "./js/page.js";
import { noticeHints } from "./js/notices.js";
import { seatScreens } from "./js/screens.js";
import { setupTabs } from "./js/tabs.js";
import { Unread } from "./js/unread.js";

const CONTROL_SEAT = 0;
const SUGGESTED = 60;
const eventId = eventIdFromPath();
const token = takeToken();
const socket = new EventSocket({ event: eventId, token, onFrame, onStatus });
let verbForms = null;
let showAll = false;
let playing = null;
/** The seat Control plays: its `legal` answer (its actions and its view), its label, the crew member picked on its
 * screens, whether one of its actions is being sent; and the pack's guide its screens read (loaded when needed). */
let played = null;
let playedLabel = "";
let playedCrew = null;
let playedBusy = false;
let guide = null;
/** The ship whose panel the Fleet pane shows beside the fleet's table. */
let chosenShip = null;
let shownPane = null;
const unread = new Unread(() => shownPane);
const people = socket.people;
const news = new NewsEffects({ name: (sid) => shipName(socket.view.observation, sid), send: (action) => sendAs(CONTROL_SEAT, action) });
/** The result line to show an answer in when the server's error names no request (clock, message, rewind). */
let answerLine = null;
let clockSent = false;

const drawClock = tickClock(socket, byId("clock"));
setupTabs({
  onShow: (pane) => {
    shownPane = pane;
    unread.looked(pane);
    if (pane === "audit-pane" && token) loadAudit();
  },
});
wireClock();
wireJumps();
wireMessages();
wireAudit();
wireRewind();
byId("show-all").addEventListener("change", (event) => {
  showAll = event.target.checked;
  drawView();
});

if (!token) {
  banner("This desk needs its link: open the Control link the organiser gave you (it ends with #token=…).");
  socket.stop("no-token");
} else {
  socket.connect();
}

function onStatus(state) {
  showConnection(state);
  if (state === "stopped" && socket.stopped && socket.stopped.message) banner(socket.stopped.message);
}

function onFrame(frame) {
  switch (frame.type) {
    case "welcome":
      welcome(frame);
      break;
    case "state":
      clearOutdated(frame.version);
      drawView();
      socket.legal(CONTROL_SEAT);
      if (playing !== null) socket.legal(playing);
      break;
    case "clock":
      drawClock();
      byId("pause").textContent = frame.paused ? "Resume clock" : "Pause clock";
      if (clockSent) clockDone();
      break;
    case "names":
      // Someone else holds a seat (the roster frame follows): every place that names people.
      drawRecipients();
      drawMessages();
      drawView();
      break;
    case "roster":
      drawRoster(frame);
      drawRecipients();
      drawMessages();
      drawView();
      break;
    case "links":
      drawLinks(frame);
      break;
    case "audit":
      // The audit log's length, whoever wrote its rows (this desk, another, the organiser's page, a phone).
      unread.total("audit-pane", frame.rows);
      break;
    case "messages":
      drawMessages();
      break;
    case "legal":
      drawLegal(frame);
      break;
    case "rewound":
      fill("discarded", frame.discarded.length ? frame.discarded.map((action) => el("li", {}, inPeoplesWords(action))) : el("li", {}, "nothing"));
      show("rewind-result", `rewound to version ${frame.version}: ${frame.discarded.length} action(s) discarded`, "ok");
      break;
    case "error":
      if (answerLine === "clock-result") clockSent = false; // refused: the reason stays, to send again
      if (!frame.request_id) {
        if (answerLine) show(answerLine, frame.message, "error");
        else banner(frame.message);
      }
      break;
    default:
      break;
  }
}

function welcome(frame) {
  // Where this desk last looked at its audit log is kept in the browser, per event and desk, across visits.
  unread.kept = `wolfpack-desk:${frame.event}:${frame.operator || "organiser"}`;
  setText("title", `Control · event ${frame.event}`);
  document.title = `Control · ${frame.event} · wolfpack`;
  setText("operator", `${frame.operator ? `Operator ${frame.operator}` : "Organiser (Control's own token)"} · ${frame.edition}`);
  setText("focus-text", frame.focus.length ? `this desk watches ${frame.focus.join(", ")}` : "this desk watches every ship");
  if (!verbForms) {
    verbForms = new VerbForms({
      forms: frame.forms,
      onSend: (action, reason) => sendAs(CONTROL_SEAT, action, reason),
      say: (line) => people.inText(line),
      words: inPeoplesWords,
    });
    fill("verbs", verbForms.node);
  }
  drawRecipients();
  fill("audit-ship", el("option", { value: "" }, "any"), frame.ships.map((sid) => el("option", { value: sid }, sid)));
  fill("audit-seat", el("option", { value: "" }, "any"), frame.seats.map((s) => el("option", { value: s.label }, people.role(s.label))));
  limitBox("message-text", frame.limits.message);
  limitBox("clock-reason", frame.limits.reason);
  limitBox("rewind-reason", frame.limits.reason);
  limitBox("jumps-ruling", frame.limits.reason);
}

/** The message's recipients: everyone, a team, or a person (named once the roster says who holds each seat). */
function drawRecipients() {
  const seatsNow = socket.welcome ? socket.welcome.seats : [];
  const teams = [...new Map(seatsNow.filter((s) => s.team && s.seat !== CONTROL_SEAT).map((s) => [s.team, s.team_name])).entries()];
  const seats = seatsNow.filter((s) => s.seat !== CONTROL_SEAT);
  const chosen = byId("message-to").value;
  fill(
    "message-to",
    el("option", { value: "everyone" }, "everyone"),
    el("optgroup", { label: "a team" }, teams.map(([id, name]) => el("option", { value: `team:${id}` }, name || id))),
    el("optgroup", { label: "a person" }, seats.map((s) => el("option", { value: `seat:${s.label}` }, people.of(s.label)))),
  );
  if (chosen) byId("message-to").value = chosen;
}

/** The longest texts the server takes (from its welcome; none known before it). */
function limits() {
  return (socket.welcome && socket.welcome.limits) || {};
}

/** The projector's address and, on the organiser's own desk, the organiser page: from the event's base URL. */
function drawLinks(links) {
  const line = (label, link) => el("p", {}, `${label}: `, el("a", { href: link, target: "_blank", rel: "noopener" }, link));
  fill(
    "desk-links",
    line("Projector (open it on the projector's computer)", links.projector),
    links.organiser ? el("p", {}, el("a", { href: links.organiser, target: "_blank", rel: "noopener" }, "Open the organiser's page"), " (roster, operators, settings, sheets)") : null,
    isWhole(links.projector)
      ? null
      : el("p", { class: "warning-text" }, "The event has no address for links yet, so no other device can open these: it is set in the event's settings."),
  );
}

/** Act for a seat (Control's or one left to it); an advance with time left asks first, then is sent confirmed. */
async function sendAs(seat, action, reason = "") {
  let answer = await socket.act(seat, action, { reason });
  if (answer.type === "error" && answer.code === "confirm") {
    if (!(await ask(answer.message, "Advance anyway"))) return { type: "error", code: "cancelled", message: "not sent: cancelled" };
    answer = await socket.act(seat, action, { reason, confirm: true });
  }
  return answer;
}

/** An action as the desk shows it to people: seats' labels as the people in them, ships' ids as their names. */
function inPeoplesWords(action) {
  return inWords(socket.view && socket.view.observation, action, (text) => people.inText(text));
}

// ---- the view ------------------------------------------------------------------------------------------------

function focusShips(observation) {
  const focus = (socket.welcome && socket.welcome.focus) || [];
  const all = Object.keys(observation.ships);
  if (!focus.length) return all;
  const first = [...focus, ...all.filter((sid) => !focus.includes(sid))];
  return showAll ? first : focus;
}

function drawView() {
  const view = socket.view;
  if (!view) return;
  const observation = view.observation;
  setText("phase", `${turnText(observation)} · ${stepName(observation.step)}${observation.paused ? " · game paused" : ""}${view.over ? " · over" : ""}`);
  document.body.dataset.step = observation.step;
  document.body.dataset.turn = String(observation.turn);
  document.body.dataset.attack = observation.attack ? "on" : "off";
  drawNotices(observation);
  drawJumps(observation);
  const log = byId("log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
  fill(log, logList(view.log, 150, "the log", (line) => people.inText(line)));
  if (atEnd) log.scrollTop = log.scrollHeight; // newest last: keep the newest line in sight unless one scrolled up
  const ships = focusShips(observation);
  const focus = (socket.welcome && socket.welcome.focus) || [];
  fill("pursuit", pursuitTrack(observation));
  fill("map", fleetMap(observation, { focus }));
  if (!ships.includes(chosenShip)) chosenShip = ships.find((sid) => observation.panels[sid]) || null;
  fill("jumps", fleetTable(observation, ships, { chosen: chosenShip, onChoose: chooseShip }));
  fill("panels", chosenShip ? shipPanel(observation, chosenShip, observation.panels[chosenShip]) : el("p", { class: "muted" }, "No ship."));
  fill("hands", handsView(observation.hands, (label) => people.of(label)));
  const held = Object.entries(observation.held || {});
  fill("held", held.length ? el("ul", {}, held.map(([sid, cards]) => el("li", {}, `${shipName(observation, sid)}: ${cards.join(", ")}`))) : el("p", { class: "muted" }, "None."), el("p", { class: "muted" }, `Destination deck: ${observation.destination_deck} card(s).`));
  fill("dice", diceView(observation));
  fill("council", councilView(observation.council, { edition: observation.edition, who: (label) => people.of(label) }));
  const broadcasts = [...(observation.broadcasts || [])].reverse();
  fill("broadcasts", broadcasts.length ? broadcasts.map((b) => broadcastItem(b, (label) => people.of(label))) : el("li", { class: "muted" }, "Nothing broadcast yet."));
  news.draw(observation);
  fill("attack", attackView(observation.attack, observation));
  const battles = observation.battles || [];
  fill("battles", battles.length ? el("ol", {}, battles.map((b) => el("li", {}, `turn ${b.turn}: ${b.rounds} round(s), ${b.arrived} Wolves, ended: ${b.why}`))) : el("p", { class: "muted" }, "None yet."));
  if (verbForms && socket.welcome) verbForms.setLists(listsFrom(observation, socket.welcome.seats));
  countNews(observation);
}

/** What is new on the panes drawn from the view: notices, ships, the Council, the news and the attack. */
function countNews(observation) {
  unread.things("now-pane", new Map((observation.notices || []).map((notice) => [notice.id, ""])));
  unread.things("fleet-pane", new Map(Object.keys(observation.ships).map((sid) => [sid, JSON.stringify([observation.ships[sid], observation.panels[sid]])])));
  const council = new Map([
    ["council", JSON.stringify(observation.council)],
    ["attack", JSON.stringify(observation.attack)],
  ]);
  (observation.broadcasts || []).forEach((b, i) => council.set(`broadcast ${i}`, JSON.stringify(b)));
  (observation.battles || []).forEach((b, i) => council.set(`battle ${i}`, ""));
  unread.things("council-pane", council);
}

function chooseShip(sid) {
  chosenShip = sid;
  drawView();
}

const noticeItems = new Map();

/** The notices waiting, each with its settle form; a notice's item is rebuilt only when it changes, so a reason
 * half typed survives the frames that every action in the event brings. */
function drawNotices(observation) {
  const notices = observation.notices || [];
  setText("notice-count", String(notices.length));
  if (!notices.length) {
    fill("notices", el("li", { class: "muted" }, "No notice waiting."));
    return;
  }
  const likely = (notice) => noticeHints(notice).filter((verb) => verbForms && verbForms.forms.has(verb));
  const shown = (notice) => JSON.stringify([notice, notice.ship && shipName(observation, notice.ship), people.inText(notice.text), likely(notice)]);
  fill(
    "notices",
    keptEach(noticeItems, notices, (notice) => notice.id, shown, (notice) => {
      const reason = el("input", { type: "text", required: true, id: `settle-${notice.id}`, placeholder: "how it was settled" });
      const result = el("p", { class: "form-result", role: "status" });
      const form = el(
        "form",
        {
          class: "settle",
          novalidate: true,
          onsubmit: async (event) => {
            event.preventDefault();
            const why = reason.value.trim();
            if (!why) {
              result.textContent = "a reason is required";
              result.dataset.kind = "error";
              reason.focus();
              return;
            }
            const answer = await sendAs(CONTROL_SEAT, `control settle ${notice.id} ${quote(why)}`, why);
            result.textContent = answer.type === "ack" ? "settled" : answer.message;
            result.dataset.kind = answer.type === "ack" ? "ok" : "error";
          },
        },
        el("label", { for: reason.id }, "Reason"),
        reason,
        el("button", { type: "submit" }, "Settle"),
      );
      const hints = likely(notice);
      return el(
        "li",
        { class: "notice", "data-notice": notice.id },
        el("p", {}, el("strong", {}, `#${notice.id} `), notice.ship ? badge(shipName(observation, notice.ship)) : null, " ", people.inText(notice.text)),
        hints.length
          ? el("p", { class: "hints" }, "Likely: ", hints.map((verb) => el("button", { type: "button", class: "small", onclick: () => openVerb(verb, notice.ship) }, verb)))
          : null,
        form,
        result,
      );
    }),
  );
}

/** The jumps declared, with the form that resolves them (and rules at once on any ship they leave separated). */
function drawJumps(observation) {
  const jumping = Object.keys(observation.ships).filter((sid) => observation.ships[sid].jumping);
  byId("jumps-form").hidden = !jumping.length;
  setText("jumps-declared", `Jumps declared: ${jumping.map((sid) => shipName(observation, sid)).join(", ")}.`);
}

/** Resolve the declared jumps; a ruling written beside the button is Control's for every ship left separated
 * (`control resolve-jumps "ruling"`): two actions however many ships it strands, where each notice took two. */
function wireJumps() {
  byId("jumps-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const box = byId("jumps-ruling");
    const ruling = box.value.trim();
    const refusal = tooLong(ruling, limits().reason, "A ruling");
    if (refusal) {
      show("jumps-result", refusal, "error");
      return;
    }
    const button = event.target.querySelector("button[type=submit]");
    button.disabled = true;
    const answer = await sendAs(CONTROL_SEAT, ruling ? `control resolve-jumps ${quote(ruling)}` : "control resolve-jumps", ruling);
    button.disabled = false;
    if (answer.type === "ack") box.value = "";
    const done = ruling ? "jumps resolved; your ruling went to every ship left separated" : "jumps resolved";
    show("jumps-result", answer.type === "ack" ? done : answer.message, answer.type === "ack" ? "ok" : "error", answer.type === "ack" ? answer.version : null);
  });
}

/** Open a verb's form with the notice's ship filled in where the verb's first argument is a ship. */
function openVerb(verb, ship) {
  const spec = verbForms.forms.get(verb);
  const first = spec.forms[0][0];
  verbForms.choose(verb, ship && first && first.list === "ships" ? [ship] : []);
  const tab = document.querySelector('.tab[data-panel="now-pane"]');
  if (tab.offsetParent !== null) tab.click();
  byId("verb").focus();
}

function drawLegal(frame) {
  const buttons = (seat, box, actions) =>
    fill(
      box,
      actions.length
        ? actions.map((action) =>
            seat === CONTROL_SEAT && action.includes('"')
              ? el("button", { type: "button", class: "action free-text", "data-action": action, title: "open its form: write the reason", onclick: () => openAction(action) }, `${action} ✎`)
              : el("button", { type: "button", class: "action", "data-action": action, onclick: (event) => clickAction(event.target, seat, action) }, action),
          )
        : el("p", { class: "muted" }, "Nothing to do now."),
    );
  if (frame.seat === CONTROL_SEAT) {
    // The generic forms cover every verb; this short list is what the rules suggest now (news, settle, end).
    buttons(CONTROL_SEAT, "control-legal", frame.actions.slice(0, SUGGESTED));
    if (frame.actions.length > SUGGESTED) {
      byId("control-legal").append(el("p", { class: "muted" }, `… and ${frame.actions.length - SUGGESTED} more: use the form`));
    }
  } else if (frame.seat === playing) {
    played = frame;
    drawPlayed(buttons);
  }
}

/** The screens of the seat's own page that offer something to do (its other screens show what the desk shows). */
const PLAYED_SCREENS = [
  ["picked", ""],
  ["ship", "Ship"],
  ["supplies", "Supplies"],
  ["shuttles", "Shuttles"],
  ["jump", "Jump sheet"],
  ["hand", "Cards"],
  ["destination-actions", "Destinations"],
  ["fleet-controls", "Fleet"],
  ["where", "Where"],
  ["chamber", "Council"],
  ["news", "News desk"],
];

/** The seat Control plays, on the screens its person would have had, in the same words; the actions none of them
 * offers are listed under them as they are written. */
function drawPlayed(buttons) {
  if (!played.observation) {
    // Its view was being rebuilt when the desk asked: its actions as written until the next state frame asks again.
    fill("play-seat-screens", null);
    byId("play-seat-other").hidden = false;
    buttons(played.seat, "play-seat-actions", played.actions);
    return;
  }
  const label = playedLabel;
  const team = label.split("/")[0];
  const ctx = {
    observation: played.observation,
    guide,
    legal: new Legal(playedBusy ? [] : played.actions),
    seat: label,
    who: (seat) => people.of(seat),
    say: (text) => people.inText(text),
    team: played.observation.ships[team] ? team : null,
    selected: playedCrew,
    act: playAction,
    pick: (crew) => {
      playedCrew = crew;
      drawPlayed(buttons);
    },
  };
  const screens = seatScreens(ctx, []);
  const shown = PLAYED_SCREENS.map(([box, title]) => {
    const content = el("div", { class: "played-screen", "data-screen": box }, title ? el("h4", {}, title) : null, screens.get(box));
    return content.querySelector("button, select, input, textarea") ? content : null;
  }).filter(Boolean);
  fill("play-seat-screens", shown);
  const rest = ctx.legal.rest();
  byId("play-seat-other").hidden = !rest.length;
  if (rest.length || !shown.length) buttons(played.seat, "play-seat-actions", rest);
  else fill("play-seat-actions", null);
}

/** Play an action of the seat Control plays (after its preview, where its screen gives one); the answer in words. */
async function playAction(action, preview = null) {
  if (preview && !(await ask([preview.title, ...preview.lines].join(" "), "Yes"))) return;
  playedBusy = true;
  playedCrew = null;
  const answer = await sendAs(played.seat, action);
  playedBusy = false;
  if (answer.type === "ack") showDone("play-seat-result", action, answer, { say: (text) => people.inText(text), done: `Done: ${inPeoplesWords(action)}.` });
  else show("play-seat-result", people.inText(answer.message), "error");
  socket.legal(played.seat);
}

/** A suggested Control action whose reason is the rules' stock words: its form, filled but for the reason, which the
operator writes (every reason in the audit log is a person's). */
function openAction(action) {
  const words = action.slice(0, action.indexOf('"')).trim().split(/\s+/);
  const [, verb, ...args] = words;
  verbForms.choose(verb, args);
  const tab = document.querySelector('.tab[data-panel="now-pane"]');
  if (tab.offsetParent !== null) tab.click();
  const reason = document.querySelector('.verb-fields input[name="reason"]');
  if (reason) reason.focus();
}

async function clickAction(button, seat, action) {
  button.disabled = true;
  const answer = await sendAs(seat, action, "");
  button.disabled = false;
  if (answer.type === "error") banner(answer.message);
  else banner("");
}

// ---- the clock -----------------------------------------------------------------------------------------------

/** This desk's clock change took effect: its reason belonged to that change alone (a resume after an extend is
 * not logged with the extend's reason), so the box is emptied. */
function clockDone() {
  clockSent = false;
  const box = byId("clock-reason");
  box.value = "";
  box.dispatchEvent(new Event("input"));
}

function wireClock() {
  const reason = () => byId("clock-reason").value.trim();
  const minutes = () => Number.parseInt(byId("clock-minutes").value, 10);
  const change = (op, seconds) => {
    const refusal = tooLong(reason(), limits().reason, "A reason");
    if (refusal) {
      show("clock-result", refusal, "error");
      return;
    }
    answerLine = "clock-result";
    const frame = { type: "clock", op, reason: reason() };
    if (seconds !== undefined) frame.seconds = seconds;
    const sent = socket.send(frame);
    clockSent = sent;
    show("clock-result", sent ? `${op}…` : "not connected", "");
  };
  byId("pause").addEventListener("click", () => change(socket.clock && socket.clock.paused ? "resume" : "pause"));
  for (const op of ["extend", "shorten"]) {
    byId(op).addEventListener("click", () => {
      const n = minutes();
      if (!Number.isInteger(n) || n < 1 || n > 120) {
        show("clock-result", "minutes: a whole number from 1 to 120", "error");
        byId("clock-minutes").focus();
        return;
      }
      if (!reason()) {
        show("clock-result", `a reason is required to ${op} the phase`, "error");
        byId("clock-reason").focus();
        return;
      }
      change(op, n * 60);
    });
  }
  byId("advance").addEventListener("click", async () => {
    const button = byId("advance");
    button.disabled = true;
    const answer = await sendAs(CONTROL_SEAT, "control advance");
    button.disabled = false;
    show("clock-result", answer.type === "ack" ? "advanced" : answer.message, answer.type === "ack" ? "ok" : "error", answer.type === "ack" ? answer.version : null);
  });
}

// ---- messages ------------------------------------------------------------------------------------------------

function wireMessages() {
  byId("message-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = byId("message-text").value.trim();
    const refusal = text ? tooLong(text, limits().message, "A message") : "write a message first";
    if (refusal) {
      show("message-result", refusal, "error");
      return;
    }
    answerLine = "message-result";
    if (socket.send({ type: "message", to: byId("message-to").value, text })) {
      byId("message-text").value = "";
      show("message-result", "sent", "ok");
    } else {
      show("message-result", "not connected", "error");
    }
  });
}

function drawMessages() {
  const messages = socket.messages;
  const incoming = messages.filter((m) => m.to_kind === "control");
  unread.things("messages-pane", new Map(incoming.map((m) => [`${m.time}|${m.from}|${m.text}`, ""])));
  fill(
    "messages",
    messages.length
      ? [...messages].reverse().map((m) =>
          el(
            "li",
            { class: m.to_kind === "control" ? "to-control" : "" },
            el("span", { class: "meta" }, `${new Date(m.time * 1000).toLocaleTimeString()} · ${people.inText(m.from)} → ${people.inText(m.to)}`),
            el("span", {}, m.text),
            m.to_kind === "control" && people.seats.has(m.from)
              ? el("button", { type: "button", class: "small reply", onclick: () => replyTo(m.from) }, `Reply to ${people.of(m.from)}`)
              : null,
          ),
        )
      : el("li", { class: "muted" }, "No message yet."),
  );
}

/** Answer a player's message: the form addressed to them, the cursor in the message (then Send: two actions). */
function replyTo(label) {
  byId("message-to").value = `seat:${label}`;
  byId("message-text").focus();
  show("message-result", `replying to ${people.of(label)}`, "");
}

// ---- the audit log -------------------------------------------------------------------------------------------

function auditQuery(format) {
  const params = new URLSearchParams({ format });
  for (const [name, id] of [["ship", "audit-ship"], ["seat", "audit-seat"], ["kind", "audit-kind"]]) {
    const value = byId(id).value;
    if (value) params.set(name, value);
  }
  return `/api/events/${encodeURIComponent(eventId)}/audit?${params}`;
}

let auditAsked = 0;

/** Read the audit log with the filters chosen; only the answer to the latest request is drawn. */
async function loadAudit() {
  const asked = (auditAsked += 1);
  show("audit-result", "reading the audit log…", ""); // an earlier answer's count no longer stands
  try {
    const entries = await api(auditQuery("json"), { token });
    if (asked !== auditAsked) return;
    drawAudit(entries);
    show("audit-result", `${entries.length} entr${entries.length === 1 ? "y" : "ies"}`, "ok");
  } catch (error) {
    if (asked === auditAsked) show("audit-result", `the audit log could not be read: ${error.message}`, "error");
  }
}

function wireAudit() {
  byId("audit-form").addEventListener("submit", (event) => {
    event.preventDefault();
    loadAudit();
  });
  byId("audit-csv").addEventListener("click", async () => {
    // A link cannot carry the Authorization header: fetch with it, then save the answer through a blob URL.
    try {
      download(await (await api(auditQuery("csv"), { token, raw: true })).blob(), `event-${eventId}-audit.csv`);
      show("audit-result", "CSV downloaded", "ok");
    } catch (error) {
      show("audit-result", `the audit log could not be read: ${error.message}`, "error");
    }
  });
}

/** The audit log's rows, newest first, naming people as they were when each row was written (its `names`: a seat
 * that moved to someone else since does not rename the rows before; a row from before names were kept names the
 * role only), never as whoever holds the seat now. */
function drawAudit(entries) {
  const newest = [...entries].reverse().slice(0, 300);
  const then = (entry) => new Map(Object.entries(entry.names || {}));
  const text = (entry) => people.inText(entry.text, then(entry));
  fill(
    byId("audit").tBodies[0],
    newest.map((entry) =>
      el(
        "tr",
        { class: `audit-${entry.kind}` },
        el("td", {}, new Date(entry.time * 1000).toLocaleTimeString()),
        el("td", {}, entry.actor_kind === "seat" ? people.of(entry.actor, { start: true, names: then(entry) }) : entry.actor),
        el("td", {}, entry.kind),
        el("td", {}, text(entry)),
        el("td", {}, entry.reason || ""),
        el("td", {}, entry.version === null || entry.version === undefined ? "" : String(entry.version)),
      ),
    ),
  );
  // The versions an action was taken at are where a rewind may go back to (just before that action).
  const versions = newest.filter((entry) => typeof entry.version === "number");
  fill("rewind-versions", versions.map((entry) => el("option", { value: entry.version }, `before: ${text(entry)}`)));
}

// ---- rewind --------------------------------------------------------------------------------------------------

function wireRewind() {
  byId("rewind-preview-button").addEventListener("click", async () => {
    const version = Number.parseInt(byId("rewind-version").value, 10);
    if (!Number.isInteger(version) || version < 0) {
      show("rewind-result", "choose a version (a whole number, 0 or more)", "error");
      return;
    }
    await previewRewind(version);
  });
  byId("rewind-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const version = Number.parseInt(byId("rewind-version").value, 10);
    const reason = byId("rewind-reason").value.trim();
    if (!Number.isInteger(version) || version < 0) {
      show("rewind-result", "choose a version (a whole number, 0 or more)", "error");
      byId("rewind-version").focus();
      return;
    }
    const refusal = reason ? tooLong(reason, limits().reason, "A reason") : "a rewind needs a reason";
    if (refusal) {
      show("rewind-result", refusal, "error");
      byId("rewind-reason").focus();
      return;
    }
    // A rewind throws actions away: it shows what it discards and asks first.
    const discarded = await previewRewind(version);
    if (discarded === null) return;
    const lines = discarded.slice(0, 5).map((row) => inPeoplesWords(row.action)).join("; ");
    const more = discarded.length > 5 ? `; and ${discarded.length - 5} more` : "";
    if (!(await ask(`Rewind to version ${version}? It discards ${discarded.length} action(s): ${lines}${more}.`, "Rewind"))) {
      show("rewind-result", "not rewound: cancelled", "");
      return;
    }
    answerLine = "rewind-result";
    show("rewind-result", socket.send({ type: "rewind", version, reason }) ? "rewinding…" : "not connected", "");
  });
}

/** Show what a rewind to `version` would discard (the server checks it as the rewind would); its rows, or null. */
async function previewRewind(version) {
  try {
    const preview = await api(`/api/events/${encodeURIComponent(eventId)}/rewind?version=${version}`, { token });
    fill("rewind-preview", preview.discarded.map((row) => el("li", {}, `${row.version}: ${people.of(row.by, { start: true })}: ${inPeoplesWords(row.action)}`)));
    show("rewind-result", `a rewind to ${version} would discard ${preview.discarded.length} action(s)`, "ok");
    return preview.discarded;
  } catch (error) {
    show("rewind-result", error.message, "error");
    return null;
  }
}

// ---- seats ---------------------------------------------------------------------------------------------------

const HOLDERS = { bot: "a bot", control: "Control (play it here)" };

function drawRoster(frame) {
  setText("devices", `${frame.devices} device(s) connected`);
  unread.things("roster-pane", new Map([
    ...frame.seats.map((seat) => [`seat ${seat.seat}`, `${seat.holder}|${seat.name}|${seat.connected > 0}`]),
    ...frame.operators.map((o) => [`operator ${o.name}`, o.focus.join(",")]),
  ]));
  fill(
    "desk-operators",
    frame.operators.length
      ? frame.operators.map((o) => el("li", {}, el("strong", {}, o.name), " ", el("span", { class: "muted" }, o.focus.length ? `watches ${o.focus.join(", ")}` : "watches every ship")))
      : el("li", { class: "muted" }, "No operators: the organiser adds them on the organiser's page."),
  );
  fill(
    byId("roster").tBodies[0],
    frame.seats.map((seat) =>
      el(
        "tr",
        { "data-seat": seat.seat },
        el("th", { scope: "row" }, people.role(seat.label), el("span", { class: "muted" }, ` ${seat.label}`)),
        el("td", {}, seat.holder === "person" ? seat.name : seat.holder ? HOLDERS[seat.holder] || seat.holder : "open"),
        el("td", {}, seat.connected ? badge(`${seat.connected} on`, "ok") : badge("none")),
        el(
          "td",
          {},
          seat.holder === "control" && seat.seat !== CONTROL_SEAT
            ? el("button", { type: "button", class: "small", onclick: () => playSeat(seat) }, "play")
            : null,
        ),
      ),
    ),
  );
}

function playSeat(seat) {
  playing = seat.seat;
  playedLabel = seat.label;
  played = null;
  playedCrew = null;
  byId("play-seat").hidden = false;
  setText("play-seat-title", `Playing ${people.of(seat.label)} for Control`);
  fill("play-seat-screens", el("p", { class: "muted" }, "asking…"));
  fill("play-seat-actions", null);
  show("play-seat-result", "");
  socket.legal(seat.seat);
  if (guide === null) {
    api(`/api/events/${encodeURIComponent(eventId)}/guide`)
      .then((answer) => {
        guide = answer;
        if (played) socket.legal(played.seat);
      })
      .catch((error) => banner(`The stations' and cards' descriptions could not be loaded: ${error.message}`));
  }
}
