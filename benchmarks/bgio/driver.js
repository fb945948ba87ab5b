// The load driver of benchmarks/server_vs_bgio.py: the same players, at the same pace, against either server.
//
//   node driver.js '{"target": "wolfpack" | "bgio", "base": "http://127.0.0.1:PORT", "tables": 10, "rate": 40,
//                    "seconds": 20, "warmup": 3, "seed": 1, "render": true}'
//
// `tables` games are in play at once, each with two seats, each seat its own connection: to wolfpack a table's
// WebSocket (the page's protocol: join with the seat's token, act with the version), to boardgame.io its own
// client (boardgame.io/client with its SocketIO transport, as a boardgame.io page uses it). Every 1/rate seconds
// the seat to act at the next table that is ready plays a random free square; a table is ready once both its
// seats have seen the last move. The latency of a move runs from its submit to the moment the second of the two
// seats has the state that holds it. A finished game is closed and a new one opened in its place (both servers
// pay for the churn). Lines on stdout: {"event": "measuring"} after the warm-up, then {"event": "done", ...}.
"use strict";

const WebSocket = require("ws");
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const { TicTacToe } = require("./tictactoe");

const options = JSON.parse(process.argv[2] || "{}");
const { target, base, tables = 10, rate = 40, seconds = 20, warmup = 3, seed = 1, render = true } = options;
if (!["wolfpack", "bgio"].includes(target) || typeof base !== "string") {
  console.error('usage: node driver.js \'{"target": "wolfpack"|"bgio", "base": "http://127.0.0.1:PORT", ...}\'');
  process.exit(2);
}

