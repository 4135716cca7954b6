/**
 * A closure-compiled yes/no check for the everyday subset of JSON Schema (type, properties,
 * required, additionalProperties, items, enum/const of primitives, numeric and length
 * bounds, pattern). `@toolreg/core/validate` answers valid arguments with it and leaves
 * everything else to @cfworker/json-schema: a schema using any other keyword gets no fast
 * check at all, and a "no" here is always re-checked there, which also writes the issues.
 * It must never say yes where the library says no (test/validate-fast.test.ts compares them).
 * Closures, not generated code: no eval.
 */
type Check = (value: unknown) => boolean

const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
])
const isObject = (v: unknown): v is Record<string, unknown> => typeof v == 'object' && v !== null && !Array.isArray(v)
const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v)
const isCount = (v: unknown): v is number => typeof v == 'number' && Number.isInteger(v) && v >= 0
/** Length in code points, as the library (and JSON Schema) counts it. */
const codePoints = (s: string) => {
  let n = 0
  for (let i = 0; i < s.length; i++, n++) if (s.charCodeAt(i) >> 10 == 54 && s.charCodeAt(i + 1) >> 10 == 55) i++
  return n
}

const TYPES: Record<string, Check> = {
  object: isObject,
  array: Array.isArray,
  string: v => typeof v == 'string',
  // JSON's `1e400` parses as Infinity: not a number any JSON Schema validator should pass on.
  number: Number.isFinite as Check,
  integer: Number.isInteger as Check,
  boolean: v => typeof v == 'boolean',
  null: v => v === null,
}

/** The check for `schema`, or undefined when it uses anything outside the subset. */
export function compileFastCheck(schema: unknown): Check | undefined {
  if (schema === true) return () => true
  if (schema === false) return () => false
  if (!isObject(schema)) return undefined
  const checks: Check[] = []
  for (const [k, v] of Object.entries(schema)) {
    if (ANNOTATIONS.has(k)) continue
    const c = keyword(k, v, schema)
    if (!c) return undefined
    checks.push(c)
  }
  // Plain loops: this runs on every call.
  const n = checks.length
  return value => {
    for (let i = 0; i < n; i++) if (!checks[i](value)) return false
    return true
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema keyword value is checked by the caller
function keyword(k: string, v: any, schema: Record<string, unknown>): Check | undefined {
  const num = typeof v == 'number'
  switch (k) {
    case 'type': {
      const types = (Array.isArray(v) ? v : [v]).map(t => TYPES[t])
      if (!types.length || !types.every(Boolean)) return undefined
      return types.length == 1 ? types[0] : x => types.some(t => t(x))
    }
    case 'properties': {
      if (!isObject(v)) return undefined
      const keys = Object.keys(v)
      const fns: Check[] = []
      for (const p of keys) {
        const c = compileFastCheck(v[p])
        if (!c) return undefined
        fns.push(c)
      }
      return x => {
        if (!isObject(x)) return true
        for (let i = 0; i < keys.length; i++) if (Object.hasOwn(x, keys[i]) && !fns[i](x[keys[i]])) return false
        return true
      }
    }
    case 'required':
      if (!Array.isArray(v) || !v.every(p => typeof p == 'string')) return undefined
      return x => {
        if (!isObject(x)) return true
        for (let i = 0; i < v.length; i++) if (!Object.hasOwn(x, v[i])) return false
        return true
      }
    case 'additionalProperties': {
      const c = compileFastCheck(v)
      if (!c || schema.patternProperties !== undefined) return undefined
      const known = new Set(isObject(schema.properties) ? Object.keys(schema.properties) : [])
      return x => !isObject(x) || Object.keys(x).every(p => known.has(p) || c(x[p]))
    }
    case 'items': {
      const c = Array.isArray(v) ? undefined : compileFastCheck(v)
      return c && (x => !Array.isArray(x) || x.every(item => c(item)))
    }
    case 'enum':
      return Array.isArray(v) && v.every(isPrimitive) ? x => v.some((e: unknown) => e === x) : undefined
    case 'const':
      return isPrimitive(v) ? x => x === v : undefined
    case 'minimum':
      return num && typeof schema.exclusiveMinimum != 'boolean' ? x => typeof x != 'number' || x >= v : undefined
    case 'maximum':
      return num && typeof schema.exclusiveMaximum != 'boolean' ? x => typeof x != 'number' || x <= v : undefined
    case 'exclusiveMinimum':
      return num ? x => typeof x != 'number' || x > v : undefined
    case 'exclusiveMaximum':
      return num ? x => typeof x != 'number' || x < v : undefined
    case 'minLength':
      return isCount(v) ? x => typeof x != 'string' || codePoints(x) >= v : undefined
    case 'maxLength':
      return isCount(v) ? x => typeof x != 'string' || codePoints(x) <= v : undefined
    case 'minItems':
      return isCount(v) ? x => !Array.isArray(x) || x.length >= v : undefined
    case 'maxItems':
      return isCount(v) ? x => !Array.isArray(x) || x.length <= v : undefined
    case 'pattern': {
      if (typeof v != 'string') return undefined
      const re = new RegExp(v, 'u')
      return x => typeof x != 'string' || re.test(x)
    }
    default:
      return undefined
  }
}
