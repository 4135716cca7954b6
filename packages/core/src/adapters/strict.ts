import { isPlainObject } from '../freeze.js'

type Json = Record<string, unknown>

/** What OpenAI's strict mode accepts besides the structure keywords handled below. */
const KEPT = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  '$ref',
])
/** Annotations strict mode does not take and that change nothing about valid input: dropped. */
const DROPPED = new Set(['default', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly'])

/** `schema` that also accepts `null`: how strict mode spells an optional property. */
function nullable(s: Json): Json {
  const t = s.type
  if (typeof t == 'string' && !('const' in s)) {
    const out: Json = { ...s, type: [t, 'null'] }
    if (Array.isArray(s.enum) && !s.enum.includes(null)) out.enum = [...s.enum, null]
    return out
  }
  if (Array.isArray(t) && !('const' in s) && !('enum' in s))
    return t.includes('null') ? s : { ...s, type: [...t, 'null'] }
  return { anyOf: [s, { type: 'null' }] }
}

/**
 * A JSON Schema rewritten for OpenAI's strict mode: every object closed
 * (`additionalProperties: false`) with every property required, optional ones made nullable.
 * Throws a TypeError naming the tool and the first keyword strict mode cannot express.
 */
export function toStrictSchema(schema: Json, tool: string): Json {
  const fail = (keyword: string, where: string): never => {
    throw new TypeError(
      `toolreg: tool '${tool}' cannot use OpenAI strict mode: '${keyword}' at ${where || '/'} has no strict-mode equivalent`,
    )
  }
  const walk = (s: unknown, where: string, root = false): unknown => {
    if (!isPlainObject(s)) return s === true ? fail('true (any value)', where) : s
    const out: Json = {}
    for (const [k, v] of Object.entries(s)) {
      const at = `${where}/${k}`
      if (DROPPED.has(k) || k == 'required' || k == 'additionalProperties' || k == '$schema') continue
      if (k == 'properties') {
        if (!isPlainObject(v)) fail(k, at)
        const req = new Set(Array.isArray(s.required) ? s.required : [])
        const props: Json = {}
        for (const [name, p] of Object.entries(v as Json)) {
          const w = walk(p, `${at}/${name}`) as Json
          Object.defineProperty(props, name, {
            value: req.has(name) ? w : nullable(w),
            enumerable: true,
            writable: true,
            configurable: true,
          })
        }
        out.properties = props
      } else if (k == 'items' || k == 'anyOf' || k == '$defs' || k == 'definitions') {
        out[k] =
          k == 'items'
            ? walk(v, at)
            : Array.isArray(v)
              ? v.map((x, i) => walk(x, `${at}/${i}`))
              : isPlainObject(v)
                ? Object.fromEntries(Object.entries(v).map(([n, x]) => [n, walk(x, `${at}/${n}`)]))
                : fail(k, at)
      } else if (KEPT.has(k)) out[k] = v
      else fail(k, at)
    }
    const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object'))
    if (isObject) {
      if (s.additionalProperties !== undefined && s.additionalProperties !== false) fail('additionalProperties', where)
      // A free-form nested object ({ type: 'object' } alone) would become "no keys allowed".
      if (!out.properties && !root && s.additionalProperties !== false) fail('additionalProperties', where)
      out.properties ??= {}
      out.required = Object.keys(out.properties as Json)
      out.additionalProperties = false
    }
    return out
  }
  return walk(schema, '', true) as Json
}

/** Whether `s` lets `null` through (as far as one schema shows without following `$ref`). */
function acceptsNull(s: unknown): boolean {
  if (s === true) return true
  if (!isPlainObject(s)) return false
  const t = s.type
  if (t === 'null' || (Array.isArray(t) && t.includes('null'))) return true
  if (Array.isArray(s.enum)) return s.enum.includes(null)
  if ('const' in s) return s.const === null
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf))
    return [...((s.anyOf ?? s.oneOf) as unknown[])].some(acceptsNull)
  return t === undefined && s.$ref === undefined
}

/**
 * Arguments a model produced under strict mode, turned back into what the tool's own schema
 * expects: strict mode makes every optional property required and nullable, so a model says
 * "absent" with `null`. Every `null` of a property that is optional in `schema` and does not
 * itself accept `null` is dropped (nested objects and array items too), so defaults apply.
 * A JSON string is parsed first; anything unparseable is returned as it is for `dispatch` to refuse.
 */
export function fromStrictArguments(schema: Readonly<Record<string, unknown>> | undefined, args: unknown): unknown {
  if (typeof args == 'string') {
    try {
      args = JSON.parse(args)
    } catch {
      return args
    }
  }
  const walk = (s: unknown, v: unknown): unknown => {
    if (!isPlainObject(s)) return v
    if (Array.isArray(v)) return s.items ? v.map(x => walk(s.items, x)) : v
    if (!isPlainObject(v) || !isPlainObject(s.properties)) return v
    const props = s.properties
    const required = new Set(Array.isArray(s.required) ? s.required : [])
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) {
      const sub = Object.hasOwn(props, k) ? props[k] : undefined
      if (x === null && sub !== undefined && !required.has(k) && !acceptsNull(sub)) continue
      Object.defineProperty(out, k, { value: walk(sub, x), enumerable: true, writable: true, configurable: true })
    }
    return out
  }
  return walk(schema, args)
}
