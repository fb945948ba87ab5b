// The event's HTTP API as the pages call it: a token in the Authorization header (a link cannot carry one), the
// server's own sentence when it refuses, and files saved through a blob URL.

import { el } from "./dom.js";

/** Call the API; resolves with the answer's JSON (or the Response itself with `raw`), rejects with the server's
 * reason for a refusal. */
export async function api(path, { token = null, method = "GET", body = undefined, raw = false } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!answer.ok) {
    let reason = `${answer.status} ${answer.statusText}`;
    try {
      const detail = (await answer.json()).detail;
      if (detail) reason = typeof detail === "string" ? detail : JSON.stringify(detail);
    } catch {
      // Not JSON: the status says enough.
    }
    throw new Error(reason);
  }
  return raw ? answer : answer.json();
}

/** Save a blob as a file named `name` (the browser's download). */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Result lines that hold only while the event stays at the version their answer made: id -> that version. */
const standing = new Map();

/**
 * Show what an acknowledged action did, in people's words: the lines it added to the log (the ack's `said`: a strike's
 * roll and hits, a freeform action's result), each put through `say` (people named for seats' labels), or where it
 * added none, `done` (a sentence the page makes: what was pressed, or the action in words). The action's notation is
 * kept on the line's `data-action` for scripts and tests, never shown; the line clears once the event moves on.
 */
export function showDone(id, action, answer, { say = (line) => line, done = "Done." } = {}) {
  const said = Array.isArray(answer.said) ? answer.said.map(say) : [];
  show(id, said.length ? said.join(" · ") : done, "ok", answer.version);
  document.getElementById(id).dataset.action = action;
}

/**
 * Show a form's result: a sentence, marked ok or error. With `until` (the event's version the answer made: what an
 * action did, "advanced"), the line is cleared by `clearOutdated` once the event is at another version.
 */
export function show(id, text, kind = "", until = null) {
  const node = document.getElementById(id);
  node.textContent = text;
  node.dataset.kind = kind;
  delete node.dataset.action;
  if (typeof until === "number") standing.set(id, until);
  else standing.delete(id);
}

/** The event is at `version` now: clear the result lines that told of another version (no longer how it stands). */
export function clearOutdated(version) {
  for (const [id, until] of standing) {
    if (until !== version) show(id, "", "");
  }
}
