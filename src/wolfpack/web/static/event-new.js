// A new event, made on the server's own machine: the settings, an optional roster CSV; then the organiser's page.

import { api, show } from "./js/api.js";
import { byId } from "./js/dom.js";

function numberOrNull(id) {
  const text = byId(id).value.trim();
  return text === "" ? null : Number(text);
}

byId("base-url").value = location.hostname === "localhost" || location.hostname === "127.0.0.1" ? "" : location.origin;

byId("new-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = byId("roster-file").files[0];
  const body = {
    edition: byId("edition").value,
    turns: numberOrNull("turns"),
    quadrants: numberOrNull("quadrants"),
    action_minutes: numberOrNull("action"),
    team_minutes: numberOrNull("team"),
    warning_seconds: numberOrNull("warning"),
    content: byId("content").value.trim() || null,
    table_dice: byId("table-dice").checked,
    base_url: byId("base-url").value.trim() || null,
    roster: file ? await file.text() : null,
  };
  try {
    const made = await api("/api/events", { method: "POST", body });
    show("new-result", `Event ${made.id} made. Opening its organiser's page…`, "ok");
    location.assign(made.organiser);
  } catch (error) {
    show("new-result", error.message, "error");
  }
});
