// @ts-check
// One prop in the panel: its label, its editor, a line of description, and Undo and Reset for that
// prop alone. Undo steps back through this prop's own changes (a whole drag is one step); Reset
// returns it to the default and can itself be undone.
import { element } from "./fields.js";
import { sameValue } from "./schema.js";

/**
 * @typedef {import("./schema.js").PropValue} PropValue
 * @typedef {import("./schema.js").PropSchema} PropSchema
 * @typedef {import("./fields.js").Editor} Editor
 * @typedef {import("./fields.js").EditorContext} EditorContext
 */

const UNDO_DEPTH = 50;
const UNDO_ICON = `<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M7.5 5 4 8.5 7.5 12"/><path d="M4.5 8.5h7a4 4 0 0 1 0 8H9"/></svg>`;
const RESET_ICON = `<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M4.5 10a5.5 5.5 0 1 0 1.7-4M4 3.5V7h3.5"/></svg>`;

/**
 * @param {string} icon
 * @param {string} name
 */
function iconButton(icon, name) {
  const button = element("button", "btn btn-icon prop-act", { type: "button", "data-part": name });
  button.innerHTML = icon;
  return button;
}

/**
 * A value as a person reads it in a button's name.
 * @param {PropValue} value
 */
export function spoken(value) {
  if (!Array.isArray(value)) return String(value);
  return typeof value[0] === "number" ? `cubic-bezier(${value.join(", ")})` : value.join(", ") || "none";
}

export class PropRow {
  /**
   * @param {object} options
   * @param {string} options.name
   * @param {string} options.label
   * @param {PropSchema} options.schema
   * @param {string} options.idPrefix unique on the page
   * @param {(ctx: EditorContext) => Editor} options.editor
   * @param {(name: string, value: PropValue | null) => void} options.send a value to PATCH; null restores the default
   * @param {() => void} [options.onRemember] an undo step was kept (the page's Ctrl+Z follows the order)
   */
  constructor({ name, label, schema, idPrefix, editor, send, onRemember }) {
    this.name = name;
    this.label = label;
    /** @type {PropValue | undefined} */
    this.default = schema.default;
    /** @type {PropValue | undefined} the value shown, as last sent or received */
    this.value = undefined;
    /** @type {PropValue[]} values before each change, newest last */
    this.history = [];
    /** Whether a change is under way (a drag, typing): the server's values wait until it ends. */
    this.editing = false;
    this.send = send;
    this.onRemember = onRemember;

    const id = `${idPrefix}-${name}`;
    const labelId = `${id}-label`;
    this.editor = editor({
      id, labelId, label, schema,
      edit: (value) => this.edit(value),
      commit: () => { this.editing = false; },
    });

    this.element = element("div", "prop", { "data-prop": name });
    const head = element("div", "prop-head");
    const caption = element(this.editor.labelled ? "label" : "span", "prop-label", { id: labelId });
    if (caption instanceof HTMLLabelElement) caption.htmlFor = id;
    caption.textContent = label;
    this.changed = element("span", "prop-changed", { title: "Changed from the default", "aria-hidden": "true" });
    this.undoButton = iconButton(UNDO_ICON, "undo");
    this.resetButton = iconButton(RESET_ICON, "reset");
    const actions = element("span", "prop-actions");
    actions.append(this.undoButton, this.resetButton);
    head.append(caption, this.changed, actions);
    this.element.append(head, this.editor.element);
    if (schema.description) {
      const description = element("p", "prop-desc", { id: `${id}-desc` });
      description.textContent = schema.description;
      this.element.append(description);
      for (const input of this.editor.element.querySelectorAll("input, button")) {
        // After any message the editor names (a field's "not taken" line).
        const own = input.getAttribute("aria-describedby");
        input.setAttribute("aria-describedby", own ? `${description.id} ${own}` : description.id);
      }
    }
    this.undoButton.addEventListener("click", () => this.undo());
    this.resetButton.addEventListener("click", () => this.reset());
  }

  /**
   * A change from the editor: the value before it becomes an undo step, unless the change
   * continues one under way.
   * @param {PropValue} value
   */
  edit(value) {
    if (!this.editing && this.value !== undefined && !sameValue(value, this.value)) this.remember(this.value);
    this.editing = true;
    this.value = value;
    this.send(this.name, value);
    this.refresh();
  }

  undo() {
    const previous = this.history.pop();
    if (previous === undefined) return;
    this.editing = false;
    this.value = previous;
    this.editor.show(previous);
    this.send(this.name, previous);
    this.refresh();
  }

  reset() {
    if (this.default === undefined || sameValue(this.value, this.default)) return;
    this.resetTo(this.default);
    this.send(this.name, null);
  }

  /**
   * Shows the default after the panel's Reset all (the server restores it), keeping an undo step.
   * @param {PropValue} value
   */
  resetTo(value) {
    if (this.value !== undefined && !sameValue(this.value, value)) this.remember(this.value);
    this.editing = false;
    this.value = value;
    this.editor.show(value);
    this.refresh();
  }

  /**
   * A value from the server (another viewer, a link, the reply to a change): shown unless the
   * person is in the middle of changing it.
   * @param {PropValue} value
   */
  receive(value) {
    if (this.editing || sameValue(value, this.value)) return;
    this.value = value;
    this.editor.show(value);
    this.refresh();
  }

  /** @param {PropValue} value */
  remember(value) {
    this.history.push(value);
    if (this.history.length > UNDO_DEPTH) this.history.shift();
    this.onRemember?.();
  }

  /** The buttons and the changed mark follow the value and the history. */
  refresh() {
    const isDefault = this.default === undefined || sameValue(this.value, this.default);
    this.changed.hidden = isDefault;
    this.element.toggleAttribute("data-changed", !isDefault);
    const last = this.history.at(-1);
    this.undoButton.disabled = last === undefined;
    this.undoButton.setAttribute("aria-label", `Undo ${this.label}`);
    this.undoButton.title = last === undefined ? "Nothing to undo" : `Undo: back to ${spoken(last)}`;
    this.resetButton.disabled = isDefault;
    const fallback = this.default === undefined ? "" : ` (${spoken(this.default)})`;
    this.resetButton.setAttribute("aria-label", `Reset ${this.label} to its default${fallback}`);
    this.resetButton.title = isDefault ? "At its default" : `Reset to the default${fallback}`;
  }
}
