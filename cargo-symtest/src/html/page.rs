//! The frame every page of the report shares: the document head with the inline style sheet
//! (light and dark colours, print rules), the navigation (and the name of the plots' page it
//! links to, which the other pages link to too), and the script that sorts tables.

use super::escape;

/// The page of the convergence plots ([`super::plot`]).
pub const CONVERGENCE: &str = "convergence.html";

/// A whole page: `title` in the head and as the heading, `body` after the navigation.
pub fn page(title: &str, body: &str) -> String {
    let title = escape(title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n<title>{title} · symtest</title>\n\
         <style>\n{STYLE}</style>\n</head>\n<body>\n<nav><a href=\"index.html\">Functions</a> \
         <a href=\"{plots}\">Convergence</a></nav>\n<main>\n<h1>{title}</h1>\n{body}</main>\n\
         <footer>Written by cargo symtest {version}.</footer>\n<script>\n{SCRIPT}</script>\n\
         </body>\n</html>\n",
        plots = CONVERGENCE,
        version = env!("CARGO_PKG_VERSION"),
    )
}

const STYLE: &str = r#":root {
  --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --panel: #f6f8fa; --line: #d1d9e0;
  --link: #0969da;
  --full: #dafbe1; --full-mark: #1a7f37; --part: #fff8c5; --part-mark: #9a6700;
  --none: #ffebe9; --none-mark: #cf222e; --mutant: #fbefff; --mutant-mark: #8250df;
  --start: #6e7781; --dynamosa: #0969da; --targets: #1a7f37; --dse: #bf3989;
  --mutation: #8250df; --total: #1f2328;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #161b22; --line: #30363d;
    --link: #4493f8;
    --full: #12361f; --full-mark: #3fb950; --part: #3b2e05; --part-mark: #d29922;
    --none: #4a1618; --none-mark: #f85149; --mutant: #2e1d4a; --mutant-mark: #bc8cff;
    --start: #9198a1; --dynamosa: #4493f8; --targets: #3fb950; --dse: #f778ba;
    --mutation: #bc8cff; --total: #e6edf3;
  }
}
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: var(--bg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
nav { padding: .5rem 1.5rem; border-bottom: 1px solid var(--line); background: var(--panel); }
nav a { margin-right: 1.2rem; }
main { padding: 0 1.5rem 2rem; max-width: 96rem; }
footer { padding: 1rem 1.5rem; color: var(--muted); font-size: .85rem; }
a { color: var(--link); text-decoration: none; }
a:hover { text-decoration: underline; }
h1 { font-size: 1.5rem; margin: 1rem 0 .5rem; word-break: break-all; }
h2 { font-size: 1.15rem; margin: 1.75rem 0 .5rem; }
h3 { font-size: 1rem; margin: 1.25rem 0 .25rem; word-break: break-all; }
code, pre, .code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 13px; }
.muted { color: var(--muted); }
.summary { display: flex; flex-wrap: wrap; gap: .5rem 2rem; margin: .5rem 0 1rem; }
.summary div { min-width: 8rem; }
.summary b { display: block; font-size: 1.35rem; }
table.functions { border-collapse: collapse; width: 100%; font-size: .9rem; }
table.functions th, table.functions td { padding: .3rem .6rem; border-bottom: 1px solid var(--line);
  text-align: right; white-space: nowrap; }
table.functions th:first-child, table.functions td:first-child { text-align: left;
  white-space: normal; word-break: break-all; }
table.functions thead th { position: sticky; top: 0; background: var(--panel); cursor: pointer;
  user-select: none; }
table.functions thead th[aria-sort="ascending"]::after { content: " ▲"; }
table.functions thead th[aria-sort="descending"]::after { content: " ▼"; }
table.functions tfoot td { font-weight: 600; border-top: 2px solid var(--line); }
td.full { color: var(--full-mark); } td.part { color: var(--part-mark); }
td.none { color: var(--none-mark); }
.bar { display: inline-block; width: 4rem; height: .5rem; margin-left: .4rem;
  background: var(--none); border-radius: 2px; vertical-align: middle; overflow: hidden; }
.bar i { display: block; height: 100%; background: var(--full-mark); }
ul.plain { padding-left: 1.2rem; }
.legend { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; margin: .5rem 0; font-size: .9rem; }
.legend span::before { content: ""; display: inline-block; width: .8rem; height: .8rem;
  margin-right: .35rem; vertical-align: -1px; border-radius: 2px; }
.legend .full::before { background: var(--full-mark); }
.legend .part::before { background: var(--part-mark); }
.legend .none::before { background: var(--none-mark); }
.legend .mutant::before { background: var(--mutant-mark); }
.code { border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; margin: .5rem 0; }
.line, .line > summary { display: flex; min-width: max-content; }
.line > summary { list-style: none; cursor: pointer; flex: 1; }
.line > summary::-webkit-details-marker { display: none; }
details.line { display: block; }
.line { scroll-margin-top: 30vh; }
.line:target > summary, div.line:target { outline: 2px solid var(--link); outline-offset: -2px; }
.ln { width: 4rem; padding-right: .75rem; text-align: right; color: var(--muted);
  user-select: none; flex: none; }
