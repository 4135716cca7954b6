import { safeString } from '../describe.js'
import { need } from '../freeze.js'
import type { StandardSchemaV1 } from '../standard.js'
import type { JsonSchemaValidator } from '../types.js'

/**
 * `inputExamples` are checked at `register`, so a wrong example fails where it is written, not in
 * front of a model: against a Standard Schema by its own `validate`, against JSON Schema by the
 * registry's validator (when configured), else for its required properties. A validator that
 * answers asynchronously cannot be waited for here: its examples are checked for required properties only.
 */
export function checkExamples(
  name: string,
  examples: readonly object[],
  schema: StandardSchemaV1 | Record<string, unknown> | undefined,
  validator: JsonSchemaValidator | undefined,
): void {
  const std = (schema as StandardSchemaV1 | undefined)?.['~standard']
  const json = schema as { required?: unknown } | undefined
  examples.forEach((x, i) => {
    const r = std ? std.validate(x) : validator && json && validator(json, x as Record<string, unknown>)
    const issues = r && !('then' in r) ? r.issues : undefined
    const required = Array.isArray(json?.required) && !std ? (json.required as string[]) : []
    const missing = required.find(k => !Object.hasOwn(x, k))
    const why = issues?.length ? issues[0]!.message : missing !== undefined ? `'${missing}' is required` : ''
    if (why) need(0, `inputExamples[${i}] of tool '${safeString(name)}': ${why}`)
  })
}
