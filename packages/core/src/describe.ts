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
  if (Array.isArray(v)) return 'array'
  if (typeof v != 'object') return typeof v
  const p = Object.getPrototypeOf(v)
  const ctor = p && Object.getPrototypeOf(p) !== null ? p.constructor?.name : ''
  return typeof ctor == 'string' && ctor ? ctor : 'object'
}

const isError = (v: unknown): v is Error =>
  v instanceof Error || Object.prototype.toString.call(v) == '[object Error]'

/** `[name, message]` of anything thrown: `error.name` (else its constructor's), or the typeof word and String(value). */
export function describeThrown(e: unknown): [string, string] {
  try {
    if (isError(e)) return [safeString(e.name || typeName(e)), safeString(e.message)]
  } catch {
    // A hostile getter: fall through to the generic description.
  }
  return [typeof e, safeString(e)]
}
