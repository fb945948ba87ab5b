// Control's verb forms, generated only from the server's description of each verb (welcome.forms: each argument's
// `name` and `label` (what it is: "ship", "change"), `hint` (what it must be, in words), the `pattern` it is checked
// with and the sentence (`problem`) shown when it does not fit, and either fixed `choices`, a `list` the desk's view
// fills, or free `text` for a reason), so a new verb needs no page code. The action sent is
// `control <verb> <args...>` with the reason last, double-quoted. Patterns are for checking, never shown.

import { show, showDone } from "./api.js";
import { el, fill } from "./dom.js";

const LONG_LIST = 40;
/** Past this many entries a list is a text field with suggestions (type to filter) rather than a select. */

/** Text as one double-quoted word of the notation (backslash and double quote escaped). */
export function quote(text) {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** A pattern of the description as a whole-value check (Python's regex syntax used there is also JavaScript's). */
export function fullMatch(pattern) {
  return new RegExp(`^(?:${pattern})$`);
}

/** The lists a desk fills its fields from, read from Control's observation and the welcome's seats. */
export function listsFrom(observation, seats) {
  const ships = Object.keys(observation.ships);
  const quadrants = [];
  for (let q = 1; q <= observation.quadrants; q += 1) quadrants.push(`q${q}`);
  const crew = [];
  const units = [];
  const shuttles = [];
  const stations = [];
  for (const [sid, panel] of Object.entries(observation.panels || {})) {
    for (const [station, slot] of Object.entries(panel.stations)) {
      stations.push(`${sid}.${station}`);
      for (const member of slot.crew) crew.push(member.id);
    }
    units.push(...Object.keys(panel.units || {}));
    shuttles.push(...Object.keys(panel.shuttles || {}));
  }
  const seatLabels = seats.map((seat) => seat.label);
  const wolves = observation.attack ? Object.keys(observation.attack.wolves || {}) : [];
  const dice = Object.values(observation.dice || {}).flatMap((awaiting) => awaiting.map((die) => die.id));
  const byName = (a, b) => a.localeCompare(b, "en", { numeric: true });
  return {
    ships,
    seats: seatLabels,
    stations: stations.sort(byName),
    crew: crew.sort(byName),
    units: units.sort(byName),
    shuttles: shuttles.sort(byName),
    targets: [...crew, ...units, ...stations].sort(byName),
    things: [...ships, ...quadrants, "map", ...seatLabels, ...crew, ...units, ...shuttles, ...stations],
    wolves,
    wolfplaces: [...quadrants, ...ships],
    sectors: [...quadrants, "aboard"],
    quadrants,
    dice,
  };
}

/** The plain words a pattern also accepts besides its list (`none` for an office's holder, `control`). */
function extraWords(pattern) {
  return pattern.split("|").filter((part) => /^[a-z-]+$/.test(part));
}

/** A list of the description's lists with the pattern's extra words, checked against the pattern. */
function optionsOf(field, lists) {
  const listed = field.choices || lists[field.list] || [];
  const extra = field.list ? extraWords(field.pattern) : [];
  const check = fullMatch(field.pattern);
  return [...new Set([...listed, ...extra])].filter((value) => check.test(value));
}

/** A label inside a sentence: its first letter small ("Wolf type" keeps its capital W only at the start). */
function lowerFirst(text) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

let fieldCounter = 0;

/**
 * The verb forms of a desk: a select of verbs (with its help line) and the chosen verb's fields. `onSend(action,
 * reason)` submits and resolves with the server's answer ({type: "ack"} or {type: "error", message}). The result
 * line says what the action did in people's words: `say` puts a log line so, `words` an action.
 */
export class VerbForms {
  constructor({ forms, onSend, lists = {}, say = (line) => line, words = (action) => action }) {
    this.forms = new Map(forms.map((verb) => [verb.verb, verb]));
    this.onSend = onSend;
    this.say = say;
    this.words = words;
    this.lists = lists;
    this.fields = [];
    this.verbSelect = el(
      "select",
      { id: "verb", name: "verb", onchange: () => this.choose(this.verbSelect.value) },
      forms.map((verb) => el("option", { value: verb.verb }, verb.verb)),
    );
    this.help = el("p", { id: "verb-help", class: "help" });
    this.shape = el("select", { id: "verb-shape", name: "shape", onchange: () => this.drawFields() });
    this.shapeLabel = el("label", { for: "verb-shape" }, "Arguments");
    this.fieldBox = el("div", { class: "verb-fields" });
    this.result = el("p", { id: "verb-result", class: "form-result", role: "status", "aria-live": "polite" });
    this.button = el("button", { type: "submit", class: "primary" }, "Send");
    this.node = el(
      "form",
      { class: "verb-form", novalidate: true, onsubmit: (event) => this.submit(event) },
      el("label", { for: "verb" }, "Verb"),
      this.verbSelect,
      this.help,
      el("div", { class: "shape-row" }, this.shapeLabel, this.shape),
      this.fieldBox,
      el("div", { class: "form-actions" }, this.button),
      this.result,
    );
    this.choose(forms[0].verb);
  }

  /** Show `verb`'s form, its first fields filled with `values` where given. */
  choose(verb, values = []) {
    const spec = this.forms.get(verb);
    if (!spec) return;
    this.verbSelect.value = verb;
    this.help.textContent = spec.help || "";
    fill(
      this.shape,
      spec.forms.map((form, i) => el("option", { value: String(i) }, form.map((f) => f.label).join(", ") || "no arguments")),
    );
    this.shape.value = "0";
    this.shapeLabel.hidden = this.shape.hidden = spec.forms.length < 2;
    this.drawFields(values);
    this.result.textContent = "";
  }

  drawFields(values = []) {
    const spec = this.forms.get(this.verbSelect.value);
    const form = spec.forms[Number(this.shape.value) || 0];
    this.fields = form.map((field, i) => this.fieldFor(field, values[i]));
    fill(this.fieldBox, this.fields.map((f) => f.wrap));
  }

  fieldFor(field, value) {
    fieldCounter += 1;
    const id = `arg-${fieldCounter}`;
    const label = el("label", { for: id }, field.text ? `${field.label} (required)` : field.label);
    let input;
    let datalist = null;
    if (field.text) {
      input = el("input", { id, name: field.name, type: "text", required: true, maxlength: field.max_length, autocomplete: "off" });
    } else {
      const options = optionsOf(field, this.lists);
      if (field.choices || (field.list && options.length <= LONG_LIST)) {
        input = el("select", { id, name: field.name, required: true });
        this.fillSelect(input, options);
      } else {
        input = el("input", { id, name: field.name, type: "text", required: true, autocomplete: "off", spellcheck: "false" });
        if (field.list) {
          datalist = el("datalist", { id: `${id}-list` });
          input.setAttribute("list", datalist.id);
          this.fillDatalist(datalist, options);
        }
      }
    }
    if (value !== undefined) input.value = value;
    const hint = field.text ? null : el("span", { class: "hint" }, field.hint);
    return { field, input, datalist, wrap: el("div", { class: "field" }, label, input, datalist, hint) };
  }

  fillSelect(select, options) {
    const kept = select.value;
    fill(select, el("option", { value: "" }, "choose…"), options.map((value) => el("option", { value }, value)));
    if (options.includes(kept)) select.value = kept;
  }

  fillDatalist(datalist, options) {
    fill(datalist, options.map((value) => el("option", { value })));
  }

  /** New lists from a new view: the fields keep what was chosen or typed. */
  setLists(lists) {
    this.lists = lists;
    for (const { field, input, datalist } of this.fields) {
      if (!field.list) continue;
      const options = optionsOf(field, lists);
      if (input.tagName === "SELECT") this.fillSelect(input, options);
      else if (datalist) this.fillDatalist(datalist, options);
    }
  }

  /** The action the form describes now, or an error naming the first field that is wrong. */
  action() {
    const verb = this.verbSelect.value;
    const words = ["control", verb];
    let reason = "";
    for (const { field, input } of this.fields) {
      const value = input.value.trim();
      if (!value) return { error: `The ${lowerFirst(field.label)} is required.`, input };
      if (field.text) {
        reason = value;
        words.push(quote(value));
      } else if (!fullMatch(field.pattern).test(value)) {
        return { error: `${field.problem.replace(/\.$/, "")} (not ${JSON.stringify(value)}).`, input };
      } else {
        words.push(value);
      }
    }
    return { text: words.join(" "), reason };
  }

  async submit(event) {
    event.preventDefault();
    const made = this.action();
    if (made.error) {
      this.show(made.error, "error");
      made.input.focus();
      return;
    }
    this.button.disabled = true;
    const words = this.words(made.text.replace(/^control /, ""));
    this.show(`sending: ${words}…`, "");
    try {
      const answer = await this.onSend(made.text, made.reason);
      if (answer.type === "ack") {
        showDone(this.result.id, made.text, answer, { say: this.say, done: `Done: ${words}.` });
        for (const { field, input } of this.fields) if (field.text) input.value = "";
      } else {
        this.show(answer.message, "error");
      }
    } finally {
      this.button.disabled = false;
    }
  }

  /** The form's result line; an answer's `until` version clears it once the event moves on (js/api.js). */
  show(text, kind, until = null) {
    show(this.result.id, text, kind, until);
  }
}
