import type { ToolRegistry } from './registry.js'
import { registry as shared } from './singleton.js'
import type { ToolCallContext, ToolDefinition, ToolResult } from './types.js'

export interface OpenAITool {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}
export interface AnthropicTool {
  name: string
  description: string
  input_schema: Record<string, unknown>
}
export interface McpTool {
  name: string
  description: string
  inputSchema: Record<string, unknown>
}

const parts = (d: ToolDefinition) => {
  const f = d.function
  return {
    name: f.name,
    description: typeof f.description == 'string' ? f.description : '',
    parameters: (f.parameters ?? { type: 'object', properties: {} }) as Record<string, unknown>,
  }
}

export const toOpenAITools = (defs: readonly ToolDefinition[]): OpenAITool[] =>
  defs.map((d) => ({ type: 'function', function: parts(d) }))

export const toAnthropicTools = (defs: readonly ToolDefinition[]): AnthropicTool[] =>
  defs.map((d) => {
    const { name, description, parameters } = parts(d)
    return { name, description, input_schema: parameters }
  })

export const toMcpTools = (defs: readonly ToolDefinition[]): McpTool[] =>
  defs.map((d) => {
    const { name, description, parameters } = parts(d)
    return { name, description, inputSchema: parameters }
  })

/** The Vercel AI SDK tool shape (structural, so core needs no `ai` dependency). */
export interface AiSdkTool<S> {
  description: string
  inputSchema: S
  execute: (args: Record<string, unknown>, options: { abortSignal?: AbortSignal; toolCallId: string }) => Promise<ToolResult>
}

export interface AiSdkToolsOptions<S> {
  /** The `jsonSchema` helper of the `ai` package. */
  jsonSchema(schema: Record<string, unknown>): S
  /** Default: the singleton. */
  registry?: Pick<ToolRegistry, 'dispatch'>
  /** Base context for every call; `signal` is set from the SDK's `abortSignal`. */
  ctx?: ToolCallContext
}

/** A Vercel AI SDK `ToolSet` keyed by tool name, executing through `registry.dispatch`. */
export function toAiSdkTools<S>(defs: readonly ToolDefinition[], options: AiSdkToolsOptions<S>): Record<string, AiSdkTool<S>> {
  const { jsonSchema, registry = shared, ctx } = options
  return Object.fromEntries(
    defs.map((d) => {
      const { name, description, parameters } = parts(d)
      const tool: AiSdkTool<S> = {
        description,
        inputSchema: jsonSchema(parameters),
        execute: (args, { abortSignal, toolCallId }) =>
          registry.dispatch(name, args, { ...ctx, signal: abortSignal ?? ctx?.signal, toolCallId }),
      }
      return [name, tool]
    }),
  )
}
