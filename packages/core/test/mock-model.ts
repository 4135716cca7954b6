// The AI SDK's mock model scripted for one agent turn, for the tests of the adapters whose
// framework runs an AI SDK model (toAiSdkTools, toMastraTools).
import { simulateReadableStream } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { expect } from 'vitest'

/** What a mock model's stream carries (the provider's stream part type, read off the mock). */
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never
/** What a mock model is sent at each step. */
export type Prompt = Parameters<MockLanguageModelV3['doGenerate']>[0]['prompt']

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}

/**
 * A mock model that calls one tool (call id `t1`), then answers "done", generating or streaming;
 * `prompts` keeps what each step was sent, `tools` what tools each generating step was offered.
 */
export function callThenStop(toolName: string, input: object) {
  let step = 0
  const prompts: Prompt[] = []
  const tools: unknown[] = []
  const call = { type: 'tool-call' as const, toolCallId: 't1', toolName, input: JSON.stringify(input) }
  const model = new MockLanguageModelV3({
    doGenerate: async options => {
      prompts.push(options.prompt)
      tools.push(options.tools)
      return ++step === 1
        ? { content: [call], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] }
        : {
            content: [{ type: 'text', text: 'done' }],
            finishReason: { unified: 'stop', raw: 'stop' },
            usage,
            warnings: [],
          }
    },
    doStream: async options => {
      prompts.push(options.prompt)
      const chunks: StreamPart[] =
        ++step === 1
          ? [call, { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }]
          : [
              { type: 'text-start', id: '1' },
              { type: 'text-delta', id: '1', delta: 'done' },
              { type: 'text-end', id: '1' },
              { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
            ]
      return { stream: simulateReadableStream({ chunks }) }
    },
  })
  return { model, prompts, tools }
}

/** The output of the first tool result a step's prompt sends the model. */
export function toolOutput(prompt: Prompt): { type: string; value: unknown } {
  const tool = prompt.find(m => m.role === 'tool')!
  return (tool.content[0] as { output: { type: string; value: unknown } }).output
}

/** The `picture` tool's result (registerFrameworkTools) as the AI SDK tool output: image parts. */
export const pictureOutput = {
  type: 'content',
  value: [
    { type: 'text', text: 'a cat' },
    { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
  ],
}

/** Checks a tool output is the `explode` tool's error (registerFrameworkTools), sanitized and redacted. */
export function expectExplodeError(output: { type: string; value: unknown }): void {
  expect(output.type).toBe('error-text')
  expect(output.value).toContain('[TOOL_ERROR] Tool execution failed: Error: disk full')
  expect(JSON.stringify(output)).not.toContain('sk-abcdefghijklmnopqrstuvwx')
  expect(JSON.stringify(output)).not.toContain('<system>')
}
