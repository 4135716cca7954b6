// The OpenAI-compatible model against a fake chat-completions server on
// loopback: first through the built edge Worker in workerd (OPENAI_BASE_URL
// pointed at the fake), then the shared agent kit directly in Node.
import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ToolRegistry, toOpenAITools, type ToolDefinition } from '@toolreg/core'
import { createOpenAIModel, runAgent, type ChatMessage, type Transcript } from '@toolreg/example-agent-kit'
import { buildEdgeAgent, EDGE_MODULES } from '../scripts/lib/edge-build.mjs'
import { getJson, postJson, startWorkerd, type WorkerdServer } from './helpers/workerd.ts'
import { sendJson, serveLoopback, tempDir, type LoopbackServer, type RecordedRequest } from './helpers/examples-env.ts'

interface CompletionRequest {
  model: string
  messages: ChatMessage[]
  tools?: unknown[]
  tool_choice?: unknown
}

function completion(message: Record<string, unknown>) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', ...message },
        finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
      },
    ],
  }
}

function toolCall(id: string, name: string, args: Record<string, unknown>) {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(args) } }
}

/** A chat-completions endpoint that plays `replies` in order, one per request. */
async function fakeChatCompletions(
  replies: ((request: CompletionRequest) => Record<string, unknown>)[],
): Promise<LoopbackServer> {
  let turn = 0
  return serveLoopback((request: RecordedRequest, response: ServerResponse) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions')
      return sendJson(response, { error: { message: 'wrong route' } }, 404)
    const reply = replies[Math.min(turn++, replies.length - 1)]
    sendJson(response, completion(reply(JSON.parse(request.body))))
  })
}

const bodies = (server: LoopbackServer) => server.requests.map(r => JSON.parse(r.body) as CompletionRequest)

