// The news's effect on the ships, chosen in place on Control's desk (issue 30: a routine task in two actions): in
// the Team Phase, a row per ship with its change (-2 to +2), a row that sets every ship at once, and one Apply that
// sends the choices as one action, `control news-effects dione:+1,carmine:-1`. The rules check it; this only
// gathers the choices and says what each ship's news stands at so far this turn (Control's view, `news`).

import { el, fill } from "./dom.js";

const CHANGES = [-2, -1, 0, 1, 2];

/** A change as the notation writes it: +1, -2 (0 as it is). */
export function signed(change) {
  return change > 0 ? `+${change}` : String(change);
}

/** The action for these choices (ships with no change left out), or null when no ship changes. */
export function effectsAction(chosen) {
  const effects = [...chosen].filter(([, change]) => change !== 0).map(([sid, change]) => `${sid}:${signed(change)}`);
  return effects.length ? `control news-effects ${effects.join(",")}` : null;
}

export class NewsEffects {
  /** `name(sid)` names a ship; `send(action)` acts and resolves with the server's answer. */
  constructor({ name, send }) {
    this.name = name;
    this.send = send;
    this.chosen = new Map();
    this.ships = [];
    this.drawn = "";
    this.form = document.getElementById("news-effects");
    this.rows = document.getElementById("news-rows");
    this.apply = document.getElementById("news-apply");
    this.result = document.getElementById("news-result");
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
  }

  /** Show the form in the Team Phase only, redrawn when the ships, their news so far or the choices change. */
  draw(observation) {
    this.last = observation;
    const team = observation.step === "team" && !observation.paused;
    this.ships = Object.keys(observation.ships);
    const sofar = observation.news || {};
    const key = JSON.stringify([team, this.ships, sofar, [...this.chosen]]);
    if (key === this.drawn) return;
    this.drawn = key;
    this.form.hidden = !team;
    if (!team) {
      this.chosen.clear();
      return;
    }
    const every = this.ships.length && this.ships.every((sid) => this.change(sid) === this.change(this.ships[0])) ? this.change(this.ships[0]) : null;
    fill(
      this.rows,
      this.row("Every ship", every, (change) => this.ships.forEach((sid) => this.chosen.set(sid, change)), "", "every"),
      this.ships.map((sid) => this.row(this.name(sid), this.change(sid), (change) => this.chosen.set(sid, change), sofar[sid] ? `so far ${signed(sofar[sid])}` : "", sid)),
    );
    const action = effectsAction(this.chosen);
    const count = [...this.chosen.values()].filter((change) => change !== 0).length;
    this.apply.disabled = action === null;
    this.apply.textContent = action === null ? "Apply" : `Apply to ${count} ship${count === 1 ? "" : "s"}`;
  }

  change(sid) {
    return this.chosen.get(sid) ?? 0;
  }

  /** One row: its name, what its news stands at, and a button per change (the chosen one pressed). */
  row(title, pressed, choose, note, key) {
    return el(
      "div",
      { class: "news-row", role: "group", "aria-label": title, "data-ship": key },
      el("span", { class: "news-ship" }, title, note ? el("span", { class: "muted" }, ` ${note}`) : null),
      el(
        "span",
        { class: "news-changes" },
        CHANGES.map((change) =>
          el(
            "button",
            {
              type: "button",
              class: "small news-change",
              "aria-pressed": String(pressed === change),
              "aria-label": `${title} ${signed(change)}`,
              onclick: () => {
                choose(change);
                this.result.textContent = "";
                this.redraw();
              },
            },
            signed(change),
          ),
        ),
      ),
    );
  }

  redraw() {
    this.drawn = "";
    if (this.last) this.draw(this.last);
  }

  async submit() {
    const action = effectsAction(this.chosen);
    if (action === null) {
      this.say("choose a change for a ship first", "error");
      return;
    }
    this.apply.disabled = true;
    const answer = await this.send(action);
    if (answer.type === "ack") {
      const applied = action.split(" ").pop().replaceAll(":", " ").replaceAll(",", ", ");
      this.chosen.clear();
      this.redraw();
      this.say(`applied: ${applied}`, "ok");
    } else {
      this.apply.disabled = false;
      this.say(answer.message, "error");
    }
  }

  say(text, kind) {
    this.result.textContent = text;
    this.result.dataset.kind = kind;
  }
}
