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
  field.addEventListener("input", () => {
    const value = field.valueAsNumber;
    if (!Number.isFinite(value) || value < range.min || value > range.max) return;
    const stepped = snap(value, range);
    show(stepped, true);
    edit(stepped);
  });
  field.addEventListener("change", () => {
    // A value outside the range or off the step is brought back to the one sent.
    field.value = slider.value;
    commit();
  });
  return { element: box, labelled: true, show: (value) => show(Number(value)) };
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
  picker.addEventListener("input", () => { rgb = picker.value; render(); edit(value()); });
  picker.addEventListener("change", commit);
  hex.addEventListener("input", () => { if (read(hex.value)) { render(true); edit(value()); } });
  hex.addEventListener("change", () => { hex.value = value(); commit(); });
  opacity?.addEventListener("input", () => { a = Number(opacity.value); render(); edit(value()); });
  opacity?.addEventListener("change", commit);
  return { element: box, labelled: true, show: (v) => { if (read(String(v))) render(); } };
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
