// The lobby: a card per game (quick start against bots, the rules), the tables one may join or watch, and the form
// that opens a table. Games, their options, bots and words come from /api/games, so a newly registered game
// appears here with nothing written for it. After a table opens, the person's own seat comes first.
import { byId, el, fill } from "./js/dom.js";

const PAGE_SIZE = 20;
const NAME_KEY = "wolfpack.name";
const SEAT_KINDS = [
  ["you", "You"],
  ["human", "A person with a link"],
  ["open", "Anyone from the lobby"],
  ["bot", "A bot"],
];

let games = [];
let tablesOffset = 0;
let creating = false;

/** Show an error sentence (empty: hide it). */
function notice(message) {
  const box = byId("notice");
  box.textContent = message;
  box.hidden = !message;
}

/** The name this person plays under (remembered on this device), or null. */
function yourName() {
  const name = byId("your-name").value.trim();
  return name || null;
}

/** The server's refusal in words. */
function refusal(body) {
  return typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
}

async function postJson(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return [response.ok, await response.json()];
}

function gameNamed(name) {
  return games.find((g) => g.name === name);
}

function currentGame() {
  return gameNamed(byId("game").value);
}

// ---- the game cards ------------------------------------------------------------------------------------------

/** One game's card: picture, words, player counts, quick start, the rules. */
function gameCard(game) {
  const title = el("h3", { id: `card-${game.name}` }, game.long_name);
  return el(
    "li",
    { class: "game-card", id: `game-${game.name}`, "data-game": game.name, "aria-labelledby": `card-${game.name}` },
    game.picture ? el("img", { class: "game-picture", src: game.picture, alt: game.picture_text || "" }) : null,
    el(
      "div",
      { class: "game-words" },
      title,
      game.tagline ? el("p", { class: "tagline" }, game.tagline) : null,
      game.description ? el("p", { class: "description" }, game.description) : null,
      el("p", { class: "players" }, game.players_text),
    ),
    el(
      "div",
      { class: "game-buttons" },
      el(
        "button",
        { type: "button", class: "primary quick-start", "data-game": game.name, onclick: () => quickStart(game) },
        "Play against bots",
      ),
      el("button", { type: "button", class: "set-up", onclick: () => setUp(game) }, "Set up a table"),
      game.rules ? el("a", { class: "rules-link", href: game.rules }, `How to play ${game.long_name}`) : null,
    ),
  );
}

/** The seats of a quick game: this person first, bots (the game's default) in every other seat. */
function quickSeats(game) {
  const you = { kind: "human" };
  if (yourName()) you.name = yourName();
  return [you, ...Array.from({ length: game.num_players - 1 }, () => ({ kind: "bot", bot: game.default_bot }))];
}

/** Open a table against bots with the game's defaults and go straight to this person's seat. */
async function quickStart(game) {
  if (creating) return;
  creating = true;
  notice("");
  setBusy(true);
  try {
    const [ok, table] = await postJson("/api/tables", { game: game.name, options: {}, seats: quickSeats(game) });
    if (!ok) {
      notice(refusal(table));
      return;
    }
    location.assign(new URL(table.seats[0].link, location.href).href);
  } finally {
    creating = false;
    setBusy(false);
  }
}

/** Choose this game in the form and take the person to it. */
function setUp(game) {
  byId("game").value = game.name;
  renderOptions();
  byId("setup").scrollIntoView({ block: "start" });
  byId("game").focus();
}

function setBusy(busy) {
  for (const button of document.querySelectorAll(".quick-start, #create-button")) button.disabled = busy;
}

// ---- the form ------------------------------------------------------------------------------------------------

/** A field for one of the game's options, from its JSON schema. */
function optionInput(name, schema) {
  let input;
  if (schema.enum) {
    input = el("select", {}, schema.enum.map((value) => el("option", { value }, String(value))));
  } else if (schema.type === "boolean") {
    input = el("input", { type: "checkbox" });
  } else {
    const numeric = schema.type === "integer" || schema.type === "number";
    input = el("input", { type: numeric ? "number" : "text", min: schema.minimum, max: schema.maximum });
  }
  input.name = name;
  input.dataset.kind = schema.type || "string";
  if (schema.default !== undefined && schema.default !== null) {
    if (input.type === "checkbox") input.checked = schema.default;
    else input.value = schema.default;
  }
  if (name === "players") input.addEventListener("change", renderSeats);
  const hint = schema.description ? el("span", { class: "hint" }, schema.description) : null;
  return el("label", { class: "option" }, `${schema.title || name} `, input, hint);
}

