// @ts-check
// What the page's two live streams share (MJPEG in mjpeg.js, H.264 video in video.js): one fetch at a
// time, closed for sure by aborting it; it comes back after errors, stalls and hidden tabs, and a
// busy server's Retry-After is honoured.
import { errorFrom } from "./api.js";

/**
 * @typedef {import("./view.js").StreamMeta} StreamMeta
 * @typedef {StreamMeta & { sceneTime: number }} FrameMeta
 * @typedef {"connecting" | "live" | "reconnecting" | "paused" | "failed"} StreamStatus
 * @typedef {{ url: string, meta: StreamMeta }} Target
 * @typedef {{ onFrame: (picture: import("./gallery.js").Picture, meta: FrameMeta) => void, onStatus: (status: StreamStatus, error?: any) => void }} Handlers
 */

const RETRY_MS = [500, 1000, 2000, 4000, 6000];
// Both streams repeat their picture about once a second even when nothing moves.
const STALL_MS = 5000;

export class LiveStream {
  /**
   * onFrame(picture, meta): a decoded frame (the receiver owns it: gallery.js's `release`);
   * onStatus(status, error) as the stream comes and goes.
   * @param {Handlers} handlers
   */
  constructor({ onFrame, onStatus }) {
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    /** @type {Target | null} */
    this.target = null;
    /** @type {AbortController | null} */
    this.controller = null;
    this.generation = 0;
    this.failures = 0;
    this.retryTimer = 0;
    this.watchdog = 0;
    /** @type {number[]} */
    this.arrivals = [];
    document.addEventListener("visibilitychange", () => (document.hidden ? this.suspend() : this.connect()));
    window.addEventListener("online", () => this.connect());
    window.addEventListener("pagehide", () => this.stop());
  }

  /**
   * Shows `url` from now on; `meta` travels with every frame of it (its layout).
   * @param {string} url
   * @param {StreamMeta} meta
   */
  open(url, meta) {
    if (this.target && this.target.url === url && this.controller) return;
    this.target = { url, meta };
    this.failures = 0;
    this.connect();
  }

  stop() {
    this.target = null;
    this.abort();
  }

  /** Frames received over the last second. */
  get fps() {
    const now = performance.now();
    while (this.arrivals.length && now - this.arrivals[0] > 1000) this.arrivals.shift();
    return this.arrivals.length;
  }

  get isOpen() { return this.controller !== null; }

  suspend() {
    this.abort();
    this.arrivals = [];
    if (this.target) this.onStatus("paused");
  }

  abort() {
    clearTimeout(this.retryTimer);
    clearInterval(this.watchdog);
    this.generation++;
    this.controller?.abort();
    this.controller = null;
    this.release();
  }

  connect() {
    this.abort();
    if (!this.target || document.hidden) return;
    const generation = this.generation;
    const controller = new AbortController();
    this.controller = controller;
    this.onStatus(this.failures ? "reconnecting" : "connecting");
    this.run(this.target, controller, generation).catch((error) => this.failed(error, generation));
  }

  /**
   * @param {any} error
   * @param {number} generation
   */
  failed(error, generation) {
    if (generation !== this.generation) return;
    // A new generation: whatever else this response's reader was doing now stops short of here.
    this.abort();
    // A request the server calls wrong (4xx other than "busy") would fail the same way again, as
    // would a stream this browser cannot play.
    const hopeless = error.unplayable || (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);
    if (hopeless) {
      this.onStatus("failed", error);
      return;
    }
    // A busy server (503) says when to come back; the page waits at least that long.
    const delay = Math.max(RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)], (error.retryAfter ?? 0) * 1000);
    this.failures++;
    this.onStatus("reconnecting", error);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /**
   * @param {Target} target
   * @param {AbortController} controller
   * @param {number} generation
   */
  async run(target, controller, generation) {
    const response = await fetch(target.url, { signal: controller.signal, cache: "no-store" });
    if (!response.ok) throw await errorFrom(response);
    const push = this.begin(response, target, generation);
    let lastBytes = performance.now();
    this.watchdog = setInterval(() => {
      if (performance.now() - lastBytes > STALL_MS) controller.abort(new Error("the stream stalled"));
    }, 1000);
    if (!response.body) throw new Error("the stream has no body");
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        lastBytes = performance.now();
        push(value);
      }
    } catch (error) {
      if (controller.signal.reason instanceof Error) throw controller.signal.reason;
      throw error;
    }
    throw new Error("the server ended the stream");
  }

  /** A frame came: counted for `fps`, and the stream is healthy again. */
  arrived() {
    this.arrivals.push(performance.now());
    this.failures = 0;
  }

  /**
   * The reader of one response's bytes, in the order they come.
   * @param {Response} _response
   * @param {Target} _target
   * @param {number} _generation
   * @returns {(bytes: Uint8Array) => void}
   */
  begin(_response, _target, _generation) { throw new Error("a stream reads its own format"); }

  /** Lets go of what the last response held. */
  release() {}
}
