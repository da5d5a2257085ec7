/// The chrome of `--report`'s page: its style, its script and its content security policy, inline,
/// since the page must load nothing from the network and work when opened from disk or from a CI
/// system's artifacts.
enum HTMLReportPage {
    /// Nothing from anywhere but the page itself: its own style and script, pictures embedded or
    /// beside it (the baselines it references). No fetches, no frames, no forms.
    static let contentSecurityPolicy = "default-src 'none'; img-src 'self' data: file:; style-src 'unsafe-inline'; "
        + "script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// Light only, with every text colour at 4.5:1 or more on its background; a failure is marked by
    /// a word and a border as well as by red. Nothing moves, so there is no motion to reduce.
    static let css = """
        :root { color: #1b1b1b; background: #fff; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        body { margin: 0; }
        header, main { max-width: 78rem; margin: 0 auto; padding: 0.5rem 1.5rem; }
        header { border-bottom: 1px solid #767676; }
        h1 { font-size: 1.6rem; margin: 0.5rem 0; }
        h2 { font-size: 1.35rem; margin: 2rem 0 0.5rem; padding-top: 1rem; border-top: 1px solid #767676; }
        h3 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
        a { color: #0b57d0; }
        a:focus-visible, input:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
        code, .path { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
        .muted { color: #555; }
        table { border-collapse: collapse; margin: 0.5rem 0; }
        caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
        th, td { border: 1px solid #767676; padding: 0.2rem 0.6rem; text-align: left; vertical-align: top; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        .badge { display: inline-block; padding: 0 0.4rem; border-radius: 0.25rem; font-size: 0.85rem; font-weight: 700; }
        .failed .badge { background: #a4001c; color: #fff; }
        .missing .badge { background: #6b4400; color: #fff; }
        .passed .badge { color: #1d5e2e; }
        .strip { list-style: none; display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.5rem 0; padding: 0; }
        .strip li > * { display: flex; flex-direction: column; align-items: center; gap: 0.15rem; padding: 0.25rem;
                        border: 1px solid #767676; color: inherit; text-decoration: none; }
        .strip li.failed > * { border: 3px solid #a4001c; }
        .strip li.missing > * { border: 3px dashed #6b4400; }
        .strip img { display: block; height: 4rem; width: auto; min-width: 2rem; background: #e8e8e8; }
        .strip .time { font-size: 0.85rem; font-variant-numeric: tabular-nums; }
        .frame { margin: 1.5rem 0; padding: 0 1rem 1rem; border-left: 6px solid #a4001c; }
        .frame.missing { border-left-style: dashed; border-left-color: #6b4400; }
        .pictures { display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; align-items: flex-start; }
        figure { margin: 0; }
        /* As wide as its picture: a comparison's caption and input wrap under it. */
        .pictures figure { width: min-content; min-width: 10rem; }
        figcaption { margin-top: 0.25rem; font-size: 0.9rem; }
        .pictures img { display: block; max-width: none; height: auto; outline: 1px solid #767676; background: #e8e8e8;
                        image-rendering: pixelated; }
        .stack { position: relative; display: grid; width: fit-content; }
        .stack > img { grid-area: 1 / 1; }
        [data-compare="slider"] .over { clip-path: inset(0 50% 0 0); }
        [data-compare="onion"] .over { opacity: 0.5; }
        .edge { position: absolute; top: 0; bottom: 0; left: 50%; width: 2px; margin-left: -1px;
                background: #fff; box-shadow: 0 0 0 1px #000; pointer-events: none; }
        .control { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.5rem; margin-top: 0.25rem; }
        .control label { flex-basis: 100%; }
        .control input { flex: 1 1 8rem; min-width: 8rem; margin: 0; accent-color: #0b57d0; }
        .control output { font-variant-numeric: tabular-nums; }
        .measures { margin: 0.5rem 0; }
        [hidden] { display: none !important; }
        """

    /// The slider and the onion skin stack a failure's actual frame over its baseline. Their
    /// pictures are the ones shown side by side, embedded once and copied here, so each comparison
    /// shows only when this runs; without it the side-by-side pictures and the heat map remain.
    static let script = """
        for (const box of document.querySelectorAll('[data-compare]')) {
          for (const img of box.querySelectorAll('img[data-from]')) {
            const from = document.getElementById(img.dataset.from);
            if (from) img.src = from.src;
          }
          const input = box.querySelector('input[type="range"]');
          const over = box.querySelector('.over');
          const edge = box.querySelector('.edge');
          const output = box.querySelector('output');
          const show = () => {
            const value = Number(input.value);
            if (box.dataset.compare === 'slider') {
              over.style.clipPath = 'inset(0 ' + (100 - value) + '% 0 0)';
              edge.style.left = value + '%';
            } else {
              over.style.opacity = String(value / 100);
            }
            const text = value + ' % actual';
            input.setAttribute('aria-valuetext', text);
            output.textContent = text;
          };
          input.addEventListener('input', show);
          show();
          box.hidden = false;
        }
        """
}
