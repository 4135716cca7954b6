const proto = Object.getPrototypeOf

/** `{}`-like: Object.prototype (of any realm) or null as prototype. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v == 'object' && v !== null && (proto(v) === null || proto(proto(v)) === null)

/**
 * Deep copy of plain objects and arrays, frozen; other values are shared.
 * Keys are defined, not assigned, so a `__proto__` key stays an own property.
 */
export function frozenCopy<T>(value: T, seen = new Map<object, unknown>()): T {
  const isArr = Array.isArray(value)
  if (!isArr && !isPlainObject(value)) return value
  const v = value as object
  if (seen.has(v)) return seen.get(v) as T
  const out = (isArr ? [] : {}) as Record<string, unknown>
  seen.set(v, out)
  for (const k of Object.keys(v)) {
    Object.defineProperty(out, k, {
      value: frozenCopy((v as Record<string, unknown>)[k], seen),
      enumerable: true,
    })
  }
  return Object.freeze(out) as T
}
