// The organiser's page: the event's settings, its roster (assign, bot, Control, nobody, move a seat to another
// device), a roster CSV in and out, Control's operators and their desk links, the join sheets. Everything goes
// through the organiser's API with Control's own token; the roster comes live over the event's socket.

import { api, download, show } from "./js/api.js";
import { byId, el, facts, fill, keptEach, setText } from "./js/dom.js";
import { sharedLink } from "./js/links.js";
import { EventSocket, eventIdFromPath, stepName, takeToken } from "./js/live.js";
import { ask, banner, showConnection } from "./js/page.js";

const eventId = eventIdFromPath();
const token = takeToken();
const base = `/api/events/${encodeURIComponent(eventId)}`;
let ships = [];
const moved = new Map(); // a moved seat's label -> its new link and QR code, shown under its row until dismissed
/** Each ship's name by its id (a ship's team is named after it). */
let shipNames = new Map();
/** The operator whose ships are being changed (their row shows the choices), or null. */
let editing = null;
let lastOperators = [];
/** The people in the seats, in words (the socket's: js/people.js), for what the page says of a seat. */
let people = null;

function call(path, options = {}) {
  return api(`${base}${path}`, { token, ...options });
}

/** Run a request whose answer is a link for another device; show the link and its QR code next to the form. */
async function attemptLink(resultId, request, label) {
  const answer = await attempt(resultId, request, () => "");
  if (answer) fill(resultId, sharedLink(answer, label(answer)));
  return answer;
}

/** Run a form's request, showing what came of it next to the form. */
async function attempt(resultId, request, success) {
  try {
    const answer = await request();
    show(resultId, success(answer), "ok");
    return answer;
  } catch (error) {
    show(resultId, error.message, "error");
    return null;
  }
}

function start() {
  if (!token) {
    banner("This page needs Control's own link (with its token), as `wolfpack event new` prints it.");
    return;
  }
  byId("desk-link").href = `/event/${encodeURIComponent(eventId)}/control#token=${token}`;
  byId("projector-link").href = `/event/${encodeURIComponent(eventId)}/projector`;
  const socket = new EventSocket({
    event: eventId,
    token,
    onFrame: (frame, live) => onFrame(frame, live),
    onStatus: showConnection,
  });
  people = socket.people;
  socket.connect();
  loadSettings();
  wireForms();
}

function onFrame(frame, live) {
  if (frame.type === "welcome") {
    if (frame.role !== "control" || frame.operator) {
      banner("This token is not Control's own: the organiser's page needs the link `wolfpack event new` printed.");
      return;
    }
    ships = frame.ships;
    shipNames = new Map(frame.seats.filter((seat) => ships.includes(seat.team)).map((seat) => [seat.team, seat.team_name]));
    setText("title", `Event ${frame.event} · ${frame.edition === "classic" ? "Classic" : "Infinite Domain"}`);
    drawTeamFilter(frame.seats);
    drawFocusChoices();
  } else if (frame.type === "state" && live.view) {
    const o = live.view.observation; // the followed view: an update carries only a patch
    setText("summary", `Turn ${o.turn} of ${o.turns} · ${stepName(o.step)}${o.paused ? " · paused" : ""}`);
  } else if (frame.type === "links") {
    drawScreens(frame);
  } else if (frame.type === "roster") {
    drawRoster(frame);
    drawOperators(frame.operators);
  } else if (frame.type === "error" && ["bad-token", "no-event"].includes(frame.code)) {
    banner(frame.message);
  }
}

/** The projector's address, from the event's base URL (or, with none, a plain word that links need one). */
function drawScreens(links) {
  fill(
    "screen-links",
    links.base_url
      ? ["Projector's address (open it on the projector's computer): ", el("a", { href: links.projector }, links.projector)]
      : el(
          "span",
          { class: "warning-text" },
          "The event has no address for links yet: no other device can open the projector's, the operators' or the " +
            "join links until you set the address other devices reach this server at (Settings, below).",
        ),
  );
}

async function loadSettings() {
  try {
    const settings = await call("/settings");
    drawSettings(settings);
  } catch (error) {
    show("settings-result", error.message, "error");
  }
}

function drawSettings(s) {
  fill(
    "settings-facts",
    facts([
      ["Edition", s.edition === "classic" ? "Classic" : "Infinite Domain"],
      ["Turns", String(s.turns)],
      ["Phases", `Action ${s.action_minutes} min, Team ${s.team_minutes} min`],
      ["Dice", s.table_dice ? "the tables roll and enter them" : "the server rolls"],
      ["Content", s.content || "the edition's own pack"],
      ["Join links", s.base_url || "no address yet: set it below before printing the sheets"],
    ]),
  );
  byId("set-turns").value = s.turns;
  byId("set-action").value = s.action_minutes;
  byId("set-team").value = s.team_minutes;
  byId("set-warning").value = s.warning_seconds;
  byId("set-base").value = s.base_url || "";
}

