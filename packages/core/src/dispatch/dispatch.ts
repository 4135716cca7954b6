import { describeThrown, say, typeName } from '../describe.js'
import { ABORTED } from './abort.js'
import { failure, toolError } from './envelope.js'
import { issueList } from './issues.js'
import { cut, sanitizeToolError } from './sanitize.js'
import { approvalNeeded, callTool, runCall } from '../tool-layer/tool-layer.js'
import type { CallState } from '../tool-layer/nested.js'
import type { MultimodalResult, ToolCallContext, ToolEntry, ToolLayerSettings, ToolResult } from '../types.js'

export { sanitizeToolError, toolError }

/** JSON of `data` when given, else of `extra ?? {}`. */
export const toolResult = (data?: unknown, extra?: Record<string, unknown>): string =>
  JSON.stringify(data !== undefined ? data : (extra ?? {}))

export type DispatchSettings = ToolLayerSettings

const invalid = (name: string, reason: string, extra?: Record<string, unknown>) =>
  toolError(`Invalid arguments for tool ${name}: ${reason}`, extra)

/**
 * Runs one tool call and wraps every outcome in the envelope contract; never throws: hooks,
 * argument validation, approval, limits, progress and output validation (see the README,
 * "Approval, limits, progress and structured output").
 */
export function runTool(
  e: ToolEntry,
  args: unknown,
  context: ToolCallContext | undefined,
  settings: DispatchSettings,
): Promise<ToolResult> {
  return runCall(e, args, context ?? ({} as ToolCallContext), settings, settle)
}

/**
 * The arguments a handler would get: parsed (a JSON string), checked to be an object and
 * validated (the tool's Standard Schema, else the registry's JSON Schema validator), or the
 * invalid-arguments envelope. A synchronous validator's answer costs no extra microtask.
 */
function prepare(
  e: ToolEntry,
  args: unknown,
  validator: DispatchSettings['validator'],
): object | string | Promise<object | string> {
  const name = e.name
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
  const std = e.standardSchema?.['~standard']
  const p = e.schema.parameters
  const checked = std ? std.validate(a) : validator && p && validator(p, a as Record<string, unknown>)
  if (!checked) return a as object
  const answer = (r: Awaited<typeof checked>) =>
    r.issues ? invalid(name, ...issueList(r.issues)) : (r.value as object)
  return 'then' in checked ? Promise.resolve(checked).then(answer) : answer(checked)
}

/**
 * Whether dispatching `e` with `args` would ask for approval: the arguments as the handler would
 * get them, then the tool's `needsApproval`. Arguments that fail validation need no one's
 * approval (the call answers the invalid-arguments envelope); anything that throws says yes.
 */
export async function needsApprovalFor(
  e: ToolEntry,
  args: unknown,
  ctx: ToolCallContext,
  settings: DispatchSettings,
): Promise<boolean> {
  if (!e.needsApproval) return false
  try {
    const a = await prepare(e, args, settings.validator)
    return typeof a != 'string' && (await approvalNeeded(e, a, ctx))
  } catch {
    return true
  }
}

async function settle(
  e: ToolEntry,
  args: unknown,
  ctx: ToolCallContext,
  settings: DispatchSettings,
  state: CallState,
): Promise<ToolResult> {
  try {
    let a = prepare(e, args, settings.validator)
    if (a instanceof Promise) a = await a
    if (typeof a == 'string') return a
    return await callTool(e, a, ctx, settings, state, r => finish(e, r, ctx, settings))
  } catch (err) {
    // The log keeps the original; the model gets the sanitized, redacted text.
    say(settings.logger, 'error', `'${e.name}' failed:`, err)
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
  const message = 'Tool handler returned unsupported result type: ' + type
  say(logger, 'error', `'${name}': ${message}`)
  return toolError(message, { error_type: 'tool_result_contract', tool: name, result_type: type })
}
