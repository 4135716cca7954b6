// Round trips through the real SDK clients: openai and @anthropic-ai/sdk against a fake API on
// 127.0.0.1, an MCP SDK Client against a registry served through toMcpTools/toMcpCallToolResult,
// and the AI SDK's generateText with a mock model. Bad arguments never reach the handler.
import Anthropic from '@anthropic-ai/sdk'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import {
  ToolRegistry,
  fromStrictArguments,
  toAiSdkTools,
  toAnthropicToolResult,
  toAnthropicTools,
  toMcpCallToolResult,
  toMcpTools,
  toOpenAIResponsesTools,
  toOpenAIToolMessage,
  toOpenAITools,
} from '@toolreg/core'
import { validator } from '@toolreg/core/validate'
import { generateText, jsonSchema, stepCountIs } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { recordingLogger } from './helpers.js'

/** A registry with a zod tool and a JSON Schema tool (checked by @toolreg/core/validate); `calls` lists what reached a handler. */
function world() {
  const registry = new ToolRegistry({ logger: recordingLogger().logger, validator })
  const calls: unknown[] = []
  registry.register({
    name: 'forecast',
    toolset: 'weather',
    schema: {
      description: 'Weather forecast',
      parameters: z.object({ city: z.string(), days: z.number().int().min(1).default(1) }),
    },
    handler: args => (calls.push(args), `${args.city}: sunny for ${args.days} day(s)`),
  })
  registry.register({
    name: 'picture',
    toolset: 'media',
    schema: {
      description: 'A picture',
      parameters: { type: 'object', properties: { of: { type: 'string' } }, required: ['of'] },
    },
    handler: args => (
      calls.push(args),
      {
        _multimodal: true,
        content: [
          { type: 'text', text: `a ${args.of}` },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        ],
      }
    ),
  })
  return { registry, calls }
}

/** A fake model API: answers each POST with the next scripted body and records the requests. */
let http: HttpServer
let base = ''
const requests: { path: string; body: any }[] = []
let script: unknown[] = []
beforeAll(async () => {
  http = createServer((req, res) => {
    let text = ''
    req.on('data', c => (text += c))
    req.on('end', () => {
      requests.push({ path: req.url ?? '', body: JSON.parse(text || '{}') })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(script.shift() ?? { error: 'script exhausted' }))
    })
  })
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>(resolve => http.close(() => resolve())))

describe('openai client (Chat Completions)', () => {
  it('tools → tool calls → dispatch → tool messages; a bad argument comes back as an error message', async () => {
    const { registry, calls } = world()
    requests.length = 0
    const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }
    const call = (id: string, name: string, args: unknown) => ({
      id,
      type: 'function',
      function: { name, arguments: JSON.stringify(args) },
    })
    script = [
      {
        id: 'c1',
        object: 'chat.completion',
        created: 0,
        model: 'fake',
        usage,
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                call('call_1', 'forecast', { city: 42 }),
                call('call_2', 'forecast', { city: 'Oslo' }),
                call('call_3', 'picture', { of: 'cat' }),
              ],
            },
          },
        ],
      },
      {
        id: 'c2',
        object: 'chat.completion',
        created: 0,
        model: 'fake',
        usage,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'done' } }],
      },
    ]
    const client = new OpenAI({ apiKey: 'test', baseURL: base + '/v1', maxRetries: 0 })
    const tools = toOpenAITools(await registry.getToolDefinitions(), { strict: true })
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'weather?' }]
    const first = await client.chat.completions.create({ model: 'fake', messages, tools })
    const message = first.choices[0].message
    messages.push(message)
    for (const tc of message.tool_calls ?? []) {
      if (tc.type !== 'function') continue
      messages.push(toOpenAIToolMessage(tc.id, await registry.dispatch(tc.function.name, tc.function.arguments)))
    }
    const second = await client.chat.completions.create({ model: 'fake', messages, tools })
    expect(second.choices[0].message.content).toBe('done')
    expect(calls).toEqual([{ city: 'Oslo', days: 1 }, { of: 'cat' }])

    expect(requests.map(r => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions'])
    const sentTools = requests[0].body.tools
    expect(
      sentTools.map((t: any) => [t.function.name, t.function.strict, t.function.parameters.additionalProperties]),
    ).toEqual([
      ['forecast', true, false],
      ['picture', true, false],
    ])
    const toolMessages = requests[1].body.messages.filter((m: any) => m.role === 'tool')
    expect(toolMessages.map((m: any) => m.tool_call_id)).toEqual(['call_1', 'call_2', 'call_3'])
    expect(JSON.parse(toolMessages[0].content)).toMatchObject({
      error: expect.stringMatching(/^Invalid arguments for tool forecast: city: /),
      issues: [{ path: 'city' }],
    })
    expect(toolMessages[1].content).toBe('Oslo: sunny for 1 day(s)')
    expect(toolMessages[2].content[0]).toEqual({ type: 'text', text: 'a cat' })
  })
})

