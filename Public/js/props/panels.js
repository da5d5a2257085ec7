// @ts-check
// The props panels of all the cards: one per card, loaded from the server, kept to the state feed,
// and the link that reproduces them all (applied when the page is opened with one).
import { PropsPanel } from "./panel.js";
import { linkTo, changedFrom, readLink, forgetLink, exactPatch } from "./link.js";
import { playButtonSwift } from "./swift.js";
import { embedCode, propText } from "./embedcode.js";
import { loadLayout } from "../layout.js";
import { announce } from "../announce.js";
import { errorFrom } from "../api.js";
import { reportError } from "../toast.js";

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
 * Builds every card's panel; `view` is the page's view, which a link sets and copies. A link's props
 * are previewed on this page alone (the stream's own `props.`) until "Apply to scene" is chosen, so
 * opening someone's link changes nothing another viewer sees; `onPreview` hears when that starts or ends.
 * @param {Map<string, CardHandle>} cards
 * @param {View} view
 * @param {() => void} onPreview
 */
export function propsPanels(cards, view, onPreview) {
  /** @type {Map<string, PropsPanel>} */
  const panels = new Map();
  const link = readLink();
  // The link's view settings, each only if the page has it and of the same type.
  for (const [key, value] of Object.entries(link?.view ?? {})) {
    if (key in view && typeof value === typeof view[/** @type {keyof View} */ (key)]) Object.assign(view, { [key]: value });
  }

  /**
   * The props a panel shows that differ from their defaults.
   * @param {PropsPanel | undefined} panel
   * @returns {PropValues}
   */
  const changed = (panel) => (panel?.doc ? changedFrom(panel.values, panel.doc.defaults) : {});
  /** @param {string} control */
  const linkFor = (control) => {
    /** @type {Record<string, PropValues>} */
    const props = {};
    for (const [c, panel] of panels) if (panel.doc) props[c] = changed(panel);
    return linkTo(props, view, control);
  };
  for (const [control, card] of cards) {
    panels.set(control, new PropsPanel({
      control, card: card.root, title: card.title, run: card.run, onReply: card.onReply,
      link: () => linkFor(control),
      embed: async () => embedCode(control, changed(panels.get(control)), (await loadLayout()).version),
      swift: control in SWIFT ? SWIFT[/** @type {keyof typeof SWIFT} */ (control)] : null,
    }));
  }

  /** @type {Record<string, PropValues> | null} the link's props while they are previewed */
  let preview = null;
  /** @type {HTMLElement | null} */
  let banner = null;
  const endPreview = () => {
    preview = null;
    banner?.remove();
    banner = null;
    onPreview();
  };
  /** Makes the previewed props the scene's, for everyone. */
  const applyPreview = async () => {
    const applied = [];
    for (const [control, wanted] of Object.entries(preview ?? {})) {
      const panel = panels.get(control);
      if (panel?.doc) applied.push(panel.apply(exactPatch(wanted, Object.keys(panel.doc.schema.properties))));
    }
    endPreview();
    await Promise.all(applied);
    announce("The link's props are now the scene's");
  };

  let ready = false;
  Promise.all([...panels.values()].map((panel) => panel.load())).then(async () => {
    if (!link) return;
    forgetLink();
    if (link.props && Object.keys(link.props).length) {
      preview = link.props;
      // The server checks the values as it checks any `props.` (a tiny frame): a link it refuses is
      // said in its words and not previewed, so the stream is never asked for what it would refuse.
      const params = api.previewParams();
      const check = params.length ? await fetch(`frame.png?control=all&size=16&${new URLSearchParams(params)}`, { cache: "no-store" }) : null;
      if (check && !check.ok) {
        preview = null;
        reportError("The link's props", await errorFrom(check));
      } else {
        banner = previewBanner(applyPreview, endPreview);
        onPreview();
      }
    }
    const open = link.open ? panels.get(link.open) : null;
    if (open) {
      open.element.open = true;
      // The control first, its panel under it: the stage docks while the panel scrolls.
      cards.get(/** @type {string} */ (link.open))?.root.scrollIntoView({ block: "start" });
    }
  }).finally(() => { ready = true; });

  const api = {
    panels,
    /** Whether every panel is built and a link the page was opened with is read. */
    get ready() { return ready; },
    /** Whether a link's props are being previewed. */
    get previewing() { return preview !== null; },
    /**
     * The stream's `props.CONTROL.NAME` parameters that show the previewed props: the link's values, and
     * the defaults for the props it leaves out (a link sets every prop), where they differ from the scene's.
     * @returns {[string, string][]}
     */
    previewParams() {
      /** @type {[string, string][]} */
      const params = [];
      for (const [control, wanted] of Object.entries(preview ?? {})) {
        const panel = panels.get(control);
        if (!panel?.doc) continue;
        const live = panel.values;
        for (const name of Object.keys(panel.doc.schema.properties)) {
          const value = name in wanted ? wanted[name] : panel.doc.defaults[name];
          if (value === undefined || JSON.stringify(value) === JSON.stringify(live[name])) continue;
          params.push([`props.${control}.${name}`, propText(value)]);
        }
      }
      return params;
    },
    /** @param {SceneState} state */
    render(state) {
      for (const [control, panel] of panels) panel.update(state.props?.[control]);
    },
  };
  return api;
}

/**
 * The bar at the bottom of the window while a link's props are previewed, with its two ways out.
 * @param {() => void} apply
 * @param {() => void} discard
 */
function previewBanner(apply, discard) {
  const banner = document.createElement("section");
  banner.className = "preview-banner";
  banner.dataset.part = "link-preview";
  banner.setAttribute("aria-label", "Link preview");
  banner.innerHTML = `<p><strong>Previewing a shared link's props</strong> on this page only: the scene, and what
    everyone else sees, are unchanged until you apply them.</p>
    <div class="preview-actions">
      <button type="button" class="btn btn-primary" data-part="apply-link">Apply to scene</button>
      <button type="button" class="btn" data-part="discard-link">Discard</button>
    </div>`;
  banner.querySelector('[data-part="apply-link"]')?.addEventListener("click", apply);
  banner.querySelector('[data-part="discard-link"]')?.addEventListener("click", discard);
  document.body.append(banner);
  announce("Previewing a shared link's props on this page only");
  return banner;
}