function renderOptions() {
  const properties = currentGame().options.properties || {};
  fill("players-option", properties.players ? optionInput("players", properties.players) : null);
  // A content pack is a file on the server: the organiser picks it when starting the server, not the web.
  const others = Object.entries(properties).filter(([name]) => name !== "content" && name !== "players");
  fill("game-options", el("legend", {}, "Game options"), others.map(([name, schema]) => optionInput(name, schema)));
  byId("game-options").hidden = others.length === 0;
  renderSeats();
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#players-option :is(input, select), #game-options :is(input, select)")) {
    if (input.type === "checkbox") options[input.name] = input.checked;
    else if (input.value === "") continue;
    else if (input.dataset.kind === "integer") options[input.name] = parseInt(input.value, 10);
    else if (input.dataset.kind === "number") options[input.name] = parseFloat(input.value);
    else options[input.name] = input.value;
  }
  return options;
}

function seatCount() {
  const players = document.querySelector("#players-option [name=players]");
  return players ? parseInt(players.value, 10) : currentGame().num_players;
}

/** What a seat plays when the game gives it a part of its own (WOLF's last seat is the werewolf pack), or null. */
function seatPart(game, seat, count) {
  return seat === count - 1 && game.last_seat ? game.last_seat : null;
}

/** One seat's row: who sits there, their name, which bot, and the seat's own part in the game if it has one. */
function seatRow(game, seat, count) {
  const number = seat + 1;
  const part = seatPart(game, seat, count);
  const called = part ? `Seat ${number} (${part})` : `Seat ${number}`;
  const kind = el(
    "select",
    { class: "kind", "aria-label": `${called}: who plays` },
    SEAT_KINDS.map(([value, text]) => el("option", { value }, text)),
  );
  kind.value = seat === 0 ? "you" : "bot";
  const name = el("input", { class: "name", maxlength: "40", "aria-label": `${called}: name` });
  const bot = el(
    "select",
    { class: "bot", "aria-label": `${called}: which bot` },
    game.bots.map((b) => el("option", { value: b }, game.bot_titles[b] || b)),
  );
  bot.value = game.default_bot;
  const row = el(
    "div",
    { class: "seat-row", "data-seat": seat },
    el("span", { class: "seat-number" }, `Seat ${number}`),
    kind,
    name,
    bot,
    part ? el("span", { class: "seat-part" }, part) : null,
  );
  kind.addEventListener("change", () => {
    if (kind.value === "you") {
      // One person opens the table: another seat marked "You" becomes a friend's.
      for (const other of document.querySelectorAll(".seat-row .kind")) if (other !== kind && other.value === "you") {
        other.value = "human";
        showSeatKind(other.closest(".seat-row"));
      }
    }
    showSeatKind(row);
  });
  showSeatKind(row);
  return row;
}

/** Show the fields a seat's kind uses: a bot's kind for bots, a name for people (an open seat's joiner names it). */
function showSeatKind(row) {
  const kind = row.querySelector(".kind").value;
  const name = row.querySelector(".name");
  // A seat this person leaves keeps no name of theirs: a bot gets the table's name for it, a friend their own.
  if (row.dataset.kind === "you" && kind !== "you") name.value = "";
  row.dataset.kind = kind;
  row.querySelector(".bot").hidden = kind !== "bot";
  name.hidden = kind === "open";
  name.placeholder = kind === "bot" ? "name (optional)" : kind === "you" ? "your name" : "their name";
  if (kind === "you" && !name.value && yourName()) name.value = yourName();
}

function renderSeats() {
  const game = currentGame();
  const count = seatCount();
  const rows = Array.from({ length: count }, (_, seat) => seatRow(game, seat, count));
  fill("seat-list", el("legend", {}, "Seats"), rows);
}

