import { say } from '../describe.js'
import { isToolError } from '../dispatch/envelope.js'
import type { CallState } from './nested.js'
import type { Logger, ToolCallContext, ToolEntry, ToolHooks, ToolResult } from '../types.js'

const call = (logger: Logger, which: keyof ToolHooks, run: () => void) => {
  try {
    run()
  } catch (err) {
    say(logger, 'warn', `hook ${which} failed:`, err)
  }
}

/** Runs one call between the registry's `onToolStart` and `onToolEnd` hooks; a throwing hook is logged, never breaks the call. */
export async function observe(
  hooks: ToolHooks,
  logger: Logger,
  now: () => number,
  e: ToolEntry,
  args: unknown,
  ctx: ToolCallContext,
  run: (state: CallState) => Promise<ToolResult>,
): Promise<ToolResult> {
  const state: CallState = { name: e.name, attempts: 0 }
  const start = now()
  let info = { name: e.name, toolset: e.toolset, toolCallId: undefined as string | undefined, args }
  // A hostile context (a getter that throws) is the call's problem, answered by dispatch, not the hook's.
  call(logger, 'onToolStart', () => {
    info = { ...info, toolCallId: ctx.toolCallId }
    hooks.onToolStart?.(info)
  })
  const result = await run(state)
  const outcome = { result, isError: isToolError(result), durationMs: now() - start, attempts: state.attempts }
  call(logger, 'onToolEnd', () => hooks.onToolEnd?.(info, outcome))
  return result
}
