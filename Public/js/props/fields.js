// @ts-check
// The editors for one prop of each simple kind, built from its schema: a slider with a number field,
// a colour picker (with its hex code, and opacity where the prop has alpha), a list of colours, a
// segmented choice (a radio group, so arrows move within it) and a switch. Each reports edit(value) as the value moves
// and commit() when a change is done, which ends one undo step.
import { numberRange, colorHasAlpha, inWords, itemOf } from "./schema.js";
import { showFill } from "../range.js";

/**
 * @typedef {import("./schema.js").PropSchema} PropSchema
 * @typedef {import("./schema.js").PropValue} PropValue
 *
 * @typedef {object} EditorContext
 * @property {string} id the id of the editor's main input, which the row's label names
 * @property {string} labelId the id of the row's label, for groups that a <label> cannot name
 * @property {string} label the prop's name in words
 * @property {PropSchema} schema
 * @property {(value: PropValue) => void} edit a change in progress: sent and shown at once
 * @property {() => void} commit the change is done
 *
 * @typedef {object} Editor
 * @property {HTMLElement} element
 * @property {(value: PropValue) => void} show shows a value from elsewhere (the server, undo, reset)
 * @property {boolean} labelled whether the row's <label for=id> names the editor (else aria-labelledby)
 */

/**
 * An element with a class and attributes.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} className
 * @param {Record<string, string>} [attributes]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, className, attributes = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * An editor's box with a line under it that says why a typed value was not taken and what is
 * allowed, the way the API's 400s do; the inputs it speaks for are marked invalid meanwhile.
 * @param {HTMLElement} box
 * @param {string} id
 * @param {HTMLInputElement[]} inputs
 */
function withMessage(box, id, inputs) {
  const wrapper = element("div", "prop-editor");
  const note = element("p", "prop-error", { id: `${id}-error`, "aria-live": "polite" });
  note.hidden = true;
  wrapper.append(box, note);
  for (const input of inputs) {
    input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), note.id].filter(Boolean).join(" "));
  }
  return {
    element: wrapper,
    /** @param {string} text */
    say(text) {
      note.textContent = text;
      note.hidden = false;
      for (const input of inputs) input.setAttribute("aria-invalid", "true");
    },
    clear() {
      if (note.hidden) return;
      note.hidden = true;
      note.textContent = "";
      for (const input of inputs) input.removeAttribute("aria-invalid");
    },
  };
}

/**
 * The number of decimals `step` needs.
 * @param {number} step
 */
function decimalsOf(step) {
  const text = String(step);
  const e = text.match(/e-(\d+)$/);
  if (e) return Number(e[1]);
  return text.includes(".") ? text.length - text.indexOf(".") - 1 : 0;
}

/**
 * `value` on the step grid from `min`, within [min, max], without binary fractions (0.30000000000000004).
 * @param {number} value
 * @param {{ min: number, max: number, step: number }} range
 */
export function snap(value, { min, max, step }) {
  const stepped = min + Math.round((value - min) / step) * step;
  return Number(Math.min(max, Math.max(min, stepped)).toFixed(decimalsOf(step) + decimalsOf(min)));
}

/**
 * A slider with a number field beside it: drag for a feel, type for an exact value.
 * @param {EditorContext} ctx
 * @returns {Editor}
 */
