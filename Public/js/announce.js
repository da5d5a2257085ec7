// @ts-check
// What a screen reader says without being asked: the page's one polite live region. It speaks
// changes of state a person would notice (recording, a mode, a saved clip), never frames: callers
// announce a change once, and messages within a moment of each other are said together.
import { component } from "./dom.js";

const GATHER_MS = 150;
const KEEP = 20;

/** @type {string[]} */
const waiting = [];
/** The newest messages, oldest first: for the browser tests. */
export const announced = /** @type {string[]} */ ([]);
let timer = 0;

/** @param {string} message */
export function announce(message) {
  waiting.push(message);
  if (!timer) timer = setTimeout(speak, GATHER_MS);
}

function speak() {
  timer = 0;
  const text = waiting.splice(0).join(". ");
  const region = component("announcer");
  // Emptied first, so the same words twice in a row are still a change to announce.
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 50);
  announced.push(text);
  if (announced.length > KEEP) announced.shift();
}
