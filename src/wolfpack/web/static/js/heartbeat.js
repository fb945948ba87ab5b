// The heartbeat every live page keeps on its WebSocket (an event's pages, a table's): a dead network keeps a socket
// "open" for a minute or more, so after QUIET_MS with nothing heard the page pings, and a socket that does not answer
// within ANSWER_MS is taken for lost. Checked every TICK_MS, a page says it is offline within
// QUIET_MS + ANSWER_MS + 2 TICK_MS = 4.5 s.

const QUIET_MS = 1500;
const ANSWER_MS = 2500;
const TICK_MS = 250;

/** One socket's heartbeat: `heard()` on every frame; `lost(socket)` is called once if the socket stops answering. */
export class Heartbeat {
  constructor(lost) {
    this.lost = lost;
    this.timer = null;
  }

  /** Watch `socket` (just opened) from now on, instead of any socket watched before. */
  start(socket) {
    this.stop();
    this.heard();
    this.timer = setInterval(() => this.beat(socket), TICK_MS);
  }

  /** Something came in: the socket is alive. */
  heard() {
    this.heardAt = performance.now();
    this.pingedAt = null;
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }

  /** Ping a quiet socket; one that did not answer in time is closed here and reported lost. */
  beat(socket) {
    if (socket.readyState !== WebSocket.OPEN) return this.stop();
    const now = performance.now();
    if (this.pingedAt !== null && now - this.pingedAt > ANSWER_MS) {
      this.stop();
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
      this.lost(socket);
    } else if (this.pingedAt === null && now - this.heardAt > QUIET_MS) {
      this.pingedAt = now;
      socket.send(JSON.stringify({ type: "ping" }));
    }
  }
}
