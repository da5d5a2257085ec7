// @ts-check
// The MJPEG stream (GET /stream.mjpg) read with fetch: each part is counted and decoded as it arrives
// (no one-frame-behind <img> lag); connecting, retrying and closing are livestream.js's.
import { LiveStream } from "./livestream.js";
import { MultipartParser } from "./multipart.js";

/**
 * @typedef {import("./livestream.js").FrameMeta} FrameMeta
 * @typedef {import("./livestream.js").Target} Target
 * @typedef {import("./view.js").StreamMeta} StreamMeta
 */

export class MjpegStream extends LiveStream {
  /** @param {import("./livestream.js").Handlers} handlers */
  constructor(handlers) {
    super(handlers);
    this.decoding = false;
    /** @type {{ bytes: Uint8Array, headers: Record<string, string>, meta: StreamMeta, generation: number } | null} */
    this.queued = null;
  }

  /**
   * @param {Response} response
   * @param {Target} target
   * @param {number} generation
   */
  begin(response, target, generation) {
    const type = response.headers.get("content-type") ?? "";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1] ?? "frame";
    const parser = new MultipartParser(boundary, (bytes, headers) => {
      if (generation !== this.generation) return;
      this.arrived();
      this.decode(bytes, headers, target.meta, generation);
    });
    return (/** @type {Uint8Array} */ bytes) => parser.push(bytes);
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
