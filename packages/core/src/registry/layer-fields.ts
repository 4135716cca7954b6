import { safeString } from '../describe.js'

/** The end of every message that asks for the tool layer (see the core README, "Approval, limits, progress and structured output"). */
export const LAYER_HINT =
  " needs the tool layer: registry.configure({ toolLayer }), toolLayer from '@toolreg/core/tool-layer'"

/** The spec fields whose behaviour lives in `@toolreg/core/tool-layer`. */
const FIELDS = ['needsApproval', 'timeoutMs', 'retry', 'maxConcurrency', 'outputSchema', 'inputExamples'] as const

/** Fails closed: a spec using a field of the tool layer is refused while none is installed, never registered without it. */
export function needLayer(spec: object, name: unknown): void {
  const used = FIELDS.find(k => (spec as Record<string, unknown>)[k] !== undefined)
  if (used) throw new TypeError(`toolreg: tool '${safeString(name)}' uses ${used}, which${LAYER_HINT}`)
}