describe('the edge Worker in workerd with an OpenAI-compatible endpoint', () => {
  let outDir: Awaited<ReturnType<typeof tempDir>>
  let fake: LoopbackServer
  let worker: WorkerdServer

  beforeAll(async () => {
    outDir = await tempDir('openai')
    const bundle = await buildEdgeAgent({ outDir: outDir.path, logLevel: 'silent' })
    fake = await fakeChatCompletions([
      () => ({
        content: null,
        tool_calls: [
          toolCall('call_abc', 'calculate', { expression: '6*7' }),
          toolCall('call_def', 'convert_units', { value: 5, from: 'km', to: 'm' }),
        ],
      }),
      request => {
        const results = request.messages.filter(m => m.role === 'tool').map(m => JSON.parse(m.content).result)
        return { content: `The answers are ${results.join(' and ')}.` }
      },
    ])
    worker = await startWorkerd({
      bundle,
      chunks: EDGE_MODULES,
      allowLocalNetwork: true,
      bindings: {
        OPENAI_API_KEY: 'sk-test-123',
        OPENAI_BASE_URL: `${fake.origin}/v1`,
        OPENAI_MODEL: 'fake-model',
        TOOL_STORE: 'memory',
      },
    })
  })

  afterAll(async () => {
    await Promise.all([worker?.stop(), fake?.close()])
    await outDir?.remove()
  })

  it('sends the definitions, runs the two tool calls and returns the model answer', async () => {
    const { body: definitions } = await getJson<ToolDefinition[]>(`${worker.url}/tools`)
    const { status, body: transcript } = await postJson<Transcript>(`${worker.url}/chat`, {
      messages: [{ role: 'user', content: 'What is 6*7, and how many metres are 5 km?' }],
    })
    expect(status, JSON.stringify(transcript)).toBe(200)

    // Two model calls: one asking for tools, one answering.
    expect(fake.requests).toHaveLength(2)
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe('Bearer sk-test-123')
      expect(request.headers['content-type']).toMatch(/^application\/json/)
    }
    const [first, second] = bodies(fake)
    expect(first.model).toBe('fake-model')
    // The request carries the registry's definitions, as the worker offers them under its env.
    expect(first.tools).toEqual(toOpenAITools(definitions))
    expect((first.tools as { function: { name: string } }[]).map(t => t.function.name)).toEqual([
      'calculate',
      'convert_units',
      'date_diff',
      'get_time',
      'kv_get',
      'kv_set',
      'run_code',
      'text_stats',
    ])
    expect(second.tools).toEqual(first.tools)

    // The second request replays the assistant's calls and answers each with its dispatch result.
    const assistant = second.messages.find(m => m.role === 'assistant')
    expect(assistant && 'tool_calls' in assistant ? assistant.tool_calls?.map(c => c.id) : []).toEqual([
      'call_abc',
      'call_def',
    ])
    const toolMessages = second.messages.filter((m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool')
    expect(toolMessages.map(m => m.tool_call_id)).toEqual(['call_abc', 'call_def'])
    expect(JSON.parse(toolMessages[0].content)).toEqual({ expression: '6*7', result: 42 })
    expect(JSON.parse(toolMessages[1].content)).toMatchObject({ from: 'km', to: 'm', result: 5000 })

    expect(transcript.model).toBe('openai:fake-model')
    expect(transcript.toolCalls.map(c => [c.id, c.name, c.result])).toEqual(
      toolMessages.map((m, i) => [m.tool_call_id, ['calculate', 'convert_units'][i], m.content]),
    )
    expect(transcript.answer).toBe('The answers are 42 and 5000.')
    expect(transcript.stoppedBy).toBe('answer')
  })
})

describe('the agent kit in Node with an OpenAI-compatible endpoint', () => {
  let fake: LoopbackServer | undefined

  afterAll(async () => {
    await fake?.close()
  })

  function makeRegistry() {
    const registry = new ToolRegistry({ logger: { debug() {}, info() {}, warn() {}, error() {} } })
    registry.register({
      name: 'reverse',
      toolset: 'text',
      schema: {
        description: 'Reverse a string.',
        parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      },
      handler: args => [...String(args.text)].reverse().join(''),
    })
    return registry
  }

  it('never dispatches a tool that was not offered, and stops at the step limit', async () => {
    await fake?.close()
    fake = await fakeChatCompletions([
      () => ({
        content: null,
        tool_calls: [toolCall('c1', 'delete_everything', {}), toolCall('c2', 'reverse', { text: 'abc' })],
      }),
    ])
    const registry = makeRegistry()
    const transcript = await runAgent({
      model: createOpenAIModel({ apiKey: 'k', baseUrl: `${fake.origin}/v1/`, model: 'm' }),
      registry,
      messages: [{ role: 'user', content: 'go' }],
      maxSteps: 2,
    })
    expect(transcript.stoppedBy).toBe('max-steps')
    expect(transcript.answer).toBeNull()
    expect(fake.requests).toHaveLength(2)
    expect(transcript.toolCalls.map(c => [c.name, c.result])).toEqual([
      ['delete_everything', '{"error":"Tool not available: delete_everything"}'],
      ['reverse', 'cba'],
      ['delete_everything', '{"error":"Tool not available: delete_everything"}'],
      ['reverse', 'cba'],
    ])
    expect(bodies(fake)[0].tools).toEqual(toOpenAITools(await registry.getToolDefinitions()))
  })

  it('reports an HTTP error from the endpoint without the key', async () => {
    await fake?.close()
    fake = await serveLoopback((_request, response) => sendJson(response, { error: { message: 'rate limited' } }, 429))
    const run = runAgent({
      model: createOpenAIModel({ apiKey: 'sk-secret-999', baseUrl: `${fake.origin}/v1` }),
      registry: makeRegistry(),
      messages: [{ role: 'user', content: 'hi' }],
    })
    await expect(run).rejects.toThrow(/HTTP 429.*rate limited/)
    await expect(run).rejects.not.toThrow(/sk-secret-999/)
    expect(JSON.parse(fake.requests[0].body).model).toBe('gpt-4o-mini')
  })
})