/** A seeded generator of floats in [0, 1) (mulberry32): the same seed plays the same squares. */
function generator(start) {
  let a = start >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(seed);

async function post(path, body) {
  const response = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

// ---- one game on each server: open it, follow both seats, play a move, close it -------------------------------

/** A wolfpack table: two seats, each a WebSocket that joins with its token. */
class WolfpackGame {
  async open(onState) {
    const table = await post("/api/tables", {
      game: "tictactoe",
      seats: [{ kind: "human" }, { kind: "human" }],
      bot_delay: 0,
    });
    const url = `${base.replace(/^http/, "ws")}/ws/tables/${table.id}`;
    this.tokens = table.seats.map((seat) => seat.token);
    this.sockets = [];
    this.frames = [null, null];
    await Promise.all(
      this.tokens.map(
        (token, seat) =>
          new Promise((resolve, reject) => {
            const socket = new WebSocket(url);
            this.sockets.push(socket);
            socket.on("open", () => socket.send(JSON.stringify({ type: "join", token, render })));
            socket.on("error", reject);
            socket.on("message", (data) => {
              const frame = JSON.parse(data);
              if (frame.type === "error") problem(`wolfpack refused: ${frame.message || JSON.stringify(frame)}`);
              if (frame.type !== "state") return;
              this.frames[seat] = frame;
              onState(seat, frame.version, frame.status === "over");
              resolve();
            });
          }),
      ),
    );
  }

  /** The seat to act plays a random legal square; the version its move will make. */
  play() {
    const seat = this.frames.findIndex((frame) => frame.legal.length > 0);
    const frame = this.frames[seat];
    const action = frame.legal[Math.floor(random() * frame.legal.length)];
    this.sockets[seat].send(JSON.stringify({ type: "act", token: this.tokens[seat], action, version: frame.version }));
    return frame.version + 1;
  }

  close() {
    for (const socket of this.sockets) socket.close();
  }
}

/** A boardgame.io match: two seats, each boardgame.io's client over its socket.io transport. */
class BgioGame {
  async open(onState) {
    const { matchID } = await post("/games/tictactoe/create", { numPlayers: 2 });
    const credentials = [];
    for (const playerID of ["0", "1"]) {
      const joined = await post(`/games/tictactoe/${matchID}/join`, { playerID, playerName: `p${playerID}` });
      credentials.push(joined.playerCredentials);
    }
    this.states = [null, null];
    this.clients = credentials.map((secret, seat) =>
      Client({
        game: TicTacToe,
        multiplayer: SocketIO({ server: base }),
        matchID,
        playerID: String(seat),
        credentials: secret,
        numPlayers: 2,
        debug: false,
      }),
    );
    await Promise.all(
      this.clients.map(
        (client, seat) =>
          new Promise((resolve) => {
            client.subscribe((state) => {
              if (!state || state._stateID === undefined) return;
              if (this.states[seat] !== null && state._stateID === this.states[seat]._stateID) return;
              this.states[seat] = state;
              onState(seat, state._stateID, Boolean(state.ctx.gameover));
              resolve();
            });
            client.start();
          }),
      ),
    );
  }

  play() {
    const state = this.states[0];
    const seat = Number(state.ctx.currentPlayer);
    const free = state.G.cells.flatMap((cell, index) => (cell === null ? [index] : []));
    this.clients[seat].moves.clickCell(free[Math.floor(random() * free.length)]);
    return this.states[seat]._stateID + 1;
  }

  close() {
    for (const client of this.clients) client.stop();
  }
}

// ---- the tables, the pace and the figures ----------------------------------------------------------------------

const figures = { latencies: [], sent: 0, completed: 0, skipped: 0, games: 0, opened: 0, errors: 0 };
const SAID_AT_MOST = 20; // problems told on stderr; the rest are only counted

/** Tell a problem (the first few only) and count it. */
function problem(text) {
  figures.errors += 1;
  if (figures.errors <= SAID_AT_MOST) console.error(text);
}
let measuring = false;
const ready = [];

/** One table slot: a game in play, then the next one. */
class Slot {
  constructor(index) {
    this.index = index;
    this.pending = null;
  }

  async next() {
    this.game = target === "wolfpack" ? new WolfpackGame() : new BgioGame();
    this.seen = [-1, -1];
    this.over = false;
    this.pending = null;
    try {
      await this.game.open((seat, version, over) => this.onState(seat, version, over));
    } catch (error) {
      problem(`table ${this.index}: ${error.message}`);
      setTimeout(() => this.next(), 200);
      return;
    }
    if (measuring) figures.opened += 1;
    this.release();
  }

  onState(seat, version, over) {
    this.seen[seat] = Math.max(this.seen[seat], version);
    this.over = this.over || over;
    const pending = this.pending;
    if (pending === null || Math.min(...this.seen) < pending.version) return;
    const latency = performance.now() - pending.sent;
    this.pending = null;
    if (pending.measured) {
      figures.latencies.push(latency);
      figures.completed += 1;
    }
    this.release();
  }

  /** Back to the queue of ready tables, or, if the game is over, a new game in its place. */
  release() {
    if (this.over) {
      if (measuring) figures.games += 1;
      this.game.close();
      this.next();
    } else if (this.pending === null && Math.min(...this.seen) >= 0) {
      ready.push(this);
    }
  }

  play() {
    this.pending = { version: this.game.play(), sent: performance.now(), measured: measuring };
    if (measuring) figures.sent += 1;
  }
}

async function main() {
  const slots = Array.from({ length: tables }, (_, index) => new Slot(index));
  await Promise.all(slots.map((slot) => slot.next()));
  const start = performance.now();
  const interval = 1000 / rate;
  const total = Math.round((warmup + seconds) * rate);
  for (let tick = 0; tick < total; tick += 1) {
    if (tick === Math.round(warmup * rate)) {
      measuring = true;
      console.log(JSON.stringify({ event: "measuring" }));
    }
    const table = ready.shift();
    if (table === undefined) {
      if (measuring) figures.skipped += 1;
    } else {
      table.play();
    }
    const wait = start + (tick + 1) * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  measuring = false;
  console.log(JSON.stringify({ event: "stopped" }));
  await new Promise((resolve) => setTimeout(resolve, 2000)); // moves still in flight may land; later ones do not
  console.log(JSON.stringify({ event: "done", ...figures, unfinished: figures.sent - figures.completed, seconds }));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
