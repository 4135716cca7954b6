// The tool layer of every registry: approval, limits, progress, structured output, input
// examples and hooks (see the core README, "Approval, limits, progress and structured output").
// `dispatch` runs every call through it; a tool that uses none of its fields pays a few checks.
import { safeString } from '../describe.js'
import { ABORTED } from '../dispatch/abort.js'
import { failure, isToolError, toolError } from '../dispatch/envelope.js'
import { issueList } from '../dispatch/issues.js'
import { frozenCopy, isPlainObject, need, parseObject } from '../freeze.js'
import { PARAMETERS_HINT, type StandardSchemaV1 } from '../standard.js'
import { checkExamples } from './examples.js'
import { observe } from './hooks.js'
import { execute, TIMED_OUT, until } from './limits.js'
import { nested, type CallState } from './nested.js'
import type {
  JsonSchemaValidator,
  ToolCallContext,
  ToolEntry,
  ToolLayerSettings,
  ToolResult,
  ToolSpec,
} from '../types.js'

/** Absent, or a whole number of 1 or more (a count). */
const isOptCount = (v: unknown) => v === undefined || (Number.isInteger(v) && (v as number) > 0)

/** The rest of a call once its arguments are validated (`dispatch`'s settle). */
export type Settle = (
  e: ToolEntry,
  args: unknown,
  ctx: ToolCallContext,
  settings: ToolLayerSettings,
  state: CallState,
) => Promise<ToolResult>

/** Checks the tool-layer fields of a spec (a bad one throws TypeError) and returns them as entry fields. */
export function layerFields(
  spec: ToolSpec,
  parameters: StandardSchemaV1 | Record<string, unknown> | undefined,
  validator: JsonSchemaValidator | undefined,
  convert: (given: unknown) => [Record<string, unknown> | undefined, StandardSchemaV1 | undefined],
): Partial<ToolEntry> | undefined {
  const { name, needsApproval, timeoutMs, retry, maxConcurrency, outputSchema, inputExamples } = spec
  // Most tools use none of these: nothing to check or store.
  if (
    needsApproval === undefined &&
    timeoutMs === undefined &&
    retry === undefined &&
    maxConcurrency === undefined &&
    outputSchema === undefined &&
    inputExamples === undefined
  )
    return undefined
  const bad = !(needsApproval === undefined || typeof needsApproval == 'boolean' || typeof needsApproval == 'function')
    ? 'needsApproval'
    : !(timeoutMs === undefined || (typeof timeoutMs == 'number' && timeoutMs > 0))
      ? 'timeoutMs'
      : !(retry === undefined || (isPlainObject(retry) && Number.isInteger(retry.attempts) && retry.attempts > 0))
        ? 'retry'
        : !isOptCount(maxConcurrency)
          ? 'maxConcurrency'
          : !(inputExamples === undefined || (Array.isArray(inputExamples) && inputExamples.every(isPlainObject)))
            ? 'inputExamples'
            : ''
  if (bad) need(0, `${bad} of tool '${safeString(name)}'`)
  const [output, stdOutput] = convert(Object(outputSchema) === outputSchema ? outputSchema : undefined)
  if (!(outputSchema === undefined || (isPlainObject(output) && output.type === 'object')))
    need(0, `outputSchema of tool '${safeString(name)}'` + PARAMETERS_HINT)
  if (inputExamples) checkExamples(name, inputExamples, parameters, validator)
  return {
    needsApproval,
    timeoutMs,
    retry: frozenCopy(retry),
    maxConcurrency,
    outputSchema: output && frozenCopy((({ $schema, ...rest }) => rest)(output)),
    standardOutputSchema: stdOutput,
    inputExamples: frozenCopy(inputExamples),
  }
}

/** Whether a call with these validated arguments needs a person's approval; a `needsApproval` that throws says yes. */
export async function approvalNeeded(e: ToolEntry, args: object, ctx: ToolCallContext): Promise<boolean> {
  const n = e.needsApproval
  try {
    return typeof n == 'function' ? !!(await n(args, ctx)) : n === true
  } catch {
    return true
  }
}

/**
 * `needsApproval` asked (with the validated args), then `ctx.approve`: fails closed, so only a
 * `true` lets the handler run. A lazy tool's call approved before its module loaded is not asked again.
 */
async function approval(e: ToolEntry, args: Record<string, unknown>, ctx: ToolCallContext, state: CallState) {
  const n = e.needsApproval
  const name = e.name
  const needed = typeof n == 'function' ? await until(n(args, ctx), ctx.signal) : n
  if (!needed || needed === ABORTED || state.approved) return needed === ABORTED && needed
  if (!ctx.approve) return toolError(`[APPROVAL_REQUIRED] Tool ${name} needs approval`)
  const ok = await until(ctx.approve({ name, args, toolCallId: ctx.toolCallId }), ctx.signal)
  if (ok === true) state.approved = true
  return ok === ABORTED ? ok : ok !== true && toolError(`[APPROVAL_DENIED] Tool ${name} was not approved`)
}

/**
 * One whole call, hooks around it. The call a lazy placeholder hands to its real tool is the
 * same call (its hooks fired once, outside): the placeholder's key is good for one dispatch of
 * that very tool, so a handler that passes its `ctx` on to another tool starts a call of its own.
 */
export function runCall(
  e: ToolEntry,
  args: unknown,
  ctx: ToolCallContext,
  settings: ToolLayerSettings,
  settle: Settle,
): Promise<ToolResult> {
  const outer = nested.get(ctx)
  if (outer) {
    nested.delete(ctx)
    if (outer.name === e.name) return settle(e, args, ctx, settings, ((outer.attempts = 0), outer))
  }
  const hooks = settings.hooks
  return hooks
    ? observe(hooks, settings.logger, settings.now, e, args, ctx, state => settle(e, args, ctx, settings, state))
    : settle(e, args, ctx, settings, { name: e.name, attempts: 0 })
}

/** The call after argument validation: approval, the handler under its limits (progress drained), then the output schema. */
export async function callTool(
  e: ToolEntry,
  args: object,
  ctx: ToolCallContext,
  { logger, validator }: ToolLayerSettings,
  state: CallState,
  finish: (result: unknown) => ToolResult | Promise<ToolResult>,
): Promise<ToolResult> {
  const name = e.name
  // Approval first: a call waiting for a person holds no concurrency slot.
  let r: unknown = e.needsApproval && (await approval(e, args as Record<string, unknown>, ctx, state))
  if (typeof r == 'string') return r
  if (r !== ABORTED) r = await execute(e, args, ctx, logger, state)
  if (r === TIMED_OUT) return failure(`Tool ${name} timed out after ${e.timeoutMs} ms`)
  // An output-schema tool's plain object, or the JSON object its text holds, is validated; only
  // then is it structured output (see the README, "Structured output"). An error envelope stays one.
  const out = e.outputSchema
  if (out) {
    const value = isPlainObject(r) ? r : typeof r == 'string' && !isToolError(r) ? parseObject(r) : undefined
    if (value) {
      const std = e.standardOutputSchema?.['~standard']
      const v = std ? std.validate(value) : validator?.(out, value)
      const c = v && ('then' in v ? await v : v)
      if (c?.issues) return failure(`invalid output of tool ${name}: ` + issueList(c.issues)[0])
      // Text no validator read stays as written.
      if (c || value === r) r = JSON.stringify(c ? c.value : value)
    }
  }
  return finish(r)
}
