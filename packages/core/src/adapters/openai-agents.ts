import { copy } from './adapters.js'
import {
  callContext,
  frameworkApproval,
  frameworkParts,
  type FrameworkToolsOptions,
  ToolCallError,
  unlessError,
} from './framework.js'
import { contentBlocks, parseObject } from './results.js'
import { fromStrictArguments, toStrictSchema } from './strict.js'
import { registry as shared } from '../registry/singleton.js'
import type { ToolDefinition } from '../types.js'

type Props = Record<string, object>
/** `@openai/agents` `JsonObjectSchemaStrict` / `JsonObjectSchemaNonStrict`. */
type AgentsSchema<Open extends boolean> = {
  type: 'object'
  properties: Props
  required: string[]
  additionalProperties: Open
}
/** What `@openai/agents` hands `execute`, `needsApproval` and `errorFunction` (the fields read here). */
export interface OpenAIAgentsRunContext {
  context: unknown
  /** The SDK's record of a person's answer: true once `state.approve` took this call. */
  isToolApproved?(approval: { toolName: string; callId: string }): boolean | undefined
}
export interface OpenAIAgentsCallDetails {
  toolCall?: { callId: string }
  signal?: AbortSignal
}
/** `@openai/agents` `ToolOutputText` / `ToolOutputImage`. */
export type OpenAIAgentsContent =
  | { type: 'text'; text: string }
  | { type: 'image'; image: { data: string; mediaType: string } }

export interface OpenAIAgentsToolFields<Open extends boolean> {
  name: string
  description: string
  parameters: AgentsSchema<Open>
  strict: Open extends true ? false : true
  execute(input: unknown, context?: OpenAIAgentsRunContext, details?: OpenAIAgentsCallDetails): Promise<unknown>
  errorFunction(context: OpenAIAgentsRunContext, error: unknown): string
  needsApproval: boolean | ((context: OpenAIAgentsRunContext, input: unknown, callId?: string) => Promise<boolean>)
  /** The tool's `outputSchema`: what its JSON text result holds (the Responses API's `output_schema`). */
  outputSchema?: AgentsSchema<true>
}
/** The options this adapter passes to `tool(options)` of `@openai/agents`. */

export interface OpenAIAgentsToolsOptions<T> extends FrameworkToolsOptions {
  /** The `tool` function of `@openai/agents` (called strict, or non-strict when the schema has no strict form). */
  tool: { (options: OpenAIAgentsToolFields<false>): T; (options: OpenAIAgentsToolFields<true>): T }
}

/**
 * `@openai/agents` `FunctionTool`s for `new Agent({ tools })`, executing through `registry.dispatch`
 * (which validates). Strict mode when the schema allows it (`toStrictSchema`, the arguments passed
 * back through `fromStrictArguments`), else non-strict. An error envelope is thrown, so the function
 * span records it, and the adapter's `errorFunction` gives the model its sanitized text (the SDK's
 * default hides it); images are `ToolOutputImage`s; `needsApproval` is the SDK's (an interruption,
 * then `state.approve`); an `outputSchema` is the tool's (the Responses API's `output_schema`: the
 * SDK refuses it with a Chat Completions model); `run(…, { context })` becomes `ctx.run`. The SDK has
 * no stream for a tool's progress: an async-generator handler's goes to the `ctx.onProgress` given.
 */
export function toOpenAIAgentsTools<T>(defs: readonly ToolDefinition[], options: OpenAIAgentsToolsOptions<T>): T[] {
  const { tool, registry = shared, ctx } = options
  return defs.map(d => {
    const { name, description, parameters, e } = frameworkParts(d, registry)
    const approval = frameworkApproval(registry, name, e, ctx)
    let strict: AgentsSchema<false> | undefined
    try {
      strict = toStrictSchema(parameters, name) as AgentsSchema<false>
    } catch {}
    const argsOf = (input: unknown) => (strict ? fromStrictArguments(parameters, input) : input)
    // Approved only when the SDK asked about this very call, or its run state holds a person's yes for it.
    const approved = (args: unknown, run?: OpenAIAgentsRunContext, callId?: string) =>
      approval !== undefined &&
      (approval.approved(args, callId) ||
        (callId !== undefined && run?.isToolApproved?.({ toolName: name, callId }) === true))
    const common = {
      name,
      description,
      ...(e?.outputSchema && { outputSchema: copy(e.outputSchema) as AgentsSchema<true> }),
      execute: async (input: unknown, run?: OpenAIAgentsRunContext, details?: OpenAIAgentsCallDetails) => {
        const args = argsOf(input)
        const callId = details?.toolCall?.callId
        const c = callContext(
          ctx,
          { signal: details?.signal, toolCallId: callId, run: run?.context },
          approved(args, run, callId),
        )
        const r = unlessError(await registry.dispatch(name, args, c))
        // With an outputSchema the SDK encodes the value itself: the object, not its JSON text.
        return typeof r == 'string'
          ? (e?.outputSchema && parseObject(r)) || r
          : contentBlocks(r).map(
              (b): OpenAIAgentsContent =>
                b.type == 'text'
                  ? b
                  : b.type == 'image'
                    ? { type: 'image', image: { data: b.data, mediaType: b.mimeType } }
                    : { type: 'text', text: `[${b.type} (${b.mimeType}) omitted: not supported here]` },
            )
      },
      errorFunction: (_: OpenAIAgentsRunContext, error: unknown) =>
        error instanceof ToolCallError ? error.message : `[TOOL_ERROR] ${String(error)}`,
      needsApproval: approval
        ? (run: OpenAIAgentsRunContext, input: unknown, callId?: string) =>
            approval.ask(argsOf(input), { toolCallId: callId, run: run?.context })
        : false,
    }
    return strict
      ? tool({ ...common, parameters: strict, strict: true })
      : tool({
          ...common,
          parameters: { required: [], ...copy(parameters), additionalProperties: true } as AgentsSchema<true>,
          strict: false,
        })
  })
}
