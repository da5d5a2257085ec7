// @ts-check
// The card of a control that serves no card of its own: built at start from its entry in
// GET /layout's cards, in the markup of the others (title, PNG link, stage, controls, readout), so
// the gallery paints its stage and the props panels find it like any other. It offers the
// control's commands (./commands.js) and shows its part of the state (./readout.js).
import { part } from "../dom.js";
import { element } from "../props/fields.js";
import { inWords } from "../props/schema.js";
import { commandControls } from "./commands.js";
import { stateReadout } from "./readout.js";

/**
 * @typedef {import("../layout.js").CardSpec} CardSpec
 * @typedef {import("../layout.js").Layout} Layout
 * @typedef {import("../state.js").SceneState} SceneState
 * @typedef {import("./index.js").CardModule} CardModule
 */

/**
 * A prefix for the ids inside a card: the control's id, kept to the characters an id selector takes.
 * @param {string} control
 */
const idPrefix = (control) => `card-${control.replace(/[^A-Za-z0-9_-]/g, "_")}`;

/**
 * A number of points as it reads ("44", "24.5").
 * @param {number} n
 */
const points = (n) => String(Math.round(n * 10) / 10);

/**
 * Gives the gallery a card for every control the server registers, in its cell order: the
 * control's own card where it serves one (`modules`), a generic card (marked data-generic) for
 * each other.
 * @param {HTMLElement} gallery
 * @param {Layout} layout
 * @param {Map<string, CardModule>} modules
 */
export function placeCards(gallery, layout, modules) {
  for (const spec of layout.cards ?? []) {
    const module = modules.get(spec.id);
    gallery.append(module ? ownArticle(spec, module) : genericArticle(spec));
  }
}

/**
 * A control's own card: the head every card has, then its module's markup.
 * @param {CardSpec} spec
 * @param {CardModule} module
 * @returns {HTMLElement}
 */
function ownArticle(spec, module) {
  const id = idPrefix(spec.id);
  const root = element("article", "card", { "data-control": spec.id, "aria-labelledby": `${id}-title` });
  root.append(cardHead(spec, module.origin ?? spec.id));
  root.insertAdjacentHTML("beforeend", module.markup);
  part(root, "canvas").setAttribute("aria-label", spec.title);
  return root;
}

/**
 * A card's head: its title, a line under it, and the link to a PNG frame of the control.
 * @param {CardSpec} spec
 * @param {string} line
 */
function cardHead(spec, line) {
  const id = idPrefix(spec.id);
  const head = element("header", "card-head");
  const titles = element("div", "");
  const title = element("h2", "", { id: `${id}-title`, "data-part": "title" });
  title.textContent = spec.title;
  const origin = element("p", "card-origin");
  origin.textContent = line;
  titles.append(title, origin);
  const link = element("a", "frame-link", { "data-part": "frame-link", target: "_blank", rel: "noopener",
    href: `frame.png?${new URLSearchParams({ control: spec.id })}` });
  const linkWords = element("span", "visually-hidden");
  linkWords.textContent = ` frame of the ${spec.title.toLowerCase()}`;
  link.append("PNG", linkWords);
  head.append(titles, link);
  return head;
}

/**
 * The generic card's markup, in the parts every card has.
 * @param {CardSpec} spec
 * @returns {HTMLElement}
 */
export function genericArticle(spec) {
  const id = idPrefix(spec.id);
  const root = element("article", "card", { "data-control": spec.id, "data-generic": "", "aria-labelledby": `${id}-title` });

  const head = cardHead(spec, `${spec.id} · ${points(spec.designWidth)} × ${points(spec.designHeight)} pt`);

  // The stage only shows: the card's commands are its controls.
  const stage = element("div", "stage", { "data-part": "stage" });
  const canvas = element("canvas", "stage-canvas", { id: `${id}-canvas`, "data-part": "canvas", "data-cell": spec.id,
    role: "img", "aria-label": spec.title });
  stage.append(canvas);

  const controls = element("div", "card-controls", { "data-part": "commands" });
  if (!spec.commands.length) {
    const none = element("p", "card-note");
    none.textContent = "This control takes no commands.";
    controls.append(none);
  }

  const readout = element("dl", "readout", { "data-part": "state" });
  root.append(head, stage, controls, readout);
  return root;
}

/**
 * Words for what the stage shows: the control's title and its switches and named states (its
 * booleans, and its strings of one plain word: "mode stop"), never its numbers, which move with
 * time, nor compound names ("barToStop.barExpand"), which may pass with each phase of an animation.
 * @param {string} title
 * @param {unknown} value
 */
export function describeState(title, value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return title;
  const words = [];
  for (const [key, v] of Object.entries(value)) {
    const name = inWords(key).toLowerCase();
    if (typeof v === "boolean") words.push(v ? name : `not ${name}`);
    else if (typeof v === "string" && /^[A-Za-z][A-Za-z-]{0,23}$/.test(v)) words.push(`${name} ${v}`);
    if (words.length === 4) break;
  }
  return words.length ? `${title}, ${words.join(", ")}` : title;
}

/**
 * The generic card of `spec`'s control, for the root genericArticle(spec) made.
 * @param {CardSpec} spec
 * @returns {(ctx: import("./index.js").CardContext) => import("./index.js").Card}
 */
export function genericCard(spec) {
  return ({ root, command }) => {
    commandControls(part(root, "commands"), {
      idPrefix: idPrefix(spec.id), control: spec.id, title: spec.title, commands: spec.commands,
      run: (name, c, params) => command(`${spec.title}: ${name}`, c.id, params),
    });
    const readout = stateReadout(part(root, "state"));
    /** @param {SceneState} state */
    const member = (state) => /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (state))[spec.stateKey];
    return {
      stateKey: spec.stateKey,
      render(state) { readout.show(member(state)); },
      describe(state) { return describeState(spec.title, member(state)); },
    };
  };
}
