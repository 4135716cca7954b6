// JSON inside generated JavaScript: one string literal, parsed once by `JSON.parse`
// (cheaper for the bundler to parse, and to generate, than the same data as literals).

/**
 * A JSON text as a single-quoted JS string, ASCII only. `'` and every character outside
 * printable ASCII are written as JSON `\uXXXX` escapes (they only occur inside JSON
 * strings), so `JSON.parse` reads the same value, a minifier has no quote to escape and no
 * character to print raw: one non-ASCII character anywhere makes the browser decode the
 * whole chunk into a two-byte string, slower to decode and to parse (a 1 MB lazy start-up
 * chunk, bench/LAZY.md). Backslashes are escaped for JS.
 */
export const jsonString = (json: string): string =>
  `'${json.replace(/[^ -&(-[\]-~]/g, c => (c === '\\' ? '\\\\' : '\\\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')))}'`

/** `value` as JSON in a single-quoted JS string (see `jsonString`). */
export const jsonText = (value: unknown): string => jsonString(JSON.stringify(value))