describe('openai client (Responses API)', () => {
  it('strict function tools → function_call → dispatch → function_call_output', async () => {
    const { registry, calls } = world()
    requests.length = 0
    const response = (output: unknown[]) => ({
      id: 'resp',
      object: 'response',
      created_at: 0,
      model: 'fake',
      status: 'completed',
      output,
      error: null,
      incomplete_details: null,
      instructions: null,
      metadata: null,
      parallel_tool_calls: true,
      temperature: null,
      tool_choice: 'auto',
      tools: [],
      top_p: null,
    })
    script = [
      response([
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_1',
          name: 'forecast',
          arguments: '{"city":"Oslo","days":null}',
        },
        {
          type: 'function_call',
          id: 'fc_2',
          call_id: 'call_2',
          name: 'forecast',
          arguments: '{"city":"Oslo","days":0}',
        },
      ]),
      response([
        {
          type: 'message',
          id: 'm',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'done', annotations: [] }],
        },
      ]),
    ]
    const client = new OpenAI({ apiKey: 'test', baseURL: base + '/v1', maxRetries: 0 })
    const tools = toOpenAIResponsesTools(await registry.getToolDefinitions(), { strict: true })
    const first = await client.responses.create({ model: 'fake', input: 'weather?', tools })
    const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'weather?' }]
    for (const item of first.output) {
      if (item.type !== 'function_call') continue
      // Strict mode answers "absent" with null: fromStrictArguments drops it, so the default applies.
      const args = fromStrictArguments(registry.getSchema(item.name)?.parameters, item.arguments)
      input.push(item, {
        type: 'function_call_output',
        call_id: item.call_id,
        output: String(await registry.dispatch(item.name, args)),
      })
    }
    const second = await client.responses.create({ model: 'fake', input, tools })
    expect(second.output_text).toBe('done')
    expect(calls).toEqual([{ city: 'Oslo', days: 1 }])
    expect(requests.map(r => r.path)).toEqual(['/v1/responses', '/v1/responses'])
    expect(requests[0].body.tools.map((t: any) => [t.type, t.name, t.strict, t.parameters.required])).toEqual([
      ['function', 'forecast', true, ['city', 'days']],
      ['function', 'picture', true, ['of']],
    ])
    const outputs = requests[1].body.input.filter((i: any) => i.type === 'function_call_output')
    expect(outputs[0].output).toBe('Oslo: sunny for 1 day(s)')
    expect(JSON.parse(outputs[1].output).issues[0].path).toBe('days') // min(1): refused before the handler
  })
})

describe('@anthropic-ai/sdk client (Messages)', () => {
  it('tools → tool_use → dispatch → tool_result with is_error and an image block', async () => {
    const { registry, calls } = world()
    requests.length = 0
    const usage = { input_tokens: 1, output_tokens: 1 }
    const msg = (content: unknown[], stop_reason: string) => ({
      id: 'msg',
      type: 'message',
      role: 'assistant',
      model: 'fake',
      content,
      stop_reason,
      stop_sequence: null,
      usage,
    })
    script = [
      msg(
        [
          { type: 'tool_use', id: 'toolu_1', name: 'forecast', input: { city: 'Oslo', days: 0 } },
          { type: 'tool_use', id: 'toolu_2', name: 'picture', input: { of: 'dog' } },
        ],
        'tool_use',
      ),
      msg([{ type: 'text', text: 'done' }], 'end_turn'),
    ]
    const client = new Anthropic({ apiKey: 'test', baseURL: base, maxRetries: 0 })
    const tools = toAnthropicTools(await registry.getToolDefinitions())
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'weather?' }]
    const first = await client.messages.create({ model: 'fake', max_tokens: 100, messages, tools })
    messages.push({ role: 'assistant', content: first.content })
    const results: Anthropic.ToolResultBlockParam[] = []
    for (const block of first.content) {
      if (block.type === 'tool_use')
        results.push(toAnthropicToolResult(block.id, await registry.dispatch(block.name, block.input)))
    }
    messages.push({ role: 'user', content: results })
    const second = await client.messages.create({ model: 'fake', max_tokens: 100, messages, tools })
    expect(second.content).toEqual([{ type: 'text', text: 'done' }])
    expect(calls).toEqual([{ of: 'dog' }])

    expect(requests.map(r => r.path)).toEqual(['/v1/messages', '/v1/messages'])
    expect(requests[0].body.tools.map((t: any) => [t.name, t.input_schema.type])).toEqual([
      ['forecast', 'object'],
      ['picture', 'object'],
    ])
    const sent = requests[1].body.messages[2].content
    expect(sent[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true })
    expect(JSON.parse(sent[0].content).issues[0].path).toBe('days')
    expect(sent[1]).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_2',
      is_error: false,
      content: [
        { type: 'text', text: 'a dog' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      ],
    })
  })
})