export function numberEditor({ id, label, schema, edit, commit }) {
  const range = numberRange(schema);
  const limits = { min: String(range.min), max: String(range.max), step: String(range.step) };
  const slider = element("input", "range", { type: "range", id, ...limits });
  const field = element("input", "prop-number", { type: "number", ...limits, "aria-label": `${label}, exact value` });
  field.inputMode = "decimal";
  const box = element("div", "prop-slider");
  box.append(slider, field);
  if (range.unit) {
    const unit = element("span", "prop-unit", { "aria-hidden": "true" });
    unit.textContent = range.unit;
    box.append(unit);
    slider.setAttribute("aria-valuetext", "");
  }
  /**
   * Shows `value` on the slider and, unless it is being typed in, the number field.
   * @param {number} value
   * @param {boolean} [typing]
   */
  const show = (value, typing = false) => {
    slider.value = String(value);
    showFill(slider);
    if (!typing) field.value = String(value);
    if (range.unit) slider.setAttribute("aria-valuetext", `${value} ${range.unit}`);
  };
  slider.addEventListener("input", () => {
    const value = snap(Number(slider.value), range);
    show(value);
    edit(value);
  });
  slider.addEventListener("change", commit);
  const message = withMessage(box, id, [field]);
  const allowed = `${range.min}–${range.max}${range.unit ? ` ${range.unit}` : ""}${range.step !== 1 ? ` in steps of ${range.step}` : ""}`;
  /** Why the typed text is not a value, or null when it is one. */
  const fault = () => {
    const value = field.valueAsNumber;
    if (field.value.trim() === "" || !Number.isFinite(value)) return `Not a number. Allowed: ${allowed}.`;
    if (value < range.min) return `${value} is below the minimum. Allowed: ${allowed}.`;
    if (value > range.max) return `${value} is above the maximum. Allowed: ${allowed}.`;
    return null;
  };
  // The value before this bout of typing: what an out-of-range entry keeps. Digits on their way to it
  // went out as they were typed ("9" of "99"), so it is sent again rather than left at a prefix.
  let typedFrom = NaN;
  field.addEventListener("focus", () => { typedFrom = Number(slider.value); });
  field.addEventListener("input", () => {
    if (!Number.isFinite(typedFrom)) typedFrom = Number(slider.value);
    // Said once the typing is done (change), so "1" on the way to "12" is not called wrong.
    if (fault()) return;
    message.clear();
    const stepped = snap(field.valueAsNumber, range);
    show(stepped, true);
    edit(stepped);
  });
  field.addEventListener("change", () => {
    // A value outside the range is not taken: the field goes back to the value before the typing
    // and says why, the way the API's 400 names what is allowed.
    const why = fault();
    if (why) {
      const kept = Number.isFinite(typedFrom) ? typedFrom : Number(slider.value);
      if (Number(slider.value) !== kept) {
        show(kept);
        edit(kept);
      }
      message.say(`${why} Kept ${kept}.`);
    } else {
      message.clear();
    }
    field.value = slider.value;
    typedFrom = Number(slider.value);
    commit();
  });
  slider.addEventListener("input", () => message.clear());
  return { element: message.element, labelled: true, show: (value) => { message.clear(); show(Number(value)); } };
}

/**
 * A colour: the picker (its swatch drawn over a checkerboard, so opacity shows), the hex code as
 * text, and an opacity slider where the prop takes #RRGGBBAA.
 * @param {EditorContext} ctx
 * @returns {Editor}
 */
export function colorEditor({ id, label, schema, edit, commit }) {
  const alpha = colorHasAlpha(schema);
  const swatch = element("span", "prop-swatch");
  const picker = element("input", "", { type: "color", id });
  swatch.append(picker);
  const hex = element("input", "prop-hex", {
    type: "text", "aria-label": `${label}, hex code`, spellcheck: "false", autocomplete: "off",
    maxlength: alpha ? "9" : "7", pattern: alpha ? "#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?" : "#[0-9A-Fa-f]{6}",
  });
  const box = element("div", "prop-color");
  box.append(swatch, hex);
  const opacity = alpha ? element("input", "range prop-alpha", {
    type: "range", min: "0", max: "255", step: "1", "aria-label": `${label}, opacity`, title: "Opacity",
  }) : null;
  if (opacity) box.append(opacity);

  let rgb = "#000000";
  let a = 255;
  // The server's own spelling (lower case, the alpha only when not opaque), so a value sent and the
  // same value read back compare equal.
  const value = () => (a === 255 ? rgb : `${rgb}${a.toString(16).padStart(2, "0")}`).toLowerCase();
  /** @param {boolean} [typing] whether the hex code is being typed, and so is left as it is */
  const render = (typing = false) => {
    picker.value = rgb.toLowerCase();
    swatch.style.setProperty("--swatch", `${rgb}${a.toString(16).padStart(2, "0")}`);
    if (!typing) hex.value = value();
    if (opacity) {
      opacity.value = String(a);
      opacity.setAttribute("aria-valuetext", `${Math.round((a / 255) * 100)} percent`);
      opacity.style.setProperty("--opaque", rgb);
      showFill(opacity);
    }
  };
  /** @param {string} text */
  const read = (text) => {
    const m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(text.trim());
    if (!m || (m[2] && !alpha)) return false;
    rgb = `#${m[1]}`;
    a = m[2] ? parseInt(m[2], 16) : 255;
    return true;
  };
  const message = withMessage(box, id, [hex]);
  const format = alpha ? "#RRGGBB or #RRGGBBAA" : "#RRGGBB";
  picker.addEventListener("input", () => { message.clear(); rgb = picker.value; render(); edit(value()); });
  picker.addEventListener("change", commit);
  hex.addEventListener("input", () => { if (read(hex.value)) { message.clear(); render(true); edit(value()); } });
  hex.addEventListener("change", () => {
    // A CSS colour name or #RGB is taken as the hex code it stands for; anything else is said, not dropped.
    const typed = hex.value.trim();
    const css = cssColor(typed);
    if (!read(typed) && css && read(css)) {
      render();
      edit(value());
      message.clear();
    } else if (!read(typed)) {
      message.say(`“${typed}” is not a colour. Allowed: ${format} (hex digits), or a CSS colour name. Kept ${value()}.`);
    } else {
      message.clear();
    }
    hex.value = value();
    commit();
  });
  opacity?.addEventListener("input", () => { message.clear(); a = Number(opacity.value); render(); edit(value()); });
  opacity?.addEventListener("change", commit);
  return { element: message.element, labelled: true, show: (v) => { if (read(String(v))) { message.clear(); render(); } } };
}

