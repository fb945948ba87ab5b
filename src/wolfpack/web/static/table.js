// A table page: one WebSocket, frames in, actions out. Every rule lives on the server; this page only shows the
// frame it is sent (the seat's own view, the board already drawn) and offers the legal actions it lists.
"use strict";

// The board's clicking and the list of moves live in modules of their own (loaded once; a classic script imports
// them dynamically).
const picks = import("/static/js/picks.js");
const moves = import("/static/js/moves.js");

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("token");
let socket = null;
let frame = null;
let retryDelay = 500;
let pending = null;
let syncing = false;

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function notice(message, kind = "error") {
  const box = document.getElementById("notice");
  box.textContent = message;
  box.dataset.kind = kind;
  box.hidden = !message;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  setConnection("connecting");
  socket.onopen = () => {
    retryDelay = 500;
    syncing = false;
    setConnection("connected");
    socket.send(JSON.stringify({ type: "join", token: token, render: true }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    setConnection("disconnected");
    if (event.code === 1008 || event.code === 4404) {
      notice(event.reason || "The server closed this connection.");
      return;
    }
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 5000);
  };
}

function setConnection(state) {
  const badge = document.getElementById("connection");
  badge.dataset.state = state;
  badge.textContent = state;
}

function receive(message) {
  if (message.type === "state") {
    if (!message.snapshot) {
      // An update builds on the version this page shows and carries only the log lines it lacks; after a gap
      // (which a socket in order should never have) the page asks for the whole view again.
      if (syncing || !frame || message.since !== frame.version || message.log_from > frame.log.length) {
        if (!syncing && socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "sync" }));
        syncing = true;
        return;
      }
      message.log = frame.log.slice(0, message.log_from).concat(message.log);
      if (message.log_notation && frame.log_notation) {
        message.log_notation = frame.log_notation.slice(0, message.log_from).concat(message.log_notation);
      }
    }
    syncing = false;
    frame = message;
    pending = null;
    render();
  } else if (message.type === "seats") {
    if (!frame) return;
    frame.seats = message.seats;
    renderSeats();
  } else if (message.type === "error") {
    pending = null;
    notice(message.message);
    if (frame) renderActions();
  } else if (message.type === "ack") {
    notice("");
  }
}

function render() {
  document.body.dataset.version = frame.version;
  document.body.dataset.status = frame.status;
  document.title = `${frame.long_name} · table ${frame.table}`;
  document.getElementById("title").textContent = `${frame.long_name} · table ${frame.table}`;
  const me = frame.seat === null ? null : frame.seats[frame.seat];
  document.getElementById("who").textContent =
    me === null ? "You are watching." : `You are seat ${frame.seat + 1}: ${me.name}.`;
  document.getElementById("seed-fixed").hidden = !frame.seed_fixed;
  document.getElementById("turn").textContent = frame.turn || "";
  const board = document.getElementById("board");
  board.innerHTML = frame.board || "";
  const shown = frame;
  picks.then(({ wirePicks }) => wirePicks(board, shown.status === "playing" ? shown.choices || [] : [], act));
  renderActions();
  renderSeats();
  renderLog();
  renderResult();
}

function renderActions() {
  const shown = frame;
  const waiting = pending !== null;
  moves.then(({ renderMoves }) => renderMoves(document.getElementById("actions"), shown, waiting, act));
}

function act(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN || pending !== null) return;
  pending = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  socket.send(JSON.stringify({ type: "act", token, action, version: frame.version, request_id: pending }));
  renderActions();
}

function renderSeats() {
  const list = document.getElementById("seats");
  list.replaceChildren();
  frame.seats.forEach((seat, index) => {
    const item = el("li", { "data-seat": index, class: frame.to_act.includes(index) ? "to-act" : "" });
    const state = seat.kind === "bot" ? "bot" : seat.stand_in ? "away: a bot plays" : seat.connected ? "here" : "not here";
    item.append(el("span", { class: "seat-name" }, `${index + 1}. ${seat.name}`));
    item.append(el("span", { class: `seat-state ${seat.connected ? "on" : "off"}` }, state));
    list.append(item);
  });
}

function renderLog() {
  // Lines the page already shows stay; only those from the first changed line on are redrawn. Each line is in
  // words; where the game gives its action in notation, that is the line's tooltip.
  const list = document.getElementById("log");
  const keep = Math.min(frame.log_from, list.children.length);
  while (list.children.length > keep) list.lastChild.remove();
  const notation = frame.log_notation || [];
  list.append(
    ...frame.log.slice(keep).map((line, index) => {
      const text = notation[keep + index];
      return el("li", text ? { title: text, "data-notation": text } : {}, line);
    }),
  );
  list.scrollTop = list.scrollHeight;
}

function renderResult() {
  const box = document.getElementById("result");
  box.hidden = frame.status !== "over";
  if (box.hidden) return;
  const list = document.getElementById("returns");
  list.replaceChildren(
    ...frame.returns.map((value, seat) => el("li", { "data-seat": seat }, `${frame.seats[seat].name}: ${value}`)),
  );
  const button = document.getElementById("rematch");
  const link = document.getElementById("rematch-link");
  button.hidden = token === null || frame.rematch !== null;
  link.hidden = frame.rematch === null;
  if (frame.rematch !== null) link.href = `/play/${frame.rematch}${token ? `#token=${token}` : ""}`;
}

document.getElementById("rematch").addEventListener("click", async () => {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const body = await response.json();
  if (!response.ok) return notice(body.detail || "The rematch could not be made.");
  location.assign(`/play/${body.id}#token=${token}`);
});

window.addEventListener("hashchange", () => location.reload());
connect();
