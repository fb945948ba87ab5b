// What is new on each pane of Control's desk since the pane was last looked at, counted on its tab. A pane's news is
// either a set of things, each with a fingerprint (a notice, a ship, a message: new or changed since it was seen),
// or a running total the server tells (the audit log's length: rows the desk is not sent one by one, written by
// whoever made a change), counted from where it stood when the pane was last looked at, even on an earlier visit.

import { showCount } from "./tabs.js";

export class Unread {
  /** `shown()` names the pane on screen now: what it holds counts as seen. With `kept` set (a prefix naming the
   * desk), where each total was last looked at is kept in the browser's storage, so a desk closed and opened again
   * counts what was written meanwhile. */
  constructor(shown, kept = null) {
    this.shown = shown;
    this.kept = kept;
    this.seen = new Map();
    this.latest = new Map();
    this.totals = new Map();
    this.seenTotals = new Map();
  }

  /** The things a pane holds now (a Map of key to fingerprint); its count is those not seen as they are now. */
  things(pane, now) {
    this.latest.set(pane, now);
    if (!this.seen.has(pane) || this.shown() === pane) this.seen.set(pane, new Map(now));
    const seen = this.seen.get(pane);
    let count = 0;
    for (const [key, print] of now) if (seen.get(key) !== print) count += 1;
    showCount(pane, count);
  }

  /** A pane's running total now; its count is how far the total went past where it stood when last looked at
   * (a total never looked at before counts as seen when first told; one that went down, into another database,
   * starts again from there). */
  total(pane, now) {
    this.totals.set(pane, now);
    let seen = this.seenTotal(pane);
    if (seen === null || seen > now || this.shown() === pane) {
      seen = now;
      this.keepTotal(pane, now);
    }
    showCount(pane, now - seen);
  }

  /** The pane is on screen: everything in it is seen. */
  looked(pane) {
    if (this.latest.has(pane)) this.things(pane, this.latest.get(pane));
    if (this.totals.has(pane)) this.total(pane, this.totals.get(pane));
  }

  seenTotal(pane) {
    if (this.seenTotals.has(pane)) return this.seenTotals.get(pane);
    const stored = this.kept ? readStored(`${this.kept}:${pane}`) : null;
    const seen = stored !== null && /^\d+$/.test(stored) ? Number(stored) : null;
    if (seen !== null) this.seenTotals.set(pane, seen);
    return seen;
  }

  keepTotal(pane, total) {
    this.seenTotals.set(pane, total);
    if (this.kept) writeStored(`${this.kept}:${pane}`, String(total));
  }
}

/** The browser's storage, where it has one (private windows may refuse it: then a total is kept while open). */
function readStored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the count starts afresh when the desk is opened again.
  }
}
