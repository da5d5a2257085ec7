"""The page's MJPEG reader: parts come out whole however the bytes are split, framed by
Content-Length when present and by the boundary when not."""
import pytest

PARSE_JS = """
const done = arguments[arguments.length - 1];
const withLength = arguments[0];
import('./js/multipart.js').then(({ MultipartParser }) => {
  const enc = new TextEncoder();
  const bodies = [new Uint8Array([0xff, 0xd8, 1, 2, 13, 10, 13, 10, 0xff, 0xd9]),   // CRLFCRLF inside a body
                  new Uint8Array(3000).map((_, i) => i % 251),
                  enc.encode('\\r\\n--fram not a boundary')];
  const parts = [enc.encode('--frame\\r\\n')];
  bodies.forEach((b, i) => {
    const head = 'Content-Type: image/jpeg\\r\\n' + (withLength ? `Content-Length: ${b.length}\\r\\n` : '')
               + `X-Scene-Time: ${i + 0.5}\\r\\n\\r\\n`;
    parts.push(enc.encode(head), b, enc.encode('\\r\\n--frame\\r\\n'));
  });
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0; for (const p of parts) { all.set(p, o); o += p.length; }
  const results = [];
  for (const step of [1, 7, 64, 1000, all.length]) {
    const got = [];
    const parser = new MultipartParser('frame', (bytes, headers) => got.push([Array.from(bytes), headers['x-scene-time']]));
    for (let i = 0; i < all.length; i += step) parser.push(all.slice(i, i + step));
    results.push(got);
  }
  done({ results, bodies: bodies.map(b => Array.from(b)) });
}).catch(e => done({ error: String(e) }));
"""


@pytest.mark.parametrize("with_length", [True, False], ids=["framed-by-content-length", "framed-by-the-boundary"])
def test_parts_come_out_whole(page, with_length):
    out = page.execute_async_script(PARSE_JS, with_length)
    assert "error" not in out, out
    bodies = out["bodies"]
    # Without Content-Length the last part cannot end until a boundary follows it, which it does.
    for got in out["results"]:
        assert [b for b, _ in got] == bodies
        assert [t for _, t in got] == ["0.5", "1.5", "2.5"]
