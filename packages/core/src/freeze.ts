const proto = Object.getPrototypeOf

export const isName = (v: unknown): v is string => typeof v == 'string' && v !== ''

/** `{}`-like: Object.prototype (of any realm) or null as prototype. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v == 'object' && v !== null && (proto(v) === null || proto(proto(v)) === null)

/**
 * Deep copy of plain objects and arrays, frozen; other values are shared.
 * `Object.fromEntries` defines keys, so a `__proto__` key stays an own property.
 * Schemas are JSON-like: a cyclic one overflows the stack (a RangeError at register).
 */
export const frozenCopy = <T>(v: T): T =>
  Array.isArray(v)
    ? (Object.freeze(v.map((x) => frozenCopy(x))) as T)
    : isPlainObject(v)
      ? (Object.freeze(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, frozenCopy(x)]))) as T)
      : v
