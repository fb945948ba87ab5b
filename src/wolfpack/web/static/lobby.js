// The lobby: lists open tables and opens new ones through the server's JSON API. Games, their options and their
// bots come from /api/games, so a newly registered game appears here with nothing written for it.
"use strict";

let games = [];

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function notice(message) {
  const box = document.getElementById("notice");
  box.textContent = message;
  box.hidden = !message;
}

function currentGame() {
  return games.find((g) => g.name === document.getElementById("game").value);
}

function optionInput(name, schema) {
  const label = el("label", { class: "option" }, `${schema.title || name} `);
  let input;
  if (schema.enum) {
    input = el("select");
    for (const value of schema.enum) input.append(el("option", { value }, String(value)));
  } else if (schema.type === "boolean") {
    input = el("input", { type: "checkbox" });
  } else {
    input = el("input", { type: schema.type === "integer" || schema.type === "number" ? "number" : "text" });
    if (schema.minimum !== undefined) input.min = schema.minimum;
    if (schema.maximum !== undefined) input.max = schema.maximum;
  }
  input.name = name;
  input.dataset.kind = schema.type || "string";
  if (schema.default !== undefined && schema.default !== null) {
    if (input.type === "checkbox") input.checked = schema.default;
    else input.value = schema.default;
  }
  input.addEventListener("change", () => name === "players" && renderSeats());
  label.append(input);
  if (schema.description) label.title = schema.description;
  return label;
}

function renderOptions() {
  const box = document.getElementById("options");
  box.replaceChildren(el("legend", {}, "Options"));
  const properties = currentGame().options.properties || {};
  // A content pack is a file on the server: the organiser picks it when starting the server, not the web.
  for (const [name, schema] of Object.entries(properties)) if (name !== "content") box.append(optionInput(name, schema));
  renderSeats();
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#options input, #options select")) {
    if (input.type === "checkbox") options[input.name] = input.checked;
    else if (input.value === "") continue;
    else options[input.name] = input.dataset.kind === "integer" ? parseInt(input.value, 10) : input.dataset.kind === "number" ? parseFloat(input.value) : input.value;
  }
  return options;
}

function seatCount() {
  const players = document.querySelector("#options [name=players]");
  return players ? parseInt(players.value, 10) : currentGame().num_players;
}

function renderSeats() {
  const box = document.getElementById("seat-list");
  box.replaceChildren(el("legend", {}, "Seats"));
  const game = currentGame();
  for (let seat = 0; seat < seatCount(); seat += 1) {
    const row = el("div", { class: "seat-row", "data-seat": seat });
    row.append(el("span", {}, `Seat ${seat + 1}`));
    const kind = el("select", { class: "kind", "aria-label": `seat ${seat + 1} is played by` });
    kind.append(el("option", { value: "human" }, "a person"), el("option", { value: "bot" }, "a bot"));
    if (seat > 0) kind.value = "bot";
    const name = el("input", { class: "name", placeholder: "name", maxlength: "40", "aria-label": `seat ${seat + 1} name` });
    const bot = el("select", { class: "bot", "aria-label": `seat ${seat + 1} bot` });
    for (const b of game.bots) bot.append(el("option", { value: b }, b));
    if (game.bots.includes("heuristic")) bot.value = "heuristic";
    row.append(kind, name, bot);
    box.append(row);
  }
}

function readSeats() {
  return [...document.querySelectorAll(".seat-row")].map((row) => {
    const seat = { kind: row.querySelector(".kind").value, bot: row.querySelector(".bot").value };
    const name = row.querySelector(".name").value.trim();
    if (name) seat.name = name;
    return seat;
  });
}

function numberOrNull(id) {
  const value = document.getElementById(id).value;
  return value === "" ? null : parseFloat(value);
}

async function createTable(event) {
  event.preventDefault();
  notice("");
  const body = {
    game: currentGame().name,
    options: readOptions(),
    seats: readSeats(),
    clock_seconds: numberOrNull("clock"),
    takeover_seconds: numberOrNull("takeover"),
    bot_delay: numberOrNull("bot-delay") ?? 0.6,
  };
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const table = await response.json();
  if (!response.ok) {
    notice(typeof table.detail === "string" ? table.detail : JSON.stringify(table.detail));
    return;
  }
  showLinks(table);
  loadTables();
}

function showLinks(table) {
  const list = document.getElementById("links");
  list.replaceChildren();
  for (const seat of table.seats) {
    if (!seat.link) continue;
    // The server sends links relative to itself (unless it knows its public address): whole ones are for sharing.
    const link = new URL(seat.link, location.href).href;
    const item = el("li");
    item.append(el("a", { href: link, class: "seat-link", "data-seat": seat.seat, target: "_blank" }, `Seat ${seat.seat + 1} (${seat.name})`));
    item.append(el("input", { readonly: "", value: link, class: "copy", "aria-label": `seat ${seat.seat + 1} link` }));
    list.append(item);
  }
  const watch = el("li");
  watch.append(el("a", { href: new URL(table.spectator_link, location.href).href, class: "spectator-link", target: "_blank" }, "Watch (spectators)"));
  list.append(watch);
  document.getElementById("created").hidden = false;
}

const PAGE_SIZE = 20;
let tablesOffset = 0;

async function loadTables() {
  const response = await fetch(`/api/tables?limit=${PAGE_SIZE}&offset=${tablesOffset}`);
  const page = await response.json();
  if (!page.tables.length && tablesOffset > 0 && page.total > 0) {
    // The tables of this page ended or expired: show the last page there is.
    tablesOffset = Math.max(0, Math.floor((page.total - 1) / PAGE_SIZE) * PAGE_SIZE);
    return loadTables();
  }
  const tables = page.tables;
  const list = document.getElementById("tables");
  list.replaceChildren();
  if (!tables.length) list.append(el("li", { class: "muted" }, "No open tables yet."));
  document.getElementById("newer").hidden = tablesOffset === 0;
  document.getElementById("older").hidden = tablesOffset + tables.length >= page.total;
  document.getElementById("table-count").textContent = page.total
    ? `${tablesOffset + 1}–${tablesOffset + tables.length} of ${page.total}`
    : "";
  for (const table of tables) {
    const item = el("li", { "data-table": table.id });
    const seats = table.seats.map((s) => `${s.name}${s.kind === "bot" ? "" : s.connected ? " ●" : " ○"}`).join(", ");
    item.append(el("a", { href: `/play/${table.id}` }, `${table.long_name} · ${table.id}`));
    item.append(el("span", { class: "muted" }, ` move ${table.version} · ${seats}`));
    list.append(item);
  }
}

async function start() {
  games = await (await fetch("/api/games")).json();
  const select = document.getElementById("game");
  for (const game of games) select.append(el("option", { value: game.name }, game.long_name));
  select.addEventListener("change", renderOptions);
  document.getElementById("create").addEventListener("submit", createTable);
  document.getElementById("newer").addEventListener("click", () => {
    tablesOffset = Math.max(0, tablesOffset - PAGE_SIZE);
    loadTables();
  });
  document.getElementById("older").addEventListener("click", () => {
    tablesOffset += PAGE_SIZE;
    loadTables();
  });
  renderOptions();
  loadTables();
  setInterval(loadTables, 5000);
}

start();
