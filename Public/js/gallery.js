// Paints the cells of the one `control=all` frame into the four stage canvases.
import { CONTROLS } from "./view.js";

export class Gallery {
  constructor(root) {
    this.canvases = CONTROLS.map((name) => root.querySelector(`canvas[data-cell="${name}"]`));
    this.contexts = this.canvases.map((c) => c.getContext("2d", { alpha: true }));
    this.bitmap = null;
    this.meta = null;
    this.pending = false;
  }

  /** Backing store of w × h points at `scale`: one canvas pixel per frame pixel. */
  resize(w, h, scale) {
    const pw = Math.max(1, Math.round(w * scale));
    const ph = Math.max(1, Math.round(h * scale));
    for (const canvas of this.canvases) {
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
    }
    this.paint();
  }

  /** Takes ownership of `bitmap`; painting waits for the next animation frame. */
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
    const bitmap = this.bitmap;
    if (!bitmap || !this.meta) return;
    const { cols, rows } = this.meta.layout;
    const cw = bitmap.width / cols;
    const ch = bitmap.height / rows;
    this.canvases.forEach((canvas, i) => {
      const ctx = this.contexts[i];
      const sx = (i % cols) * cw;
      const sy = Math.floor(i / cols) * ch;
      // Same size: a straight copy. Otherwise (a stream for the old size still playing) fit it.
      const k = Math.min(canvas.width / cw, canvas.height / ch);
      const dw = cw * k;
      const dh = ch * k;
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(bitmap, sx, sy, cw, ch, (canvas.width - dw) / 2, (canvas.height - dh) / 2, dw, dh);
    });
  }
}
