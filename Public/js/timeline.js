// @ts-check
// The timeline panel, after Chrome DevTools' Animations panel: lanes of the animations `GET /timeline`
// lists over the whole kept history, a time ruler with ticks that is also the playhead, zoom and
// pan, a legend, an in–out range to replay slowly or export as a clip, and a plot of one lane's values
// (with axes and units) and its own easing curve. Scrubbing and slow replay show `at=` frames on this
// page alone (the shared clock and the stream go on; the stream's frames are set aside meanwhile).
//
// Scrub state, for the rest of the page: `document` gets a `layercast:scrub` CustomEvent whose
// `detail` is `{ sceneTime: number | null, replaying: boolean }`: the scene time of the frame on
// screen while scrubbing or replaying (sent again for each new frame), and `sceneTime: null` once the
// page is live again. `viewingTime()` answers the same at any moment. A recording replayed on the
// page (./replay.js) sends the same event with `scenario`, its `sceneTime` then the recording's own.
// Only short requests: the page keeps its two long-lived connections.
import { errorFrom } from "./api.js";
import { part } from "./dom.js";
import { View, clamp, formatTime, tickStep, ticks } from "./timeline/scale.js";
import { describeTiming, ownTiming, plotWindow, unitOf } from "./timeline/own.js";
import { drawCurve, drawValues, markTime } from "./timeline/plot.js";

/** @typedef {import("./timeline/own.js").Animation} Animation
 * @typedef {import("./timeline/own.js").Timeline} Timeline
 * @typedef {import("./timeline/own.js").Command} Command
 */

const REFRESH_MS = 1000;
const REPLAY_RATE = 0.1;
/** Seconds on screen at first: the ten before now and the two ahead. */
const FIRST_SPAN = 12;
export const SCRUB_EVENT = "layercast:scrub";

/** @type {number | null} */
let viewing = null;
/** The scene time of the frame the timeline shows, or null when the page is live. */
export function viewingTime() { return viewing; }

/**
 *
 * @param {HTMLElement} root
 *
 * @param {{ stillUrl: () => string | null, onFrame: (bitmap: ImageBitmap, sceneTime: number) => void,
 *   onLive: () => void, onError: (action: string, error: any) => void }} hooks
 */
