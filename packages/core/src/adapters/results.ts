import { isToolError } from '../dispatch/envelope.js'
import { parseObject } from '../freeze.js'
import type { ToolEntry, ToolResult } from '../types.js'

export { isToolError, parseObject }

/** MCP content blocks a result may carry (`@modelcontextprotocol/sdk` `ContentBlock`s). */
export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }

const json = (v: unknown) => {
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return Object.prototype.toString.call(v)
  }
}

/** A multimodal result's blocks as MCP content: text, image and audio blocks kept, anything else as its JSON text. */
export function contentBlocks(result: ToolResult): McpContent[] {
  if (typeof result == 'string') return [{ type: 'text', text: result }]
  // A hostile `content` (a Proxy whose `map` throws) settles as one note, as dispatch settles.
  try {
    return blocks(result.content)
  } catch {
    return [{ type: 'text', text: '[unreadable content]' }]
  }
}

function blocks(content: unknown[]): McpContent[] {
  // biome-ignore lint/suspicious/noExplicitAny: a result block is untrusted data, checked field by field
  return content.map((b: any): McpContent => {
    try {
      const t = b?.type
      if (t == 'text' && typeof b.text == 'string') return { type: 'text', text: b.text }
      if ((t == 'image' || t == 'audio') && typeof b.data == 'string' && typeof b.mimeType == 'string')
        return { type: t, data: b.data, mimeType: b.mimeType }
      return { type: 'text', text: json(b) }
    } catch {
      return { type: 'text', text: '[unreadable content block]' }
    }
  })
}

const omitted = (b: { type: string; mimeType: string }) => `[${b.type} (${b.mimeType}) omitted: not supported here]`

/** openai: a `ChatCompletionToolMessageParam` (tool messages carry text only: other blocks become a note). */
export function toOpenAIToolMessage(toolCallId: string, result: ToolResult): OpenAIToolMessage {
  const content =
    typeof result == 'string'
      ? result
      : contentBlocks(result).map(b => ({ type: 'text' as const, text: b.type == 'text' ? b.text : omitted(b) }))
  return { role: 'tool', tool_call_id: toolCallId, content }
}
export interface OpenAIToolMessage {
  role: 'tool'
  tool_call_id: string
  content: string | { type: 'text'; text: string }[]
}

const ANTHROPIC_IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
type AnthropicImageType = (typeof ANTHROPIC_IMAGES)[number]
export type AnthropicResultBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: AnthropicImageType; data: string } }

/** @anthropic-ai/sdk: a `ToolResultBlockParam`, `is_error` from `isToolError`, MCP images as base64 image blocks. */
export function toAnthropicToolResult(toolUseId: string, result: ToolResult): AnthropicToolResult {
  const content =
    typeof result == 'string'
      ? result
      : contentBlocks(result).map((b): AnthropicResultBlock => {
          if (b.type == 'text') return b
          const media = ANTHROPIC_IMAGES.find(m => m == b.mimeType)
          return b.type == 'image' && media
            ? { type: 'image', source: { type: 'base64', media_type: media, data: b.data } }
            : { type: 'text', text: omitted(b) }
        })
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: isToolError(result) }
}
export interface AnthropicToolResult {
  type: 'tool_result'
  tool_use_id: string
  content: string | AnthropicResultBlock[]
  is_error: boolean
}

/**
 * @modelcontextprotocol/sdk: a `CallToolResult` (`isError` from `isToolError`). Given the tool's
 * entry (`registry.getEntry(name)`), a tool with an `outputSchema` also answers its JSON object
 * result as `structuredContent`.
 */
export function toMcpCallToolResult(result: ToolResult, tool?: Pick<ToolEntry, 'outputSchema'>): McpCallToolResult {
  const isError = isToolError(result)
  const out: McpCallToolResult = { content: contentBlocks(result), isError }
  if (tool?.outputSchema && !isError && typeof result == 'string') {
    const value = parseObject(result)
    if (value) out.structuredContent = value
  }
  return out
}

export interface McpCallToolResult {
  content: McpContent[]
  isError: boolean
  structuredContent?: Record<string, unknown>
  [k: string]: unknown
}
