// toAiSdkTools against every point of the core README's framework table, end to end through
// generateText with the AI SDK's mock model and the tools every framework adapter test drives:
// errors as error-text with the sanitized, redacted text, images as image parts, toolreg's
// validation message once, fresh mutable schemas, and the abort signal, call id and
// experimental_context reaching the handler. Approval, outputSchema and progress:
// aisdk-tool-layer.test.ts.
import { ToolRegistry, toAiSdkTools } from '@toolreg/core'
import { toolLayer } from '@toolreg/core/tool-layer'
import { validator } from '@toolreg/core/validate'
import { generateText, jsonSchema, stepCountIs } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { recordingLogger, registerFrameworkTools } from './helpers.js'

type Prompt = Parameters<MockLanguageModelV3['doGenerate']>[0]['prompt']
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}

async function turn(toolName: string, input: object, options: { context?: unknown } = {}) {
  const registry = new ToolRegistry({ logger: recordingLogger().logger, validator, toolLayer })
  const calls: unknown[] = []
  registerFrameworkTools(registry, calls)
  const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
  const prompts: Prompt[] = []
  const model = new MockLanguageModelV3({
    doGenerate: async o => {
      prompts.push(o.prompt)
      return prompts.length === 1
        ? {
            content: [{ type: 'tool-call', toolCallId: 't1', toolName, input: JSON.stringify(input) }],
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
  const result = await generateText({
    model,
    tools,
    prompt: 'go',
    stopWhen: stepCountIs(3),
    experimental_context: options.context,
  })
  const output = () => {
    const tool = prompts[1]!.find(m => m.role === 'tool')!
    return (tool.content[0] as { output: { type: string; value: unknown } }).output
  }
  return { result, calls, output, tools, registry }
}

describe('toAiSdkTools through generateText', () => {
  it('a valid call: the handler gets the call id and experimental_context as ctx.run', async () => {
    const { calls, output } = await turn('forecast', { city: 'Oslo' }, { context: { user: 'ada' } })
    expect(calls).toEqual([[{ city: 'Oslo' }, { user: 'ada' }, 't1']])
    expect(output()).toEqual({ type: 'text', value: 'Oslo: sunny' })
  })

  it('a throwing tool: an error-text output with the sanitized, redacted text', async () => {
    const { output, result } = await turn('explode', {})
    expect(output().type).toBe('error-text')
    expect(output().value).toContain('[TOOL_ERROR] Tool execution failed: Error: disk full')
    expect(JSON.stringify(output())).not.toContain('sk-abcdefghijklmnopqrstuvwx')
    expect(JSON.stringify(output())).not.toContain('<system>')
    expect(result.text).toBe('done')
  })

  it('bad arguments: toolreg message once, the handler never runs', async () => {
    const { output, calls } = await turn('forecast', { city: 3 })
    expect(output().type).toBe('error-text')
    expect(String(output().value).split('Invalid arguments for tool forecast').length).toBe(2)
    expect(calls).toEqual([])
  })

  it('an image tool: image parts, not base64 inside text', async () => {
    const { output } = await turn('picture', { of: 'cat' })
    expect(output()).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'a cat' },
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
      ],
    })
  })

  it('schemas are fresh mutable copies: writing into one leaves the registry and the next copy untouched', async () => {
    const { tools, registry } = await turn('forecast', { city: 'Oslo' })
    const given = (await tools.forecast!.inputSchema.jsonSchema) as { properties: Record<string, unknown> }
    given.properties.extra = { type: 'string' }
    const defs = await registry.getToolDefinitions()
    expect(Object.keys(defs.find(d => d.function.name === 'forecast')!.function.parameters!.properties!)).toEqual([
      'city',
      'days',
    ])
    const again = toAiSdkTools(defs, { jsonSchema, registry })
    expect(Object.keys((await again.forecast!.inputSchema.jsonSchema).properties!)).toEqual(['city', 'days'])
  })

  it('abort: the abortSignal the SDK hands execute is ctx.signal', async () => {
    const controller = new AbortController()
    const registry = new ToolRegistry({ logger: recordingLogger().logger, toolLayer })
    const signals: (AbortSignal | undefined)[] = []
    registry.register({
      name: 'wait',
      toolset: 'w',
      schema: {},
      handler: (_a, ctx) => (signals.push(ctx.signal), 'ok'),
    })
    const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
    await tools.wait!.execute({}, { toolCallId: 'c', abortSignal: controller.signal })
    expect(signals[0]?.aborted).toBe(false)
    controller.abort()
    expect(signals[0]?.aborted).toBe(true)
  })
})
