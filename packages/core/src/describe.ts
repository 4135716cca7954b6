import { proto } from './freeze.js'
import type { Logger } from './types.js'

/**
 * String(v) that cannot throw: null-prototype objects, a hostile `toString` or
 * `Symbol.toStringTag` getter, a revoked or all-trap Proxy (README: "Hostile input").
 */
export function safeString(v: unknown): string {
  try {
    return String(v)
  } catch {
    try {
      return Object.prototype.toString.call(v)
    } catch {
      return typeof v
    }
  }
}

/** `null`, `undefined`, `array`, a typeof word, or a class instance's constructor name. */
export function typeName(v: unknown): string {
  if (v === null) return 'null'
  if (typeof v != 'object') return typeof v
  if (Array.isArray(v)) return 'array'
  const p = proto(v)
  // Plain and null-prototype objects are `object`; anything further down a chain is a class instance.
  return (p && proto(p) && p.constructor?.name) || 'object'
}

/** `[name, message]` of anything thrown: `error.name` (else its constructor's), or the typeof word and String(value). Never throws. */
export function describeThrown(e: unknown): [string, string] {
  try {
    if (e instanceof Error) return [safeString(e.name || typeName(e)), safeString(e.message)]
  } catch {
    // A hostile getter or a revoked Proxy: fall through to the generic description.
  }
  return [typeof e, safeString(e)]
}

/** Logs with the `toolreg: ` prefix; a logger that throws (on a hostile argument, say) is ignored. */
export function say(logger: Logger, level: keyof Logger, text: string, ...rest: unknown[]): void {
  try {
    logger[level]('toolreg: ' + text, ...rest)
  } catch {
    // Logging must never turn an outcome into a throw.
  }
}
