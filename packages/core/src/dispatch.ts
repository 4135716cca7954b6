import { describeThrown, typeName } from './describe.js'
import { issueList } from './issues.js'
import type { JsonSchemaValidator } from './types.js'
import type { Logger, MultimodalResult, OverflowHandler, ToolCallContext, ToolEntry, ToolResult } from './types.js'

/** JSON of `{ error: message, ...extra }`. */
export const toolError = (message: string, extra?: Record<string, unknown>): string =>
  JSON.stringify({ error: message, ...extra })

/** JSON of `data` when given, else of `extra ?? {}`. */
export const toolResult = (data?: unknown, extra?: Record<string, unknown>): string =>
  JSON.stringify(data !== undefined ? data : (extra ?? {}))

const ROLE_TAG = /<\/?\s*(?:(?:tool|function)_call|result|response|output|input|system|assistant|user)\b[^>]*>/gi
const CDATA = /<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/gi
const FENCE = /```[^\s`]*/g

/**
 * Makes untrusted error text safe to show a model: strips role tags, code-fence
 * markers and CDATA blocks (repeatedly, so nested fragments cannot reassemble),
 * then caps it at 2000 characters.
 */
export function sanitizeToolError(text: string): string {
  let s = String(text)
  for (let prev = ''; prev !== s; ) {
    prev = s
    s = s.replace(CDATA, '').replace(ROLE_TAG, '').replace(FENCE, '')
  }
  // 1997 + '...', without leaving half a surrogate pair (0xD800–0xDBFF, i.e. >> 10 == 54) before the ellipsis.
  return s.length > 2000 ? s.slice(0, s.charCodeAt(1996) >> 10 == 54 ? 1996 : 1997) + '...' : s
}

export interface DispatchSettings {
  logger: Logger
  onResultOverflow?: OverflowHandler
  validator?: JsonSchemaValidator
}

const ABORTED = Symbol()
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
  const ctx = context ?? {}
  try {
    let a = args ?? {}
    if (typeof a == 'string') {
      try {
        a = a ? JSON.parse(a) : {}
      } catch (err) {
        return invalid(name, describeThrown(err)[1])
      }
    }
    const argType = typeName(a)
    if (argType != 'object') return invalid(name, 'not an object but ' + argType)
    // Arguments checked before the handler: the tool's Standard Schema, else the registry's JSON Schema validator.
    const std = e.standardSchema?.['~standard']
    const p = e.schema.parameters
    const checked = std ? std.validate(a) : validator && p && validator(p, a as Record<string, unknown>)
    if (checked) {
      const r = await checked
      if (r.issues) return invalid(name, ...issueList(r.issues))
      a = r.value as object
    }
    const signal = ctx.signal
    const aborted = () => failure('Tool execution aborted: ' + describeThrown(signal!.reason)[1])
    if (signal?.aborted) return aborted()
    let r = e.handler(a as Record<string, unknown>, ctx)
    // Only a pending result can lose a race with the signal: listeners are added for those alone.
    if (r && typeof (r as PromiseLike<unknown>).then == 'function') {
      r = signal
        ? await new Promise((resolve, reject) => {
            const stop = () => resolve(ABORTED)
            signal.aborted ? stop() : signal.addEventListener('abort', stop)
            Promise.resolve(r)
              .then(resolve, reject)
              .finally(() => signal.removeEventListener('abort', stop))
          })
        : await r
    } else if (signal?.aborted) r = ABORTED // a synchronous handler aborted its own signal before returning
    if (r === ABORTED) return aborted()
    if (typeof r == 'string') {
      const limit = e.maxResultSizeChars ?? 100_000
      if (r.length <= limit) return r
      if (onResultOverflow) {
        let out: unknown
        try {
          out = await onResultOverflow(r, { name, limit })
        } catch (err) {
          out = err
        }
        if (typeof out == 'string') return out
        logger.warn(`toolreg: '${name}' onResultOverflow failed:`, out)
      }
      return r.slice(0, Math.max(0, limit)) + `\n\n[Truncated: tool response was ${r.length} chars; limit is ${limit}.]`
    }
    const m = r as MultimodalResult
    if (m?._multimodal === true && Array.isArray(m.content)) return m
    const type = typeName(r)
    const message = 'Tool handler returned unsupported result type: ' + type
    logger.error(`toolreg: '${name}': ${message}`)
    return toolError(message, { error_type: 'tool_result_contract', tool: name, result_type: type })
  } catch (err) {
    logger.error(`toolreg: '${name}' failed:`, err)
    return failure('Tool execution failed: ' + describeThrown(err).join(': '))
  }
}
