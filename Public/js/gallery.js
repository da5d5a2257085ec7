// @ts-check
// Paints the cells of the one `control=all` frame into the stage canvases, each found by its
// control's name and placed by the server's layout.
import { $$ } from "./dom.js";
import { cellOf } from "./layout.js";

/**
 * @typedef {import("./view.js").StreamMeta} StreamMeta
 * @typedef {ImageBitmap | HTMLVideoElement} Picture a decoded frame, or the live video's player,
 *   drawn from as it shows its frame (no copy of each frame on the page's thread)
 */

/**
 * Lets go of a picture no one will paint: a bitmap's memory; a player stays its stream's.
 * @param {Picture} picture
 */
export function release(picture) {
  if (picture instanceof ImageBitmap) picture.close();
}

export class Gallery {
  /** @param {ParentNode} root */
  constructor(root) {
    /** @type {Map<string, { canvas: HTMLCanvasElement, context: CanvasRenderingContext2D | null }>} */
    this.stages = new Map();
    for (const canvas of $$(root, "canvas[data-cell]")) {
      if (!(canvas instanceof HTMLCanvasElement) || !canvas.dataset.cell) continue;
      this.stages.set(canvas.dataset.cell, { canvas, context: canvas.getContext("2d", { alpha: true }) });
    }
    /** @type {Picture | null} */
    this.picture = null;
    /** @type {StreamMeta | null} */
    this.meta = null;
    this.pending = false;
  }

  /**
   * Backing store of w × h points at `scale`: one canvas pixel per frame pixel.
   * @param {number} w
   * @param {number} h
   * @param {number} scale
   */
  resize(w, h, scale) {
    const pw = Math.max(1, Math.round(w * scale));
    const ph = Math.max(1, Math.round(h * scale));
    for (const { canvas } of this.stages.values()) {
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
    }
    this.paint();
  }

  /**
   * Takes ownership of `picture`; painting waits for the next animation frame.
   * @param {Picture} picture
   * @param {StreamMeta} meta
   */
  show(picture, meta) {
    if (this.picture && this.picture !== picture) release(this.picture);
    this.picture = picture;
    this.meta = meta;
    if (!this.pending) {
      this.pending = true;
      requestAnimationFrame(() => {
        this.pending = false;
        this.paint();
      });
    }
  }

  paint() {
    const { picture, meta } = this;
    if (!picture || !meta) return;
    const video = picture instanceof HTMLVideoElement;
    // A player let go of (the stream closed) has no frame to draw: the cards keep the last one.
    if (video && picture.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
    const { columns, rows } = meta.arrangement;
    const cw = (video ? picture.videoWidth : picture.width) / columns;
    const ch = (video ? picture.videoHeight : picture.height) / rows;
    for (const [control, { canvas, context }] of this.stages) {
      const cell = cellOf(meta.layout, meta.arrangement, control);
      if (!cell || !context) continue;
      // Same size: a straight copy. Otherwise (a stream for the old size still playing) fit it.
      const k = Math.min(canvas.width / cw, canvas.height / ch);
      const dw = cw * k;
      const dh = ch * k;
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.imageSmoothingQuality = "high";
      context.drawImage(picture, cell.column * cw, cell.row * ch, cw, ch, (canvas.width - dw) / 2, (canvas.height - dh) / 2, dw, dh);
    }
  }
}
