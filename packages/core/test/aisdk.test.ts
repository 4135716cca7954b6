// toAiSdkTools against every point of the core README's framework table, end to end through
// generateText with the AI SDK's mock model and the tools every framework adapter test drives:
// errors as error-text with the sanitized, redacted text, images as image parts, toolreg's
// validation message once, fresh mutable schemas, and the abort signal, call id and
// experimental_context reaching the handler. Approval, outputSchema and progress:
// aisdk-tool-layer.test.ts.
import { ToolRegistry, toAiSdkTools } from '@toolreg/core'
import { validator } from '@toolreg/core/validate'
import { generateText, jsonSchema, stepCountIs } from 'ai'
import { describe, expect, it } from 'vitest'
import { recordingLogger, registerFrameworkTools, registerSignalTool } from './helpers.js'
import { callThenStop, expectExplodeError, pictureOutput, toolOutput } from './mock-model.js'

async function turn(toolName: string, input: object, options: { context?: unknown } = {}) {
  const registry = new ToolRegistry({ logger: recordingLogger().logger, validator })
  const calls: unknown[] = []
  registerFrameworkTools(registry, calls)
  const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
  const { model, prompts } = callThenStop(toolName, input)
  const result = await generateText({
    model,
    tools,
    prompt: 'go',
    stopWhen: stepCountIs(3),
    experimental_context: options.context,
  })
  const output = () => toolOutput(prompts[1]!)
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
    expectExplodeError(output())
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
    expect(output()).toEqual(pictureOutput)
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
    const registry = new ToolRegistry({ logger: recordingLogger().logger })
    const signals = registerSignalTool(registry)
    const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
    await tools.wait!.execute({}, { toolCallId: 'c', abortSignal: controller.signal })
    expect(signals[0]?.aborted).toBe(false)
    controller.abort()
    expect(signals[0]?.aborted).toBe(true)
  })
})
