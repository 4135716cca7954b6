// toMastraTools end to end through Mastra's own Agent (@mastra/core) with the AI SDK's mock model:
// errors as Mastra's error-text output with the sanitized text, images as image parts, toolreg's
// validation message once (Mastra's own check is not run), requireApproval as Mastra's suspension →
// approveToolCallGenerate, the request context as ctx.run, progress as tool-output chunks,
// outputSchema as the object result.
import { Mastra } from '@mastra/core'
import { Agent } from '@mastra/core/agent'
import { RequestContext } from '@mastra/core/request-context'
import { InMemoryStore } from '@mastra/core/storage'
import { createTool } from '@mastra/core/tools'
import { ToolRegistry, toMastraTools } from '@toolreg/core'
import { validator } from '@toolreg/core/validate'
import { describe, expect, it } from 'vitest'
import {
  recordingLogger,
  registerFrameworkTools,
  registerLayerTools,
  registerSignalTool,
  registerTransformingTools,
} from './helpers.js'
import { callThenStop, expectExplodeError, pictureOutput, toolOutput } from './mock-model.js'

async function world() {
  const registry = new ToolRegistry({ logger: recordingLogger().logger, validator })
  const calls: unknown[] = []
  registerFrameworkTools(registry, calls)
  registerLayerTools(registry)
  const tools = toMastraTools(await registry.getToolDefinitions(), { createTool, registry })
  return { registry, calls, tools }
}

/** One `agent.generate` turn, the agent registered on a Mastra with storage (approval resumes from it). */
async function turn(name: string, args: object, context?: Record<string, string>) {
  const { calls, tools } = await world()
  const { model, prompts, tools: seen } = callThenStop(name, args)
  const mastra = new Mastra({
    agents: { a: new Agent({ id: 'a', name: 'a', instructions: 'help', model, tools }) },
    storage: new InMemoryStore(),
    logger: false,
  })
  const agent = mastra.getAgent('a')
  const requestContext = context && new RequestContext(Object.entries(context))
  const out = await agent.generate('go', requestContext ? { requestContext } : {})
  /** The tool result the model was sent back on its second step. */
  const output = () => toolOutput(prompts[1]!)
  return { out, calls, output, agent, prompts, seen, requestContext }
}

