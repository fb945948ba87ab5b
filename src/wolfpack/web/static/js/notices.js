// Which Control verbs are likely to settle a notice, read from the words the rules use in it. A hint only: every
// verb stays in the verb forms, and a notice is closed by `control settle` whatever was done.

const HINTS = [
  [/anarchy|morale/, ["set", "fleet-morale", "news"]],
  [/boarders/, ["wolves", "remove", "wound", "set"]],
  [/separated|rejoins|place it/, ["move"]],
  [/emergency jump|damage/, ["damage", "repair", "riot"]],
  [/escape/, ["brig", "release"]],
  [/elected|named|role change/, ["appoint", "grant-vote", "revoke-vote"]],
  [/fighter|pilot/, ["wound", "add-unit", "remove"]],
  [/riot/, ["clear-riot", "riot"]],
];

/** The verbs that may settle this notice (by the words of its text), most likely first. */
export function noticeHints(notice) {
  const found = [];
  for (const [words, verbs] of HINTS) {
    if (words.test(notice.text)) for (const verb of verbs) if (!found.includes(verb)) found.push(verb);
  }
  return found.length ? found : ["freeform", "set"];
}
