import { sanitizeToolError } from '@toolreg/core'

const isText = (key: string, value: unknown): value is string =>
  (key == 'description' || key == 'title') && typeof value == 'string'

/**
 * A deep copy of a server's JSON value with every `description` and `title` string sanitized,
 * at any depth (README: "Naming"): the server's text reaches the model in definitions. An explicit
 * stack instead of recursion, so a schema nested thousands of levels deep neither overflows nor
 * keeps its deepest texts raw. Keys are defined, never assigned: a property named `__proto__` stays
 * a property (assigning it would set the copy's prototype). Every object of the copy is frozen.
 * The value is JSON from the wire, so it has no cycles.
 */
export function cleanTexts(value: unknown): unknown {
  if (typeof value != 'object' || value === null) return value
  const root: { value?: unknown } = {}
  // Each frame: copy `source` into the slot `key` of `target`; objects are frozen once all their children are.
  const todo: { source: unknown; target: object; key: string | number }[] = [
    { source: value, target: root, key: 'value' },
  ]
  const built: object[] = []
  while (todo.length > 0) {
    const { source, target, key } = todo.pop()!
    let copy: unknown = source
    if (typeof source == 'object' && source !== null) {
      const out: object = Array.isArray(source) ? [] : {}
      built.push(out)
      copy = out
      // Pushed last to first, so each object's keys are defined in their order (byte-stable definitions).
      const entries = Object.entries(source)
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i]!
        todo.push({ source: isText(k, v) ? sanitizeToolError(v) : v, target: out, key: Array.isArray(source) ? i : k })
      }
    }
    Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true })
  }
  // Children were built after their parents: freezing in reverse freezes each child before its parent.
  for (let i = built.length - 1; i >= 0; i--) Object.freeze(built[i])
  return root.value
}
