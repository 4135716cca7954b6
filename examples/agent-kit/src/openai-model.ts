// Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure's compatible
// route, Groq, Ollama, vLLM, LM Studio…) through `fetch`: the registry's
// definitions go out as `tools`, tool results come back as `tool` messages.
import { toOpenAITools } from '@toolreg/core'
import type { AssistantMessage, ChatModel, ModelRequest, ToolCall } from './types.ts'

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1'
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini'

export interface OpenAIModelOptions {
  apiKey: string
  /** Default `https://api.openai.com/v1`; the request goes to `<baseUrl>/chat/completions`. */
  baseUrl?: string
  /** Default `gpt-4o-mini`. */
  model?: string
  /** Default: the global `fetch`. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>
}

export function createOpenAIModel(options: OpenAIModelOptions): ChatModel {
  const baseUrl = (options.baseUrl || DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, '')
  const model = options.model || DEFAULT_OPENAI_MODEL
  // Called as a plain function: workerd throws "Illegal invocation" for a detached `fetch` method.
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init))

  return {
    name: `openai:${model}`,
    async complete({ messages, tools, signal }: ModelRequest): Promise<AssistantMessage> {
      const body: Record<string, unknown> = { model, messages }
      if (tools.length > 0) Object.assign(body, { tools: toOpenAITools([...tools]), tool_choice: 'auto' })
      const response = await send(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify(body),
        signal,
      })
      const text = await response.text()
      if (!response.ok) throw new Error(`chat completions failed: HTTP ${response.status}: ${text.slice(0, 500)}`)
      return readAssistantMessage(text)
    },
  }
}

/** The model the environment asks for: OpenAI-compatible with `OPENAI_API_KEY`, else undefined. */
export function openAIModelFromEnv(env: Record<string, unknown>): ChatModel | undefined {
  const apiKey = stringValue(env.OPENAI_API_KEY)
  if (!apiKey) return undefined
  return createOpenAIModel({ apiKey, baseUrl: stringValue(env.OPENAI_BASE_URL), model: stringValue(env.OPENAI_MODEL) })
}

function readAssistantMessage(text: string): AssistantMessage {
  let message: { content?: unknown; tool_calls?: unknown } | undefined
  try {
    message = JSON.parse(text)?.choices?.[0]?.message
  } catch {
    // Reported below with the body.
  }
  if (!message || typeof message !== 'object')
    throw new Error(`chat completions returned no message: ${text.slice(0, 500)}`)
  const content = typeof message.content === 'string' ? message.content : null
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls.map(readToolCall) : []
  return calls.length > 0 ? { role: 'assistant', content, tool_calls: calls } : { role: 'assistant', content }
}

function readToolCall(raw: unknown, index: number): ToolCall {
  const call = raw as { id?: unknown; function?: { name?: unknown; arguments?: unknown } }
  const args = call.function?.arguments
  return {
    id: typeof call.id === 'string' ? call.id : `call_${index + 1}`,
    type: 'function',
    function: {
      name: String(call.function?.name ?? ''),
      // Some compatible servers send arguments as an object rather than a JSON string.
      arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    },
  }
}

function stringValue(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}
