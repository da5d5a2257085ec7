// @ts-check
// A card's props panel: a disclosure under the card, built from the control's declared props (one
// row per prop, in the order the server declares them), with Reset all, Copy link and, where the
// original has a public styling API, Copy as Swift. Changes go out as JSON merge patches through the
// card's command queue: the edits of one frame make one PATCH, and while one is in flight the next
// gathers everything that happens meanwhile, so a drag never queues a backlog.
import { send } from "../api.js";
import { reportError, toast } from "../toast.js";
import { announce } from "../announce.js";
import { element, numberEditor, colorEditor, colorsEditor, choiceEditor, switchEditor } from "./fields.js";
import { curveEditor } from "./bezier.js";
import { PropRow } from "./row.js";
import { kindOf, inWords, loadProps, namedCurves } from "./schema.js";
import { copyText } from "./copy.js";
import { remembered } from "./undo.js";

/**
 * @typedef {import("./schema.js").PropValue} PropValue
 * @typedef {import("./schema.js").PropValues} PropValues
 * @typedef {import("./schema.js").PropsDocument} PropsDocument
 * @typedef {import("./fields.js").EditorContext} EditorContext
 * @typedef {import("./fields.js").Editor} Editor
 *
 * @typedef {object} PanelOptions
 * @property {string} control the control's id in the API
 * @property {HTMLElement} card the card the panel goes under
 * @property {string} title the card's title, for the panel's names
 * @property {<T>(task: () => Promise<T>) => Promise<T>} run the card's command queue
 * @property {(reply: any) => void} onReply a reply to a change (it may carry the scene's state)
 * @property {() => string} link the page's link for the props as they are now
 * @property {() => Promise<string>} embed the HTML that shows the control with these props on another site
 * @property {((doc: PropsDocument, values: PropValues) => string) | null} swift a Swift snippet, where the original has the API
 */

/** @type {Record<string, (ctx: EditorContext, doc: PropsDocument) => Editor>} */
const EDITORS = {
  number: numberEditor,
  color: colorEditor,
  colors: colorsEditor,
  enum: choiceEditor,
  boolean: switchEditor,
  curve: (ctx, doc) => curveEditor(ctx, namedCurves(doc.schema)),
};

/** Until the next frame: the moves of a drag within one frame go out as one patch. */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

