// @ts-check
// The timeline panel: lanes of the animations `GET /timeline` lists, a playhead that follows the
// clock, scrubbing and slow replay through `at=` frames for this page alone (the shared clock and the
// stream go on; the stream's frames are set aside meanwhile), and a plot of one animation's values
// with its easing curve. Only short requests: the page keeps its two long-lived connections.
import { errorFrom } from "./api.js";
import { part } from "./dom.js";

const REFRESH_MS = 1000;
const REPLAY_RATE = 0.1;
const SVG = "http://www.w3.org/2000/svg";

/**
 * @typedef {{ method: string, path: string, parameters: {name: string, value: string}[], sceneTime: number, revision: number }} Command
 * @typedef {{ control: string, layer: string[], key: string, keyPaths: string[], outcome: string, end?: number,
 *   animation: { begin: number, duration: number, timingFunction: { name?: string, points: number[] } }, cause?: Command }} Animation
 * @typedef {{ from: number, to: number, sceneTime: number, animations: Animation[], commands: Command[] }} Timeline
 */

/**
 * @param {HTMLElement} root
 * @param {{ stillUrl: () => string | null, onFrame: (bitmap: ImageBitmap, sceneTime: number) => void,
 *   onLive: () => void, onError: (action: string, error: any) => void }} hooks
 */
