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

/** The last value `frozenOwn` marked: deeply frozen by toolreg, never held mutable by anyone. */
let own: unknown

/**
 * Deep copy of plain objects and arrays, frozen; other values are shared. The value `frozenOwn`
 * marked last is returned as it is (a lazy table's row schema, built and frozen by toolreg,
 * reaches `register` right after: one slot, not a WeakSet, which costs start-up time).
 * Schemas are JSON-like: a cyclic one overflows the stack (a RangeError at register).
 * Plain loops, not entries/fromEntries: this runs for every tool at start-up.
 */
export function frozenCopy<T>(v: T): T {
  if (v === own) return v
  if (Array.isArray(v)) return freeze(v.map(x => frozenCopy(x))) as T
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
 * whose own values are all strings, numbers or `frozenCopy` results, and marks it deeply
 * frozen (until the next call).
 */
export const frozenOwn = <T extends object>(v: T): T => (own = freeze(v)) as T

/** The plain object a JSON text holds, else undefined. */
export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text)
    return v && typeof v == 'object' && !Array.isArray(v) ? v : undefined
  } catch {
    return undefined
  }
}
