// @ts-check
// A timing curve's editor, after Chrome DevTools' easing editor: the curve plotted live with its two
// control points as handles to drag, and presets for the named curves. Dragging is never the only
// way (WCAG 2.5.7): a focused handle moves with the arrow keys (Shift: ten times further), and four
// number fields take the points exactly. x stays within [0, 1], where a timing curve is a function.
import { element, snap } from "./fields.js";
import { curveForm } from "./schema.js";

/**
 * @typedef {import("./fields.js").EditorContext} EditorContext
 * @typedef {import("./fields.js").Editor} Editor
 * @typedef {import("./schema.js").PropValue} PropValue
 * @typedef {[number, number, number, number]} Points
 */

const SVG = "http://www.w3.org/2000/svg";
// The plot shows x a little past [0, 1] (room for a handle) and y from VIEW_Y0 to VIEW_Y1: the
// overshoot of a springy curve shows, and a handle dragged further stops at the edge (the number
// fields still reach the whole declared range).
const VIEW_X0 = -0.1, VIEW_X1 = 1.1;
const VIEW_Y0 = -0.4, VIEW_Y1 = 1.4;
// A handle moves in hundredths (arrow keys: one, with Shift ten), as DevTools' editor rounds them.
const STEP = 0.01;

/**
 * @param {string} tag
 * @param {Record<string, string>} attributes
 * @returns {SVGElement}
 */
function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * The SVG path of a curve in the plot's coordinates (y up is -y).
 * @param {Points} p
 */
const curvePath = ([x1, y1, x2, y2]) => `M0 0C${x1} ${-y1} ${x2} ${-y2} 1 -1`;

/**
 * A small picture of a curve, for its preset button.
 * @param {Points} points
 */
function thumbnail(points) {
  const picture = svg("svg", { viewBox: "-0.15 -1.3 1.3 1.6", "aria-hidden": "true", class: "bezier-thumb" });
  picture.append(svg("path", { d: curvePath(points) }));
  return picture;
}

/**
 * The curve editor for one prop; `named` gives the control points of each named curve.
 * @param {EditorContext} ctx
 * @param {Record<string, Points>} named
 * @returns {Editor}
 */