function numberOrNull(id) {
  const text = byId(id).value.trim();
  return text === "" ? null : Number(text);
}

function wireForms() {
  byId("settings-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      turns: numberOrNull("set-turns"),
      action_minutes: numberOrNull("set-action"),
      team_minutes: numberOrNull("set-team"),
      warning_seconds: numberOrNull("set-warning"),
      base_url: byId("set-base").value.trim() || null,
    };
    const saved = await attempt("settings-result", () => call("/settings", { method: "POST", body }), () => "Saved.");
    if (saved) drawSettings(saved);
  });
  byId("import-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = byId("import-file").files[0];
    if (!file) {
      show("import-result", "Choose a CSV file first.", "error");
      return;
    }
    const csv = await file.text();
    await attempt(
      "import-result",
      () => call("/roster", { method: "POST", body: { csv } }),
      (answer) => `Imported. ${answer.open_seats} seats are still open.`,
    );
  });
  byId("export").addEventListener("click", async () => {
    await attempt(
      "import-result",
      async () => download(await (await call("/roster.csv", { raw: true })).blob(), `event-${eventId}-roster.csv`),
      () => "Roster exported.",
    );
  });
  byId("sheets").addEventListener("click", async () => {
    const opened = await attempt("sheets-result", () => call("/sheets", { method: "POST" }), () => "Sheets opened in a new tab.");
    if (opened) window.open(opened.sheets, "_blank", "noopener");
  });
  byId("operator-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = byId("operator-name").value.trim();
    const focus = [...document.querySelectorAll("#operator-focus input:checked")].map((box) => box.value);
    const added = await attemptLink(
      "operator-result",
      () => call("/operators", { method: "POST", body: { name, focus } }),
      (answer) => `${answer.name}'s desk link`,
    );
    if (added) {
      // The form starts empty for the next operator: no name, no ship ticked.
      byId("operator-name").value = "";
      for (const box of document.querySelectorAll("#operator-focus input")) box.checked = false;
    }
  });
  byId("roster-filter").addEventListener("change", () => redrawRoster());
}

function drawTeamFilter(seats) {
  const teams = new Map();
  for (const seat of seats) teams.set(seat.team, seat.team_name);
  fill("roster-filter", el("option", { value: "" }, "every team"), [...teams].map(([id, name]) => el("option", { value: id }, name)));
}

/** A checkbox per ship, named by the ship, ticked for those in `chosen`. */
function shipChoices(chosen = []) {
  return ships.map((sid) => el("label", { class: "inline" }, el("input", { type: "checkbox", value: sid, checked: chosen.includes(sid) }), shipNames.get(sid) || sid));
}

function drawFocusChoices() {
  fill("operator-focus", shipChoices());
}

function shipList(focus) {
  return focus.map((sid) => shipNames.get(sid) || sid).join(", ");
}

let lastRoster = null;

function redrawRoster() {
  if (lastRoster) drawRoster(lastRoster);
}

