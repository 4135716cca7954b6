// Anthropic's native deferral: deferred tools sent with `defer_loading: true`, the search
// tool answered from the build's index with `tool_reference` blocks (see the core README,
// "Deferred loading and tool search").
import { type AnthropicTool, toAnthropicTools } from '../adapters/adapters.js'
import { type AnthropicToolResult, toAnthropicToolResult } from '../adapters/results.js'
import type { ToolCallContext } from '../types.js'
import type { ToolSurface } from './surface.js'

/** @anthropic-ai/sdk: `Anthropic.Tool` with `defer_loading`. */
export interface AnthropicDeferredTool extends AnthropicTool {
  defer_loading?: boolean
}

/** @anthropic-ai/sdk: a `ToolResultBlockParam` whose content may hold `ToolReferenceBlockParam`s. */
export interface AnthropicSearchResult {
  type: 'tool_result'
  tool_use_id: string
  content: { type: 'tool_reference'; tool_name: string }[] | string
  is_error: boolean
}

/** The `tool_use` block fields read. */
export interface AnthropicToolUse {
  id: string
  name: string
  input: unknown
}

/** `tools` of a Messages request: the first tools, the search tool, then every deferred tool with `defer_loading: true`. */
export async function toAnthropicSurface(surface: ToolSurface): Promise<AnthropicDeferredTool[]> {
  const lookup = { registry: surface.registry }
  const deferred: AnthropicDeferredTool[] = toAnthropicTools(await surface.deferred(), lookup)
  for (const t of deferred) t.defer_loading = true
  return [...toAnthropicTools(await surface.initial(), lookup), ...deferred]
}

/**
 * The `tool_result` for a `tool_use` block: the search tool's as `tool_reference` blocks
 * (the API then loads those tools' definitions), any other tool's through `dispatch`.
 */
export async function anthropicToolResult(
  surface: ToolSurface,
  use: AnthropicToolUse,
  ctx?: ToolCallContext,
): Promise<AnthropicToolResult | AnthropicSearchResult> {
  if (use.name !== surface.searchName)
    return toAnthropicToolResult(use.id, await surface.call(use.name, use.input, { ...ctx, toolCallId: use.id }))
  const found = await surface.find(use.input)
  return {
    type: 'tool_result',
    tool_use_id: use.id,
    content: found.length
      ? found.map(d => ({ type: 'tool_reference', tool_name: d.function.name }))
      : 'No tool matches this request: describe the task in other words.',
    is_error: false,
  }
}
