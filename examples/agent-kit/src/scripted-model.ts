// A deterministic model for offline runs and tests: rules map phrases of the
// latest user message to tool calls, and the answer is built from the tool
// results. No randomness, no clock: the same conversation gives the same replies.
import type { AssistantMessage, ChatMessage, ChatModel, ModelRequest, ToolCall } from './types.ts'

export interface ScriptRule {
  /** The tool this rule calls. */
  tool: string
  /** Every match in the user message becomes one call (the `g` flag is added when missing). */
  pattern: RegExp
  /** The call's arguments, taken from the match. */
  args(match: RegExpMatchArray): Record<string, unknown>
  /** One sentence of the answer from the tool result (JSON-decoded when it is JSON). */
  describe(result: unknown, args: Record<string, unknown>): string
}

export interface ScriptedModelOptions {
  rules: readonly ScriptRule[]
  /** Default `scripted`. */
  name?: string
}

interface PlannedCall {
  rule: ScriptRule
  args: Record<string, unknown>
}

export function createScriptedModel(options: ScriptedModelOptions): ChatModel {
  const { rules } = options
  return {
    name: options.name ?? 'scripted',
    async complete({ messages, tools }: ModelRequest): Promise<AssistantMessage> {
      const userIndex = findLastIndex(messages, m => m.role === 'user')
      const request = userIndex >= 0 ? (messages[userIndex].content as string) : ''
      const offered = new Set(tools.map(tool => tool.function.name))
      const planned = planCalls(rules, request)
      const unavailable = unique(planned.filter(call => !offered.has(call.rule.tool)).map(call => call.rule.tool))
      const turn = messages.slice(userIndex + 1)

      if (turn.some(m => m.role === 'tool')) return answer(describeResults(rules, turn), unavailable)

      const runnable = planned.filter(call => offered.has(call.rule.tool))
      if (runnable.length === 0) {
        if (unavailable.length > 0) return answer([], unavailable)
        const names = [...offered].sort()
        return answer([`I found nothing to do in that. Tools I can use: ${names.join(', ') || 'none'}.`], [])
      }
      // Ids count every call of the conversation, so they stay unique across turns.
      const previous = messages.filter(m => m.role === 'tool').length
      const toolCalls: ToolCall[] = runnable.map((call, i) => ({
        id: `call_${previous + i + 1}`,
        type: 'function',
        function: { name: call.rule.tool, arguments: JSON.stringify(call.args) },
      }))
      return { role: 'assistant', content: null, tool_calls: toolCalls }
    },
  }
}

/** The calls a message asks for, in the order its phrases appear. */
export function planCalls(rules: readonly ScriptRule[], text: string): PlannedCall[] {
  const found: { index: number; order: number; call: PlannedCall }[] = []
  rules.forEach((rule, order) => {
    const flags = rule.pattern.flags.includes('g') ? rule.pattern.flags : `${rule.pattern.flags}g`
    for (const match of text.matchAll(new RegExp(rule.pattern.source, flags))) {
      found.push({ index: match.index ?? 0, order, call: { rule, args: rule.args(match) } })
    }
  })
  found.sort((a, b) => a.index - b.index || a.order - b.order)
  return found.map(f => f.call)
}

function describeResults(rules: readonly ScriptRule[], turn: readonly ChatMessage[]): string[] {
  const lines: string[] = []
  for (const message of turn) {
    if (message.role !== 'assistant' || !message.tool_calls) continue
    for (const call of message.tool_calls) {
      const reply = turn.find(m => m.role === 'tool' && m.tool_call_id === call.id)
      const result = decode(reply?.content ?? '')
      const args = decode(call.function.arguments) as Record<string, unknown>
      const rule = rules.find(r => r.tool === call.function.name)
      if (isErrorEnvelope(result)) lines.push(`${call.function.name} failed: ${result.error}`)
      else
        lines.push(rule ? rule.describe(result, args) : `${call.function.name} returned ${reply?.content ?? 'nothing'}`)
    }
  }
  return lines
}

function answer(lines: string[], unavailable: string[]): AssistantMessage {
  const notes = unavailable.map(tool => `I could not use ${tool}: it is not available here.`)
  return { role: 'assistant', content: [...lines, ...notes].join('\n') }
}

function decode(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function isErrorEnvelope(value: unknown): value is { error: string } {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string'
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)]
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i
  return -1
}
