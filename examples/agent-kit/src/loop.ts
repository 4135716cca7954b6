// The agent loop: model → tool calls → registry.dispatch → model … until the
// model answers in text or the step limit is reached.
import type { ToolCallContext, ToolResult } from '@toolreg/core'
import type { AgentRegistry, ChatMessage, ChatModel, ToolCallRecord, Transcript } from './types.ts'

export interface RunAgentOptions {
  model: ChatModel
  registry: AgentRegistry
  /** The conversation so far; the last message is normally the user's. */
  messages: readonly ChatMessage[]
  /** Model calls allowed before giving up. Default 6. */
  maxSteps?: number
  /** Passed to every dispatch; `ctx.env` also gates the offered tools (`requiresEnv`). */
  ctx?: ToolCallContext
}

export const DEFAULT_MAX_STEPS = 6

export async function runAgent(options: RunAgentOptions): Promise<Transcript> {
  const { model, registry, ctx = {} } = options
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS
  const messages: ChatMessage[] = [...options.messages]
  const toolCalls: ToolCallRecord[] = []
  let toolsOffered: string[] = []

  for (let step = 1; step <= maxSteps; step++) {
    // Asked on every step: a check may flip, and the registry memoizes the rest.
    const tools = await registry.getToolDefinitions(ctx.env ? { env: ctx.env } : undefined)
    const offered = new Set(tools.map(tool => tool.function.name))
    if (step === 1) toolsOffered = [...offered]

    const reply = await model.complete({ messages, tools, signal: ctx.signal })
    messages.push(reply)
    if (!reply.tool_calls?.length) {
      return {
        model: model.name,
        messages,
        toolCalls,
        toolsOffered,
        answer: reply.content ?? '',
        steps: step,
        stoppedBy: 'answer',
      }
    }

    // One at a time, in the model's order: `kv_set` then `kv_get` must see each other.
    for (const call of reply.tool_calls) {
      const name = call.function.name
      const result = offered.has(name)
        ? toolMessageContent(await registry.dispatch(name, call.function.arguments, ctx))
        : // Models do invent tools, or call one a check has just withdrawn: never run what was not offered.
          JSON.stringify({ error: `Tool not available: ${name}` })
      messages.push({ role: 'tool', tool_call_id: call.id, content: result })
      toolCalls.push({ step, id: call.id, name, arguments: parseArguments(call.function.arguments), result })
    }
  }
  return { model: model.name, messages, toolCalls, toolsOffered, answer: null, steps: maxSteps, stoppedBy: 'max-steps' }
}

/** Tool messages carry text: a multimodal result is sent as the JSON of its content blocks. */
export function toolMessageContent(result: ToolResult): string {
  return typeof result === 'string' ? result : JSON.stringify(result.content)
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
