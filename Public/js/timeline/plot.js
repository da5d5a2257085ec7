// @ts-check
// A lane's plot: its values over scene time with axes and units (colours as swatches, shapes as
// outlines, numbers as lines), and its own easing curve on progress-over-time axes.
import { tickStep, ticks, formatTime } from "./scale.js";
import { unitOf, curveName } from "./own.js";

const SVG = "http://www.w3.org/2000/svg";

/**
 *
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {string} [text]
 *
 * @returns {SVGElement}
 */
function el(name, attrs = {}, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A value's numbers, each named: a number; a point's x and y; a transform's six.
 *
 * @param {any} v
 * @returns {[string, number][]}
 */
function components(v) {
  if (v.number !== undefined) return [["", v.number]];
  if (v.point) return [["x", v.point[0]], ["y", v.point[1]]];
  if (v.transform) return ["a", "b", "c", "d", "tx", "ty"].map((n, i) => [n, v.transform[i]]);
  return [];
}

/** A number with up to three decimals, without trailing zeros.
 * @param {number} v
 */
const num = (v) => String(+v.toFixed(3));

/** @typedef {{ time: number, value: any }} Sample */

/**
 * Draws `samples` of `keyPath` into `svg` (its width `width` px) and returns the caption's words.
 *
 * @param {SVGSVGElement} svg
 * @param {Sample[]} samples
 * @param {string} keyPath
 * @param {number} width
 *
 * @param {{ from: number, to: number }} window
 */
export function drawValues(svg, samples, keyPath, width, window) {
  const h = 180, left = 52, right = 12, top = 24, bottom = 34;
  const w = Math.max(width, 200);
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("width", String(w));
  svg.setAttribute("height", String(h));
  const [t0, t1] = [window.from, Math.max(window.to, window.from + 1e-3)];
  const px = (/** @type {number} */ t) => left + ((t - t0) / (t1 - t0)) * (w - left - right);
  const nodes = [];
  // The time axis.
  const step = tickStep(t1 - t0, Math.floor((w - left - right) / 60));
  nodes.push(el("line", { x1: left, x2: w - right, y1: h - bottom, y2: h - bottom, class: "axis" }));
  for (const t of ticks(t0, t1, step)) {
    nodes.push(el("line", { x1: px(t), x2: px(t), y1: h - bottom, y2: h - bottom + 4, class: "axis" }));
    nodes.push(el("text", { x: px(t), y: h - bottom + 15, "text-anchor": "middle", class: "tick" }, formatTime(t, step)));
  }
  nodes.push(el("text", { x: (left + w - right) / 2, y: h - 3, "text-anchor": "middle", class: "axis-title" }, "scene time (s)"));
  const unit = unitOf(keyPath);
  const first = samples[0]?.value ?? {};
  let summary = "";
  if (first.color !== undefined) {
    // Colours as colours: a strip of the sampled colours, and swatches with their values.
    const y = top + 8, stripH = 44;
    samples.forEach((s, i) => {
      const next = samples[i + 1]?.time ?? t1;
      nodes.push(el("rect", { x: px(s.time), y, width: Math.max(px(next) - px(s.time), 1) + 0.5, height: stripH, fill: s.value.color }));
    });
    nodes.push(el("rect", { x: left, y, width: w - left - right, height: stripH, class: "swatch-edge" }));
    const picks = samples.length ? [0, Math.floor((samples.length - 1) / 2), samples.length - 1] : [];
    for (const i of [...new Set(picks)]) {
      const s = samples[i];
      const x = Math.min(Math.max(px(s.time), left + 34), w - right - 34);
      nodes.push(el("rect", { x: x - 9, y: y + stripH + 10, width: 18, height: 18, rx: 3, fill: s.value.color, class: "swatch-edge" }));
      nodes.push(el("text", { x, y: y + stripH + 42, "text-anchor": "middle", class: "tick" }, s.value.color));
    }
    nodes.push(el("text", { x: 4, y: y + stripH / 2 + 4, class: "axis-title" }, "colour"));
    const distinct = [...new Set(samples.map((s) => s.value.color))];
    summary = distinct.length > 1 ? `colour from ${distinct[0]} to ${distinct.at(-1)}` : `colour ${distinct[0] ?? "–"} throughout`;
  } else if (first.path !== undefined) {
    // Shapes as shapes: the outline at five times, each under its time.
    const picks = samples.length ? [...new Set([0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(f * (samples.length - 1))))] : [];
    const all = picks.flatMap((i) => samples[i].value.path.flatMap((/** @type {any} */ e) => e.points));
    const xs = all.filter((_, i) => i % 2 === 0), ys = all.filter((_, i) => i % 2 === 1);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const box = 64, k = box / Math.max(maxX - minX, maxY - minY, 1e-6);
    for (const i of picks) {
      const s = samples[i];
      const cx = Math.min(Math.max(px(s.time), left + box / 2), w - right - box / 2);
      const d = s.value.path.map((/** @type {any} */ e) => e.kind + e.points.map((/** @type {number} */ p, /** @type {number} */ j) =>
        (j % 2 === 0 ? cx - box / 2 + (p - minX) * k : top + 30 + (p - minY) * k).toFixed(1)).join(" ")).join(" ");
      nodes.push(el("path", { d, class: "plot-shape" }));
      nodes.push(el("line", { x1: px(s.time), x2: px(s.time), y1: h - bottom - 4, y2: h - bottom, class: "axis" }));
    }
    nodes.push(el("text", { x: 4, y: top + 12, class: "axis-title" }, "shape"));
    summary = `${picks.length} outlines of ${samples[0]?.value.path.length ?? 0} elements`;
  } else {
    const names = components(first).map(([n]) => n);
    const series = names.map((n, c) => ({ n, ys: samples.map((s) => (components(s.value)[c]?.[1] ?? 0) * unit.scale) }));
    const varying = series.filter((s) => Math.max(...s.ys) - Math.min(...s.ys) > 1e-9);
    const shown = varying.length ? varying.slice(0, 3) : series.slice(0, 1);
    const all = shown.flatMap((s) => s.ys);
    let [lo, hi] = all.length ? [Math.min(...all), Math.max(...all)] : [0, 1];
    if (hi - lo < 1e-9) [lo, hi] = [lo - Math.max(Math.abs(lo) * 0.1, 0.5), hi + Math.max(Math.abs(hi) * 0.1, 0.5)];
    const py = (/** @type {number} */ v) => top + (1 - (v - lo) / (hi - lo)) * (h - top - bottom);
    const ystep = tickStep(hi - lo, 4);
    nodes.push(el("line", { x1: left, x2: left, y1: top, y2: h - bottom, class: "axis" }));
    for (const v of ticks(lo, hi, ystep)) {
      nodes.push(el("line", { x1: left - 4, x2: w - right, y1: py(v), y2: py(v), class: "grid" }));
      nodes.push(el("text", { x: left - 6, y: py(v) + 4, "text-anchor": "end", class: "tick" }, `${formatTime(v, ystep)}${unit.unit}`));
    }
    shown.forEach((s, i) => {
      nodes.push(el("polyline", {
        points: samples.map((p, j) => `${px(p.time).toFixed(1)},${py(s.ys[j]).toFixed(1)}`).join(" "),
        class: `plot-values series-${i}`,
      }));
    });
    const title = unit.title + (shown.length > 1 || shown[0]?.n ? `: ${shown.map((s, i) => `${s.n} ${["solid", "dashed", "dotted"][i]}`).join(", ")}` : "");
    nodes.push(el("text", { x: left, y: 12, class: "axis-title" }, title));
    summary = shown.map((s) => `${s.n ? s.n + " " : ""}between ${num(Math.min(...s.ys))}${unit.unit} and ${num(Math.max(...s.ys))}${unit.unit}`
      + ` (first ${num(s.ys[0] ?? 0)}${unit.unit}, last ${num(s.ys.at(-1) ?? 0)}${unit.unit})`).join("; ");
    if (!varying.length) summary += ", constant";
  }
  const marker = el("line", { x1: 0, x2: 0, y1: top - 6, y2: h - bottom, class: "plot-now", visibility: "hidden" });
  marker.dataset.part = "plot-now";
  nodes.push(marker);
  svg.replaceChildren(...nodes);
  svg.dataset.t0 = String(t0);
  svg.dataset.t1 = String(t1);
  svg.dataset.left = String(left);
  svg.dataset.right = String(w - right);
  return summary;
}

/** Moves the plot's time marker to `t` (hidden outside the plot or when null).
 *
 * @param {SVGSVGElement} svg
 * @param {number | null} t
 */
export function markTime(svg, t) {
  const m = svg.querySelector('[data-part="plot-now"]');
  if (!m) return;
  const [t0, t1, l, r] = ["t0", "t1", "left", "right"].map((k) => Number(svg.dataset[k]));
  if (t === null || !(t >= t0 && t <= t1)) return m.setAttribute("visibility", "hidden");
  const x = l + ((t - t0) / (t1 - t0)) * (r - l);
  m.setAttribute("x1", x.toFixed(1));
  m.setAttribute("x2", x.toFixed(1));
  m.setAttribute("visibility", "visible");
}

/** The easing curve on progress-over-time axes.
 * @param {SVGSVGElement} svg
 * @param {import("./own.js").Curve} c
 */
export function drawCurve(svg, c) {
  const s = 120, o = 34, top = 14;
  svg.setAttribute("viewBox", `0 0 ${s + o + 14} ${s + top + 34}`);
  svg.setAttribute("width", String(s + o + 14));
  svg.setAttribute("height", String(s + top + 34));
  const X = (/** @type {number} */ v) => o + v * s, Y = (/** @type {number} */ v) => top + (1 - v) * s;
  const [x1, y1, x2, y2] = c.points;
  svg.replaceChildren(
    el("rect", { x: X(0), y: Y(1), width: s, height: s, class: "grid-box" }),
    el("line", { x1: X(0.5), x2: X(0.5), y1: Y(0), y2: Y(1), class: "grid" }),
    el("line", { x1: X(0), x2: X(1), y1: Y(0.5), y2: Y(0.5), class: "grid" }),
    el("line", { x1: X(0), x2: X(1), y1: Y(0), y2: Y(1), class: "grid" }),
    el("path", { d: `M${X(0)},${Y(0)} C${X(x1)},${Y(y1)} ${X(x2)},${Y(y2)} ${X(1)},${Y(1)}`, class: "plot-curve" }),
    el("text", { x: X(0), y: Y(0) + 14, "text-anchor": "middle", class: "tick" }, "0"),
    el("text", { x: X(1), y: Y(0) + 14, "text-anchor": "middle", class: "tick" }, "1"),
    el("text", { x: X(0) - 5, y: Y(1) + 4, "text-anchor": "end", class: "tick" }, "1"),
    el("text", { x: X(0) - 5, y: Y(0) + 4, "text-anchor": "end", class: "tick" }, "0"),
    el("text", { x: X(0.5), y: Y(0) + 28, "text-anchor": "middle", class: "axis-title" }, "time (fraction)"),
    el("text", { x: 0, y: 0, "text-anchor": "middle", class: "axis-title", transform: `translate(${o - 22} ${Y(0.5)}) rotate(-90)` }, "progress"),
  );
  return curveName(c);
}
