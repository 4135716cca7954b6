import { describeThrown, say, typeName } from '../describe.js'
import { issueList } from './issues.js'
import { cut, sanitizeToolError } from './sanitize.js'
import type { JsonSchemaValidator } from '../types.js'
import type { Logger, MultimodalResult, OverflowHandler, ToolCallContext, ToolEntry, ToolResult } from '../types.js'

/** JSON of `{ error: message, ...extra }`. */
export const toolError = (message: string, extra?: Record<string, unknown>): string =>
  JSON.stringify({ error: message, ...extra })

export { sanitizeToolError }

/** JSON of `data` when given, else of `extra ?? {}`. */
export const toolResult = (data?: unknown, extra?: Record<string, unknown>): string =>
  JSON.stringify(data !== undefined ? data : (extra ?? {}))

export interface DispatchSettings {
  logger: Logger
  onResultOverflow?: OverflowHandler
  validator?: JsonSchemaValidator
}

const ABORTED = Symbol()

/**
 * Settles as `result` does, or with ABORTED as soon as `signal` is aborted (already, or later).
 * The listener goes on a signal of this call's own (`AbortSignal.any`), so calls sharing
 * one signal add none to it (no MaxListenersExceededWarning), and it is removed when the call settles.
 */
const race = (result: unknown, signal: AbortSignal) =>
  new Promise((resolve, reject) => {
    const own = AbortSignal.any?.([signal]) ?? signal
    const stop = () => resolve(ABORTED)
    own.aborted ? stop() : own.addEventListener('abort', stop)
    Promise.resolve(result)
      .then(resolve, reject)
      .finally(() => own.removeEventListener('abort', stop))
  })

const failure = (text: string) => toolError('[TOOL_ERROR] ' + sanitizeToolError(text))
const invalid = (name: string, reason: string, extra?: Record<string, unknown>) =>
  toolError(`Invalid arguments for tool ${name}: ${reason}`, extra)

/** Runs one tool call and wraps every outcome in the envelope contract; never throws. */
export async function runTool(
  e: ToolEntry,
  args: unknown,
  context: ToolCallContext | undefined,
  { logger, onResultOverflow, validator }: DispatchSettings,
): Promise<ToolResult> {
  const name = e.name
  try {
    let a = args ?? {}
    if (typeof a == 'string') {
      try {
        a = a ? JSON.parse(a) : {}
      } catch (err) {
        return invalid(name, sanitizeToolError(describeThrown(err)[1])) // the parser may echo a secret
      }
    }
    const argType = typeName(a)
    if (argType != 'object') return invalid(name, 'not an object but ' + argType)
    // Arguments checked before the handler: the tool's Standard Schema, else the registry's JSON Schema validator.
    const std = e.standardSchema?.['~standard']
    const p = e.schema.parameters
    const checked = std ? std.validate(a) : validator && p && validator(p, a as Record<string, unknown>)
    if (checked) {
      // A synchronous answer (zod, the JSON Schema validator) costs no extra microtask.
      const r = 'then' in checked ? await checked : checked
      if (r.issues) return invalid(name, ...issueList(r.issues))
      a = r.value as object
    }
    const signal = context?.signal
    // An aborted signal wins: before the call (the handler is not called), during it, or set by the handler itself.
    let r: unknown = signal?.aborted ? ABORTED : e.handler(a as Record<string, unknown>, context ?? {})
    // A synchronous result is used at once when no signal can interrupt it (no await: dispatch overhead).
    if (signal) r = await race(r, signal)
    else if (r && typeof (r as PromiseLike<unknown>).then == 'function') r = await r
    if (r === ABORTED) return failure('Tool execution aborted: ' + describeThrown(signal!.reason)[1])
    if (typeof r == 'string') {
      const limit = e.maxResultSizeChars ?? 100_000
      if (r.length <= limit) return r
      if (onResultOverflow) {
        try {
          const out = await onResultOverflow(r, { name, limit })
          if (typeof out == 'string') return out
          throw out
        } catch (err) {
          say(logger, 'warn', `'${name}' onResultOverflow failed:`, err)
        }
      }
      return cut(r, Math.max(0, limit)) + `\n\n[Truncated: tool response was ${r.length} chars; limit is ${limit}.]`
    }
    if ((r as MultimodalResult)?._multimodal === true && Array.isArray((r as MultimodalResult).content))
      return r as MultimodalResult
    // A class name is anyone's text: sanitized like every envelope.
    const type = sanitizeToolError(typeName(r))
    const message = 'Tool handler returned unsupported result type: ' + type
    say(logger, 'error', `'${name}': ${message}`)
    return toolError(message, { error_type: 'tool_result_contract', tool: name, result_type: type })
  } catch (err) {
    // The log keeps the original; the model gets the sanitized, redacted text.
    say(logger, 'error', `'${name}' failed:`, err)
    return failure('Tool execution failed: ' + describeThrown(err).join(': '))
  }
}
