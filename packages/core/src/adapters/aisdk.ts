import { parts } from './adapters.js'
import { contentBlocks, isToolError } from './results.js'
import type { ToolRegistry } from '../registry/registry.js'
import { registry as shared } from '../registry/singleton.js'
import type { ToolCallContext, ToolDefinition, ToolResult } from '../types.js'

/** The AI SDK's `ToolResultOutput` variants this adapter produces. */
export type AiSdkModelOutput =
  | { type: 'text'; value: string }
  | { type: 'error-text'; value: string }
  | {
      type: 'content'
      value: (
        | { type: 'text'; text: string }
        | { type: 'image-data'; data: string; mediaType: string }
        | { type: 'media'; data: string; mediaType: string }
      )[]
    }

/** The Vercel AI SDK tool shape (structural, so core needs no `ai` dependency; assignable to its `ToolSet`). */
export interface AiSdkTool<S> {
  description: string
  inputSchema: S
  execute: (
    args: Record<string, unknown>,
    options: { abortSignal?: AbortSignal; toolCallId: string },
  ) => Promise<ToolResult>
  toModelOutput: (options: { toolCallId: string; input: unknown; output: unknown }) => AiSdkModelOutput
}

export interface AiSdkToolsOptions<S> {
  /** The `jsonSchema` helper of the `ai` package. */
  jsonSchema(schema: Record<string, unknown>): S
  /** Default: the singleton. */
  registry?: Pick<ToolRegistry, 'dispatch'>
  /** Base context for every call; `signal` is set from the SDK's `abortSignal`. */
  ctx?: ToolCallContext
}

/** What the model sees of a dispatch result: error envelopes as errors, images as image parts. */
export function toAiSdkModelOutput(output: unknown): AiSdkModelOutput {
  if (typeof output == 'string') return { type: isToolError(output) ? 'error-text' : 'text', value: output }
  const r = output as ToolResult
  if (!Array.isArray((r as { content?: unknown })?.content)) return { type: 'text', value: String(output) }
  return {
    type: 'content',
    value: contentBlocks(r).map(b =>
      b.type == 'text' ? b : { type: b.type == 'image' ? 'image-data' : 'media', data: b.data, mediaType: b.mimeType },
    ),
  }
}

/**
 * A Vercel AI SDK `ToolSet` keyed by tool name, executing through `registry.dispatch`
 * (which validates the arguments before the handler).
 */
export function toAiSdkTools<S>(
  defs: readonly ToolDefinition[],
  options: AiSdkToolsOptions<S>,
): Record<string, AiSdkTool<S>> {
  const { jsonSchema, registry = shared, ctx } = options
  return Object.fromEntries(
    defs.map(d => {
      const { name, description, parameters } = parts(d)
      const tool: AiSdkTool<S> = {
        description,
        inputSchema: jsonSchema(parameters),
        execute: (args, { abortSignal, toolCallId }) =>
          registry.dispatch(name, args, { ...ctx, signal: abortSignal ?? ctx?.signal, toolCallId }),
        toModelOutput: ({ output }) => toAiSdkModelOutput(output),
      }
      return [name, tool]
    }),
  )
}
