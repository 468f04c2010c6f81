/**
 * The explorer's only way to build HTML: the `markup` tagged template escapes every interpolated
 * value unless it is already `Html` (made by this same tag), so chain data (notes, asset names,
 * URLs, state keys, echoed input) can never become markup. Also the page layout.
 *
 * (The tag is not called `html` on purpose: Prettier would reformat such templates as HTML,
 * changing the whitespace of what we serve.)
 */

/** Markup known to be safe: only the `markup` tag makes one. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
}

export type Interpolation =
  Html | string | number | bigint | boolean | null | undefined | readonly Interpolation[]

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for both element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
}

function render(value: Interpolation): string {
  if (value instanceof Html) return value.text
  if (value === undefined || value === null || value === false || value === true) return ''
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(render).join('')
  return escapeHtml(String(value))
}

export function markup(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0]
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '')
  })
  return new Html(out)
}

const STYLE = new Html(`
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{background:#1d2b3a;color:#fff;padding:.6em 1.2em;display:flex;gap:1.5em;
  align-items:center;flex-wrap:wrap}
header a{color:#fff;font-weight:600;text-decoration:none}
header form{margin-left:auto}
main{max-width:72em;margin:0 auto;padding:1em 1.2em 3em}
h1{font-size:1.35em;word-break:break-all}
h2{font-size:1.1em;margin-top:1.6em}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;vertical-align:top;padding:.3em .6em;border-bottom:1px solid #e3e3e3}
th{width:13em;font-weight:600;color:#444}
.list th{width:auto}
code,pre,.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em;
  word-break:break-all}
pre{background:#f2f2f2;padding:.6em;overflow:auto;white-space:pre-wrap}
.amount{font-variant-numeric:tabular-nums;white-space:nowrap}
.warn{background:#fff3cd;color:#6b4e00;border:1px solid #e0c36a;padding:.1em .4em;
  border-radius:3px;font-weight:600}
.muted{color:#777}
.inner{border-left:3px solid #9ab;margin:.8em 0 .8em .4em;padding-left:.8em}
input[type=search]{width:28em;max-width:60vw;padding:.3em}
`)

export interface Page {
  readonly status: number
  readonly title: string
  readonly body: Html
}

/** The whole document: header with home link and search box, then the page body. */
export function layout(page: Page): string {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${page.title} · devnet explorer</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<a href="/explorer/">devnet explorer</a>
<form method="get" action="/explorer/search" role="search">
<input type="search" name="q" aria-label="Search"
  placeholder="Transaction id, address, asset or application id, round">
<button type="submit">Search</button>
</form>
</header>
<main>
${page.body}
</main>
</body>
</html>
`.text
}

/** A two-column table of labelled values; rows whose value is undefined are left out. */
export function fields(rows: readonly (readonly [string, Interpolation] | undefined)[]): Html {
  const present = rows.filter(
    (r): r is readonly [string, Interpolation] => r !== undefined && r[1] !== undefined,
  )
  const trs = present.map(([label, value]) => markup`<tr><th>${label}</th><td>${value}</td></tr>`)
  return markup`<table>${trs}</table>`
}

/** A list table with a header row. */
export function listTable(
  headings: readonly string[],
  rows: readonly (readonly Interpolation[])[],
  empty: string,
): Html {
  if (rows.length === 0) return markup`<p class="muted">${empty}</p>`
  const head = markup`<tr>${headings.map((h) => markup`<th>${h}</th>`)}</tr>`
  const body = rows.map((cells) => markup`<tr>${cells.map((c) => markup`<td>${c}</td>`)}</tr>`)
  return markup`<table class="list">${head}${body}</table>`
}