export function timelinePanel(root, hooks) {
  const lanes = part(root, "lanes");
  const body = part(root, "body");
  const ruler = part(root, "ruler");
  const tickBox = part(root, "ticks");
  const playhead = part(root, "playhead", HTMLInputElement);
  const liveButton = part(root, "live", HTMLButtonElement);
  const replayButton = part(root, "replay", HTMLButtonElement);
  const timeOut = part(root, "time");
  const modeOut = part(root, "mode");
  const message = part(root, "message");
  const zoomOut = part(root, "zoom");
  const rangeOut = part(root, "range");
  const clipLink = part(root, "clip", HTMLAnchorElement);
  const clearRange = part(root, "clear-range", HTMLButtonElement);
  const plot = part(root, "plot");
  const chart = part(plot, "chart", SVGSVGElement);
  const curveChart = part(plot, "curve", SVGSVGElement);
  const valueAt = part(plot, "value-at");
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
  /** The playhead's scene time: the live time, or the one last asked for (its frame may be on its way). */
  let playTime = NaN;
  /** Counts replays, so a replay started over an unfinished one ends the older. */
  let replays = 0;
  let fps = 30;
  const view = new View(FIRST_SPAN);
  /** @type {{ from: number, to: number, control: string } | null} the in–out range */
  let range = null;
  /** @type {{ a: Animation, samples: {time: number, value: any}[] } | null} the lane plotted */
  let plotted = null;
  /** The live scene time, carried on between refreshes at the rate it last moved. */
  const clockGuess = { scene: NaN, wall: 0, rate: 1 };


  async function refresh() {
    try {
      // The whole kept history (the server cuts `from` to it), so any animation it holds has a bar.
      // With the clock, so the live readout runs on at its speed between refreshes (and stands still
      // while it is paused).
      const [response, clock] = await Promise.all([fetch("timeline?from=-1000000000", { cache: "no-store" }),
        fetch("clock", { cache: "no-store" }).then((r) => r.ok ? r.json() : null).catch(() => null)]);
      if (!response.ok) throw await errorFrom(response);
      /** @type {Timeline} */
      const next = await response.json();
      if (clock?.fps > 0) fps = clock.fps;
      const rate = clock ? (clock.paused ? 0 : clock.speed) : 1;
      Object.assign(clockGuess, { scene: next.sceneTime, wall: performance.now(), rate });
      timeline = next;
      view.bound(next.keptFrom ?? next.from, next.to);
      draw();
    } catch (error) {
      hooks.onError("The timeline could not be loaded", error);
    }
  }

  /** The live scene time now, guessed from the last refresh. */
  const liveNow = () => timeline
    ? clockGuess.scene + clockGuess.rate * Math.min((performance.now() - clockGuess.wall) / 1000, 1.5)
    : 0;

  /** @param {number} t the place of scene time `t` across the view, in percent */
  const x = (t) => {
    const { from, to } = view.range;
    return ((t - from) / Math.max(to - from, 1e-9)) * 100;
  };
  const keptFrom = () => timeline ? timeline.keptFrom ?? timeline.from : 0;

  const historyWords = () => `the server keeps the last ${+(timeline?.historySpan ?? 60).toFixed(1)} s of scene time`
    + ` (--history-span), now t = ${keptFrom().toFixed(3)}–${(timeline?.sceneTime ?? 0).toFixed(3)} s`;

  let drawn = "";
  /** @type {Map<string, { row: HTMLLIElement, track: HTMLElement, animations: Animation[] }>} lanes by label, kept */
  const laneRows = new Map();

  /** The lane called `label`, made once: a label and a track of buttons (bars or command marks).
   * A pointer on the label plots the lane's newest animation; the keyboard reaches every bar.
   *
   * @param {string} label
   * @param {boolean} [commands]
   */
  function laneFor(label, commands = false) {
    const known = laneRows.get(label);
    if (known) return known;
    const row = document.createElement("li");
    row.className = commands ? "lane lane-commands" : "lane";
    const name = document.createElement("span");
    name.className = "lane-label";
    name.textContent = label;
    name.title = label;
    const track = document.createElement("span");
    track.className = "lane-track";
    row.append(name, track);
    const lane = { row, track, animations: /** @type {Animation[]} */ ([]) };
    if (!commands) {
      name.title = `${label}: click to plot its newest animation`;
      name.addEventListener("click", () => { const a = lane.animations.at(-1); if (a) select(a); });
    }
    laneRows.set(label, lane);
    return lane;
  }

  /** @type {WeakMap<Element, Animation>} each bar's animation, to place it as the view moves */
  const placed = new WeakMap();
  /** @type {WeakMap<Element, Command>} each command mark's command */
  const marked = new WeakMap();

  function draw() {
    if (!timeline) return;
    if (live) setPlayhead(liveNow());
    // The same animations and commands as last time: only the window moved, so the elements stay
    // (keeping focus and any pointer on them) and only their places change.
    const signature = JSON.stringify([timeline.animations.map((a) => [a.control, a.layer, a.key, a.animation.begin, a.outcome, a.end]),
      timeline.commands.map((c) => c.revision)]);
    if (signature === drawn) {
      layout();
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
        + ` at ${c.sceneTime.toFixed(3)} s` + (c.warnings ? `; ignored: ${c.warnings.join("; ")}` : "");
      const m = item("command-mark", `command ${c.revision}`, label, () => { detail.textContent = label; });
      m.classList.toggle("warned", Boolean(c.warnings));
      marked.set(m, c);
      return m;
    }));
    const order = [...rows, marks.row];
    setChildren(lanes, order);
    for (const [label, lane] of laneRows) if (!order.includes(lane.row)) laneRows.delete(label);
    for (const [key, b] of items) if (!b.isConnected) items.delete(key);
    layout();
    rove(focusedKey);
  }

  // Keyboard: the lanes are one stop in the tab order (a roving tabindex), so a long timeline does
  // not lengthen the page's tab sequence. Left and right move along a lane, up and down to the
  // nearest item of the lane above or below, Home and End to a lane's ends; Enter or Space
  // activates (a bar plots, a command mark shows its parameters); + − 0 zoom. The focused item is
  // known by its key, so a redraw as time goes on keeps the keyboard's place; an item focused
  // outside the view brings the view to it.

  /** @type {WeakMap<Element, string>} */
  const itemKey = new WeakMap();
  /** The key of the item that holds the lanes' one tab stop. */
  let currentKey = "";

  /** @type {Map<string, HTMLButtonElement>} the lanes' buttons by key, kept across redraws */
  const items = new Map();
  /** @type {WeakMap<Element, () => void>} what each button does, as of the newest timeline */
  const actions = new WeakMap();

  /** The span of scene time an item covers.
   * @param {Element} b
   * @returns {[number, number] | null}
   */
  function spanOf(b) {
    const a = placed.get(b);
    if (a) return [a.animation.begin, a.end ?? timeline?.to ?? a.animation.begin];
    const c = marked.get(b);
    return c ? [c.sceneTime, c.sceneTime] : null;
  }

  /** The lane's button keyed `key`, the same element from one redraw to the next (so a screen
   * reader keeps its place): labelled, with the same text on hover and on focus, doing `activate`.
   *
   * @param {string} className
   * @param {string} key
   * @param {string} label
   * @param {() => void} activate
   */
  function item(className, key, label, activate) {
    let b = items.get(key);
    if (!b) {
      const made = document.createElement("button");
      made.type = "button";
      made.className = className;
      made.tabIndex = -1;
      made.addEventListener("focus", () => {
        currentKey = key;
        detail.textContent = made.title;
        const span = spanOf(made);
        if (span && view.revealWhole(span[0], span[1], ringMargin())) layout();
      });
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
   *
   * @param {Element} parent
   * @param {Element[]} nodes
   */
  function setChildren(parent, nodes) {
    if (nodes.length !== parent.children.length || nodes.some((n, i) => parent.children[i] !== n)) {
      parent.replaceChildren(...nodes);
    }
  }

  /** The scene time a focused item's ring takes beyond its ends (3 px, and a pixel to spare) at
   * the current zoom. */
  function ringMargin() {
    const { from, to } = view.range;
    return 4 * (to - from) / (ruler.clientWidth || 1);
  }

  /** Gives the tab stop to the item keyed `focusKey` (and focus, if the lanes had it), else keeps the
   * current item's, else the first item on screen's.
   *
   * @param {string | undefined} focusKey
   */
  function rove(focusKey) {
    const all = [...lanes.querySelectorAll("button")];
    const key = focusKey ?? currentKey;
    const { from, to } = view.range;
    const onScreen = (/** @type {Element} */ b) => { const s = spanOf(b); return s !== null && s[1] >= from && s[0] <= to; };
    // An item wholly inside the window first, its focus ring too: one at the edge would show only
    // part of its ring.
    const margin = ringMargin();
    const whole = (/** @type {Element} */ b) => {
      const s = spanOf(b);
      return s !== null && s[0] >= from + margin && s[1] <= to - margin;
    };
    const target = all.find((b) => itemKey.get(b) === key) ?? all.find(whole) ?? all.find(onScreen) ?? all[0];
    for (const b of all) b.tabIndex = b === target ? 0 : -1;
    if (target) currentKey = itemKey.get(target) ?? "";
    if (focusKey !== undefined && target) target.focus();
  }

  lanes.addEventListener("keydown", (event) => {
    if (zoomKey(event)) return;
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

  // ---- The view: zoom, pan, the ruler and everything placed on it ----------------------------

  /** Places the bars, marks, ruler, playhead and range for the current view. */
  function layout() {
    if (!timeline) return;
    const t = timeline;
    const { from, to } = view.range;
    const width = ruler.clientWidth || 1;
    const perSecond = width / Math.max(to - from, 1e-9);
    for (const b of lanes.querySelectorAll(".bar")) {
      const a = placed.get(b);
      if (!a) continue;
      const el = /** @type {HTMLElement} */ (b);
      // Cut to the view (and a little more), so a bar that began long ago is not thousands of
      // pixels wide and its cycles stay where they belong.
      const margin = (to - from) * 0.02;
      const start = Math.max(a.animation.begin, from - margin);
      const end = Math.max(Math.min(a.end ?? t.to, t.to, to + margin), start);
      el.style.left = `${x(start)}%`;
      el.style.width = `${Math.max(x(end) - x(start), 0.4)}%`;
      // A bar too short for its duration's text shows none, rather than a cut "0." (its label says it).
      el.classList.toggle("narrow", (end - start) * perSecond < 30);
      // A repeating lane: each cycle's own run in full colour, the rest of the cycle lighter.
      const own = ownTiming(a);
      const cyclePx = (own.cycle ?? 0) * perSecond;
      if (own.cycle && cyclePx >= 4) {
        const on = Math.min(own.duration / own.cycle, 1) * cyclePx;
        const gap = on >= cyclePx - 0.5 ? Math.min(1.5, cyclePx / 4) : 0;
        el.style.backgroundImage = `linear-gradient(90deg, var(--bar) 0 ${on - gap}px, var(--bar-soft) ${on - gap}px ${cyclePx}px)`;
        el.style.backgroundSize = `${cyclePx}px 100%`;
        const phase = ((a.animation.begin + own.offset - start) * perSecond) % cyclePx;
        el.style.backgroundPositionX = `${phase.toFixed(2)}px`;
        el.classList.add("cycles");
      } else {
        el.style.backgroundImage = "";
        el.classList.remove("cycles");
      }
    }
    for (const m of lanes.querySelectorAll(".command-mark")) {
      const c = marked.get(m);
      if (c) /** @type {HTMLElement} */ (m).style.left = `${x(c.sceneTime)}%`;
    }
    // The ruler: a tick at least every 45 px, labels that fit inside it.
    const step = tickStep(to - from, Math.floor(width / 45));
    const labels = ticks(from, to, step).map((v) => {
      const tick = document.createElement("span");
      tick.className = "tick";
      tick.style.left = `${x(v)}%`;
      const label = document.createElement("span");
      label.textContent = formatTime(v, step);
      tick.append(label);
      return label;
    });
    tickBox.replaceChildren(...labels.map((l) => /** @type {HTMLElement} */ (l.parentElement)));
    // A label at either end goes inward rather than being cut.
    for (const label of labels) {
      const px = (Number.parseFloat(/** @type {HTMLElement} */ (label.parentElement).style.left) / 100) * width;
      const half = label.offsetWidth / 2 + 1;
      if (px < half) label.className = "tick-start";
      else if (px > width - half) label.className = "tick-end";
    }
    playhead.min = String(from);
    playhead.max = String(to);
    const shown = live ? liveNow() : playTime;
    if (Number.isFinite(shown)) playhead.value = String(shown);
    placeTime(shown);
    body.style.setProperty("--in", range ? `${clamp(x(range.from), 0, 100)}%` : "0%");
    body.style.setProperty("--out", range ? `${clamp(x(range.to), 0, 100)}%` : "0%");
    body.toggleAttribute("data-range", range !== null && range.to >= from && range.from <= to);
    const fmt = (/** @type {number} */ s) => s >= 10 ? s.toFixed(0) : s >= 1 ? s.toFixed(1) : s.toFixed(2);
    zoomOut.textContent = `${fmt(to - from)} s of ${fmt(view.full)} s kept`;
  }

  /** The playhead's line at scene time `t`, hidden when off screen.
   * @param {number} t
   */
  function placeTime(t) {
    const at = x(t);
    body.style.setProperty("--playhead", `${clamp(at, 0, 100)}%`);
    body.toggleAttribute("data-playhead-off", !(at >= 0 && at <= 100));
  }

  /** Zooms by `factor` about scene time `anchor` (the playhead by default).
   * @param {number} factor
   * @param {number} [anchor]
   */
  function zoom(factor, anchor) {
    view.zoom(factor, anchor ?? (live ? undefined : playTime));
    layout();
  }
  /** @param {number} fraction */
  function pan(fraction) {
    view.pan(fraction);
    layout();
  }

  /** + − 0 zoom and fit from the ruler or the lanes; true when the key was one of them.
   * @param {KeyboardEvent} event
   */
  function zoomKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    /** @type {Record<string, () => void>} */
    const keys = { "+": () => zoom(2), "=": () => zoom(2), "-": () => zoom(0.5), "0": () => { view.fit(); layout(); },
      PageUp: () => pan(-0.5), PageDown: () => pan(0.5), i: () => setIn(), o: () => setOut() };
    const act = keys[event.key];
    if (!act) return false;
    event.preventDefault();
    act();
    return true;
  }

  part(root, "zoom-in").addEventListener("click", () => zoom(2));
  part(root, "zoom-out").addEventListener("click", () => zoom(0.5));
  part(root, "pan-back").addEventListener("click", () => pan(-0.5));
  part(root, "pan-on").addEventListener("click", () => pan(0.5));
  part(root, "fit").addEventListener("click", () => { view.fit(); layout(); });
  // Ctrl (or ⌘, or Alt) and the wheel zoom about the pointer; Shift and the wheel, or a sideways
  // swipe, pan. A plain wheel scrolls the page.
  body.addEventListener("wheel", (event) => {
    const { from, to } = view.range;
    const box = ruler.getBoundingClientRect();
    const at = from + clamp((event.clientX - box.left) / Math.max(box.width, 1), 0, 1) * (to - from);
    if (event.ctrlKey || event.metaKey || event.altKey) {
      event.preventDefault();
      zoom(event.deltaY < 0 ? 1.25 : 0.8, at);
    } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      event.preventDefault();
      pan((event.shiftKey ? event.deltaY : event.deltaX) / Math.max(box.width, 1));
    }
  }, { passive: false });
  new ResizeObserver(() => layout()).observe(ruler);

  // ---- Time on screen: the readout, scrubbing, replay -----------------------------------------

  /** @param {number} t */
  function setPlayhead(t) {
    if (!Number.isFinite(t)) return;
    playTime = t;
    playhead.value = String(t);
    const frame = Math.round(t * fps);
    timeOut.textContent = `t = ${t.toFixed(3)} s · frame ${frame}`;
    playhead.setAttribute("aria-valuetext", `${t.toFixed(3)} seconds, frame ${frame}${live ? ", live" : ""}`);
    placeTime(t);
  }

  // Live: the readout follows the scene between refreshes.
  setInterval(() => { if (live && timeline && !document.hidden) setPlayhead(liveNow()); }, 100);

  /** Asks for the frame at `t`; only the newest request is fetched once the one in flight lands.
   *
   * @param {number} t
   */
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
      if (!response.ok) {
        if (response.status === 400 && t < keptFrom() + 0.5) {
          say(`t = ${t.toFixed(3)} s has left the kept history: ${historyWords()}.`);
          return;
        }
        throw await errorFrom(response);
      }
      const sceneTime = Number.parseFloat(response.headers.get("x-scene-time") ?? "");
      const bitmap = await createImageBitmap(await response.blob());
      if (live) bitmap.close();
      else {
        shownTime = sceneTime;
        hooks.onFrame(bitmap, sceneTime);
        shown(sceneTime);
      }
    } catch (error) {
      hooks.onError("A frame of the timeline could not be loaded", error);
    } finally {
      inFlight = false;
      if (wanted !== null && !live) fetchWanted();
    }
  }

  /** A past frame is on screen: say so everywhere.
   * @param {number} t
   */
  function shown(t) {
    viewing = t;
    modeOut.textContent = replayRate ? `Replaying ${replayRate}× · viewing` : "Viewing";
    // The playhead stays where it was put (a newer frame may be on its way); the replay moves it.
    showValueAt(t);
    document.dispatchEvent(new CustomEvent(SCRUB_EVENT, { detail: { sceneTime: t, replaying: replayRate > 0 } }));
  }

  /** @param {string} text */
  function say(text) { message.textContent = text; }

  function leaveLive() {
    if (!live) return;
    live = false;
    // The view stays where it is in scene time while the page looks at the past.
    if (view.end === null) view.end = view.range.to;
    liveButton.setAttribute("aria-pressed", "false");
    liveButton.textContent = "Live ▸";
    liveButton.title = "Back to the live scene (Esc on the ruler)";
    root.dataset.scrubbing = "";
    modeOut.textContent = "Viewing";
    say("Viewing a past frame on this page only; the cards' readouts show this time too. Live ▸ returns.");
  }

  function goLive() {
    const was = !live;
    live = true;
    replayRate = 0;
    clearTimeout(replayTimer);
    wanted = null;
    viewing = null;
    view.end = null;
    liveButton.setAttribute("aria-pressed", "true");
    liveButton.textContent = "Live";
    liveButton.title = "";
    delete root.dataset.scrubbing;
    delete root.dataset.replaying;
    modeOut.textContent = "Live";
    if (was) say("Live again.");
    valueAt.textContent = "";
    markTime(chart, null);
    hooks.onLive();
    document.dispatchEvent(new CustomEvent(SCRUB_EVENT, { detail: { sceneTime: null, replaying: false } }));
    refresh();
  }

  /** Shows the frame at `t`, leaving Live and any replay.
   * @param {number} t
   */
  function scrub(t) {
    leaveLive();
    replayRate = 0;
    delete root.dataset.replaying;
    clearTimeout(replayTimer);
    setPlayhead(t);
    frameAt(t);
  }

  playhead.addEventListener("input", () => scrub(Number.parseFloat(playhead.value)));
  playhead.addEventListener("keydown", (event) => {
    if (zoomKey(event)) return;
    const { from, to } = view.range;
    const now = live ? liveNow() : playTime;
    const frame = (event.shiftKey ? 10 : 1) / fps;
    /** @type {Record<string, () => number>} */
    const moves = {
      ArrowLeft: () => now - frame, ArrowDown: () => now - frame,
      ArrowRight: () => now + frame, ArrowUp: () => now + frame,
      Home: () => from, End: () => to,
    };
    if (event.key === "Escape" && !live) {
      event.preventDefault();
      goLive();
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const t = clamp(move(), keptFrom(), timeline?.to ?? to);
    if (t < from || t > to) { view.reveal(t, t); layout(); }
    scrub(t);
  });
  liveButton.addEventListener("click", goLive);

  // Replay slowly: the in–out range, or with none the last command's animations, at a tenth of
  // their speed, from `at=` frames; a clear message when they have left the kept history.
  replayButton.addEventListener("click", async () => {
    await refresh();
    const t = timeline;
    if (!t) return;
    let start = 0, end = 0, what = "";
    if (range) {
      [start, end, what] = [range.from, range.to, "the in–out range"];
    } else {
      const last = t.commands.at(-1);
      if (!last) {
        say(`Nothing to replay: no command in the kept history (${historyWords()}). Choose a bar (Enter or a click) or set an in–out range.`);
        return;
      }
      const ends = t.animations.filter((a) => a.cause?.revision === last.revision).map((a) => a.end ?? last.sceneTime + 1);
      [start, end, what] = [last.sceneTime, Math.max(last.sceneTime + 0.2, ...ends), `the animations of ${last.method} ${last.path}`];
    }
    if (end <= keptFrom()) {
      say(`Can't replay ${what} (t = ${start.toFixed(3)}–${end.toFixed(3)} s): it has left the kept history; ${historyWords()}.`);
      return;
    }
    const cut = start < keptFrom();
    start = Math.max(start, keptFrom());
    leaveLive();
    clearTimeout(replayTimer);
    const run = ++replays;
    replayRate = REPLAY_RATE;
    root.dataset.replaying = "";
    say(`Replaying ${what}, t = ${start.toFixed(3)}–${end.toFixed(3)} s, at ${REPLAY_RATE}×${cut ? " (its start has left the kept history)" : ""}.`);
    view.reveal(start, end);
    layout();
    const startedAt = performance.now();
    const step = () => {
      if (replayRate === 0 || run !== replays) return;
      const sceneT = Math.min(start + ((performance.now() - startedAt) / 1000) * replayRate, end);
      setPlayhead(sceneT);
      frameAt(sceneT);
      if (sceneT < end) replayTimer = setTimeout(step, 1000 / 30);
      else {
        replayRate = 0;
        delete root.dataset.replaying;
        say(`Replay done: viewing t = ${end.toFixed(3)} s. Live ▸ returns.`);
      }
    };
    step();
  });

  // ---- The in–out range, and its clip ----------------------------------------------------------

  /**
   * @param {number} from
   * @param {number} to
   * @param {string} [control]
   */
  function setRange(from, to, control = range?.control ?? "all") {
    range = { from: Math.min(from, to), to: Math.max(from, to), control };
    showRange();
  }
  const playheadTime = () => live ? liveNow() : playTime;
  function setIn() { setRange(playheadTime(), range && range.to > playheadTime() ? range.to : playheadTime() + 1); }
  function setOut() { setRange(range && range.from < playheadTime() ? range.from : playheadTime() - 1, playheadTime()); }
  part(root, "set-in").addEventListener("click", setIn);
  part(root, "set-out").addEventListener("click", setOut);
  clearRange.addEventListener("click", () => { range = null; showRange(); });

  function showRange() {
    clearRange.disabled = range === null;
    if (!range) {
      rangeOut.textContent = "No range";
      clipLink.hidden = true;
      layout();
      return;
    }
    const length = range.to - range.from;
    rangeOut.textContent = `${range.from.toFixed(3)}–${range.to.toFixed(3)} s (${length.toFixed(3)} s)`;
    // A clip of the range, from the server's past frames: at most 20 s, at least 0.1 s.
    const secs = clamp(length, 0.1, 20);
    const query = new URLSearchParams({ control: range.control, at: range.from.toFixed(3), seconds: secs.toFixed(3) });
    clipLink.href = `clip.webp?${query}`;
    clipLink.setAttribute("download", `layercast-${range.control}-${range.from.toFixed(2)}s.webp`);
    clipLink.title = `An animated WebP of ${range.control === "all" ? "every control" : range.control}`
      + ` from t = ${range.from.toFixed(3)} s for ${secs.toFixed(3)} s${length > 20 ? " (clips are at most 20 s)" : ""}`;
    clipLink.hidden = false;
    layout();
  }

  // ---- A lane's plot ---------------------------------------------------------------------------

  /** @param {Animation} a */
  function bar(a) {
    const b = item("bar", [a.control, ...a.layer, a.key, a.animation.begin].join(" "),
      `${a.key}: ${describeTiming(a)}; ${a.outcome}` + (a.cause ? ` — ${a.cause.method} ${a.cause.path}` : ""), () => select(a));
    b.dataset.outcome = a.outcome;
    placed.set(b, a);
    const own = ownTiming(a);
    b.textContent = `${+own.duration.toFixed(3)} s`;
    return b;
  }

  /** Plots `a` and makes its window the in–out range, or says why it can't.
   * @param {Animation} a
   */
  function select(a) {
    if (!timeline) return;
    const w = plotWindow(a, timeline);
    if (w.lost) {
      say(`${a.keyPaths.join(", ")} on ${a.control} ran until t = ${(a.end ?? 0).toFixed(3)} s, which has left the kept history; ${historyWords()}.`);
      return;
    }
    setRange(w.from, w.to, a.control);
    if (view.reveal(w.from, w.to)) layout();
    showPlot(a, w);
  }

  /**
   * @param {Animation} a
   * @param {{ from: number, to: number, cut: boolean }} w
   */
  async function showPlot(a, w) {
    const key = a.keyPaths[0] ?? "";
    const query = new URLSearchParams({
      control: a.control, layer: a.layer.join("/"), key, from: String(w.from), to: String(w.to),
      fps: String(clamp(Math.round(600 / Math.max(w.to - w.from, 0.01)), 10, 240)),
    });
    try {
      const response = await fetch(`timeline/values?${query}`, { cache: "no-store" });
      if (!response.ok) throw await errorFrom(response);
      const { samples } = await response.json();
      plot.hidden = false;
      const width = Math.min(plot.clientWidth || 480, 640);
      const own = ownTiming(a);
      if (!samples.length) {
        chart.replaceChildren();
        part(plot, "caption").textContent = `${key} on ${a.control}: no samples between t = ${w.from.toFixed(3)} and`
          + ` ${w.to.toFixed(3)} s; ${historyWords()}.`;
        return;
      }
      plotted = { a, samples };
      const summary = drawValues(chart, samples, key, width, w);
      const curve = drawCurve(curveChart, own.curve);
      chart.setAttribute("aria-label", `${key} over scene time ${w.from.toFixed(3)}–${w.to.toFixed(3)} s: ${summary}`);
      curveChart.setAttribute("aria-label", `Easing curve ${curve}`);
      part(plot, "caption").textContent = `${key} on ${[a.control, ...a.layer].join(" › ")}: ${samples.length} samples,`
        + ` t = ${w.from.toFixed(3)}–${w.to.toFixed(3)} s${w.cut ? " (cut to the kept history)" : ""}; ${summary}.`
        + ` Its own timing: ${describeTiming(a)}; curve ${curve}.`;
      if (!live) showValueAt(shownTime);
    } catch (error) {
      hooks.onError("The animation's values could not be loaded", error);
    }
  }

  /** The plotted lane's value at the frame on screen, from its samples.
   * @param {number} t
   */
  function showValueAt(t) {
    markTime(chart, t);
    if (!plotted || !Number.isFinite(t)) return;
    const { a, samples } = plotted;
    const s = samples.reduce((best, p) => Math.abs(p.time - t) < Math.abs(best.time - t) ? p : best, samples[0]);
    if (!s || Math.abs(s.time - t) > 0.1) {
      valueAt.textContent = `t = ${t.toFixed(3)} s is outside the plot.`;
      return;
    }
    const key = a.keyPaths[0] ?? "";
    const unit = unitOf(key);
    const v = s.value;
    const text = v.number !== undefined ? `${+(v.number * unit.scale).toFixed(3)}${unit.unit}`
      : v.color ?? (v.point ? `(${v.point.map((/** @type {number} */ n) => +n.toFixed(2)).join(", ")})` : v.transform
        ? `[${v.transform.map((/** @type {number} */ n) => +n.toFixed(3)).join(", ")}]` : "a shape");
    valueAt.textContent = `At t = ${s.time.toFixed(3)} s: ${key} = ${text}`;
  }

  refresh();
  setInterval(() => { if (!document.hidden && replayRate === 0) refresh(); }, REFRESH_MS);

  return {
    /** Whether frames come from the timeline rather than the stream. */
    get scrubbing() { return !live; },
    get replayRate() { return replayRate; },
    get shownTime() { return shownTime; },
    /** The visible part of the history and the in–out range, for the tests. */
    get view() { return { ...view.range, range }; },
    refresh,
    goLive,
  };
}
