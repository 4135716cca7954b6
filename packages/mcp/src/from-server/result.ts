import { type MultimodalResult, sanitizeToolError } from '@toolreg/core'
import { McpToolError } from '../errors.js'

/** The fields of a `tools/call` result the bridge reads (older servers answer with `toolResult`). */
export interface CallToolResultLike {
  content?: unknown
  structuredContent?: unknown
  isError?: unknown
  toolResult?: unknown
}

interface TextBlock {
  type: 'text'
  text: string
}

function isTextBlock(block: unknown): block is TextBlock {
  return (
    typeof block === 'object' &&
    block !== null &&
    (block as TextBlock).type === 'text' &&
    typeof (block as TextBlock).text === 'string'
  )
}

function joinText(content: unknown[]): string {
  return content
    .filter(isTextBlock)
    .map(block => block.text)
    .join('\n')
}

/**
 * Server text is untrusted: role tags, code fences and CDATA stripped and secrets redacted as
 * in dispatch's error envelopes, uncapped (the registry's result limit caps results).
 */
export const serverText = (text: string): string => sanitizeToolError(text, Infinity)

/** Text blocks sanitized (see `serverText`); other blocks as sent. */
const cleanBlocks = (content: unknown[]): unknown[] =>
  content.map(block => (isTextBlock(block) ? { ...block, text: serverText(block.text) } : block))

/**
 * Maps a `tools/call` result to a registry result (README: "Results"); `isError` throws so dispatch
 * builds the envelope. A tool with an output schema answers its `structuredContent` as an object
 * (sanitized like text), which dispatch validates and returns as JSON.
 */
export function toToolResult(
  result: CallToolResultLike,
  server: string,
  tool: string,
  structured = false,
): string | MultimodalResult | Record<string, unknown> {
  const content = Array.isArray(result.content) ? (result.content as unknown[]) : []
  if (result.isError === true) {
    const text =
      joinText(content) || jsonOrEmpty(result.structuredContent) || `MCP tool ${tool} from ${server} reported an error`
    throw new McpToolError(text, server, tool)
  }
  const sc = result.structuredContent
  if (structured && typeof sc === 'object' && sc !== null && !Array.isArray(sc)) {
    const text = serverText(JSON.stringify(sc))
    try {
      return JSON.parse(text) as Record<string, unknown>
    } catch {
      return text // sanitizing broke the JSON: the text stays
    }
  }
  if (content.length === 0) return serverText(jsonOrEmpty(result.structuredContent ?? result.toolResult))
  if (content.every(isTextBlock)) return serverText(joinText(content))
  return { _multimodal: true, content: cleanBlocks(content) }
}

function jsonOrEmpty(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value)
}
