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

/** What an acknowledged action did, as its page says it: `done: <action>`, then the lines it added to the seat's log
 * (the ack's `said`: a strike's roll and hits, a freeform action's result, put in people's words by `say`), so the
 * answer is the outcome. */
export function doneText(action, answer, say = (line) => line) {
  const said = Array.isArray(answer.said) ? answer.said.map(say) : [];
  return [`done: ${action}`, ...said].join(" · ");
}

/**
 * Show a form's result: a sentence, marked ok or error. With `until` (the event's version the answer made: "done:
 * ...", "advanced"), the line is cleared by `clearOutdated` once the event is at another version.
 */
export function show(id, text, kind = "", until = null) {
  const node = document.getElementById(id);
  node.textContent = text;
  node.dataset.kind = kind;
  if (typeof until === "number") standing.set(id, until);
  else standing.delete(id);
}

/** The event is at `version` now: clear the result lines that told of another version (no longer how it stands). */
export function clearOutdated(version) {
  for (const [id, until] of standing) {
    if (until !== version) show(id, "", "");
  }
}
