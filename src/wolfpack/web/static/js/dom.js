// Tiny DOM helpers shared by every page: build elements, replace a node's children, find by id. No framework, no
// virtual DOM: a page redraws a panel by replacing its children with freshly built ones (docs/design/frontend.md).

/** An element with attributes (`class`, `data-*`, `aria-*`, `for`, ...; booleans set or drop them) and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "value") node.value = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

/** Append children: nodes, text (strings and numbers), arrays of them; null and false are skipped. */
export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * A node for each item, the very node of the last draw for an item whose key has not changed: a redraw then keeps
 * what a person was typing in it, and a row being read stays put. `cache` (a Map) forgets items no longer drawn.
 */
export function keptEach(cache, items, idOf, keyOf, make) {
  const drawn = new Set();
  const nodes = items.map((item) => {
    const id = idOf(item);
    const key = keyOf(item);
    const last = cache.get(id);
    drawn.add(id);
    if (last && last.key === key) return last.node;
    const node = make(item);
    cache.set(id, { key, node });
    return node;
  });
  for (const id of [...cache.keys()]) if (!drawn.has(id)) cache.delete(id);
  return nodes;
}

/** Replace every child of `node` (or of the element with this id). */
export function fill(target, ...children) {
  const node = typeof target === "string" ? byId(target) : target;
  node.replaceChildren();
  return append(node, children);
}

/** The element with this id (an error naming it if the page lacks it: a broken page should say so at once). */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`this page has no element #${id}`);
  return node;
}

/** Set an element's text (by id). */
export function setText(id, text) {
  byId(id).textContent = text;
}

/** A definition list from [term, value] pairs (values may be nodes). */
export function facts(pairs, className = "facts") {
  return el("dl", { class: className }, pairs.map(([term, value]) => [el("dt", {}, term), el("dd", {}, value)]));
}

/** A small labelled badge. */
export function badge(text, kind = "") {
  return el("span", { class: `badge ${kind}`.trim() }, text);
}

/** Whether the person asked for less motion (no pulsing alerts, no smooth scrolling). */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The sentence refusing a text longer than `limit` ("A message may be at most 1,000 characters (this one has
 * 1,204)."), or null when it fits (or no limit is known yet: the server refuses it then, in the same words). */
export function tooLong(text, limit, what) {
  if (!limit || text.length <= limit) return null;
  const n = (x) => x.toLocaleString("en");
  return `${what} may be at most ${n(limit)} characters (this one has ${n(text.length)}).`;
}

/** A line under a text box counting its characters against `limit` as they are typed. Text boxes take any length
 * (no maxlength, which cuts pasted text without a word): a text too long is refused with `tooLong`'s sentence. */
export function lengthLine(box, limit) {
  const line = el("p", { class: "length-line", id: `${box.id}-length` });
  const update = () => {
    const count = box.value.trim().length;
    line.textContent = limit ? `${count.toLocaleString("en")} of ${limit.toLocaleString("en")} characters` : "";
    line.dataset.kind = limit && count > limit ? "error" : "";
  };
  box.addEventListener("input", update);
  box.setAttribute("aria-describedby", line.id);
  update();
  return line;
}

/** Give the text box `id` its length line against `limit` (once: a reconnect's welcome finds it there). */
export function limitBox(id, limit) {
  const box = byId(id);
  if (!document.getElementById(`${id}-length`)) box.after(lengthLine(box, limit));
}

/** A form for words of one's own: more fields first (`before`), a labelled textarea with its length line, a submit
 * button and a result line. On submit `send(words)` gets the trimmed words; with none, the result line says `empty`
 * instead, and with more than `limit` characters it says so (`what` names the text: "A broadcast"). */
export function wordsForm({ id, label, button, empty, send, rows = 3, className = "", before = [], limit = 0, what = "It" }) {
  const words = el("textarea", { id, rows });
  const result = el("p", { id: `${id}-result`, class: "form-result", role: "status", "aria-live": "polite" });
  const submit = (event) => {
    event.preventDefault();
    const text = words.value.trim();
    const refusal = text ? tooLong(text, limit, what) : empty;
    if (!refusal) return send(text);
    result.textContent = refusal;
    result.dataset.kind = "error";
    return null;
  };
  return el(
    "form",
    { class: `stack ${className}`.trim(), novalidate: true, onsubmit: submit },
    before,
    el("label", { for: id }, label),
    words,
    lengthLine(words, limit),
    el("button", { type: "submit", class: "primary" }, button),
    result,
  );
}
