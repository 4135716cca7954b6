// The chat shapes the loop and the models exchange. They follow OpenAI's
// chat-completions wire format, so the OpenAI-compatible model sends them as is
// and a transcript can be replayed against any compatible endpoint.
import type { ToolCallContext, ToolDefinition, ToolResult } from '@toolreg/core'

export interface ToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string }

export type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>

/** What a model sees on each step: the conversation so far and the tools it may call. */
export interface ModelRequest {
  messages: readonly ChatMessage[]
  tools: readonly ToolDefinition[]
  signal?: AbortSignal
}

/** A chat model: one step of the conversation, answering text or tool calls. */
export interface ChatModel {
  /** Shown in transcripts and logs, e.g. `scripted` or `openai:gpt-4o-mini`. */
  readonly name: string
  complete(request: ModelRequest): Promise<AssistantMessage>
}

/** The part of a `ToolRegistry` the loop needs, so tests can hand it any registry. */
export interface AgentRegistry {
  getToolDefinitions(options?: { env?: Record<string, string | undefined> }): Promise<ToolDefinition[]>
  dispatch(name: string, args: unknown, ctx?: ToolCallContext): Promise<ToolResult>
}

/** One executed tool call, as the transcript reports it. */
export interface ToolCallRecord {
  step: number
  id: string
  name: string
  /** The parsed arguments, or the raw string when the model sent invalid JSON. */
  arguments: unknown
  /** The text sent back to the model in the tool message. */
  result: string
}

export interface Transcript {
  model: string
  /** Every message of the conversation, the caller's first. */
  messages: ChatMessage[]
  toolCalls: ToolCallRecord[]
  /** The names of the tools offered to the model on the first step. */
  toolsOffered: string[]
  /** The final assistant text, or null when the step limit stopped the loop. */
  answer: string | null
  steps: number
  stoppedBy: 'answer' | 'max-steps'
}
