// JSON inside generated JavaScript: one string literal, parsed once by `JSON.parse`
// (cheaper for the bundler to parse, and to generate, than the same data as literals).

/** A JSON text as a single-quoted JS string: JSON's many double quotes need no escape there. */
export const jsonString = (json: string): string =>
  `'${json.replace(/[\\'\u2028\u2029]/g, (c) => (c === '\\' || c === "'" ? '\\' + c : c === '\u2028' ? '\\u2028' : '\\u2029'))}'`

/** `value` as JSON in a single-quoted JS string. */
export const jsonText = (value: unknown): string => jsonString(JSON.stringify(value))
