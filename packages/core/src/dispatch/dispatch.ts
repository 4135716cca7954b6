import { describeThrown, say, typeName } from '../describe.js'
import { isPlainObject } from '../freeze.js'
import { observe } from './hooks.js'
import { issueList } from './issues.js'
import { ABORTED, execute, TIMED_OUT, until } from './limits.js'
import { cut, sanitizeToolError } from './sanitize.js'
import type { JsonSchemaValidator, Logger, MultimodalResult, OverflowHandler, ToolHooks } from '../types.js'
import type { ToolCallContext, ToolEntry, ToolResult } from '../types.js'

/** JSON of `{ error: message, ...extra }`. */
export const toolError = (message: string, extra?: Record<string, unknown>): string =>
  JSON.stringify({ error: message, ...extra })

export { sanitizeToolError }

/** JSON of `data` when given, else of `extra ?? {}`. */
export const toolResult = (data?: unknown, extra?: Record<string, unknown>): string =>
  JSON.stringify(data !== undefined ? data : (extra ?? {}))

export interface DispatchSettings {
  logger: Logger
  now: () => number
  onResultOverflow?: OverflowHandler
  validator?: JsonSchemaValidator
  hooks?: ToolHooks
}

const failure = (text: string) => toolError('[TOOL_ERROR] ' + sanitizeToolError(text))
const invalid = (name: string, reason: string, extra?: Record<string, unknown>) =>
  toolError(`Invalid arguments for tool ${name}: ${reason}`, extra)

/** Runs one tool call and wraps every outcome in the envelope contract; never throws. */
export function runTool(
  e: ToolEntry,
  args: unknown,
  context: ToolCallContext | undefined,
  settings: DispatchSettings,
): Promise<ToolResult> {
  const ctx = context ?? ({} as ToolCallContext)
  const hooks = settings.hooks
  return hooks
    ? observe(hooks, settings.logger, settings.now, e, args, ctx, state => settle(e, args, ctx, settings, state))
    : settle(e, args, ctx, settings, { attempts: 0 })
}

/** `needsApproval` asked (with the validated args), then `ctx.approve`: fails closed, so only a `true` lets the handler run. */
async function approval(e: ToolEntry, args: Record<string, unknown>, ctx: ToolCallContext): Promise<unknown> {
  const n = e.needsApproval
  const name = e.name
  const needed = typeof n == 'function' ? await until(n(args, ctx), ctx.signal) : n
  if (!needed || needed === ABORTED) return needed
  if (!ctx.approve) return toolError(`[APPROVAL_REQUIRED] Tool ${name} needs approval`)
  const ok = await until(ctx.approve({ name, args, toolCallId: ctx.toolCallId }), ctx.signal)
  return ok === ABORTED ? ok : ok !== true && toolError(`[APPROVAL_DENIED] Tool ${name} was not approved`)
}

async function settle(
  e: ToolEntry,
  args: unknown,
  ctx: ToolCallContext,
  { logger, onResultOverflow, validator }: DispatchSettings,
  state: { attempts: number },
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
    // Approval first: a call waiting for a person holds no concurrency slot.
    let r = e.needsApproval && (await approval(e, a as Record<string, unknown>, ctx))
    if (typeof r == 'string') return r
    if (r !== ABORTED) r = await execute(e, a, ctx, logger, state)
    if (r === ABORTED) return failure('Tool execution aborted: ' + describeThrown(ctx.signal!.reason)[1])
    if (r === TIMED_OUT) return failure(`Tool ${name} timed out after ${e.timeoutMs} ms`)
    // A plain object of a tool with an output schema: validated, then its JSON text (see the README, "Structured output").
    if (e.outputSchema && isPlainObject(r)) {
      const out = e.standardOutputSchema?.['~standard']
      const v = out ? out.validate(r) : validator?.(e.outputSchema, r)
      const c = v && ('then' in v ? await v : v)
      if (c?.issues) return failure(`invalid output of tool ${name}: ` + issueList(c.issues)[0])
      r = JSON.stringify(c ? c.value : r)
    }
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
