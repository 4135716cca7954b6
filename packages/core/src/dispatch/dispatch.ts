import { describeThrown, say, typeName } from '../describe.js'
import { ABORTED, callHandler } from './abort.js'
import { issueList } from './issues.js'
import { cut, sanitizeToolError } from './sanitize.js'
import { LAYER_HINT } from '../registry/layer-fields.js'
import type { MultimodalResult, ToolCallContext, ToolEntry, ToolLayerSettings, ToolResult } from '../types.js'

/** JSON of `{ error: message, ...extra }`. */
export const toolError = (message: string, extra?: Record<string, unknown>): string =>
  JSON.stringify({ error: message, ...extra })

export { sanitizeToolError }

/** JSON of `data` when given, else of `extra ?? {}`. */
export const toolResult = (data?: unknown, extra?: Record<string, unknown>): string =>
  JSON.stringify(data !== undefined ? data : (extra ?? {}))

export type DispatchSettings = ToolLayerSettings

export const failure = (text: string) => toolError('[TOOL_ERROR] ' + sanitizeToolError(text))
const invalid = (name: string, reason: string, extra?: Record<string, unknown>) =>
  toolError(`Invalid arguments for tool ${name}: ${reason}`, extra)

/**
 * Runs one tool call and wraps every outcome in the envelope contract; never throws. With the
 * tool layer installed (`@toolreg/core/tool-layer`) it runs the call: hooks, approval, limits,
 * progress and output validation (see the README, "Approval, limits, progress and structured output").
 */
export function runTool(
  e: ToolEntry,
  args: unknown,
  context: ToolCallContext | undefined,
  settings: DispatchSettings,
): Promise<ToolResult> {
  const ctx = context ?? ({} as ToolCallContext)
  const layer = settings.toolLayer
  return layer ? layer.run(e, args, ctx, settings, settle) : settle(e, args, ctx, settings)
}

async function settle(
  e: ToolEntry,
  args: unknown,
  ctx: ToolCallContext,
  settings: DispatchSettings,
  state?: { attempts: number },
): Promise<ToolResult> {
  const name = e.name
  const { logger, validator, toolLayer } = settings
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
    if (toolLayer) return await toolLayer.call(e, a, ctx, settings, state!, r => finish(e, r, ctx, settings))
    let r = callHandler(e, a, ctx)
    if (r && typeof (r as PromiseLike<unknown>).then == 'function') r = await r
    return await finish(e, r, ctx, settings)
  } catch (err) {
    // The log keeps the original; the model gets the sanitized, redacted text.
    say(logger, 'error', `'${name}' failed:`, err)
    return failure('Tool execution failed: ' + describeThrown(err).join(': '))
  }
}

/** A handler's settled value as the call's answer: the result limit, multimodal results, the result contract. */
function finish(
  e: ToolEntry,
  r: unknown,
  ctx: ToolCallContext,
  { logger, onResultOverflow }: DispatchSettings,
): ToolResult | Promise<ToolResult> {
  const name = e.name
  if (r === ABORTED) return failure('Tool execution aborted: ' + describeThrown(ctx.signal!.reason)[1])
  if (typeof r == 'string') {
    const limit = e.maxResultSizeChars ?? 100_000
    if (r.length <= limit) return r
    const truncated = () =>
      cut(r, Math.max(0, limit)) + `\n\n[Truncated: tool response was ${r.length} chars; limit is ${limit}.]`
    return onResultOverflow
      ? (async () => {
          try {
            const out = await onResultOverflow(r, { name, limit })
            if (typeof out == 'string') return out
            throw out
          } catch (err) {
            say(logger, 'warn', `'${name}' onResultOverflow failed:`, err)
          }
          return truncated()
        })()
      : truncated()
  }
  if ((r as MultimodalResult)?._multimodal === true && Array.isArray((r as MultimodalResult).content))
    return r as MultimodalResult
  // A class name is anyone's text: sanitized like every envelope.
  const type = sanitizeToolError(typeName(r))
  // A streaming handler's values are read by the tool layer only: said, never dropped in silence.
  const message =
    'Tool handler returned unsupported result type: ' +
    type +
    (typeof (r as AsyncIterable<unknown>)?.[Symbol.asyncIterator] == 'function'
      ? ' (a streaming handler' + LAYER_HINT + ')'
      : '')
  say(logger, 'error', `'${name}': ${message}`)
  return toolError(message, { error_type: 'tool_result_contract', tool: name, result_type: type })
}
