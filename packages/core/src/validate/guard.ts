/**
 * The copy of a tool's schema that `@toolreg/core/validate` hands to @cfworker/json-schema,
 * rewritten so that nothing the model sends takes more than linear time and non-finite
 * numbers fail `type: 'number'`/`'integer'` (core README: "Arguments the model sends").
 * Every rewrite keeps the schema's meaning for every other value, inside `anyOf`, `not`,
 * `$ref` and the rest, because the library itself still evaluates it:
 * - `format: 'url'`: the library's url regex backtracks exponentially (a 42-character
 *   string keeps it busy for seconds), so the format becomes `pattern: URL_PATTERN`, a
 *   linear regex (test/redos.test.ts) accepting a subset of the same URLs;
 * - `type` with `number` or `integer`: `maximum`/`minimum` of ±Number.MAX_VALUE, which
 *   every finite number meets and `1e400` (parsed as Infinity) does not.
 * - an untrusted schema (an MCP server's, see ../untrusted.ts) keeps no `pattern` and no
 *   `patternProperties` (nor the `additionalProperties`/`unevaluatedProperties` beside them,
 *   which depend on which names those patterns match): its owner checks them, toolreg never
 *   runs a regular expression someone else wrote on the model's text.
 * The errors these rewrites cause are worded back by `guardedMessage`.
 */

const LABEL = String.raw`[a-zA-Z0-9\u00a1-\uffff]+(?:-[a-zA-Z0-9\u00a1-\uffff]+)*`
const IP =
  String.raw`(?!10(?:\.\d{1,3}){3})(?!127(?:\.\d{1,3}){3})(?!169\.254(?:\.\d{1,3}){2})(?!192\.168(?:\.\d{1,3}){2})` +
  String.raw`(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])` +
  String.raw`(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4])`

/**
 * toolreg's `url` format: http, https or ftp; a user part without `@` or `/`; a public IPv4
 * address or a dotted host name ending in a label of two letters or more; a port of 2–5
 * digits; a path. The library's own url format with the user part narrowed, and each
 * repetition made unambiguous (a label is `x(-x)*`, not `(x-?)*x`), so it cannot backtrack.
 */
export const URL_PATTERN =
  String.raw`^(?:[hH][tT][tT][pP][sS]?|[fF][tT][pP]):\/\/(?:[^\s@\/]+@)?` +
  String.raw`(?:${IP}|(?:${LABEL}\.)+[a-zA-Z\u00a1-\uffff]{2,})(?::\d{2,5})?(?:\/\S*)?$`

const MAX = Number.MAX_VALUE

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
const ONE = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']
const MAP = ['$defs', 'definitions', 'dependencies', 'dependentSchemas', 'patternProperties', 'properties']

const isObject = (v: unknown): v is Record<string, unknown> => typeof v == 'object' && v !== null && !Array.isArray(v)

/** A rewritten copy of `schema` (never the registry's frozen one) for the library. */
export function guardSchema(schema: unknown, untrusted = false): unknown {
  if (!isObject(schema)) return schema
  const out: Record<string, unknown> = { ...schema }
  const guard = (s: unknown) => guardSchema(s, untrusted)
  for (const k of ONE) if (isObject(out[k])) out[k] = guard(out[k])
  for (const k of LIST) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map(guard)
  for (const k of MAP) {
    const m = out[k]
    // defineProperty: a schema named `__proto__` stays a name, never the copy's prototype.
    if (isObject(m))
      out[k] = Object.entries(m).reduce(
        (o, [n, s]) =>
          Object.defineProperty(o, n, { value: guard(s), enumerable: true, writable: true, configurable: true }),
        {},
      )
  }
  if (untrusted) {
    delete out.pattern
    if (out.patternProperties !== undefined) {
      delete out.patternProperties
      delete out.additionalProperties
      delete out.unevaluatedProperties
    }
  }
  if (out.format === 'url') {
    delete out.format
    if (out.pattern === undefined) out.pattern = URL_PATTERN
    else out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), { pattern: URL_PATTERN }]
  }
  const types = Array.isArray(out.type) ? out.type : [out.type]
  // Draft 4's boolean exclusiveMaximum would turn MAX itself away: such a schema is left as it is.
  if (
    (types.includes('number') || types.includes('integer')) &&
    typeof out.exclusiveMaximum != 'boolean' &&
    typeof out.exclusiveMinimum != 'boolean'
  ) {
    out.maximum ??= MAX
    out.minimum ??= -MAX
  }
  return out
}

/** The library's error for a rewritten keyword, worded as the keyword it replaced; else undefined. */
export function guardedMessage(root: unknown, keyword: string, keywordLocation: string, error: string) {
  if ((keyword == 'maximum' || keyword == 'minimum') && /^-?Infinity is /.test(error))
    return `Instance type "number" is invalid: ${error.split(' ')[0]} is not a finite number.`
  if (keyword == 'pattern' && at(root, keywordLocation)?.pattern === URL_PATTERN)
    return 'String does not match format "url".'
  return undefined
}

/** The schema node holding the keyword at `location` (`#/properties/a/$ref/pattern`), following local `$ref`s. */
function at(root: unknown, location: string, depth = 0): Record<string, unknown> | undefined {
  let node = root
  if (depth > 32) return undefined // a $ref chain that never ends
  const parts = location.split('/').slice(1, -1)
  for (const raw of parts) {
    if (!isObject(node) && !Array.isArray(node)) return undefined
    if (raw == '$ref' && isObject(node) && typeof node.$ref == 'string' && node.$ref.startsWith('#')) {
      node = at(root, node.$ref + '/x', depth + 1)
      continue
    }
    node = (node as Record<string, unknown>)[decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return isObject(node) ? node : undefined
}