export function timelinePanel(root, hooks) {
  const lanes = part(root, "lanes");
  const playhead = part(root, "playhead", HTMLInputElement);
  const liveButton = part(root, "live", HTMLButtonElement);
  const replayButton = part(root, "replay", HTMLButtonElement);
  const timeOut = part(root, "time");
  const plot = part(root, "plot");
  const detail = part(root, "detail");

  /** @type {Timeline | null} */
  let timeline = null;
  let live = true;
  let replayRate = 0;
  let shownTime = NaN;
  /** @type {number | null} the newest time asked for while a frame is on its way */
  let wanted = null;
  let inFlight = false;
  let replayTimer = 0;

  async function refresh() {
    try {
      const response = await fetch("timeline", { cache: "no-store" });
      if (!response.ok) throw await errorFrom(response);
      timeline = await response.json();
      draw();
    } catch (error) {
      hooks.onError("The timeline could not be loaded", error);
    }
  }

  /** @param {number} t */
  const x = (t) => timeline ? ((t - timeline.from) / Math.max(timeline.to - timeline.from, 1e-9)) * 100 : 0;

  let drawn = "";
  /** @type {Map<string, { row: HTMLLIElement, track: HTMLElement, animations: Animation[] }>} lanes by label, kept */
  const laneRows = new Map();

  /** The lane called `label`, made once: a label and a track of buttons (bars or command marks).
   * A pointer on the label plots the lane's newest animation; the keyboard reaches every bar.
   * @param {string} label @param {boolean} [commands] */
  function laneFor(label, commands = false) {
    const known = laneRows.get(label);
    if (known) return known;
    const row = document.createElement("li");
    row.className = commands ? "lane lane-commands" : "lane";
    const name = document.createElement("span");
    name.className = "lane-label";
    name.textContent = label;
    const track = document.createElement("span");
    track.className = "lane-track";
    row.append(name, track);
    const lane = { row, track, animations: /** @type {Animation[]} */ ([]) };
    if (!commands) {
      name.title = `Plot the newest animation of ${label}`;
      name.addEventListener("click", () => { const a = lane.animations.at(-1); if (a) showPlot(a); });
    }
    laneRows.set(label, lane);
    return lane;
  }

  /** @type {WeakMap<Element, Animation>} each bar's animation, to place it as the window moves */
  const placed = new WeakMap();

  function draw() {
    if (!timeline) return;
    playhead.min = String(timeline.from);
    playhead.max = String(timeline.to);
    if (live) setPlayhead(timeline.sceneTime);
    // The same animations and commands as last time: only the window moved, so the elements stay
    // (keeping focus and any pointer on them) and only their places change.
    const signature = JSON.stringify([timeline.animations, timeline.commands]);
    if (signature === drawn) {
      place();
      return;
    }
    drawn = signature;
    const focusedKey = lanes.contains(document.activeElement) ? itemKey.get(/** @type {Element} */ (document.activeElement)) : undefined;
    /** @type {Map<string, Animation[]>} */
    const byLane = new Map();
    for (const a of timeline.animations) {
      const label = [a.control, ...a.layer].join(" › ") + " · " + a.keyPaths.join(", ");
      byLane.set(label, [...(byLane.get(label) ?? []), a]);
    }
    const rows = [...byLane].map(([label, animations]) => {
      const lane = laneFor(label);
      lane.animations = animations;
      setChildren(lane.track, animations.map(bar));
      return lane.row;
    });
    const marks = laneFor("Commands", true);
    setChildren(marks.track, timeline.commands.map((c) => {
        const label = `Command ${c.method} ${c.path} ${c.parameters.map((p) => `${p.name}=${p.value}`).join(" ")}`
        + ` at ${c.sceneTime.toFixed(3)} s`;
      return item("command-mark", `command ${c.revision}`, label, () => { detail.textContent = label; });
    }));
    const order = [...rows, marks.row];
    setChildren(lanes, order);
    for (const [label, lane] of laneRows) if (!order.includes(lane.row)) laneRows.delete(label);
    for (const [key, b] of items) if (!b.isConnected) items.delete(key);
    place();
    rove(focusedKey);
  }

  // Keyboard: the lanes are one stop in the tab order (a roving tabindex), so a long timeline does
  // not lengthen the page's tab sequence. Left and right move along a lane, up and down to the
  // nearest item of the lane above or below, Home and End to a lane's ends; Enter or Space
  // activates (a bar plots, a command mark shows its parameters). The focused item is known by its
  // key, so a redraw as time goes on keeps the keyboard's place.

  /** @type {WeakMap<Element, string>} */
  const itemKey = new WeakMap();
  /** The key of the item that holds the lanes' one tab stop. */
  let currentKey = "";

  /** @type {Map<string, HTMLButtonElement>} the lanes' buttons by key, kept across redraws */
  const items = new Map();
  /** @type {WeakMap<Element, () => void>} what each button does, as of the newest timeline */
  const actions = new WeakMap();

  /** The lane's button keyed `key`, the same element from one redraw to the next (so a screen
   * reader keeps its place): labelled, with the same text on hover and on focus, doing `activate`.
   * @param {string} className @param {string} key @param {string} label @param {() => void} activate */
  function item(className, key, label, activate) {
    let b = items.get(key);
    if (!b) {
      const made = document.createElement("button");
      made.type = "button";
      made.className = className;
      made.tabIndex = -1;
      made.addEventListener("focus", () => { currentKey = key; detail.textContent = made.title; });
      made.addEventListener("mouseenter", () => { detail.textContent = made.title; });
      made.addEventListener("click", () => actions.get(made)?.());
      items.set(key, made);
      itemKey.set(made, key);
      b = made;
    }
    b.title = label;
    b.setAttribute("aria-label", label);
    actions.set(b, activate);
    return b;
  }

  /** Sets `parent`'s children to `nodes` only if they differ, so a focused child keeps its focus.
   * @param {Element} parent @param {Element[]} nodes */
  function setChildren(parent, nodes) {
    if (nodes.length !== parent.children.length || nodes.some((n, i) => parent.children[i] !== n)) {
      parent.replaceChildren(...nodes);
    }
  }

  /** Gives the tab stop to the item keyed `focusKey` (and focus, if the lanes had it), else keeps the
   * current item's, else the first item's.
   * @param {string | undefined} focusKey */
  function rove(focusKey) {
    const items = [...lanes.querySelectorAll("button")];
    const key = focusKey ?? currentKey;
    const target = items.find((b) => itemKey.get(b) === key) ?? items[0];
    for (const b of items) b.tabIndex = b === target ? 0 : -1;
    if (target) currentKey = itemKey.get(target) ?? "";
    if (focusKey !== undefined && target) target.focus();
  }

  lanes.addEventListener("keydown", (event) => {
    const from = /** @type {HTMLElement} */ (event.target);
    const row = from.closest(".lane");
    if (!(from instanceof HTMLButtonElement) || !row) return;
    const inRow = (/** @type {Element | null} */ r) => r ? [...r.querySelectorAll("button")] : [];
    const here = inRow(row);
    const i = here.indexOf(from);
    const nearest = (/** @type {Element | null} */ r) => {
      const candidates = inRow(r);
      const left = from.getBoundingClientRect().left;
      return candidates.reduce((best, b) =>
        Math.abs(b.getBoundingClientRect().left - left) < Math.abs(best.getBoundingClientRect().left - left) ? b : best,
        candidates[0]);
    };
    /** @type {Record<string, () => Element | undefined>} */
    const moves = {
      ArrowRight: () => here[i + 1],
      ArrowLeft: () => here[i - 1],
      Home: () => here[0],
      End: () => here.at(-1),
      ArrowDown: () => nearest(row.nextElementSibling),
      ArrowUp: () => nearest(row.previousElementSibling),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const to = move();
    if (to) rove(itemKey.get(to));
  });

  /** Puts every bar and command mark where the current window has it. */
  function place() {
    const t = /** @type {Timeline} */ (timeline);
    for (const b of lanes.querySelectorAll(".bar")) {
      const a = placed.get(b);
      if (!a) continue;
      const start = Math.max(a.animation.begin, t.from);
      const end = Math.min(a.end ?? t.to, t.to);
      const el = /** @type {HTMLElement} */ (b);
      el.style.left = `${x(start)}%`;
      el.style.width = `${Math.max(x(end) - x(start), 0.4)}%`;
      // A bar too short for its duration's text shows none, rather than a cut "0." (its label says it).
      el.classList.toggle("narrow", x(end) - x(start) < 4);
    }
    lanes.querySelectorAll(".command-mark").forEach((m, i) => {
      const c = t.commands[i];
      if (c) /** @type {HTMLElement} */ (m).style.left = `${x(c.sceneTime)}%`;
    });
  }

  /** @param {Animation} a */
  function bar(a) {
    const curve = a.animation.timingFunction.name ?? a.animation.timingFunction.points.join(", ");
    const b = item("bar", [a.control, ...a.layer, a.key, a.animation.begin].join(" "),
      `${a.key}: ${a.animation.begin.toFixed(3)} s, ${a.animation.duration} s, ${curve}, ${a.outcome}`
      + (a.cause ? ` — ${a.cause.method} ${a.cause.path}` : ""), () => showPlot(a));
    b.dataset.outcome = a.outcome;
    placed.set(b, a);
    b.textContent = `${a.animation.duration} s`;
    return b;
  }

  /** @param {number} t */
  function setPlayhead(t) {
    playhead.value = String(t);
    timeOut.textContent = `${t.toFixed(3)} s`;
  }

  /** Asks for the frame at `t`; only the newest request is fetched once the one in flight lands.
   * @param {number} t */
  function frameAt(t) {
    wanted = t;
    if (!inFlight) fetchWanted();
  }

  async function fetchWanted() {
    const url = hooks.stillUrl();
    if (wanted === null || !url) return;
    const t = wanted;
    wanted = null;
    inFlight = true;
    try {
      const response = await fetch(`${url}&at=${t.toFixed(6)}`, { cache: "no-store" });
      if (!response.ok) throw await errorFrom(response);
      const sceneTime = Number.parseFloat(response.headers.get("x-scene-time") ?? "");
      const bitmap = await createImageBitmap(await response.blob());
      if (live) bitmap.close();
      else {
        shownTime = sceneTime;
        hooks.onFrame(bitmap, sceneTime);
      }
    } catch (error) {
      hooks.onError("A frame of the timeline could not be loaded", error);
    } finally {
      inFlight = false;
      if (wanted !== null && !live) fetchWanted();
    }
  }

  function leaveLive() {
    live = false;
    liveButton.setAttribute("aria-pressed", "false");
    root.dataset.scrubbing = "";
  }

  function goLive() {
    live = true;
    replayRate = 0;
    clearTimeout(replayTimer);
    wanted = null;
    liveButton.setAttribute("aria-pressed", "true");
    delete root.dataset.scrubbing;
    hooks.onLive();
    refresh();
  }

  playhead.addEventListener("input", () => {
    leaveLive();
    replayRate = 0;
    clearTimeout(replayTimer);
    const t = Number.parseFloat(playhead.value);
    timeOut.textContent = `${t.toFixed(3)} s`;
    frameAt(t);
  });
  liveButton.addEventListener("click", goLive);

  // The last command's animations again, at a tenth of their speed, from `at=` frames.
  replayButton.addEventListener("click", async () => {
    await refresh();
    const t = timeline;
    const last = t?.commands.at(-1);
    if (!t || !last) return;
    const ends = t.animations.filter((a) => a.cause?.revision === last.revision).map((a) => a.end ?? last.sceneTime + 1);
    const end = Math.max(last.sceneTime + 0.2, ...ends);
    leaveLive();
    replayRate = REPLAY_RATE;
    const startedAt = performance.now();
    const step = () => {
      if (replayRate === 0) return;
      const sceneT = Math.min(last.sceneTime + ((performance.now() - startedAt) / 1000) * replayRate, end);
      setPlayhead(sceneT);
      frameAt(sceneT);
      if (sceneT < end) replayTimer = setTimeout(step, 1000 / 30);
      else replayRate = 0;
    };
    step();
  });

  /** A colour's lightness (Rec. 709 weights), to plot a colour change as a number. */
  const lightness = (/** @type {string} */ hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  /** A value as one number to plot: a number, a point's y, a path's first point's y, a colour's
   * lightness, a transform's ty. */
  const scalar = (/** @type {any} */ v) => v.number ?? v.point?.[1] ?? v.path?.[0]?.points?.[1]
    ?? (v.color ? lightness(v.color) : v.transform?.[5] ?? 0);

  /** @param {Animation} a */
  async function showPlot(a) {
    const begin = a.animation.begin;
    const end = a.end ?? begin + a.animation.duration;
    const query = new URLSearchParams({
      control: a.control, layer: a.layer.join("/"), key: a.keyPaths[0] ?? "", from: String(begin), to: String(end), fps: "120",
    });
    try {
      const response = await fetch(`timeline/values?${query}`, { cache: "no-store" });
      if (!response.ok) throw await errorFrom(response);
      const { samples } = await response.json();
      drawPlot(a, samples.map((/** @type {any} */ s) => [s.time, scalar(s.value)]));
    } catch (error) {
      hooks.onError("The animation's values could not be loaded", error);
    }
  }

  /** @param {Animation} a @param {number[][]} points */
  function drawPlot(a, points) {
    const svg = part(plot, "chart", SVGSVGElement);
    const ys = points.map((p) => p[1]);
    const [lo, hi] = [Math.min(...ys), Math.max(...ys)];
    const [t0, t1] = [points[0]?.[0] ?? 0, points.at(-1)?.[0] ?? 1];
    const px = (/** @type {number} */ t) => 10 + ((t - t0) / Math.max(t1 - t0, 1e-9)) * 180;
    const py = (/** @type {number} */ y) => 90 - ((y - lo) / Math.max(hi - lo, 1e-9)) * 80;
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", points.map(([t, y]) => `${px(t).toFixed(1)},${py(y).toFixed(1)}`).join(" "));
    line.setAttribute("class", "plot-values");
    const [x1, y1, x2, y2] = a.animation.timingFunction.points;
    const curve = document.createElementNS(SVG, "path");
    curve.setAttribute("d", `M210,90 C${210 + x1 * 80},${90 - y1 * 80} ${210 + x2 * 80},${90 - y2 * 80} 290,10`);
    curve.setAttribute("class", "plot-curve");
    svg.replaceChildren(line, curve);
    const name = a.animation.timingFunction.name ?? `cubic-bezier(${a.animation.timingFunction.points.join(", ")})`;
    part(plot, "caption").textContent = `${a.keyPaths.join(", ")} on ${[a.control, ...a.layer].join(" › ")}: `
      + `${points.length} samples from ${t0.toFixed(3)} to ${t1.toFixed(3)} s, ${lo.toFixed(3)}–${hi.toFixed(3)}; curve ${name}`;
    plot.hidden = false;
  }

  refresh();
  setInterval(() => { if (live && !document.hidden) refresh(); }, REFRESH_MS);

  return {
    /** Whether frames come from the timeline rather than the stream. */
    get scrubbing() { return !live; },
    get replayRate() { return replayRate; },
    get shownTime() { return shownTime; },
    refresh,
  };
}
