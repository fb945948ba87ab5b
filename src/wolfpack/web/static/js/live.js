// The event's WebSocket, shared by every event page: join with the device's token, follow the view (a snapshot,
// then updates that carry only new log lines; a gap asks for a snapshot with `sync`), keep the clock, messages,
// roster and the people's names (`people`: js/people.js), reconnect with backoff, and stop for good when the seat
// moved to another device.

import { Heartbeat } from "./heartbeat.js";
import { People } from "./people.js";

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 8000;
const GONE = { 4409: "moved", 4404: "no-event", 1008: "refused" };
/** Error codes after which reconnecting cannot help: the token holds nothing here. */
const FATAL = new Set(["bad-token", "no-event", "moved"]);

/** The event id of this page's address (/event/<id>/<page>). */
export function eventIdFromPath() {
  const parts = location.pathname.split("/");
  return decodeURIComponent(parts[2] || "");
}

/**
 * The token of this page: from the address's fragment (#token=...), kept in sessionStorage and removed from the
 * address bar so it is not shown, bookmarked or shared by accident; from sessionStorage after a reload.
 */
export function takeToken() {
  const key = `wolfpack-token:${location.pathname}`;
  // Another link pasted into this tab later: start again with its token.
  window.addEventListener("hashchange", () => {
    if (new URLSearchParams(location.hash.slice(1)).get("token")) location.reload();
  });
  const fromFragment = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromFragment) {
    try {
      sessionStorage.setItem(key, fromFragment);
    } catch {
      // Private mode may refuse storage: the page still works until it is reloaded.
    }
    history.replaceState(null, "", location.pathname + location.search);
    return fromFragment;
  }
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** One device's connection to an event. `onFrame(frame, socket)` hears every frame after it is followed. */
export class EventSocket {
  constructor({ event, token, onFrame = () => {}, onStatus = () => {} }) {
    this.event = event;
    this.token = token;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.welcome = null;
    this.view = null;
    this.clock = null;
    this.roster = null;
    /** The people in the seats, in words (the welcome's seats, the `names` frames' names). */
    this.people = new People();
    this.messages = [];
    this.stopped = null;
    this.socket = null;
    this.retryMs = FIRST_RETRY_MS;
    this.syncing = false;
    this.requests = new Map();
    // A socket that stops answering is closed and reconnected with backoff (js/heartbeat.js).
    this.heartbeat = new Heartbeat((socket) => this.closed(socket, { code: 1006, reason: "no answer to the heartbeat" }));
    this.latest = -1;
    this.waitingForState = [];
    document.addEventListener("visibilitychange", () => {
      // A phone's tab that slept has usually lost its socket: reconnect at once when it is looked at again.
      if (document.visibilityState === "visible" && !this.stopped && !this.isOpen()) this.connect();
    });
  }

  /** The version of the view this device shows (-1 before the first snapshot). */
  get version() {
    return this.view ? this.view.version : -1;
  }

  /**
   * The newest version of the event this device has heard of: its view's, or a later one from a `legal` or `pong`
   * frame (a seat's view is not sent again when another ship acts, but the event's version moves on).
   */
  get knownVersion() {
    return Math.max(this.version, this.latest);
  }

  isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /** Open the socket (again). */
  connect() {
    if (this.stopped) return;
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    clearTimeout(this.retryTimer);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/events/${encodeURIComponent(this.event)}`);
    this.socket = socket;
    this.status("connecting");
    socket.onopen = () => {
      this.retryMs = FIRST_RETRY_MS;
      this.expectAllMessages();
      socket.send(JSON.stringify({ type: "join", token: this.token }));
      this.status("connected");
      this.heartbeat.start(socket);
    };
    socket.onmessage = (message) => {
      this.heartbeat.heard();
      this.receive(JSON.parse(message.data));
    };
    socket.onclose = (close) => this.closed(socket, close);
  }

  /** The socket closed (or was found dead): answer what waited, then reconnect unless this device is stopped. */
  closed(socket, close) {
    if (socket !== this.socket) return;
    this.heartbeat.stop();
    this.socket = null;
    for (const [, pending] of this.requests) pending({ type: "error", code: "disconnected", message: "the connection dropped: try again" });
    this.requests.clear();
    for (const resolve of this.waitingForState.splice(0)) resolve(null);
    if (GONE[close.code]) this.stop(GONE[close.code], close.reason);
    if (this.stopped) return;
    this.status("disconnected");
    const wait = this.retryMs * (0.75 + Math.random() / 2);
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  /** Stop for good (the seat moved, the token is refused, no such event): no more reconnecting. */
  stop(why, message = "") {
    if (!this.stopped) this.stopped = { why, message };
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close();
    this.status("stopped");
  }

  status(state) {
    document.body.dataset.connection = state;
    this.onStatus(state, this);
  }

  /** Send a frame now; false if the socket is not open. */
  send(frame) {
    if (!this.isOpen()) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Ask for everything again (the page missed something). */
  sync() {
    this.expectAllMessages();
    this.syncing = true;
    this.send({ type: "sync" });
  }

  expectAllMessages() {
    this.messages = [];
  }

  /**
   * Act for `seat` at the newest version known; resolves with the server's `ack` or `error` frame (an error of code
   * "confirm" carries the question to ask before sending again with confirm: true). Refused as stale because
   * someone else acted meanwhile, it is sent once more if this device's own view did not change in between; if it
   * did, the error is returned so the person looks again before acting.
   */
  async act(seat, action, { confirm = false, reason = "" } = {}) {
    const before = this.view ? JSON.stringify(this.view.observation) : null;
    const answer = await this.actOnce(seat, action, confirm, reason);
    if (answer.type !== "error" || answer.code !== "stale") return answer;
    const now = await this.nextState();
    if (now && before !== null && JSON.stringify(now.observation) === before) {
      return this.actOnce(seat, action, confirm, reason);
    }
    return { ...answer, message: "the event changed while you chose: look again and send it again if it still stands" };
  }

  actOnce(seat, action, confirm, reason) {
    const requestId = unguessableId();
    const frame = { type: "act", seat, action, version: this.knownVersion, request_id: requestId, confirm, reason };
    return new Promise((resolve) => {
      if (!this.send(frame)) {
        resolve({ type: "error", code: "disconnected", message: "not connected: wait for the connection and try again" });
        return;
      }
      this.requests.set(requestId, resolve);
    });
  }

  /** The next view this device is sent (null if the connection drops first). */
  nextState() {
    return new Promise((resolve) => this.waitingForState.push(resolve));
  }

  /** Ask for `seat`'s legal actions now (the answer arrives as a `legal` frame). */
  legal(seat) {
    this.send({ type: "legal", seat });
  }

  receive(frame) {
    switch (frame.type) {
      case "welcome":
        this.welcome = frame;
        this.people.seatsFrom(frame.seats);
        break;
      case "names":
        this.people.namesFrom(frame.names);
        break;
      case "state":
        if (!this.follow(frame)) return;
        // Each frame that tells the event's version tells it as it is now (frames come in order): after a rewind
        // it is lower than before.
        this.latest = frame.version;
        document.body.dataset.version = String(frame.version);
        for (const resolve of this.waitingForState.splice(0)) resolve(this.view);
        break;
      case "legal":
      case "pong":
        this.latest = frame.version;
        break;
      case "clock":
        this.clock = { ...frame, receivedAt: performance.now() };
        break;
      case "roster":
        this.roster = frame;
        break;
      case "messages":
        if (frame.all) this.messages = [];
        this.keepMessages(frame.messages);
        break;
      case "ack":
      case "error": {
        // An ack for a retried request tells the version that request made, which may be older than now.
        if (typeof frame.version === "number") this.latest = frame.type === "error" ? frame.version : Math.max(this.latest, frame.version);
        const pending = frame.request_id ? this.requests.get(frame.request_id) : undefined;
        if (pending) {
          this.requests.delete(frame.request_id);
          pending(frame);
        }
        if (frame.type === "error" && FATAL.has(frame.code)) this.stop(frame.code, frame.message);
        break;
      }
      case "moved":
        this.stop("moved", frame.message);
        break;
      default:
        break;
    }
    this.onFrame(frame, this);
  }

  /** Follow a state frame; false when it was an update this page cannot place (a sync is asked for instead). */
  follow(frame) {
    if (frame.snapshot) {
      this.syncing = false;
      this.view = frame;
      return true;
    }
    const view = this.view;
    if (this.syncing || !view || frame.since !== view.version || frame.log_from > view.log.length) {
      if (!this.syncing) this.sync();
      return false;
    }
    const observation = frame.patch ? applyPatch(view.observation, frame.patch) : frame.observation;
    this.view = { ...frame, observation, log: view.log.slice(0, frame.log_from).concat(frame.log) };
    delete this.view.patch;
    return true;
  }

  keepMessages(fresh) {
    // After a join or sync the server sends every readable message again: the same message is kept once.
    const seen = new Set(this.messages.map(messageKey));
    for (const message of fresh) {
      const key = messageKey(message);
      if (!seen.has(key)) {
        seen.add(key);
        this.messages.push(message);
      }
    }
  }
}

function messageKey(message) {
  return `${message.time}|${message.from}|${message.to}|${message.text}`;
}

/**
 * An observation with an update's patch applied (src/wolfpack/server/patch.py says what a patch is): a new object,
 * copying only the objects on the paths that changed, so the view held before is left as it was.
 */
export function applyPatch(observation, patch) {
  const result = { ...observation };
  const copied = new Set([""]);
  const parent = (path) => {
    let node = result;
    for (let depth = 1; depth < path.length; depth += 1) {
      const prefix = JSON.stringify(path.slice(0, depth));
      const key = path[depth - 1];
      if (!copied.has(prefix)) {
        node[key] = { ...node[key] };
        copied.add(prefix);
      }
      node = node[key];
    }
    return node;
  };
  for (const [path, value] of patch.set) parent(path)[path[path.length - 1]] = value;
  for (const path of patch.unset) delete parent(path)[path[path.length - 1]];
  return result;
}

/** Seconds left on the clock now, counted down locally from the frame's `remaining` and when it arrived. */
export function secondsLeft(clock, now = performance.now()) {
  if (!clock || clock.remaining === null || clock.remaining === undefined) return null;
  if (clock.paused) return clock.remaining;
  return Math.max(0, Math.ceil(clock.remaining - (now - clock.receivedAt) / 1000));
}

/** A clock's state as words and a style: untimed, paused, warning, overrun or running. */
export function clockState(clock, now = performance.now()) {
  if (!clock) return { text: "--:--", kind: "untimed" };
  const left = secondsLeft(clock, now);
  if (left === null) return { text: "untimed", kind: "untimed" };
  const text = formatSeconds(left);
  if (clock.paused) return { text: `${text} paused`, kind: "paused" };
  if (left <= 0) return { text: "time is up", kind: "overrun" };
  if (left <= clock.warning_seconds) return { text, kind: "warning" };
  return { text, kind: "running" };
}

/** mm:ss (h:mm:ss past an hour). */
export function formatSeconds(total) {
  const seconds = Math.max(0, Math.round(total));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

const STEPS = { start: "Start of turn", action: "Action Phase", team: "Team Phase", news: "News broadcast" };

/** The game's step in words. */
export function stepName(step) {
  return STEPS[step] || step;
}

/** Keep the clock's text (element `id`) ticking every second; returns a function that redraws it now. */
export function tickClock(socket, node) {
  const draw = () => {
    const state = clockState(socket.clock);
    node.textContent = state.text;
    node.dataset.kind = state.kind;
  };
  setInterval(draw, 1000);
  draw();
  return draw;
}

/** A request id nobody else can guess (128 random bits): an id is its sender's own, and the venue's pages are
 * served over plain http, where `crypto.randomUUID` is missing but `crypto.getRandomValues` is not. */
function unguessableId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `r-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
