// @ts-check
// The timeline's time scale: the part of the kept history on screen (zoom and pan), the ruler's
// ticks at a readable spacing, and times written to the precision the ticks need.

/** Tick spacings in seconds, finest first. */
const STEPS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300];

/** The finest spacing that gives at most `maxTicks` ticks over `span` seconds.
 *
 * @param {number} span
 * @param {number} maxTicks
 */
export function tickStep(span, maxTicks) {
  return STEPS.find((s) => span / s <= Math.max(maxTicks, 1)) ?? STEPS[STEPS.length - 1];
}

/** The ticks from `from` to `to`, `step` apart, on multiples of `step`.
 *
 * @param {number} from
 * @param {number} to
 * @param {number} step
 */
export function ticks(from, to, step) {
  const out = [];
  for (let k = Math.ceil(from / step - 1e-9); k * step <= to + 1e-9 && out.length < 400; k++) out.push(k * step);
  return out;
}

/** `t` with as many decimals as `step` needs (a 0.25 s step, two).
 *
 * @param {number} t
 * @param {number} step
 */
export function formatTime(t, step) {
  const decimals = (String(step).split(".")[1] ?? "").length;
  return (Math.abs(t) < 1e-9 ? 0 : t).toFixed(decimals);
}

/** Clamps `v` into [lo, hi].
 * @param {number} v
 * @param {number} lo
 * @param {number} hi
 */
export const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);

/**
 * The view: a span of scene time on screen, whose end follows the history's end (live) unless
 * panned. Zoom keeps the time under `anchor` where it is on screen.
 */
export class View {
  /** @param {number} span seconds shown at first */
  constructor(span) {
    this.span = span;
    /** @type {number | null} the view's end in scene time; null follows the newest time */
    this.end = null;
    this.min = 0;
    this.max = 1;
  }

  /** Fits the view into the history [min, max].
   * @param {number} min
   * @param {number} max
   */
  bound(min, max) {
    this.min = min;
    this.max = Math.max(max, min + 1e-3);
  }

  get full() { return this.max - this.min; }

  /** The visible [from, to], inside the history. */
  get range() {
    const span = Math.min(this.span, this.full);
    const to = clamp(this.end ?? this.max, this.min + span, this.max);
    return { from: to - span, to };
  }

  /**
   * @param {number} factor above 1 zooms in
   * @param {number} [anchor] the scene time kept in place
   */
  zoom(factor, anchor) {
    const { from, to } = this.range;
    const at = anchor ?? (from + to) / 2;
    const span = clamp((to - from) / factor, 0.05, this.full);
    const fraction = (at - from) / Math.max(to - from, 1e-9);
    const end = at + (1 - fraction) * span;
    this.span = span;
    this.end = this.end === null && factor < 1 ? null : end >= this.max - 1e-6 && this.end === null ? null : end;
  }

  /** Moves by `fraction` of the span (negative: earlier).
   * @param {number} fraction
   */
  pan(fraction) {
    const { from, to } = this.range;
    const end = clamp(to + fraction * (to - from), this.min + (to - from), this.max);
    this.end = end;
  }

  /** Shows the whole kept history, following the newest time. */
  fit() {
    this.span = this.full;
    this.end = null;
  }

  /** Pans the least so that [a, b] (or as much of it as fits) is on screen.
   * @param {number} a
   * @param {number} b
   */
  reveal(a, b) {
    const { from, to } = this.range;
    if (b >= from && a <= to) return false;
    const span = to - from;
    this.end = clamp(a + span * 0.9, this.min + span, this.max);
    return true;
  }

  /** Pans the least so that [a, b] is on screen `margin` seconds in from both edges (a focus ring
   * drawn around it then shows whole); one too long for that is revealed as `reveal` does.
   * @param {number} a
   * @param {number} b
   * @param {number} margin
   */
  revealWhole(a, b, margin) {
    const { from, to } = this.range;
    if (a >= from + margin && b <= to - margin) return false;
    const span = to - from;
    if (b - a > span - 2 * margin) return this.reveal(a, b);
    const end = a < from + margin ? a - margin + span : b + margin;
    const next = clamp(end, this.min + span, this.max);
    if (Math.abs(next - to) < 1e-9) return false;
    this.end = next;
    return true;
  }
}
