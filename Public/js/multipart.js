// @ts-check
// Splits a multipart/x-mixed-replace byte stream into its parts (the JPEGs of an MJPEG stream).
// Parts are framed by their Content-Length when they carry one, else by the next boundary.

const HEADER_END = new Uint8Array([13, 10, 13, 10]);
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Where `needle` first starts in haystack[from..<to], or -1.
 * @param {Uint8Array} haystack
 * @param {Uint8Array} needle
 * @param {number} from
 * @param {number} to
 */
function indexOf(haystack, needle, from, to) {
  const first = needle[0];
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= to - needle.length; i = haystack.indexOf(first, i + 1)) {
    let k = 1;
    while (k < needle.length && haystack[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

export class MultipartParser {
  /**
   * `onPart(bytes, headers)` gets each part's body (a copy) and its headers, names in lower case.
   * @param {string} boundary
   * @param {(bytes: Uint8Array, headers: Record<string, string>) => void} onPart
   */
  constructor(boundary, onPart) {
    this.boundary = new TextEncoder().encode(`\r\n--${boundary}`);
    this.onPart = onPart;
    this.buffer = new Uint8Array(128 * 1024);
    this.start = 0;
    this.end = 0;
    /** @type {{ headers: Record<string, string>, length: number } | null} */
    this.head = null;
    this.decoder = new TextDecoder();
  }

  /** @param {Uint8Array} chunk */
  push(chunk) {
    this.append(chunk);
    this.parse();
  }

  /** @param {Uint8Array} chunk */
  append(chunk) {
    if (this.end + chunk.length > this.buffer.length) {
      const live = this.end - this.start;
      const size = Math.max(this.buffer.length, (live + chunk.length) * 2);
      if (size > this.buffer.length) {
        const next = new Uint8Array(size);
        next.set(this.buffer.subarray(this.start, this.end), 0);
        this.buffer = next;
      } else {
        this.buffer.copyWithin(0, this.start, this.end);
      }
      this.start = 0;
      this.end = live;
    }
    this.buffer.set(chunk, this.end);
    this.end += chunk.length;
  }

  parse() {
    for (;;) {
      if (!this.head) {
        const at = indexOf(this.buffer, HEADER_END, this.start, this.end);
        if (at === -1) {
          // A header block this long is not MJPEG; drop it rather than grow forever.
          if (this.end - this.start > MAX_HEADER_BYTES) this.start = this.end;
          return;
        }
        this.head = this.readHeaders(this.decoder.decode(this.buffer.subarray(this.start, at)));
        this.start = at + HEADER_END.length;
      }
      let stop;
      if (Number.isFinite(this.head.length)) {
        stop = this.start + this.head.length;
        if (stop > this.end) return;
      } else {
        stop = indexOf(this.buffer, this.boundary, this.start, this.end);
        if (stop === -1) return;
      }
      const body = this.buffer.slice(this.start, stop);
      const headers = this.head.headers;
      this.start = stop;
      this.head = null;
      if (this.start === this.end) this.start = this.end = 0;
      this.onPart(body, headers);
    }
  }

  /**
   * @param {string} text
   * @returns {{ headers: Record<string, string>, length: number }}
   */
  readHeaders(text) {
    /** @type {Record<string, string>} */
    const headers = {};
    for (const line of text.split("\r\n")) {
      if (line === "" || line.startsWith("--")) continue;
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number.parseInt(headers["content-length"] ?? "", 10);
    return { headers, length: Number.isFinite(length) && length >= 0 ? length : NaN };
  }
}
