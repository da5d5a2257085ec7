// @ts-check
// Any picture the browser can read becomes artwork: the server takes PNG only, within the byte and
// side limits it serves on GET /layout, so anything else, or anything larger, is redrawn to a PNG of
// at most 1024 px first.
import { ApiError } from "./api.js";
import { loadLayout } from "./layout.js";

const REDRAW_SIDE = 1024;

/**
 * @param {File} file
 * @returns {Promise<Blob>}
 */
export async function artworkPng(file) {
  if (!file.type.startsWith("image/")) {
    throw new ApiError(`“${file.name}” is not a picture`, { allowed: "PNG, JPEG, WebP, GIF or any image the browser can open" });
  }
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ApiError(`“${file.name}” could not be read as an image`);
  }
  try {
    const { maxArtworkBytes, maxArtworkSide } = await loadLayout();
    const fits = file.type === "image/png" && file.size <= maxArtworkBytes
      && bitmap.width <= maxArtworkSide && bitmap.height <= maxArtworkSide;
    if (fits) return file;
    const k = Math.min(1, REDRAW_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * k));
    canvas.height = Math.max(1, Math.round(bitmap.height * k));
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new ApiError("the picture could not be drawn for conversion to PNG");
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    /** @type {Blob | null} */
    const png = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!png) throw new ApiError("the picture could not be converted to PNG");
    return png;
  } finally {
    bitmap.close();
  }
}
