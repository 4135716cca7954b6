import {
  ToolRegistry,
  toAiSdkTools,
  toAnthropicTools,
  toMcpTools,
  toOpenAITools,
  type ToolCallContext,
  type ToolDefinition,
} from '@toolreg/core'
import { generateText, jsonSchema, stepCountIs, type ToolSet } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { recordingLogger } from './helpers.js'

const PARAMS = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }

function world() {
  const registry = new ToolRegistry({ logger: recordingLogger().logger })
  const calls: { args: Record<string, unknown>; ctx: ToolCallContext }[] = []
  registry.register({
    name: 'search',
    toolset: 'web',
    schema: { description: 'Search the web', parameters: PARAMS },
    handler: (args, ctx) => (calls.push({ args, ctx }), `results for ${String(args.q)}`),
  })
  registry.register({ name: 'now', toolset: 'util', schema: {}, handler: () => 'noon', description: 'The time' })
  return { registry, calls }
}

describe('provider adapters', () => {
  it('toOpenAITools: { type, function: { name, description, parameters } }, missing parameters defaulted', async () => {
    const { registry } = world()
    const defs = await registry.getToolDefinitions()
    expect(toOpenAITools(defs)).toEqual([
      {
        type: 'function',
        function: { name: 'now', description: 'The time', parameters: { type: 'object', properties: {} } },
      },
      { type: 'function', function: { name: 'search', description: 'Search the web', parameters: PARAMS } },
    ])
  })

  it('toAnthropicTools: { name, description, input_schema }', async () => {
    const { registry } = world()
    expect(toAnthropicTools(await registry.getToolDefinitions())).toEqual([
      { name: 'now', description: 'The time', input_schema: { type: 'object', properties: {} } },
      { name: 'search', description: 'Search the web', input_schema: PARAMS },
    ])
  })

  it('toMcpTools: { name, description, inputSchema }', async () => {
    const { registry } = world()
    expect(toMcpTools(await registry.getToolDefinitions())).toEqual([
      { name: 'now', description: 'The time', inputSchema: { type: 'object', properties: {} } },
      { name: 'search', description: 'Search the web', inputSchema: PARAMS },
    ])
  })

  it('adapters drop extra schema keys and tolerate a missing description', () => {
    const defs: ToolDefinition[] = [{ type: 'function', function: { name: 'x', strict: true } }]
    expect(toOpenAITools(defs)).toEqual([
      { type: 'function', function: { name: 'x', description: '', parameters: { type: 'object', properties: {} } } },
    ])
    expect(toAnthropicTools(defs)[0]).toEqual({
      name: 'x',
      description: '',
      input_schema: { type: 'object', properties: {} },
    })
  })

  it('toAiSdkTools builds a ToolSet keyed by name with jsonSchema(parameters)', async () => {
    const { registry } = world()
    const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
    const set: ToolSet = tools // the result type-checks as the AI SDK's ToolSet
    expect(Object.keys(set)).toEqual(['now', 'search'])
    expect(tools.search.description).toBe('Search the web')
    expect(await tools.search.inputSchema.jsonSchema).toEqual(PARAMS)
    expect(await tools.now.inputSchema.jsonSchema).toEqual({ type: 'object', properties: {} })
    expect(typeof tools.search.execute).toBe('function')
  })

  it('toAiSdkTools keys a tool named __proto__ as an own property', () => {
    const tools = toAiSdkTools([{ type: 'function', function: { name: '__proto__' } }], { jsonSchema })
    expect(Object.getPrototypeOf(tools)).toBe(Object.prototype)
    expect(Object.hasOwn(tools, '__proto__')).toBe(true)
  })

  it('execute goes through registry.dispatch with ctx.signal = abortSignal and the base ctx', async () => {
    const { registry, calls } = world()
    const dispatched: unknown[] = []
    const spy = {
      dispatch: (name: string, args?: unknown, ctx?: ToolCallContext) => (
        dispatched.push([name, args, ctx]), registry.dispatch(name, args, ctx)
      ),
    }
    const tools = toAiSdkTools(await registry.getToolDefinitions(), {
      jsonSchema,
      registry: spy,
      ctx: { env: { K: 'v' } },
    })
    const controller = new AbortController()
    const out = await tools.search.execute({ q: 'cats' }, { abortSignal: controller.signal, toolCallId: 'call-1' })
    expect(out).toBe('results for cats')
    expect(dispatched).toHaveLength(1)
    expect(calls[0].args).toEqual({ q: 'cats' })
    expect(calls[0].ctx.signal).toBe(controller.signal)
    expect(calls[0].ctx.env).toEqual({ K: 'v' })
    expect(calls[0].ctx.toolCallId).toBe('call-1')
  })

  it('an aborted SDK signal gives the abort envelope', async () => {
    const { registry } = world()
    const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
    const controller = new AbortController()
    controller.abort('stop')
    expect(await tools.search.execute({ q: 'x' }, { abortSignal: controller.signal, toolCallId: 'c' })).toBe(
      '{"error":"[TOOL_ERROR] Tool execution aborted: stop"}',
    )
  })

  it('works end to end in generateText with the AI SDK’s mock model', async () => {
    const { registry, calls } = world()
    const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    }
    let step = 0
    let offered: unknown
    const model = new MockLanguageModelV3({
      doGenerate: async options => {
        offered ??= options.tools
        step++
        return step === 1
          ? {
              content: [
                { type: 'tool-call', toolCallId: 'call-1', toolName: 'search', input: JSON.stringify({ q: 'otters' }) },
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
    const controller = new AbortController()
    const result = await generateText({
      model,
      tools,
      prompt: 'find otters',
      stopWhen: stepCountIs(3),
      abortSignal: controller.signal,
    })
    expect(result.text).toBe('done')
    expect(calls).toHaveLength(1)
    expect(calls[0].args).toEqual({ q: 'otters' })
    expect(calls[0].ctx.signal).toBeInstanceOf(AbortSignal)
    const toolResults = result.steps.flatMap(s => s.toolResults)
    expect(toolResults.map(r => [r.toolName, r.output])).toEqual([['search', 'results for otters']])
    expect(offered).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'function',
          name: 'search',
          description: 'Search the web',
          inputSchema: PARAMS,
        }),
      ]),
    )
  })
})