function drawRoster(roster) {
  lastRoster = roster;
  const team = byId("roster-filter").value;
  const seats = roster.seats.filter((seat) => !team || seat.label.split("/")[0] === team || (team === "control" && seat.seat === 0));
  const open = roster.seats.filter((seat) => seat.holder === null).length;
  setText("roster-counts", `${roster.seats.length} seats, ${open} open, ${roster.devices} devices connected`);
  fill(
    "roster",
    el("thead", {}, el("tr", {}, ["Seat", "Role", "Played by", "Devices", "Change"].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, keptRows(seats)),
  );
}

const seatRows = new Map();
const movedRows = new Map();

/** Each seat's row and its new link's row (if just moved), each rebuilt only when what it shows has changed. */
function keptRows(seats) {
  const label = (seat) => seat.label;
  const rows = keptEach(seatRows, seats, label, (seat) => JSON.stringify([seat, people.of(seat.label)]), rosterRow);
  const links = keptEach(movedRows, seats, label, (seat) => JSON.stringify([moved.get(seat.label) || null, people.of(seat.label)]), movedRow);
  return seats.map((_, i) => [rows[i], links[i]]);
}

function rosterRow(seat) {
  const name = el("input", { type: "text", maxlength: 80, "aria-label": `Person for ${seat.label}`, value: seat.holder === "person" ? seat.name : "" });
  const who = people.of(seat.label, { start: true });
  const change = (holder, body = {}) => async () => {
    if (holder === "move" && !(await ask(`${who}: move this seat to a new device? Its link changes and the device that holds it now loses it at once.`, "Move the seat"))) {
      show("roster-result", `${who}: not moved.`, "");
      return null;
    }
    const answer = await attempt(
      "roster-result",
      () => call("/seats", { method: "POST", body: { seat: seat.label, holder, ...body } }),
      (result) => (result.link ? `${who}: moved, the new link is under the row.` : `${who}: changed.`),
    );
    if (answer && answer.link) {
      moved.set(seat.label, answer);
      redrawRoster();
      document.querySelector(`#roster tr.moved-link[data-label="${CSS.escape(seat.label)}"]`)?.scrollIntoView({ block: "nearest" });
    }
    return answer;
  };
  const controls =
    seat.seat === 0
      ? el("span", { class: "muted" }, "Control's seat")
      : el(
          "div",
          { class: "roster-controls" },
          name,
          el("button", { type: "button", class: "small", onclick: () => change("person", { name: name.value.trim() })() }, "Assign"),
          el("button", { type: "button", class: "small", onclick: change("bot") }, "Bot"),
          el("button", { type: "button", class: "small", onclick: change("control") }, "Control"),
          el("button", { type: "button", class: "small", onclick: change("nobody") }, "Nobody"),
          el("button", { type: "button", class: "small danger", onclick: change("move") }, "Move"),
        );
  return el(
    "tr",
    { "data-label": seat.label },
    el("th", { scope: "row" }, String(seat.seat)),
    el("td", {}, el("strong", {}, seat.role), el("br"), el("span", { class: "muted" }, `${seat.team} · ${seat.label}`)),
    el("td", {}, seat.name || el("span", { class: "muted" }, "nobody yet")),
    el("td", {}, String(seat.connected)),
    el("td", {}, controls),
  );
}

/** Under a seat just moved: its new link and QR code, ready to scan from the new phone, until dismissed. */
function movedRow(seat) {
  const answer = moved.get(seat.label);
  if (!answer) return null;
  const done = () => {
    moved.delete(seat.label);
    redrawRoster();
  };
  return el(
    "tr",
    { class: "moved-link", "data-label": seat.label },
    el(
      "td",
      { colspan: 5 },
      el(
        "div",
        { class: "moved-body" },
        sharedLink(answer, `${people.of(seat.label, { start: true })}: the seat's new link (its old device has lost it)`),
        el("button", { type: "button", class: "small", onclick: done }, "Done"),
      ),
    ),
  );
}

function drawOperators(operators) {
  lastOperators = operators;
  fill("operators", operators.length ? operators.map(operatorItem) : el("li", { class: "muted" }, "No operators yet: add one per desk."));
}

function operatorItem(op) {
  const path = `/operators/${encodeURIComponent(op.name)}`;
  const remove = async () => {
    if (!(await ask(`Remove ${op.name}? Their desk closes at once and their link stops working.`, `Remove ${op.name}`))) {
      show("operator-result", `${op.name} not removed.`, "");
      return;
    }
    await attempt("operator-result", () => call(path, { method: "POST", body: { action: "remove" } }), () => `${op.name} removed: their desk is closed.`);
  };
  const item = el(
    "li",
    {},
    el("strong", {}, op.name),
    " ",
    el("span", { class: "muted" }, op.focus.length ? `watches ${shipList(op.focus)}` : "watches every ship"),
    " ",
    el("button", { type: "button", class: "small", "aria-expanded": String(editing === op.name), onclick: () => editShips(editing === op.name ? null : op.name) }, "Change ships"),
    " ",
    el("button", {
      type: "button",
      class: "small",
      onclick: () =>
        attemptLink("operator-result", () => call(path, { method: "POST", body: { action: "new-token" } }), () => `${op.name}'s new desk link (the old one stops at once)`),
    }, "New link"),
    " ",
    el("button", { type: "button", class: "small danger", onclick: remove }, "Remove"),
  );
  if (editing === op.name) {
    const choices = el("div", {}, shipChoices(op.focus));
    const save = async (event) => {
      event.preventDefault();
      const focus = [...choices.querySelectorAll("input:checked")].map((box) => box.value);
      const saved = await attempt("operator-result", () => call(path, { method: "POST", body: { action: "focus", focus } }), () => `${op.name} now watches ${focus.length ? shipList(focus) : "every ship"}.`);
      if (saved) editShips(null);
    };
    item.append(
      el(
        "form",
        { class: "stack", novalidate: true, onsubmit: save },
        el("fieldset", { class: "ship-choices" }, el("legend", {}, `${op.name} watches (none: every ship)`), choices),
        el("button", { type: "submit", class: "primary" }, "Save ships"),
      ),
    );
  }
  return item;
}

function editShips(name) {
  editing = name;
  drawOperators(lastOperators);
}

start();
