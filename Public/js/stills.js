// @ts-check
// Still frames instead of the stream, for a page whose motion is paused: one PNG of the same
// `control=all` layout, fetched when shown and again after each change of state, and once more when
// the change has played out (the morphs last well under a second), so the still shows where it came to rest.
import { errorFrom } from "./api.js";

/**
 * @typedef {import("./view.js").StreamMeta} StreamMeta
 * @typedef {import("./livestream.js").FrameMeta} FrameMeta
 */

const SETTLED_MS = 1200;
const RETRY_MS = 3000;

export class Stills {
  /**
   * onFrame(bitmap, meta): a decoded still (the receiver owns the ImageBitmap and closes it);
   * onError(error) when one could not be had (the next change, or a retry, fetches again).
   * @param {{ onFrame: (bitmap: ImageBitmap, meta: FrameMeta) => void, onError: (error: any) => void }} handlers
   */
  constructor({ onFrame, onError }) {
    this.onFrame = onFrame;
    this.onError = onError;
    /** @type {{ url: string, meta: StreamMeta } | null} */
    this.target = null;
    this.generation = 0;
    this.timer = 0;
  }

  /**
   * Shows stills of `url` from now on.
   * @param {string} url
   * @param {StreamMeta} meta
   */
  show(url, meta) {
    if (this.target?.url === url) return;
    this.target = { url, meta };
    this.refresh();
  }

  stop() {
    this.target = null;
    this.generation++;
    clearTimeout(this.timer);
  }

  /** The scene changed: a still now, and one when the change has played out. */
  refresh() {
    clearTimeout(this.timer);
    this.fetch();
    this.timer = setTimeout(() => this.fetch(), SETTLED_MS);
  }

  async fetch() {
    const target = this.target;
    if (!target) return;
    const generation = ++this.generation;
    try {
      const response = await fetch(target.url, { cache: "no-store" });
      if (!response.ok) throw await errorFrom(response);
      const sceneTime = Number.parseFloat(response.headers.get("x-scene-time") ?? "");
      const bitmap = await createImageBitmap(await response.blob());
      if (generation !== this.generation) {
        bitmap.close();
        return;
      }
      this.onFrame(bitmap, { ...target.meta, sceneTime });
    } catch (error) {
      if (generation !== this.generation) return;
      this.onError(error);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.fetch(), RETRY_MS);
    }
  }
}
