// @ts-check
// How the server lays out a `control=all` frame, as it serves it on GET /layout: the page asks for
// the frame whose cells are exactly its stages and cuts it up by the same rule.
import { errorFrom } from "./api.js";

/**
 * @typedef {{ minAspect: number, columns: number, rows: number }} Arrangement
 * @typedef {object} ParameterSpec one parameter of a command, as a form field
 * @property {string} name
 * @property {"number" | "integer" | "boolean" | "choice" | "text"} type
 * @property {string} description
 * @property {string} [unit]
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {string[]} [choices]
 * @property {number} [maxLength]
 * @property {string} [defaultValue] as the API takes it ("true", "0.5", "play")
 * @typedef {{ id: string, method: string, path: string, upload?: { method: string, path: string } | null, summary: string, parameters: ParameterSpec[] }} CommandSpec
 *   a command of a control: its route (the path from the server's root) and its parameters
 * @typedef {object} CardSpec what a control's card needs before any state comes
 * @property {string} id the control's id in the API ("hamburger-button")
 * @property {string} title
 * @property {string} stateKey its member in /state ("hamburgerButton")
 * @property {number} designWidth
 * @property {number} designHeight
 * @property {CommandSpec[]} commands
 * @property {string} [card] where its own card's module is (GET /{id}/card.js); without it, the generic card
 * @typedef {{ controls: string[], cards?: CardSpec[], arrangements: Arrangement[], cellMargin: number, maxFrameSide: number,
 *   minQuality: number, maxQuality: number, maxArtworkBytes: number, maxArtworkSide: number, version: string }} Layout
 *   the grid, one card per control in cell order, and the limits the server checks requests against
 *   (the page keeps to them, never to copies)
 */

const RETRY_MS = [500, 1000, 2000, 4000];

/** @type {Promise<Layout> | null} */
let served = null;

/**
 * GET /layout, fetched once and shared by every module that needs it.
 * @returns {Promise<Layout>}
 */
export function loadLayout() {
  served ??= fetchLayout();
  return served;
}

/**
 * GET /layout, tried again until it answers (the server may be starting or restarting).
 * @returns {Promise<Layout>}
 */
async function fetchLayout() {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch("layout", { cache: "no-cache" });
      if (!response.ok) throw await errorFrom(response);
      return await response.json();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
    }
  }
}

/**
 * The arrangement the server uses for a `width` × `height` frame: the first its aspect allows.
 * @param {Layout} layout
 * @param {number} width
 * @param {number} height
 * @returns {Arrangement}
 */
export function arrangementOf(layout, width, height) {
  return layout.arrangements.find((a) => width >= a.minAspect * height)
    ?? { minAspect: 0, columns: layout.controls.length, rows: 1 };
}

/**
 * The arrangement to ask for so that every cell is exactly `w` × `h`: of those the server would
 * use for such a frame, the squarest, so the largest scale fits under the frame side limit.
 * @param {Layout} layout
 * @param {number} w
 * @param {number} h
 * @returns {Arrangement}
 */
export function arrangementFor(layout, w, h) {
  const usable = layout.arrangements.filter((a) => arrangementOf(layout, a.columns * w, a.rows * h) === a);
  const skew = (/** @type {Arrangement} */ a) => Math.abs(Math.log((a.columns * w) / (a.rows * h)));
  return usable.reduce((best, a) => (skew(a) < skew(best) ? a : best), usable[0] ?? arrangementOf(layout, w, h));
}

/**
 * Where `control` sits in a frame laid out by `arrangement`: its column and row, or null if the frame lacks it.
 * @param {Layout} layout
 * @param {Arrangement} arrangement
 * @param {string} control
 * @returns {{ column: number, row: number } | null}
 */
export function cellOf(layout, arrangement, control) {
  const i = layout.controls.indexOf(control);
  return i < 0 ? null : { column: i % arrangement.columns, row: Math.floor(i / arrangement.columns) };
}