describe('toMastraTools through a Mastra Agent', () => {
  it('a valid call: the model sees the schema, the handler gets the call id and the request context as ctx.run', async () => {
    const { calls, output, seen } = await turn('forecast', { city: 'Oslo' }, { user: 'ada' })
    const forecast = (seen[0] as { name: string; inputSchema: object }[]).find(t => t.name === 'forecast')
    expect(forecast?.inputSchema).toMatchObject({ type: 'object', properties: { city: { type: 'string' } } })
    expect(calls).toEqual([[{ city: 'Oslo' }, { user: 'ada' }, 't1']])
    expect(output()).toEqual({ type: 'text', value: 'Oslo: sunny' })
  })

  it('a throwing tool: Mastra records a tool error, the model gets the sanitized, redacted text', async () => {
    const { output, out } = await turn('explode', {})
    expectExplodeError(output())
    // Mastra's failure path: a call with no result, its step part an error output.
    expect(out.toolCalls).toHaveLength(1)
    expect(out.toolResults).toEqual([])
    expect(out.steps[0]!.content.find(p => p.type === 'tool-result')).toMatchObject({ output: { type: 'error-text' } })
    expect(out.text).toBe('done')
  })

  it('bad arguments: toolreg message once (Mastra does not check first), the handler never runs', async () => {
    const { output, calls } = await turn('forecast', { city: 3 })
    expect(output().type).toBe('error-text')
    const text = String(output().value)
    expect(text).toContain('Invalid arguments for tool forecast')
    expect(text.split('Invalid arguments').length).toBe(2)
    expect(text).not.toContain('Tool input validation failed')
    expect(calls).toEqual([])
  })

  it('an image tool: the model gets an image part, not base64 inside text', async () => {
    const { output } = await turn('picture', { of: 'cat' })
    expect(output()).toEqual(pictureOutput)
  })

  it('needsApproval: the run suspends first, the handler runs once after approveToolCallGenerate', async () => {
    const { out, calls, agent, requestContext } = await turn('delete_file', { path: '/tmp/x' }, { user: 'ada' })
    expect(out.finishReason).toBe('suspended')
    expect(out.suspendPayload).toMatchObject({ toolName: 'delete_file', args: { path: '/tmp/x' } })
    expect(calls).toEqual([])
    const done = await agent.approveToolCallGenerate({ runId: out.runId!, toolCallId: 't1', requestContext })
    expect(calls).toEqual([[{ path: '/tmp/x' }, { user: 'ada' }]])
    expect(done.text).toBe('done')
  })

  it('needsApproval declined: declineToolCallGenerate, the handler never runs', async () => {
    const { out, calls, agent } = await turn('delete_file', { path: '/tmp/x' })
    expect(out.finishReason).toBe('suspended')
    const done = await agent.declineToolCallGenerate({ runId: out.runId!, toolCallId: 't1' })
    expect(done.text).toBe('done')
    expect(calls).toEqual([])
  })

  it('a needsApproval function: Mastra asks it per call, with the request context as ctx.run', async () => {
    const { registry } = await world()
    registry.register({
      name: 'guarded',
      toolset: 'fs',
      schema: {},
      needsApproval: (_args, ctx) => (ctx.run as { user?: string } | undefined)?.user !== 'admin',
      handler: () => 'done it',
    })
    const tools = toMastraTools(await registry.getToolDefinitions(), { createTool, registry })
    const ask = async (user: string) => {
      const agent = new Agent({
        id: 'a',
        name: 'a',
        instructions: 'help',
        model: callThenStop('guarded', {}).model,
        tools,
      })
      return (await agent.generate('go', { requestContext: new RequestContext([['user', user]]) })).finishReason
    }
    expect(await ask('ada')).toBe('suspended')
    expect(await ask('admin')).toBe('stop')
    // No request context given: the base ctx's run.
    const base = toMastraTools(await registry.getToolDefinitions(), {
      createTool,
      registry,
      ctx: { run: { user: 'admin' } },
    })
    const agent = new Agent({
      id: 'a',
      name: 'a',
      instructions: 'help',
      model: callThenStop('guarded', {}).model,
      tools: base,
    })
    expect((await agent.generate('go')).finishReason).toBe('stop')
  })

  it('outputSchema: the declared schema goes to Mastra and the result is the object', async () => {
    const { output, out } = await turn('weather', { city: 'Oslo' })
    expect(output()).toEqual({ type: 'json', value: { temp: 3 } })
    expect(out.toolResults[0]?.payload.result).toEqual({ temp: 3 })
    const { tools } = await world()
    expect(tools.weather!.outputSchema?.['~standard'].jsonSchema.output({ target: 'draft-07' })).toEqual({
      type: 'object',
      properties: { temp: { type: 'number' } },
      required: ['temp'],
    })
  })

  it('progress: each value but the last is a tool-output chunk of the stream', async () => {
    const { tools } = await world()
    const { model, prompts } = callThenStop('crawl', {})
    const agent = new Agent({ id: 'a', name: 'a', instructions: 'help', model, tools })
    const stream = await agent.stream('go')
    const progress: unknown[] = []
    for await (const c of stream.fullStream) if (c.type === 'tool-output') progress.push(c.payload.output)
    expect(progress).toEqual([{ pages: 1 }, { pages: 2 }])
    expect(toolOutput(prompts[1]!)).toEqual({ type: 'text', value: 'crawled 2 pages' })
  })

  it("abort: generate's abortSignal reaches ctx.signal", async () => {
    const { registry } = await world()
    const signals = registerSignalTool(registry)
    const tools = toMastraTools(await registry.getToolDefinitions(), { createTool, registry })
    const agent = new Agent({ id: 'a', name: 'a', instructions: 'help', model: callThenStop('wait', {}).model, tools })
    const controller = new AbortController()
    await agent.generate('go', { abortSignal: controller.signal })
    expect(signals[0]?.aborted).toBe(false)
    controller.abort()
    expect(signals[0]?.aborted).toBe(true)
  })

  it("inputExamples and annotations: Mastra's inputExamples and mcp.annotations", async () => {
    const { registry } = await world()
    registry.register({
      name: 'rm',
      toolset: 'fs',
      schema: { parameters: { type: 'object', properties: { path: { type: 'string' } } } },
      inputExamples: [{ path: '/tmp/a' }],
      annotations: { destructiveHint: true },
      handler: () => 'removed',
    })
    const tools = toMastraTools(await registry.getToolDefinitions(), { createTool, registry })
    expect(tools.rm!.inputExamples).toEqual([{ input: { path: '/tmp/a' } }])
    expect(tools.rm!.mcp).toEqual({ annotations: { destructiveHint: true } })
  })

  it('schemas are fresh copies: writing into what Mastra is given leaves the registry untouched', async () => {
    const { tools, registry } = await world()
    const given = tools.forecast!.inputSchema!['~standard'].jsonSchema.input({ target: 'draft-07' })
    ;(given.properties as Record<string, unknown>).extra = { type: 'string' }
    const again = (await registry.getToolDefinitions()).find(d => d.function.name === 'forecast')!.function
    expect(Object.keys(again.parameters!.properties as object)).toEqual(['city', 'days'])
  })
})

describe('toMastraTools approval is judged on the validated arguments (trust #1)', () => {
  async function transforming(name: string, args: object) {
    const registry = new ToolRegistry({ logger: recordingLogger().logger })
    const calls: unknown[] = []
    registerTransformingTools(registry, calls)
    const tools = toMastraTools(await registry.getToolDefinitions(), { createTool, registry })
    const { model } = callThenStop(name, args)
    const mastra = new Mastra({
      agents: { a: new Agent({ id: 'a', name: 'a', instructions: 'help', model, tools }) },
      storage: new InMemoryStore(),
      logger: false,
    })
    return { calls, tools, agent: mastra.getAgent('a') }
  }

  it.each([
    ['read_file', { path: '/tmp/../etc/passwd' }],
    ['wipe', {}],
  ])('%s %j: the run suspends first, the handler runs only after approveToolCallGenerate', async (name, args) => {
    const { calls, agent } = await transforming(name, args)
    const out = await agent.generate('go')
    expect(out.finishReason).toBe('suspended')
    expect(calls).toEqual([])
    await agent.approveToolCallGenerate({ runId: out.runId!, toolCallId: 't1' })
    expect(calls).toHaveLength(1)
  })

  it('execute Mastra did not gate is not approved: fails closed', async () => {
    const { calls, tools } = await transforming('none', {})
    const wipe = tools.wipe as unknown as { execute(input: unknown, c: object): Promise<unknown> }
    await expect(wipe.execute({}, {})).rejects.toThrow(/APPROVAL_REQUIRED/)
    expect(calls).toEqual([])
  })
})