.mark { width: 3.2rem; flex: none; text-align: center; font-size: 11px; line-height: 20px;
  user-select: none; }
.src { white-space: pre; tab-size: 4; line-height: 20px; padding-right: 1rem; }
.full > summary .mark, .full > .mark { background: var(--full); color: var(--full-mark); }
.part > summary .mark, .part > .mark { background: var(--part); color: var(--part-mark); }
.none > summary .mark, .none > .mark { background: var(--none); color: var(--none-mark); }
.dec { border-radius: 3px; padding: 0 1px; }
.dec.full { background: var(--full); } .dec.part { background: var(--part); }
.dec.none { background: var(--none); }
details.line[open] > summary { background: var(--panel); }
.panel { margin: 0 0 .5rem 7.2rem; padding: .5rem .8rem; border-left: 3px solid var(--line);
  background: var(--panel); font-size: .9rem; white-space: normal; max-width: 72rem; }
.panel h4 { margin: .25rem 0; font-size: .9rem; }
.panel ul { margin: .25rem 0 .5rem; padding-left: 1.2rem; }
.panel .tests { display: flex; flex-wrap: wrap; gap: .5rem; }
.panel pre { margin: .25rem 0; padding: .4rem .6rem; background: var(--bg);
  border: 1px solid var(--line); border-radius: 4px; overflow-x: auto; }
.ok { color: var(--full-mark); } .miss { color: var(--none-mark); font-weight: 600; }
.note { display: flex; font-size: .85rem; line-height: 20px; }
.note .text { padding: 1px .6rem; border-radius: 3px; white-space: normal; }
.note.mutant .text { background: var(--mutant); color: var(--mutant-mark); }
.note.function .text { background: var(--panel); color: var(--fg); font-weight: 600; }
.note.skipped .text { background: var(--none); color: var(--none-mark); }
.plots { display: flex; flex-wrap: wrap; gap: 1rem 2rem; }
figure { margin: .5rem 0; }
figcaption { font-size: .85rem; color: var(--muted); max-width: 34rem; }
svg.plot { width: 34rem; max-width: 100%; height: auto; font-size: 11px; }
svg.plot text { fill: var(--muted); }
svg.plot .axis { stroke: var(--line); fill: none; }
svg.plot .grid { stroke: var(--line); stroke-dasharray: 2 3; fill: none; }
svg.plot .all { stroke: var(--muted); stroke-dasharray: 6 4; fill: none; }
svg.plot path.series { fill: none; stroke-width: 2; }
.s-total { stroke: var(--total); } .s-start { stroke: var(--start); }
.s-dynamosa { stroke: var(--dynamosa); } .s-targets { stroke: var(--targets); }
.s-dse { stroke: var(--dse); } .s-mutation { stroke: var(--mutation); }
.key-total::before { background: var(--total); } .key-start::before { background: var(--start); }
.key-dynamosa::before { background: var(--dynamosa); }
.key-targets::before { background: var(--targets); }
.key-dse::before { background: var(--dse); } .key-mutation::before { background: var(--mutation); }
@media print {
  nav, footer, script { display: none; }
  body { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .code { overflow: visible; border: none; }
  .src { white-space: pre-wrap; flex: 1; min-width: 0; }
  .line, .line > summary { min-width: 0; }
  table.functions thead th { position: static; }
  figure, .line, .note { break-inside: avoid; }
}
"#;

/// Opens the line a link points to (`#L25`); sorts a table of class `functions` by the column
/// whose header is clicked, by each cell's `data-sort` value (numbers as numbers), a second
/// click reversing the order.
const SCRIPT: &str = r#"const target = location.hash && document.getElementById(location.hash.slice(1));
if (target && target.tagName === "DETAILS") target.open = true;
for (const table of document.querySelectorAll("table.functions")) {
  const headers = table.querySelectorAll("thead th");
  headers.forEach((header, column) => {
    header.title = "Sort by " + header.textContent;
    header.addEventListener("click", () => {
      const ascending = header.getAttribute("aria-sort") !== "ascending";
      headers.forEach((other) => other.removeAttribute("aria-sort"));
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const body = table.tBodies[0];
      const key = (row) => {
        const cell = row.cells[column];
        const value = cell.dataset.sort ?? cell.textContent;
        const number = Number(value);
        return value !== "" && !Number.isNaN(number) ? number : value.toLowerCase();
      };
      const rows = Array.from(body.rows);
      rows.sort((a, b) => {
        const x = key(a), y = key(b);
        const order = x < y ? -1 : x > y ? 1 : 0;
        return ascending ? order : -order;
      });
      for (const row of rows) body.appendChild(row);
    });
  });
}
"#;
