// @ts-check
// The props panels of all the cards: one per card, loaded from the server, kept to the state feed,
// and the link that reproduces them all (applied when the page is opened with one).
import { PropsPanel } from "./panel.js";
import { linkTo, changedFrom, readLink, forgetLink, exactPatch } from "./link.js";
import { playButtonSwift } from "./swift.js";

/**
 * @typedef {import("./schema.js").PropValues} PropValues
 * @typedef {import("../view.js").View} View
 * @typedef {import("../state.js").SceneState} SceneState
 *
 * @typedef {object} CardHandle
 * @property {HTMLElement} root
 * @property {string} title
 * @property {<T>(task: () => Promise<T>) => Promise<T>} run the card's command queue
 * @property {(reply: any) => void} onReply
 */

/** The controls whose original has a public styling API, and the Swift that uses it. */
const SWIFT = { "play-button": playButtonSwift };

/**
 * Builds every card's panel; `view` is the page's view, which a link sets and copies.
 * @param {Map<string, CardHandle>} cards
 * @param {View} view
 */
export function propsPanels(cards, view) {
  /** @type {Map<string, PropsPanel>} */
  const panels = new Map();
  const link = readLink();
  // The link's view settings, each only if the page has it and of the same type.
  for (const [key, value] of Object.entries(link?.view ?? {})) {
    if (key in view && typeof value === typeof view[/** @type {keyof View} */ (key)]) Object.assign(view, { [key]: value });
  }

  /** @param {string} control */
  const linkFor = (control) => {
    /** @type {Record<string, PropValues>} */
    const props = {};
    for (const [c, panel] of panels) if (panel.doc) props[c] = changedFrom(panel.values, panel.doc.defaults);
    return linkTo(props, view, control);
  };
  for (const [control, card] of cards) {
    panels.set(control, new PropsPanel({
      control, card: card.root, title: card.title, run: card.run, onReply: card.onReply,
      link: () => linkFor(control),
      swift: control in SWIFT ? SWIFT[/** @type {keyof typeof SWIFT} */ (control)] : null,
    }));
  }

  let ready = false;
  Promise.all([...panels.values()].map((panel) => panel.load())).then(async () => {
    if (!link) return;
    forgetLink();
    const applied = [];
    for (const [control, wanted] of Object.entries(link.props ?? {})) {
      const panel = panels.get(control);
      if (panel?.doc) applied.push(panel.apply(exactPatch(wanted, Object.keys(panel.doc.schema.properties))));
    }
    await Promise.all(applied);
    const open = link.open ? panels.get(link.open) : null;
    if (open) {
      open.element.open = true;
      open.element.scrollIntoView({ block: "nearest" });
    }
  }).finally(() => { ready = true; });

  return {
    panels,
    /** Whether every panel is built and a link the page was opened with is applied. */
    get ready() { return ready; },
    /** @param {SceneState} state */
    render(state) {
      for (const [control, panel] of panels) panel.update(state.props?.[control]);
    },
  };
}