export class PropsPanel {
  /** @param {PanelOptions} options */
  constructor(options) {
    this.options = options;
    /** @type {PropsDocument | null} */
    this.doc = null;
    /** @type {Map<string, PropRow>} */
    this.rows = new Map();
    /** @type {Record<string, PropValue | null>} changes not yet sent */
    this.pending = {};
    this.queued = false;
    /** Changes sent or waiting: the server's values are older until they are answered. */
    this.unanswered = 0;

    const { control, card, title } = options;
    this.element = element("details", "props", { "data-part": "props" });
    const summary = element("summary", "props-summary");
    const heading = element("span", "props-heading");
    heading.textContent = "Props";
    this.count = element("span", "props-count");
    summary.append(heading, this.count);
    this.body = element("div", "props-body", { role: "group", "aria-label": `${title} props` });
    this.status = element("p", "props-status");
    this.status.textContent = "Loading the props…";
    this.body.append(this.status);
    this.element.append(summary, this.body);
    card.append(this.element);
    this.path = `controls/${control}/props`;
    // Opened, the panel docks beside or under the stage (Public/css/cards.css), which may move the
    // card: the stage is brought into view, so the change is seen as it is made.
    this.element.addEventListener("toggle", () => {
      const stage = card.querySelector('[data-part="stage"]');
      if (!this.element.open || !stage) return;
      const box = stage.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight) stage.scrollIntoView({ block: "start" });
    });
  }

  /** Fetches the declared props and builds the rows; returns the document (null on failure). */
  async load() {
    try {
      this.build(await loadProps(this.options.control));
    } catch (error) {
      this.status.textContent = "The props could not be loaded.";
      reportError(`${this.options.title}: props`, error);
    }
    return this.doc;
  }

  /** @param {PropsDocument} doc */
  build(doc) {
    this.doc = doc;
    const { control, title } = this.options;
    if (Object.keys(doc.schema.properties).length === 0) {
      this.status.textContent = "This control declares no props.";
      return;
    }
    const actions = element("div", "props-actions");
    const resetAll = this.button(actions, "reset-all", "Reset all", `Reset every prop of the ${title.toLowerCase()} to its default`);
    resetAll.addEventListener("click", () => this.resetAll());
    const link = this.button(actions, "copy-link", "Copy link", "Copy a link that opens the page with these props");
    link.addEventListener("click", () => this.copy(link, "Link", this.options.link()));
    const embed = this.button(actions, "copy-embed", "Copy embed code",
                              "Copy HTML that shows this control, with these props, on another site");
    embed.addEventListener("click", async () => this.copy(embed, "Embed code", await this.options.embed()));
    const swift = this.options.swift;
    if (swift) {
      const code = this.button(actions, "copy-swift", "Copy as Swift", "Copy Swift that styles the original control with these values");
      code.addEventListener("click", () => this.copy(code, "Swift", swift(doc, this.values)));
    }
    const list = element("div", "props-list");
    for (const [name, schema] of Object.entries(doc.schema.properties)) {
      const kind = kindOf(schema);
      if (!kind) continue;
      /** @type {PropRow} */
      const row = new PropRow({
        name, schema, label: inWords(name), idPrefix: `props-${control}`,
        editor: (ctx) => EDITORS[kind](ctx, doc),
        send: (n, v) => this.send(n, v),
        onRemember: () => remembered(row, title),
      });
      row.receive(doc.values[name] ?? doc.defaults[name]);
      row.refresh();
      this.rows.set(name, row);
      list.append(row.element);
    }
    this.status.remove();
    this.body.append(actions, list);
    this.refresh();
  }

  /**
   * @param {HTMLElement} host
   * @param {string} name
   * @param {string} text
   * @param {string} hint
   */
  button(host, name, text, hint) {
    const button = element("button", "btn", { type: "button", "data-part": name, title: hint });
    button.textContent = text;
    host.append(button);
    return button;
  }

  /** @returns {PropValues} the values as the panel shows them */
  get values() {
    /** @type {PropValues} */
    const values = {};
    for (const [name, row] of this.rows) if (row.value !== undefined) values[name] = row.value;
    return values;
  }

  /**
   * Values from the server (the state feed, another viewer, a link): shown, except while changes of
   * this page's are unanswered, which are newer.
   * @param {PropValues | undefined} values
   */
  update(values) {
    if (!values || this.unanswered > 0) return;
    for (const [name, row] of this.rows) if (name in values) row.receive(values[name]);
    this.refresh();
  }

  /**
   * Sends `name` = `value` (null: back to the default) with the other changes of this frame.
   * @param {string} name
   * @param {PropValue | null} value
   */
  send(name, value) {
    this.pending[name] = value;
    this.refresh();
    if (this.queued) return;
    this.queued = true;
    this.unanswered++;
    this.options.run(async () => {
      await nextFrame();
      this.queued = false;
      const patch = this.pending;
      this.pending = {};
      await this.request("PATCH", patch);
    });
  }

  /** DELETE: every prop back to its default. */
  resetAll() {
    for (const row of this.rows.values()) if (row.default !== undefined) row.resetTo(row.default);
    this.refresh();
    this.unanswered++;
    this.options.run(async () => {
      if (await this.request("DELETE", null)) announce(`${this.options.title}: every prop at its default`);
    });
  }

  /**
   * Applies `patch` as this panel's change: for a link opened on the page.
   * @param {Record<string, PropValue | null>} patch
   */
  apply(patch) {
    this.unanswered++;
    return this.options.run(() => this.request("PATCH", patch));
  }

  /**
   * One request on the queue; a refusal is shown in the API's words, and the server's values then
   * replace the page's (a refused patch changes nothing there).
   * @param {"PATCH" | "DELETE"} method
   * @param {Record<string, PropValue | null> | null} patch
   * @returns {Promise<boolean>}
   */
  async request(method, patch) {
    const body = patch ? new Blob([JSON.stringify(patch)], { type: "application/merge-patch+json" }) : null;
    try {
      const reply = await send(method, this.path, null, body);
      this.unanswered--;
      this.options.onReply(reply);
      return true;
    } catch (error) {
      this.unanswered--;
      reportError(`${this.options.title}: props`, error);
      try {
        const doc = await loadProps(this.options.control);
        this.update(doc.values);
      } catch {
        // The state feed brings the values when the server is back.
      }
      return false;
    } finally {
      this.refresh();
    }
  }

  /**
   * Copies `text` and says so on screen (the button reads "Copied" for a moment, and a message
   * says what was copied); where the clipboard is closed to the page, shows the text to copy by hand.
   * @param {HTMLButtonElement} button
   * @param {string} what
   * @param {string} text
   */
  async copy(button, what, text) {
    if (!(await copyText(text, this.body))) return;
    const label = button.dataset.label ?? button.textContent ?? "";
    button.dataset.label = label;
    button.textContent = "Copied ✓";
    setTimeout(() => { button.textContent = label; }, 2000);
    const lines = text.split("\n").length;
    const hint = { Link: "Paste it to open the page with these props.", "Embed code": "Paste it into any page's HTML." }[what];
    toast(`${what} copied`, hint ?? `${lines} lines on the clipboard.`, "info", 3);
  }

  /** The summary's count: how many props, how many changed from their defaults. */
  refresh() {
    const rows = [...this.rows.values()];
    const changed = rows.filter((row) => row.element.hasAttribute("data-changed")).length;
    this.count.textContent = rows.length ? `${rows.length} ${rows.length === 1 ? "prop" : "props"}, ${changed ? `${changed} changed` : "none changed"}` : "";
  }
}
