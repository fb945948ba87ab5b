// The event's links as the pages show them: every one made by the server from the event's base URL (the address
// other devices reach it at), never from this browser's own address, which may be `localhost`.

import { el } from "./dom.js";

/** Whether the server could make the link whole: the event has a base URL (without one, a link is a path). */
export function isWhole(link) {
  return !link.startsWith("/");
}

/** A link to hand to another device, `{link, qr}` as the server answers it: the address and its QR code; without
 * a base URL, the path and a plain sentence saying no other device can open it yet. */
export function sharedLink({ link, qr }, label) {
  if (isWhole(link)) {
    return el(
      "div",
      { class: "shared-link" },
      qr ? el("img", { class: "qr", src: qr, alt: `QR code of ${label}`, width: "148", height: "148" }) : null,
      el("p", {}, `${label}: `, el("a", { href: link, target: "_blank", rel: "noopener" }, link)),
    );
  }
  return el(
    "div",
    { class: "shared-link", "data-kind": "no-address" },
    el(
      "p",
      {},
      `${label}: the event has no address for links yet, so no other device can open this one. Set the address ` +
        "other devices reach this server at (Settings), then make the link again. Until then it opens only after " +
        "this server's address: ",
      el("a", { href: link, target: "_blank", rel: "noopener" }, link),
    ),
  );
}
