// The runtime of approval, limits, progress, structured output, input examples and hooks,
// installed with `registry.configure({ toolLayer })` (see the core README, "Approval, limits,
// progress and structured output"). A registry without it refuses specs that use these fields.
import { safeString } from '../describe.js'
import { ABORTED } from '../dispatch/abort.js'
import { failure, toolError } from '../dispatch/dispatch.js'
import { issueList } from '../dispatch/issues.js'
import { freeze, frozenCopy, isPlainObject, need } from '../freeze.js'
import { schemaOf } from '../registry/entry.js'
import { PARAMETERS_HINT } from '../standard.js'
import { checkExamples } from './examples.js'
import { observe } from './hooks.js'
import { execute, TIMED_OUT, until } from './limits.js'
import { nested, type CallState } from './nested.js'
import type { ToolCallContext, ToolEntry, ToolLayer, ToolLayerSettings, ToolSpec } from '../types.js'

/** Absent, or a whole number of 1 or more (a count). */
const isOptCount = (v: unknown) => v === undefined || (Number.isInteger(v) && (v as number) > 0)

/** Checks the tool-layer fields of a spec and returns them as entry fields. */
const entry: ToolLayer['entry'] = (spec, parameters, validator) => {
  const { name, needsApproval, timeoutMs, retry, maxConcurrency, outputSchema, inputExamples } = spec as ToolSpec
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
  const [output, stdOutput] = schemaOf(Object(outputSchema) === outputSchema ? outputSchema : undefined)
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

/** Hooks around the call; the call a lazy placeholder continues is the same call (its hooks fired once, outside). */
const run: ToolLayer['run'] = (e, args, ctx, settings, settle) => {
  const outer = nested.get(ctx)
  if (outer) return settle(e, args, ctx, settings, ((outer.attempts = 0), outer))
  const hooks = settings.hooks
  return hooks
    ? observe(hooks, settings.logger, settings.now, e, args, ctx, state => settle(e, args, ctx, settings, state))
    : settle(e, args, ctx, settings, { attempts: 0 })
}

/** Approval, then the handler under its limits (progress drained), then the output schema. */
const call: ToolLayer['call'] = async (e, args, ctx, { logger, validator }: ToolLayerSettings, state, finish) => {
  const name = e.name
  // Approval first: a call waiting for a person holds no concurrency slot.
  let r: unknown = e.needsApproval && (await approval(e, args as Record<string, unknown>, ctx, state))
  if (typeof r == 'string') return r
  if (r !== ABORTED) r = await execute(e, args, ctx, logger, state)
  if (r === TIMED_OUT) return failure(`Tool ${name} timed out after ${e.timeoutMs} ms`)
  // A plain object of a tool with an output schema: validated, then its JSON text (see the README, "Structured output").
  if (e.outputSchema && isPlainObject(r)) {
    const out = e.standardOutputSchema?.['~standard']
    const v = out ? out.validate(r) : validator?.(e.outputSchema, r)
    const c = v && ('then' in v ? await v : v)
    if (c?.issues) return failure(`invalid output of tool ${name}: ` + issueList(c.issues)[0])
    r = JSON.stringify(c ? c.value : r)
  }
  return finish(r)
}

/** Install with `registry.configure({ toolLayer })`; the build plugin does it for the tools it scans. */
export const toolLayer: ToolLayer = freeze({ entry, run, call })