export function curveEditor({ id, labelId, label, schema, edit, commit }, named) {
  const form = curveForm(schema);
  const xRange = { min: 0, max: 1, step: STEP };
  const yRange = { min: form.yMin, max: form.yMax, step: STEP };
  /** @type {Points} */
  let points = [0, 0, 1, 1];
  /** @type {string | null} the named curve shown, if the value is a name */
  let name = null;

  const box = element("div", "bezier", { role: "group", "aria-labelledby": labelId });
  const help = element("p", "visually-hidden", { id: `${id}-keys` });
  help.textContent = "Drag a handle, or move a focused handle with the arrow keys; hold Shift for bigger steps.";

  // The plot: the unit square, the straight line, the handles' arms and the curve.
  const plot = element("div", "bezier-plot");
  plot.style.aspectRatio = `${VIEW_X1 - VIEW_X0} / ${VIEW_Y1 - VIEW_Y0}`;
  const picture = svg("svg", {
    viewBox: `${VIEW_X0} ${-VIEW_Y1} ${VIEW_X1 - VIEW_X0} ${VIEW_Y1 - VIEW_Y0}`, "aria-hidden": "true",
  });
  const arm1 = svg("line", { class: "bezier-arm", x1: "0", y1: "0" });
  const arm2 = svg("line", { class: "bezier-arm", x1: "1", y1: "-1" });
  const curve = svg("path", { class: "bezier-curve" });
  picture.append(
    svg("rect", { class: "bezier-box", x: "0", y: "-1", width: "1", height: "1" }),
    svg("line", { class: "bezier-diagonal", x1: "0", y1: "0", x2: "1", y2: "-1" }),
    arm1, arm2, curve,
  );
  const handles = [0, 1].map((i) => {
    const handle = element("button", "bezier-handle", {
      type: "button", "data-handle": String(i + 1), "aria-describedby": help.id,
    });
    handle.addEventListener("pointerdown", (event) => startDrag(event, i));
    handle.addEventListener("keydown", (event) => nudge(event, i));
    handle.addEventListener("keyup", (event) => { if (event.key.startsWith("Arrow")) commit(); });
    handle.addEventListener("blur", commit);
    return handle;
  });
  plot.append(picture, ...handles);
  // A press on the plot away from the handles takes the nearer handle there and drags it on.
  plot.addEventListener("pointerdown", (event) => {
    if (event.target instanceof HTMLButtonElement) return;
    const [x, y] = pointAt(event);
    const near = Math.hypot(x - points[0], y - points[1]) <= Math.hypot(x - points[2], y - points[3]) ? 0 : 1;
    handles[near].focus();
    startDrag(event, near);
  });

  // Presets: the declared named curves, each with its picture.
  const presets = element("div", "bezier-presets", { role: "group", "aria-label": `${label} presets` });
  const presetButtons = form.names.filter((n) => named[n]).map((n) => {
    const button = element("button", "bezier-preset", { type: "button", "data-curve": n, title: n });
    const text = element("span", "");
    text.textContent = n;
    button.append(thumbnail(named[n]), text);
    button.addEventListener("click", () => {
      if (name === n) return;
      show(n);
      edit(n);
      commit();
    });
    presets.append(button);
    return button;
  });

  // The four numbers.
  const numbers = element("div", "bezier-numbers");
  const fields = ["x1", "y1", "x2", "y2"].map((axis, i) => {
    const range = i % 2 === 0 ? xRange : yRange;
    const field = element("input", "prop-number", {
      type: "number", id: i === 0 ? id : `${id}-${axis}`, min: String(range.min), max: String(range.max),
      step: String(range.step),
    });
    field.inputMode = "decimal";
    const caption = element("label", "bezier-axis");
    caption.htmlFor = field.id;
    caption.textContent = axis;
    caption.title = `${i < 2 ? "First" : "Second"} control point, ${axis[0]}`;
    field.setAttribute("aria-label", `${label}, ${i < 2 ? "first" : "second"} point ${axis[0]}`);
    field.addEventListener("input", () => {
      const v = field.valueAsNumber;
      if (!Number.isFinite(v) || v < range.min || v > range.max) return;
      const next = /** @type {Points} */ ([...points]);
      next[i] = snap(v, range);
      move(next, field);
    });
    field.addEventListener("change", () => {
      field.value = String(points[i]);
      commit();
    });
    const cell = element("div", "bezier-field");
    cell.append(caption, field);
    numbers.append(cell);
    return field;
  });
  const readout = element("output", "bezier-text", { "aria-hidden": "true" });
  box.append(plot, presets, numbers, readout, help);

  /**
   * Shows a curve: a name (its points) or the points themselves; `typing` is a number field being
   * typed in, left as it is.
   * @param {PropValue} value
   * @param {HTMLInputElement | null} [typing]
   */
  function show(value, typing = null) {
    if (typeof value === "string") {
      name = value;
      points = named[value] ?? points;
    } else if (Array.isArray(value) && value.length === 4) {
      name = null;
      points = /** @type {Points} */ ([...value]);
    }
    const [x1, y1, x2, y2] = points;
    curve.setAttribute("d", curvePath(points));
    arm1.setAttribute("x2", String(x1));
    arm1.setAttribute("y2", String(-y1));
    arm2.setAttribute("x2", String(x2));
    arm2.setAttribute("y2", String(-y2));
    for (const [i, handle] of handles.entries()) {
      const x = points[2 * i], y = points[2 * i + 1];
      const shownY = Math.min(VIEW_Y1, Math.max(VIEW_Y0, y));
      handle.style.left = `${((x - VIEW_X0) / (VIEW_X1 - VIEW_X0)) * 100}%`;
      handle.style.top = `${((VIEW_Y1 - shownY) / (VIEW_Y1 - VIEW_Y0)) * 100}%`;
      handle.setAttribute("aria-label", `${label}, ${i ? "second" : "first"} control point: x ${x}, y ${y}`);
    }
    for (const [i, field] of fields.entries()) {
      if (field !== typing) field.value = String(points[i]);
    }
    for (const button of presetButtons) button.setAttribute("aria-pressed", String(button.dataset.curve === name));
    const text = `cubic-bezier(${points.join(", ")})`;
    readout.textContent = name ? `${name} · ${text}` : text;
  }

  /**
   * New points from a drag, a key or a field (`typing`): shown and sent.
   * @param {Points} next
   * @param {HTMLInputElement | null} [typing]
   */
  function move(next, typing = null) {
    const clamped = /** @type {Points} */ (next.map((v, i) => snap(v, i % 2 === 0 ? xRange : yRange)));
    if (!name && clamped.every((v, i) => v === points[i])) return;
    show(clamped, typing);
    edit(clamped);
  }

  /**
   * The curve's coordinates under a pointer, kept to the plot.
   * @param {PointerEvent} event
   * @returns {[number, number]}
   */
  function pointAt(event) {
    const r = plot.getBoundingClientRect();
    const x = VIEW_X0 + ((event.clientX - r.left) / r.width) * (VIEW_X1 - VIEW_X0);
    const y = VIEW_Y1 - ((event.clientY - r.top) / r.height) * (VIEW_Y1 - VIEW_Y0);
    return [x, Math.min(VIEW_Y1, Math.max(VIEW_Y0, y))];
  }

  /**
   * Drags handle `i` with the pointer until it is released; one undo step in all.
   * @param {PointerEvent} event
   * @param {number} i
   */
  function startDrag(event, i) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    const handle = handles[i];
    handle.focus({ preventScroll: true });
    try {
      handle.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer may have nothing to capture; its moves still arrive.
    }
    handle.classList.add("is-dragging");
    /** @param {PointerEvent} e */
    const follow = (e) => {
      const [x, y] = pointAt(e);
      const next = /** @type {Points} */ ([...points]);
      next[2 * i] = x;
      next[2 * i + 1] = y;
      move(next);
    };
    const end = () => {
      handle.classList.remove("is-dragging");
      handle.removeEventListener("pointermove", follow);
      handle.removeEventListener("pointerup", end);
      handle.removeEventListener("pointercancel", end);
      commit();
    };
    handle.addEventListener("pointermove", follow);
    handle.addEventListener("pointerup", end);
    handle.addEventListener("pointercancel", end);
    if (event.currentTarget === plot) follow(event);
  }

  /**
   * Arrow keys move handle `i` by a step, with Shift by ten.
   * @param {KeyboardEvent} event
   * @param {number} i
   */
  function nudge(event, i) {
    /** @type {Record<string, [number, number]>} */
    const directions = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const direction = directions[event.key];
    if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const by = STEP * (event.shiftKey ? 10 : 1);
    const next = /** @type {Points} */ ([...points]);
    next[2 * i] += direction[0] * by;
    next[2 * i + 1] += direction[1] * by;
    move(next);
  }

  return { element: box, labelled: false, show };
}
