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

/** A form for words of one's own: more fields first (`before`), a labelled textarea, a submit button and a result
 * line. On submit `send(words)` gets the trimmed words; with none, the result line says `empty` instead. */
export function wordsForm({ id, label, button, empty, send, rows = 3, className = "", before = [] }) {
  const words = el("textarea", { id, rows, maxlength: 200 });
  const result = el("p", { id: `${id}-result`, class: "form-result", role: "status", "aria-live": "polite" });
  const submit = (event) => {
    event.preventDefault();
    const text = words.value.trim();
    if (text) return send(text);
    result.textContent = empty;
    result.dataset.kind = "error";
    return null;
  };
  return el(
    "form",
    { class: `stack ${className}`.trim(), novalidate: true, onsubmit: submit },
    before,
    el("label", { for: id }, label),
    words,
    el("button", { type: "submit", class: "primary" }, button),
    result,
  );
}
