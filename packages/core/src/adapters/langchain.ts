import { copy, type ObjectSchema } from './adapters.js'
import { callContext, frameworkParts, type FrameworkToolsOptions, unlessError } from './framework.js'
import { contentBlocks, parseObject } from './results.js'
import { registry as shared } from '../registry/singleton.js'
import type { ApprovalRequest, ToolDefinition } from '../types.js'

/** What LangChain hands a tool function (the fields read here; LangGraph adds `writer` and `interrupt`). */
export interface LangChainToolConfig {
  signal?: AbortSignal
  toolCallId?: string
  toolCall?: { id?: string }
  /** The agent's runtime context: `agent.invoke(input, { context })`. */
  context?: unknown
  writer?: ((chunk: unknown) => void) | null
}

/** The fields this adapter passes to LangChain's `tool(func, fields)`. */
export interface LangChainToolFields {
  name: string
  description: string
  schema: ObjectSchema
  responseFormat?: 'content' | 'content_and_artifact'
}

/** LangChain standard content blocks a multimodal result becomes. */
export type LangChainContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; data: string; mimeType: string }

/** LangChain's human-in-the-loop request (what `humanInTheLoopMiddleware` interrupts with), one action. */
export interface LangChainApprovalRequest {
  actionRequests: { name: string; args: Record<string, unknown>; description: string }[]
  reviewConfigs: { actionName: string; allowedDecisions: ('approve' | 'edit' | 'reject')[] }[]
}

export interface LangChainToolsOptions<T> extends FrameworkToolsOptions {
  /** The `tool` function of `langchain` (or `@langchain/core/tools`). */
  tool(
    func: (input: Record<string, unknown>, config: LangChainToolConfig) => Promise<unknown>,
    fields: LangChainToolFields,
  ): T
}

type Decision = { type?: string; editedAction?: { args?: Record<string, unknown> } }
type Interrupt = (value: LangChainApprovalRequest) => { decisions?: Decision[] } | undefined

/**
 * LangChain `StructuredTool`s for `createAgent` / LangGraph, executing through `registry.dispatch`
 * (which validates: LangChain's own check is skipped so the model reads toolreg's message once).
 * An error envelope is thrown, so the ToolNode answers a ToolMessage with `status: 'error'`;
 * images are standard image blocks; `needsApproval` is a LangGraph `interrupt` with LangChain's
 * human-in-the-loop request, resumed with `{ decisions: [{ type: 'approve' }] }` (or `'reject'`, or
 * `'edit'` with `editedAction.args`, which dispatch validates again before the handler runs);
 * an `outputSchema` tool answers `content_and_artifact` with the object as the artifact; progress
 * goes to the LangGraph stream writer (`streamMode: 'custom'`); `context` becomes `ctx.run`.
 */
export function toLangChainTools<T>(defs: readonly ToolDefinition[], options: LangChainToolsOptions<T>): T[] {
  const { tool, registry = shared, ctx } = options
  return defs.map(d => {
    const { name, description, parameters, e } = frameworkParts(d, registry)
    const artifact = e?.outputSchema !== undefined
    const run = async (input: Record<string, unknown>, config: LangChainToolConfig) => {
      const interrupt = (config as { interrupt?: Interrupt }).interrupt
      // A LangGraph interrupt is a throw: dispatch would settle it as an error, so it is kept and re-thrown.
      let pending: { error: unknown } | undefined
      // An `edit` answer denies this call and is dispatched afresh: its arguments are validated again.
      let edited: Record<string, unknown> | undefined
      const approve = (r: ApprovalRequest) => {
        try {
          const decision = interrupt!({
            actionRequests: [{ name: r.name, args: r.args, description: `Tool execution requires approval: ${name}` }],
            reviewConfigs: [{ actionName: r.name, allowedDecisions: ['approve', 'edit', 'reject'] }],
          })?.decisions?.[0]
          if (decision?.type === 'edit') edited = decision.editedAction?.args ?? {}
          return decision?.type === 'approve'
        } catch (error) {
          pending = { error }
          return false
        }
      }
      const writer = config.writer
      const c = callContext(ctx, {
        signal: config.signal,
        toolCallId: config.toolCall?.id ?? config.toolCallId,
        run: config.context,
        ...(e?.needsApproval !== undefined && interrupt && { approve }),
        ...(writer && { onProgress: (v: unknown) => writer(v) }),
      })
      let r = await registry.dispatch(name, input, c)
      if (pending) throw pending.error
      // The human approved the edited call itself.
      if (edited) r = await registry.dispatch(name, edited, { ...c, approve: () => true })
      unlessError(r)
      const content = typeof r == 'string' ? r : contentBlocks(r).map((b): LangChainContent => b)
      return artifact ? [content, typeof r == 'string' ? parseObject(r) : undefined] : content
    }
    const t = tool(run, {
      name,
      description,
      schema: copy(parameters),
      ...(artifact && { responseFormat: 'content_and_artifact' as const }),
    })
    skipValidation(t as Checked)
    return t
  })
}

type Checked = { schema: unknown; call: (...args: unknown[]) => unknown }

/**
 * LangChain checks `tool.schema` at the start of `call`, before the function, with its own message
 * (and writes into the schema). dispatch validates with toolreg's, so during that synchronous check
 * the tool's schema is an open one; the model still sees the real schema.
 */
function skipValidation(t: Checked) {
  const call = t.call
  t.call = function (this: Checked, ...args: unknown[]) {
    const schema = this.schema
    this.schema = {}
    try {
      return call.apply(this, args)
    } finally {
      this.schema = schema
    }
  }
}