function readSeats() {
  return [...document.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".kind").value;
    const seat = { kind: kind === "bot" ? "bot" : "human", bot: row.querySelector(".bot").value };
    if (kind === "open") seat.open = true;
    const name = row.querySelector(".name").value.trim();
    if (name && kind !== "open") seat.name = name;
    return seat;
  });
}

function numberOrNull(id) {
  const value = byId(id).value;
  return value === "" ? null : parseFloat(value);
}

async function createTable(event) {
  event.preventDefault();
  if (creating) return; // a second click while the first is on its way opens no second table
  creating = true;
  notice("");
  setBusy(true);
  const you = [...document.querySelectorAll(".seat-row .kind")].findIndex((kind) => kind.value === "you");
  const body = {
    game: currentGame().name,
    options: readOptions(),
    seats: readSeats(),
    clock_seconds: numberOrNull("clock"),
    takeover_seconds: numberOrNull("takeover"),
    bot_delay: numberOrNull("bot-delay") ?? 0.6,
  };
  try {
    const [ok, table] = await postJson("/api/tables", body);
    if (!ok) {
      notice(refusal(table));
      return;
    }
    showCreated(table, you);
    loadTables();
  } finally {
    creating = false;
    setBusy(false);
  }
}

// ---- after opening: your seat first, then the links to share -------------------------------------------------

/** A whole address for a link the server sent (relative unless the server knows its public address). */
function whole(link) {
  return new URL(link, location.href).href;
}

/** Copy a link: the clipboard where the browser allows it (https, localhost), else the field's text selected. */
async function copy(input, status) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  status.textContent = "Copied.";
}

/** A QR code of the link, drawn by the server (the page sends the whole link: only it knows its address). */
async function qrImage(link, label) {
  const image = el("img", { class: "qr", alt: `QR code of ${label}`, width: "132", height: "132" });
  const [ok, body] = await postJson("/api/qr", { text: link });
  if (ok) image.src = body.image;
  else image.replaceWith(el("span", { class: "muted" }, "(no QR code)"));
  return image;
}

/** A link to share: what it is for, the address, a copy button and its QR code. */
function shareItem(label, link, attrs) {
  const field = el("input", { readonly: true, value: link, class: "copy", "aria-label": `${label}: link` });
  const status = el("span", { class: "copied", role: "status" });
  const item = el(
    "li",
    { class: "share-item" },
    el("a", { href: link, target: "_blank", rel: "noopener", ...attrs }, label),
    el("div", { class: "copy-row" }, field, el("button", { type: "button", class: "copy-button", "aria-label": `Copy the link of ${label}`, onclick: () => copy(field, status) }, "Copy"), status),
  );
  qrImage(link, label).then((image) => item.append(image));
  return item;
}

function showCreated(table, you) {
  byId("setup").hidden = true; // the form is done: no second click can open a second table
  const mine = you >= 0 ? table.seats[you] : null;
  fill(
    "your-seat",
    mine
      ? el(
          "a",
          { class: "seat-link take-seat big-link", href: whole(mine.link), "data-seat": mine.seat },
          `Take your seat: Seat ${mine.seat + 1} (${mine.name})`,
        )
      : el("p", {}, "You do not play at this table: share the links below, or watch."),
  );
  const shared = table.seats.filter((seat) => seat.link && seat.seat !== you);
  const open = table.seats.filter((seat) => seat.open);
  const items = shared.map((seat) =>
    shareItem(`Seat ${seat.seat + 1} (${seat.name})`, whole(seat.link), { class: "seat-link", "data-seat": seat.seat }),
  );
  items.push(shareItem("Watch (spectators)", whole(table.spectator_link), { class: "spectator-link" }));
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname) && table.spectator_link.startsWith("/");
  fill(
    "share",
    shared.length ? el("h3", {}, "Links to send") : null,
    shared.length ? el("p", {}, "Each link is a seat's key: send it to that person only.") : null,
    open.length
      ? el("p", { class: "open-seats" }, `${open.map((s) => `Seat ${s.seat + 1}`).join(", ")}: open, anyone may take it from this lobby.`)
      : null,
    local
      ? el("p", { class: "notice" }, "These links name this computer (localhost): other devices cannot open them. Open the lobby at the server's network address, or start it with --public-url.")
      : null,
    el("ul", { id: "links", class: "links" }, items),
  );
  const created = byId("created");
  created.hidden = false;
  created.scrollIntoView({ block: "start" });
  (created.querySelector(".take-seat") || created).focus();
}

