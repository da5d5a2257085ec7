// @ts-check
// Each lane's own timing. A lane animates one key path; when the layer's animation is a group (the
// spinner's strokeEnd: a 2.5 s linear group repeating forever, around a 2 s ease-in-ease-out basic
// animation), the lane's timing is its child's, placed in the group's repeating cycle. Also: what a
// key path's values mean (their unit), and which window of scene time a plot of it shows.

/**
 * @typedef {{ name?: string, points: number[] }} Curve
 * @typedef {{ kind?: string, keyPath?: string, begin: number, duration: number, repeatCount?: number | null,
 *   autoreverses?: boolean, speed?: number, timingFunction: Curve, keyframes?: { timingFunctions?: (Curve | null)[] | null } | null }} Body
 * @typedef {{ id: string, method: string, path: string, parameters: {name: string, value: string | number | boolean}[], sceneTime: number, revision: number, warnings?: string[] }} Command
 * @typedef {{ control: string, layer: string[], key: string, keyPaths: string[], outcome: string, end?: number | null,
 *   animation: Body, children?: Body[] | null, cause?: Command }} Animation
 * @typedef {{ from: number, to: number, sceneTime: number, keptFrom?: number, historySpan?: number,
 *   animations: Animation[], commands: Command[] }} Timeline
 * @typedef {{ begin: number, duration: number, curve: Curve, cycle: number | null, offset: number,
 *   forever: boolean, end: number | null, group: Body | null, body: Body }} Own
 */

/** The curve's name as a designer reads it: "ease-in-ease-out", or its control points.
 *
 * @param {Curve} c
 */
export function curveName(c) {
  if (c.name) return c.name.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`);
  return `cubic-bezier(${c.points.map((p) => +p.toFixed(3)).join(", ")})`;
}

/** How many times a body plays: Infinity when forever.
 * @param {Body} b
 */
const plays = (b) => b.repeatCount == null ? Infinity : Math.max(b.repeatCount, 1) * (b.autoreverses ? 2 : 1);

/** The lane's own timing: for a group, the child animating the lane's key path, in scene time.
 *
 * @param {Animation} a
 * @returns {Own}
 */
export function ownTiming(a) {
  const g = a.animation;
  const child = g.kind === "group"
    ? (a.children ?? []).find((c) => c.keyPath === a.keyPaths[0]) ?? (a.children ?? [])[0]
    : undefined;
  if (!child) {
    const n = plays(g);
    return {
      begin: g.begin, duration: g.duration, curve: g.timingFunction, cycle: n > 1 ? g.duration : null, offset: 0,
      forever: n === Infinity, end: a.end ?? (n === Infinity ? null : g.begin + g.duration * n), group: null, body: g,
    };
  }
  const n = plays(g);
  return {
    begin: g.begin + child.begin, duration: child.duration, curve: child.timingFunction,
    cycle: n > 1 ? g.duration : null, offset: child.begin, forever: n === Infinity,
    end: a.end ?? (n === Infinity ? null : g.begin + g.duration * n), group: g, body: child,
  };
}

/** A bar's words: the lane's own timing, then what became of it.
 *
 * @param {Animation} a
 */
export function describeTiming(a) {
  const own = ownTiming(a);
  const curves = own.body.keyframes?.timingFunctions?.filter(Boolean);
  const curve = curves?.length ? `keyframes, ${[...new Set(curves.map((c) => curveName(/** @type {Curve} */ (c))))].join(" / ")}`
    : curveName(own.curve);
  let text = `${curve}, ${+own.duration.toFixed(3)} s from ${own.begin.toFixed(3)} s`;
  if (own.group && own.cycle) text += `, in a ${+own.cycle.toFixed(3)} s cycle${own.offset ? ` (starting ${+own.offset.toFixed(3)} s in)` : ""}`;
  else if (own.group) text += `, in a ${+own.group.duration.toFixed(3)} s group`;
  if (own.forever) text += ", repeating forever";
  else if (own.cycle) text += `, ${plays(own.group ?? own.body)} times`;
  return text;
}

/** The unit a key path's values are in, and how a value is shown (rotations in degrees).
 *
 * @param {string} keyPath
 * @returns {{ unit: string, scale: number, title: string }}
 */
export function unitOf(keyPath) {
  if (/rotation/.test(keyPath)) return { unit: "°", scale: 180 / Math.PI, title: "angle (°)" };
  if (/^(strokeStart|strokeEnd|opacity)$/.test(keyPath)) return { unit: "", scale: 1, title: "fraction (0–1)" };
  if (/scale/.test(keyPath)) return { unit: "×", scale: 1, title: "scale (×)" };
  if (/color|Color/.test(keyPath)) return { unit: "", scale: 1, title: "colour" };
  if (/path|Path/.test(keyPath)) return { unit: "pt", scale: 1, title: "shape" };
  return { unit: "pt", scale: 1, title: `${keyPath} (pt)` };
}

/** The window a plot of `a` shows: its whole run, or for an endless repeat two cycles around now;
 * cut to the kept history. `lost` when none of it is kept any more.
 *
 * @param {Animation} a
 * @param {Timeline} t
 *
 * @returns {{ from: number, to: number, cut: boolean, lost: boolean }}
 */
export function plotWindow(a, t) {
  const own = ownTiming(a);
  const kept = t.keptFrom ?? t.from;
  const start = a.animation.begin;
  let from = start, to = a.end ?? (own.end ?? t.sceneTime);
  if (own.cycle && (own.forever || (to - from) > own.cycle * 2)) {
    const last = Math.min(to, t.sceneTime);
    const k = Math.max(Math.floor((last - start) / own.cycle) - 1, 0);
    from = start + k * own.cycle;
    to = Math.min(from + 2 * own.cycle, a.end ?? Infinity);
  }
  if (to - from < 1e-3) to = from + Math.max(own.duration, 0.1);
  const cut = from < kept;
  from = Math.max(from, kept);
  return { from, to: Math.max(to, from), cut, lost: to <= kept };
}