describe('@modelcontextprotocol/sdk Client', () => {
  it('lists and calls a registry served through toMcpTools / toMcpCallToolResult', async () => {
    const { registry, calls } = world()
    const server = new Server({ name: 'toolreg', version: '1' }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: toMcpTools(await registry.getToolDefinitions()),
    }))
    server.setRequestHandler(CallToolRequestSchema, async req =>
      toMcpCallToolResult(await registry.dispatch(req.params.name, req.params.arguments)),
    )
    const client = new Client({ name: 'test', version: '1' })
    const [a, b] = InMemoryTransport.createLinkedPair()
    await server.connect(b)
    await client.connect(a)
    try {
      const { tools } = await client.listTools()
      expect(tools.map(t => t.name)).toEqual(['forecast', 'picture'])
      // Every inputSchema compiles with a JSON Schema validator and accepts/rejects as the registry does.
      const ajv = new AjvJsonSchemaValidator()
      const check = ajv.getValidator(tools[0].inputSchema)
      expect(check({ city: 'Oslo' }).valid).toBe(true)
      expect(check({ city: 1 }).valid).toBe(false)
      ajv.getValidator(tools[1].inputSchema)

      const ok = await client.callTool({ name: 'forecast', arguments: { city: 'Rome', days: 2 } })
      expect(ok).toEqual({ content: [{ type: 'text', text: 'Rome: sunny for 2 day(s)' }], isError: false })
      const bad = await client.callTool({ name: 'forecast', arguments: { city: 'Rome', days: 'two' } })
      expect(bad.isError).toBe(true)
      expect(JSON.parse((bad.content as { text: string }[])[0].text).issues[0].path).toBe('days')
      const pic = await client.callTool({ name: 'picture', arguments: { of: 'owl' } })
      expect(pic.content).toEqual([
        { type: 'text', text: 'a owl' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ])
      expect(calls).toEqual([{ city: 'Rome', days: 2 }, { of: 'owl' }])
    } finally {
      await client.close()
    }
  })
})

describe('AI SDK generateText', () => {
  it('a bad argument is rejected before the handler and reaches the model as an error output; images as image parts', async () => {
    const { registry, calls } = world()
    const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    }
    const prompts: unknown[] = []
    let step = 0
    const model = new MockLanguageModelV3({
      doGenerate: async options => {
        prompts.push(options.prompt)
        return ++step === 1
          ? {
              content: [
                {
                  type: 'tool-call',
                  toolCallId: 't1',
                  toolName: 'forecast',
                  input: JSON.stringify({ city: 'Oslo', days: 'many' }),
                },
                { type: 'tool-call', toolCallId: 't2', toolName: 'picture', input: JSON.stringify({ of: 'fox' }) },
              ],
              finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: 'text', text: 'done' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            }
      },
    })
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(3) })
    expect(result.text).toBe('done')
    expect(calls).toEqual([{ of: 'fox' }])
    const toolMessage = (prompts[1] as { role: string; content: any[] }[]).find(m => m.role === 'tool')!
    const [forecast, picture] = toolMessage.content
    expect(forecast.output.type).toBe('error-text')
    expect(forecast.output.value).toMatch(/^\{"error":"Invalid arguments for tool forecast: days: /)
    expect(picture.output).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'a fox' },
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
      ],
    })
  })
})
