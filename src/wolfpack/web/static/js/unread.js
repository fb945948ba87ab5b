// What is new on each pane of Control's desk since the pane was last looked at, counted on its tab. A pane's news is
// either a set of things, each with a fingerprint (a notice, a ship, a message: new or changed since it was seen),
// or a running count of changes (the audit log, whose lines the desk is not sent one by one).

import { showCount } from "./tabs.js";

export class Unread {
  /** `shown()` names the pane on screen now: what it holds counts as seen. */
  constructor(shown) {
    this.shown = shown;
    this.seen = new Map();
    this.latest = new Map();
    this.changes = new Map();
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

  /** `count` more changes reached a pane counted by changes (none while it is on screen). */
  changed(pane, count = 1) {
    const total = this.shown() === pane ? 0 : (this.changes.get(pane) || 0) + count;
    this.changes.set(pane, total);
    showCount(pane, total);
  }

  /** The pane is on screen: everything in it is seen. */
  looked(pane) {
    if (this.latest.has(pane)) this.things(pane, this.latest.get(pane));
    if (this.changes.has(pane)) this.changed(pane, 0);
  }
}