function another() {
  byId("created").hidden = true;
  byId("setup").hidden = false;
  byId("setup").scrollIntoView({ block: "start" });
  byId("game").focus();
}

// ---- the tables one may join or watch ------------------------------------------------------------------------

/** Take a free open seat of a table and go to it. */
async function join(table) {
  notice("");
  const body = yourName() ? { name: yourName() } : {};
  const [ok, seat] = await postJson(`/api/tables/${table.id}/join`, body);
  if (!ok) {
    notice(refusal(seat));
    loadTables();
    return;
  }
  location.assign(whole(seat.link));
}

function seatText(seat) {
  if (seat.open) return "free seat";
  if (seat.kind === "bot") return seat.name;
  return `${seat.name} (${seat.connected ? "here" : "away"})`;
}

function tableItem(table) {
  const free = table.seats.filter((seat) => seat.open).length;
  return el(
    "li",
    { "data-table": table.id, class: free ? "table-row joinable" : "table-row" },
    el("span", { class: "table-game" }, table.long_name),
    el("span", { class: "muted table-seats" }, ` move ${table.version} · ${table.seats.map(seatText).join(", ")}`),
    el(
      "span",
      { class: "table-buttons" },
      free
        ? el("button", { type: "button", class: "primary join", "aria-label": `Join ${table.long_name} (${free} free)`, onclick: () => join(table) }, "Join")
        : null,
      el("a", { class: "watch", href: `/play/${table.id}`, "aria-label": `Watch ${table.long_name} ${table.id}` }, "Watch"),
    ),
  );
}

async function loadTables() {
  const response = await fetch(`/api/tables?limit=${PAGE_SIZE}&offset=${tablesOffset}`);
  const page = await response.json();
  if (!page.tables.length && tablesOffset > 0 && page.total > 0) {
    // The tables of this page ended or expired: show the last page there is.
    tablesOffset = Math.max(0, Math.floor((page.total - 1) / PAGE_SIZE) * PAGE_SIZE);
    return loadTables();
  }
  const tables = page.tables;
  fill("tables", tables.length ? tables.map(tableItem) : el("li", { class: "muted" }, "No games in play yet."));
  byId("newer").hidden = tablesOffset === 0;
  byId("older").hidden = tablesOffset + tables.length >= page.total;
  byId("table-count").textContent = page.total ? `${tablesOffset + 1}–${tablesOffset + tables.length} of ${page.total}` : "";
}

// ---- start -----------------------------------------------------------------------------------------------------

async function start() {
  const nameField = byId("your-name");
  nameField.value = localStorage.getItem(NAME_KEY) || "";
  nameField.addEventListener("change", () => {
    localStorage.setItem(NAME_KEY, nameField.value.trim());
    const mine = [...document.querySelectorAll(".seat-row")].find((row) => row.querySelector(".kind").value === "you");
    if (mine) mine.querySelector(".name").value = nameField.value.trim();
  });
  games = await (await fetch("/api/games")).json();
  fill("games", games.map(gameCard));
  fill("game", games.map((game) => el("option", { value: game.name }, game.long_name)));
  const asked = location.hash.startsWith("#game-") ? location.hash.slice(6) : null;
  if (asked && gameNamed(asked)) byId("game").value = asked;
  byId("game").addEventListener("change", renderOptions);
  byId("create").addEventListener("submit", createTable);
  byId("another").addEventListener("click", another);
  byId("newer").addEventListener("click", () => {
    tablesOffset = Math.max(0, tablesOffset - PAGE_SIZE);
    loadTables();
  });
  byId("older").addEventListener("click", () => {
    tablesOffset += PAGE_SIZE;
    loadTables();
  });
  renderOptions();
  loadTables();
  setInterval(loadTables, 5000);
}

start();
