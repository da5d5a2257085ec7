// @ts-check
// Paints the cells of the one `control=all` frame into the stage canvases, each found by its
// control's name and placed by the server's layout.
import { $$ } from "./dom.js";
import { cellOf } from "./layout.js";

/** @typedef {import("./view.js").StreamMeta} StreamMeta */

export class Gallery {
  /** @param {ParentNode} root */
  constructor(root) {
    /** @type {Map<string, { canvas: HTMLCanvasElement, context: CanvasRenderingContext2D | null }>} */
    this.stages = new Map();
    for (const canvas of $$(root, "canvas[data-cell]")) {
      if (!(canvas instanceof HTMLCanvasElement) || !canvas.dataset.cell) continue;
      this.stages.set(canvas.dataset.cell, { canvas, context: canvas.getContext("2d", { alpha: true }) });
    }
    /** @type {ImageBitmap | null} */
    this.bitmap = null;
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
   * Takes ownership of `bitmap`; painting waits for the next animation frame.
   * @param {ImageBitmap} bitmap
   * @param {StreamMeta} meta
   */
  show(bitmap, meta) {
    this.bitmap?.close();
    this.bitmap = bitmap;
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
    const { bitmap, meta } = this;
    if (!bitmap || !meta) return;
    const { columns, rows } = meta.arrangement;
    const cw = bitmap.width / columns;
    const ch = bitmap.height / rows;
    for (const [control, { canvas, context }] of this.stages) {
      const cell = cellOf(meta.layout, meta.arrangement, control);
      if (!cell || !context) continue;
      // Same size: a straight copy. Otherwise (a stream for the old size still playing) fit it.
      const k = Math.min(canvas.width / cw, canvas.height / ch);
      const dw = cw * k;
      const dh = ch * k;
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, cell.column * cw, cell.row * ch, cw, ch, (canvas.width - dw) / 2, (canvas.height - dh) / 2, dw, dh);
    }
  }
}
