export const proto = Object.getPrototypeOf
export const freeze = Object.freeze

export const isName = (v: unknown): v is string => typeof v == 'string' && v !== ''

/** Programming errors throw at once. */
export const need = (ok: unknown, what: string) => {
  if (!ok) throw new TypeError('toolreg: invalid ' + what)
}

/** `{}`-like: Object.prototype (of any realm) or null as prototype. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v == 'object' && !!v && (!proto(v) || !proto(proto(v)))

/** Schemas `frozenOwn` marked: deeply frozen by toolreg, never held mutable by anyone. */
const deep = new WeakSet<object>()

/**
 * Deep copy of plain objects and arrays, frozen; other values are shared. A value `frozenOwn`
 * marked is returned as it is (a lazy table's schemas, built and frozen by toolreg).
 * Schemas are JSON-like: a cyclic one overflows the stack (a RangeError at register).
 * Plain loops, not entries/fromEntries: this runs for every tool at start-up.
 */
export function frozenCopy<T>(v: T): T {
  if (deep.has(v as object)) return v
  if (Array.isArray(v)) return freeze(v.map((x) => frozenCopy(x))) as T
  if (!isPlainObject(v)) return v
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(v)) {
    const x = frozenCopy(v[k])
    // Assigning `__proto__` would set the prototype: define it as an own property instead.
    k == '__proto__' ? Object.defineProperty(out, k, { value: x, enumerable: true }) : (out[k] = x)
  }
  return freeze(out) as T
}

/**
 * Freezes in place a plain object or array that toolreg just built and nobody else holds,
 * whose own values are all strings, numbers or `frozenCopy` results, and marks it deeply frozen.
 */
export const frozenOwn = <T extends object>(v: T): T => (deep.add(freeze(v)), v)
