/** String(v) that cannot throw (null-prototype objects, hostile toString). */
export function safeString(v: unknown): string {
  try {
    return String(v)
  } catch {
    return Object.prototype.toString.call(v)
  }
}

/** `null`, `undefined`, `array`, a typeof word, or a class instance's constructor name. */
export function typeName(v: unknown): string {
  if (v === null) return 'null'
  if (typeof v != 'object') return typeof v
  if (Array.isArray(v)) return 'array'
  const p = Object.getPrototypeOf(v)
  // Plain and null-prototype objects are `object`; anything further down a chain is a class instance.
  return (p && Object.getPrototypeOf(p) && p.constructor?.name) || 'object'
}

/** `[name, message]` of anything thrown: `error.name` (else its constructor's), or the typeof word and String(value). */
export function describeThrown(e: unknown): [string, string] {
  try {
    if (e instanceof Error) {
      const err = e as Error
      return [safeString(err.name || typeName(err)), safeString(err.message)]
    }
  } catch {
    // A hostile getter: fall through to the generic description.
  }
  return [typeof e, safeString(e)]
}
