// Type tests (checked by `tsc -p tsconfig.json` in `npm test`): every adapter and result mapper
// is assignable to the real SDK type, with no cast.
import type Anthropic from '@anthropic-ai/sdk'
import type { CallToolResult, Tool as McpSdkTool } from '@modelcontextprotocol/sdk/types.js'
import {
  toAiSdkTools,
  toAnthropicToolResult,
  toAnthropicTools,
  toMcpCallToolResult,
  toMcpTools,
  toOpenAIResponsesTools,
  toOpenAIToolMessage,
  toOpenAITools,
  type ToolDefinition,
  type ToolResult,
} from '@toolreg/core'
import { jsonSchema, type ToolSet } from 'ai'
import { jsonSchema as jsonSchema7, type ToolSet as ToolSet7 } from 'ai-v7'
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions'
import type { FunctionTool, ResponseCreateParams } from 'openai/resources/responses/responses'

declare const defs: ToolDefinition[]
declare const result: ToolResult

export const chat: ChatCompletionTool[] = toOpenAITools(defs)
export const chatStrict: ChatCompletionTool[] = toOpenAITools(defs, { strict: true })
export const responses: FunctionTool[] = toOpenAIResponsesTools(defs, { strict: true })
export const responsesParams: ResponseCreateParams['tools'] = toOpenAIResponsesTools(defs)
export const anthropic: Anthropic.Tool[] = toAnthropicTools(defs)
export const anthropicParams: Anthropic.MessageCreateParams['tools'] = toAnthropicTools(defs)
export const mcp: McpSdkTool[] = toMcpTools(defs)
export const aiSdk: ToolSet = toAiSdkTools(defs, { jsonSchema })
// ai 7 (its file parts: `file-data`, no `media`).
export const aiSdk7: ToolSet7 = toAiSdkTools(defs, { jsonSchema: jsonSchema7 })

export const toolMessage: ChatCompletionToolMessageParam = toOpenAIToolMessage('call_1', result)
export const message: ChatCompletionMessageParam = toOpenAIToolMessage('call_1', result)
export const toolResultBlock: Anthropic.ToolResultBlockParam = toAnthropicToolResult('toolu_1', result)
export const userTurn: Anthropic.MessageParam = { role: 'user', content: [toAnthropicToolResult('toolu_1', result)] }
export const callResult: CallToolResult = toMcpCallToolResult(result)

// The tool layer's fields fit too: annotations and outputSchema in tools/list, structuredContent in a result.
declare const entry: import('@toolreg/core').ToolEntry | undefined
export const mcpWithRegistry: McpSdkTool[] = toMcpTools(defs, { registry: { getEntry: () => entry } })
export const structured: CallToolResult = toMcpCallToolResult(result, entry)
export const anthropicExamples: Anthropic.Tool[] = toAnthropicTools(defs, { registry: { getEntry: () => entry } })
