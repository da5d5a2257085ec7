// @ts-check
// One MJPEG stream read with fetch: each part is counted and decoded as it arrives (no one-frame-behind
// <img> lag), the connection is closed for sure by aborting it, and it comes back after errors, stalls
// and hidden tabs.
import { errorFrom } from "./api.js";
import { MultipartParser } from "./multipart.js";

/**
 * @typedef {import("./view.js").StreamMeta} StreamMeta
 * @typedef {StreamMeta & { sceneTime: number }} FrameMeta
 * @typedef {"connecting" | "live" | "reconnecting" | "paused" | "failed"} StreamStatus
 * @typedef {{ url: string, meta: StreamMeta }} Target
 */

const RETRY_MS = [500, 1000, 2000, 4000, 6000];
// The server repeats its last frame about once a second even when nothing moves.
const STALL_MS = 5000;

export class MjpegStream {
  /**
   * onFrame(bitmap, meta): a decoded frame (the receiver owns the ImageBitmap and closes it);
   * onStatus(status, error) as the stream comes and goes.
   * @param {{ onFrame: (bitmap: ImageBitmap, meta: FrameMeta) => void, onStatus: (status: StreamStatus, error?: any) => void }} handlers
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
    this.decoding = false;
    /** @type {{ bytes: Uint8Array, headers: Record<string, string>, meta: StreamMeta, generation: number } | null} */
    this.queued = null;
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
  }

  connect() {
    this.abort();
    if (!this.target || document.hidden) return;
    const generation = this.generation;
    const controller = new AbortController();
    this.controller = controller;
    this.onStatus(this.failures ? "reconnecting" : "connecting");
    this.run(this.target, controller, generation).catch((error) => {
      if (generation !== this.generation) return;
      this.controller = null;
      clearInterval(this.watchdog);
      // A request the server calls wrong (4xx other than "busy") would fail the same way again.
      const hopeless = error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
      if (hopeless) {
        this.onStatus("failed", error);
        return;
      }
      // A busy server (503) says when to come back; the page waits at least that long.
      const delay = Math.max(RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)], (error.retryAfter ?? 0) * 1000);
      this.failures++;
      this.onStatus("reconnecting", error);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }

  /**
   * @param {Target} target
   * @param {AbortController} controller
   * @param {number} generation
   */
  async run(target, controller, generation) {
    const response = await fetch(target.url, { signal: controller.signal, cache: "no-store" });
    if (!response.ok) throw await errorFrom(response);
    const type = response.headers.get("content-type") ?? "";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1] ?? "frame";
    const parser = new MultipartParser(boundary, (bytes, headers) => {
      if (generation !== this.generation) return;
      this.arrivals.push(performance.now());
      this.failures = 0;
      this.decode(bytes, headers, target.meta, generation);
    });
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
        parser.push(value);
      }
    } catch (error) {
      if (controller.signal.reason instanceof Error) throw controller.signal.reason;
      throw error;
    }
    throw new Error("the server ended the stream");
  }

  /**
   * Decodes one frame at a time; while one decodes, only the newest waiting frame is kept.
   * @param {Uint8Array} bytes
   * @param {Record<string, string>} headers
   * @param {StreamMeta} meta
   * @param {number} generation
   */
  async decode(bytes, headers, meta, generation) {
    if (this.decoding) {
      this.queued = { bytes, headers, meta, generation };
      return;
    }
    this.decoding = true;
    try {
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }));
      if (generation === this.generation) {
        if (this.failures === 0) this.onStatus("live");
        this.onFrame(bitmap, { ...meta, sceneTime: Number.parseFloat(headers["x-scene-time"]) });
      } else {
        bitmap.close();
      }
    } catch {
      // A damaged part: skip it, the next one follows in a few milliseconds.
    }
    this.decoding = false;
    const next = this.queued;
    this.queued = null;
    if (next) this.decode(next.bytes, next.headers, next.meta, next.generation);
  }
}
