import { describeThrown, safeString, typeName } from './describe.js'
import type { Logger, MultimodalResult, OverflowHandler, ToolCallContext, ToolEntry, ToolResult } from './types.js'

/** JSON of `{ error: message, ...extra }`. */
export const toolError = (message: string, extra?: Record<string, unknown>): string =>
  JSON.stringify({ error: message, ...extra })

/** JSON of `data` when given, else of `extra ?? {}`. */
export const toolResult = (data?: unknown, extra?: Record<string, unknown>): string =>
  JSON.stringify(data !== undefined ? data : (extra ?? {}))

const ROLE_TAG = /<\/?\s*(?:tool_call|function_call|result|response|output|input|system|assistant|user)(?:\s[^>]*)?\/?>/gi
const CDATA = /<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/gi
const FENCE = /```[^\s`]*/g
const MAX_ERROR_CHARS = 2000

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
  if (s.length <= MAX_ERROR_CHARS) return s
  let end = MAX_ERROR_CHARS - 3
  // Do not leave half a surrogate pair before the ellipsis.
  if (/[\uD800-\uDBFF]/.test(s[end - 1])) end--
  return s.slice(0, end) + '...'
}

export interface DispatchSettings {
  logger: Logger
  onResultOverflow?: OverflowHandler
}

const ABORTED = Symbol()
const failure = (text: string) => toolError('[TOOL_ERROR] ' + sanitizeToolError(text))
const abortText = (signal: AbortSignal) => {
  const r = signal.reason
  return failure('Tool execution aborted: ' + (r && typeof r == 'object' && 'message' in r ? describeThrown(r)[1] : safeString(r)))
}

/** Parses call arguments: an object, or a string holding a JSON object. */
function parseArgs(name: string, args: unknown): Record<string, unknown> | string {
  let v = args
  if (v == null || v === '') return {}
  if (typeof v == 'string') {
    try {
      v = JSON.parse(v)
    } catch (e) {
      return toolError(`Invalid arguments for tool ${name}: ${describeThrown(e)[1]}`)
    }
  }
  const t = typeName(v)
  return t == 'object' ? (v as Record<string, unknown>) : toolError(`Invalid arguments for tool ${name}: expected a JSON object, got ${t}`)
}

/** Resolves with the handler's value, or ABORTED when the signal fires first. */
function untilAborted(p: unknown, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // The handler itself may have aborted the signal synchronously.
    if (signal.aborted) resolve(ABORTED)
    const onAbort = () => resolve(ABORTED)
    signal.addEventListener('abort', onAbort)
    Promise.resolve(p)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** Runs one tool call and wraps every outcome in the envelope contract; never throws. */
export async function runTool(
  e: ToolEntry,
  args: unknown,
  ctx: ToolCallContext | undefined,
  settings: DispatchSettings,
): Promise<ToolResult> {
  const name = e.name
  try {
    const a = parseArgs(name, args)
    if (typeof a == 'string') return a
    const c = ctx ?? {}
    const signal = c.signal
    if (signal?.aborted) return abortText(signal)
    let r = e.handler(a, c)
    if (signal) r = await untilAborted(r, signal)
    else if (r && typeof (r as PromiseLike<unknown>).then == 'function') r = await r
    if (r === ABORTED) return abortText(signal!)
    if (typeof r == 'string') {
      const limit = e.maxResultSizeChars ?? 100_000
      return r.length > limit ? await overflow(r, name, limit, settings) : r
    }
    if (r && (r as MultimodalResult)._multimodal === true && Array.isArray((r as MultimodalResult).content)) {
      return r as MultimodalResult
    }
    const type = typeName(r)
    const message = 'Tool handler returned unsupported result type: ' + type
    settings.logger.error(`toolreg: tool '${name}': ${message}`)
    return toolError(message, { error_type: 'tool_result_contract', tool: name, result_type: type })
  } catch (err) {
    const [type, message] = describeThrown(err)
    settings.logger.error(`toolreg: tool '${name}' failed:`, err)
    return failure(`Tool execution failed: ${type}: ${message}`)
  }
}

async function overflow(r: string, name: string, limit: number, { logger, onResultOverflow }: DispatchSettings) {
  if (onResultOverflow) {
    try {
      const out = await onResultOverflow(r, { name, limit })
      if (typeof out == 'string') return out
      logger.warn(`toolreg: onResultOverflow returned ${typeName(out)} for '${name}'; truncating instead`)
    } catch (err) {
      logger.error(`toolreg: onResultOverflow failed for '${name}'; truncating instead:`, err)
    }
  }
  return r.slice(0, Math.max(0, limit)) + `\n\n[Truncated: tool response was ${r.length} chars; limit is ${limit}.]`
}