/** A canvas only to read colours through: CSS parses names and short codes for us. */
let colorReader = /** @type {CanvasRenderingContext2D | null} */ (null);

/**
 * A CSS colour (`red`, `#f80`, `rgb(…)`) as #rrggbb (or #rrggbbaa when not opaque); null when CSS
 * does not read it as a colour.
 * @param {string} text
 */
export function cssColor(text) {
  colorReader ??= document.createElement("canvas").getContext("2d");
  if (!colorReader || !text || !CSS.supports("color", text)) return null;
  colorReader.fillStyle = "#000000";
  colorReader.fillStyle = text;
  const v = String(colorReader.fillStyle);
  if (v.startsWith("#")) return v;
  const m = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(v);
  if (!m) return null;
  const hex = (/** @type {number} */ n) => Math.round(n).toString(16).padStart(2, "0");
  return `#${hex(+m[1])}${hex(+m[2])}${hex(+m[3])}${hex(Number(m[4]) * 255)}`;
}

/**
 * One of a few named values: a segmented control made of radio buttons.
 * @param {EditorContext} ctx
 * @returns {Editor}
 */
export function choiceEditor({ id, labelId, schema, edit, commit }) {
  const values = schema.enum ?? [];
  const group = element("div", "segmented prop-choices", { role: "radiogroup", "aria-labelledby": labelId });
  const radios = values.map((value, i) => {
    const option = element("label", "");
    const radio = element("input", "", { type: "radio", name: id, value });
    if (i === 0) radio.id = id;
    const text = element("span", "");
    text.textContent = inWords(value);
    option.title = value;
    option.append(radio, text);
    group.append(option);
    radio.addEventListener("change", () => {
      if (!radio.checked) return;
      edit(value);
      commit();
    });
    return radio;
  });
  return {
    element: group,
    labelled: false,
    show(value) { for (const radio of radios) radio.checked = radio.value === value; },
  };
}

/**
 * On or off: a switch.
 * @param {EditorContext} ctx
 * @returns {Editor}
 */
export function switchEditor({ id, edit, commit }) {
  const wrap = element("label", "switch");
  const box = element("input", "", { type: "checkbox", role: "switch", id });
  wrap.append(box, element("span", "switch-track", { "aria-hidden": "true" }));
  box.addEventListener("change", () => {
    edit(box.checked);
    commit();
  });
  return { element: wrap, labelled: true, show(value) { box.checked = value === true; } };
}

/**
 * A list of colours, each edited as one colour, with Remove, and Add up to the schema's maxItems.
 * @param {EditorContext} ctx
 * @returns {Editor}
 */
export function colorsEditor({ id, labelId, label, schema, edit, commit }) {
  const item = itemOf(schema);
  const max = schema.maxItems ?? 16;
  const box = element("div", "prop-colors", { role: "group", "aria-labelledby": labelId });
  const list = element("ol", "prop-color-list");
  const add = element("button", "btn prop-add", { type: "button" });
  add.textContent = "Add colour";
  box.append(list, add);
  /** @type {string[]} */
  let colors = [];
  // The first colour's editor takes the row's id, so the label names it; an empty list has no input.
  const render = () => {
    list.replaceChildren(...colors.map((color, i) => {
      const entry = element("li", "prop-color-item");
      const editor = colorEditor({
        id: i === 0 ? id : `${id}-${i}`, labelId, label: `${label}, colour ${i + 1}`, schema: item,
        edit: (value) => { colors = colors.map((c, j) => (j === i ? String(value) : c)); edit([...colors]); },
        commit,
      });
      editor.show(color);
      const remove = element("button", "btn btn-icon prop-act", { type: "button", "aria-label": `Remove colour ${i + 1}`, title: "Remove" });
      remove.textContent = "✕";
      remove.addEventListener("click", () => {
        colors = colors.filter((_, j) => j !== i);
        render();
        edit([...colors]);
        commit();
        // Focus stays in the list: on the next colour's Remove, or on Add when none is left.
        const removes = list.querySelectorAll(".prop-color-item > button");
        const next = removes[Math.min(i, removes.length - 1)];
        (next instanceof HTMLElement ? next : add).focus();
      });
      entry.append(editor.element, remove);
      return entry;
    }));
    add.disabled = colors.length >= max;
  };
  add.addEventListener("click", () => {
    colors = [...colors, colors.at(-1) ?? "#000000"];
    render();
    edit([...colors]);
    commit();
  });
  return {
    element: box,
    labelled: false,
    show(value) {
      if (!Array.isArray(value)) return;
      colors = value.map(String);
      render();
    },
  };
}
