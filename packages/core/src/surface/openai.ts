// OpenAI Responses' native deferral: a client-executed `tool_search` answered from the build's
// index, or the hosted one over deferred tools grouped in namespaces (see the core README,
// "Deferred loading and tool search").
import { type OpenAIResponsesTool, toOpenAIResponsesTools } from '../adapters/adapters.js'
import { contentBlocks } from '../adapters/results.js'
import type { ToolCallContext, ToolDefinition } from '../types.js'
import type { ToolSurface } from './surface.js'

/** openai: `FunctionTool` with `defer_loading`. */
export interface OpenAIDeferredTool extends OpenAIResponsesTool {
  defer_loading?: boolean
}
/** openai: `ToolSearchTool`. */
export interface OpenAIToolSearchTool {
  type: 'tool_search'
  execution: 'client' | 'server'
  description?: string
  parameters?: Record<string, unknown>
}
/** openai: `NamespaceTool` (one per toolset). */
export interface OpenAINamespaceTool {
  type: 'namespace'
  name: string
  description: string
  tools: OpenAIDeferredTool[]
}
export type OpenAISurfaceTool = OpenAIDeferredTool | OpenAIToolSearchTool | OpenAINamespaceTool

export interface OpenAISurfaceOptions {
  /** `client` (default): the index answers each `tool_search_call`; `server`: OpenAI's hosted search over every deferred tool sent. */
  execution?: 'client' | 'server'
  /** Group deferred tools in one namespace per toolset (hosted search only). */
  namespaces?: boolean
  strict?: boolean
}

/** The response items this module answers (`ResponseToolSearchCall`, `ResponseFunctionToolCall`). */
export type OpenAISurfaceCall =
  | { type: 'tool_search_call'; call_id: string | null; arguments: unknown }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }

/** `ResponseToolSearchOutputItemParam` or `ResponseInputItem.FunctionCallOutput`. */
export type OpenAISurfaceOutput =
  | {
      type: 'tool_search_output'
      call_id: string | null
      execution: 'client'
      status: 'completed'
      tools: OpenAIDeferredTool[]
    }
  | { type: 'function_call_output'; call_id: string; output: string }

const namespaced = (surface: ToolSurface, tools: OpenAIDeferredTool[]): OpenAINamespaceTool[] => {
  const groups = new Map<string, OpenAIDeferredTool[]>()
  for (const t of tools) {
    const set = surface.registry.getToolsetForTool(t.name) ?? 'tools'
    groups.set(set, [...(groups.get(set) ?? []), t])
  }
  return [...groups.keys()].sort().map(name => ({
    type: 'namespace',
    name,
    description: `Tools of the ${name} toolset`,
    tools: groups.get(name)!,
  }))
}

/** `tools` of a Responses request. */
export async function toOpenAIResponsesSurface(
  surface: ToolSurface,
  options: OpenAISurfaceOptions = {},
): Promise<OpenAISurfaceTool[]> {
  const initial = await surface.initial()
  const first = initial.filter(d => d.function.name !== surface.searchName)
  const out: OpenAISurfaceTool[] = toOpenAIResponsesTools(first, options)
  if (first.length === initial.length) return out
  const search = initial[initial.length - 1]!.function
  if (options.execution !== 'server')
    return [
      ...out,
      {
        type: 'tool_search',
        execution: 'client',
        description: search.description as string,
        parameters: search.parameters as Record<string, unknown>,
      },
    ]
  const deferred: OpenAIDeferredTool[] = toOpenAIResponsesTools(await surface.deferred(), options)
  for (const t of deferred) t.defer_loading = true
  return [
    ...out,
    { type: 'tool_search', execution: 'server' },
    ...(options.namespaces ? namespaced(surface, deferred) : deferred),
  ]
}

const text = (r: unknown) =>
  typeof r == 'string'
    ? r
    : contentBlocks(r as never)
        .map(b => (b.type == 'text' ? b.text : `[${b.type}]`))
        .join('\n')

const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json)
  } catch {
    return json
  }
}

/** The input item answering a `tool_search_call` (from the index) or a `function_call` (through `dispatch`). */
export async function openAIResponsesOutput(
  surface: ToolSurface,
  item: OpenAISurfaceCall,
  ctx?: ToolCallContext,
  options: Pick<OpenAISurfaceOptions, 'strict'> = {},
): Promise<OpenAISurfaceOutput> {
  if (item.type == 'tool_search_call') {
    const found: ToolDefinition[] = await surface.find(
      typeof item.arguments == 'string' ? parsed(item.arguments) : item.arguments,
    )
    return {
      type: 'tool_search_output',
      call_id: item.call_id,
      execution: 'client',
      status: 'completed',
      tools: toOpenAIResponsesTools(found, options),
    }
  }
  // Arguments that are not JSON reach dispatch as a string, which it answers with an invalid-arguments envelope.
  const result = await surface.call(item.name, parsed(item.arguments), { ...ctx, toolCallId: item.call_id })
  return { type: 'function_call_output', call_id: item.call_id, output: text(result) }
}
