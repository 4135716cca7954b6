// toAiSdkTools maps the tool layer to the AI SDK's own features, end to end through generateText
// and streamText with the SDK's mock model: native approval (tool-approval-request → response),
// experimental_context as ctx.run, outputSchema as a structured output, progress as preliminary results.
import { ToolRegistry, toAiSdkTools } from '@toolreg/core'
import { generateText, jsonSchema, type ModelMessage, stepCountIs, streamText } from 'ai'
import { describe, expect, it } from 'vitest'
import { recordingLogger, registerTransformingTools } from './helpers.js'
import { callThenStop, toolOutput } from './mock-model.js'

function world() {
  const registry = new ToolRegistry({ logger: recordingLogger().logger })
  const calls: unknown[] = []
  registry.register({
    name: 'delete_file',
    toolset: 'fs',
    schema: { parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
    needsApproval: true,
    handler: (args, ctx) => (calls.push([args, ctx.run]), 'deleted'),
  })
  registry.register({
    name: 'weather',
    toolset: 'w',
    schema: { parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] },
    inputExamples: [{ city: 'Oslo' }],
    handler: (_args, ctx) => ({ temp: 3, user: (ctx.run as { user: string }).user }),
  })
  registry.register({
    name: 'crawl',
    toolset: 'w',
    schema: {},
    handler: async function* () {
      yield { pages: 1 }
      yield { pages: 2 }
      yield 'crawled 2 pages'
    },
  })
  return { registry, calls }
}

describe('toAiSdkTools and the tool layer', () => {
  it('needsApproval is the SDK approval: a request first, the handler runs once after the approval response', async () => {
    const { registry, calls } = world()
    const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
    expect(tools.delete_file!.needsApproval).toBeTypeOf('function')
    const first = callThenStop('delete_file', { path: '/tmp/x' })
    const asked = await generateText({ model: first.model, tools, prompt: 'clean up', stopWhen: stepCountIs(3) })
    const request = asked.content.find(p => p.type === 'tool-approval-request')
    expect(request).toMatchObject({ toolCall: { toolName: 'delete_file', toolCallId: 't1' } })
    expect(calls).toEqual([])

    const messages: ModelMessage[] = [
      { role: 'user', content: 'clean up' },
      ...asked.response.messages,
      {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: request!.approvalId, approved: true }],
      },
    ]
    const second = callThenStop('none', {})
    await generateText({
      model: second.model,
      tools,
      messages,
      experimental_context: { user: 'ada' },
      stopWhen: stepCountIs(1),
    })
    expect(calls).toEqual([[{ path: '/tmp/x' }, { user: 'ada' }]])
    // The result goes to the model in the next prompt, as the tool message of the approved call.
    expect(JSON.stringify(second.prompts[0])).toContain('"value":"deleted"')
  })

  it('outputSchema: the output is the validated object, the model sees JSON; examples and context pass through', async () => {
    const { registry } = world()
    const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
    expect(tools.weather!.inputExamples).toEqual([{ input: { city: 'Oslo' } }])
    expect(tools.weather!.outputSchema).toBeDefined()
    const { model, prompts } = callThenStop('weather', { city: 'Oslo' })
    const r = await generateText({
      model,
      tools,
      prompt: 'weather?',
      experimental_context: { user: 'ada' },
      stopWhen: stepCountIs(3),
    })
    expect(r.steps[0]!.toolResults[0]!.output).toEqual({ temp: 3, user: 'ada' })
    expect(toolOutput(prompts[1]!)).toEqual({ type: 'json', value: { temp: 3, user: 'ada' } })
  })

  it('progress: an async-generator handler streams as preliminary tool results, then the final one', async () => {
    const { registry } = world()
    const tools = toAiSdkTools(await registry.getToolDefinitions(), { jsonSchema, registry })
    const { model } = callThenStop('crawl', {})
    const results: unknown[] = []
    const run = streamText({ model, tools, prompt: 'crawl', stopWhen: stepCountIs(3) })
    for await (const part of run.fullStream)
      if (part.type === 'tool-result') results.push([part.preliminary ?? false, part.output])
    expect(results).toEqual([
      [true, { pages: 1 }],
      [true, { pages: 2 }],
      [true, 'crawled 2 pages'],
      [false, 'crawled 2 pages'],
    ])
  })

  it('a registry the adapter cannot read entries from fails closed on approval', async () => {
    const { registry, calls } = world()
    const tools = toAiSdkTools(await registry.getToolDefinitions(), {
      jsonSchema,
      registry: { dispatch: (n, a, ...c) => registry.dispatch(n, a, ...c) },
    })
    expect(tools.delete_file!.needsApproval).toBeUndefined()
    expect(await tools.delete_file!.execute({ path: '/x' }, { toolCallId: 't9' })).toMatch(/APPROVAL_REQUIRED/)
    expect(calls).toEqual([])
  })
})

describe('toAiSdkTools approval is judged on the validated arguments (trust #1)', () => {
  async function transforming() {
    const registry = new ToolRegistry({ logger: recordingLogger().logger })
    const calls: unknown[] = []
    registerTransformingTools(registry, calls)
    const tools = () => registry.getToolDefinitions().then(d => toAiSdkTools(d, { jsonSchema, registry }))
    return { registry, calls, tools }
  }

  it.each([
    ['read_file', { path: '/tmp/../etc/passwd' }],
    ['wipe', {}],
  ])(
    '%s %j: the SDK asks first (a schema transform or default is what is judged); nothing runs',
    async (name, args) => {
      const { calls, tools } = await transforming()
      const { model } = callThenStop(name, args)
      const r = await generateText({ model, tools: await tools(), prompt: 'go', stopWhen: stepCountIs(3) })
      expect(r.content.find(p => p.type === 'tool-approval-request')).toMatchObject({ toolCall: { toolName: name } })
      expect(calls).toEqual([])
    },
  )

  it('a call the SDK did not ask about is not approved: execute alone, or with other arguments, fails closed', async () => {
    const { calls, tools } = await transforming()
    const t = await tools()
    expect(await t.read_file!.execute({ path: '/tmp/../etc/passwd' }, { toolCallId: 'c1' })).toMatch(
      /APPROVAL_REQUIRED/,
    )
    const ask = t.read_file!.needsApproval as (input: object, o: { toolCallId: string }) => Promise<boolean>
    expect(await ask({ path: '/tmp/../etc/hosts' }, { toolCallId: 'c2' })).toBe(true)
    expect(await t.read_file!.execute({ path: '/tmp/../etc/shadow' }, { toolCallId: 'c2' })).toMatch(
      /APPROVAL_REQUIRED/,
    )
    expect(await t.read_file!.execute({ path: '/tmp/../etc/hosts' }, { toolCallId: 'c3' })).toMatch(/APPROVAL_REQUIRED/)
    // The asked call runs once; its record is spent.
    expect(await t.read_file!.execute({ path: '/tmp/../etc/hosts' }, { toolCallId: 'c2' })).toBe('secret')
    expect(await t.read_file!.execute({ path: '/tmp/../etc/hosts' }, { toolCallId: 'c2' })).toMatch(/APPROVAL_REQUIRED/)
    expect(calls).toEqual([['read_file', { path: '/etc/hosts' }]])
    // A call that needs no approval runs without any record.
    expect(await t.read_file!.execute({ path: '/tmp/a' }, { toolCallId: 'c4' })).toBe('secret')
  })

  it('approved in a later request with tools built anew (a serverless function): the SDK asks again, the call runs once', async () => {
    const { calls, tools } = await transforming()
    const first = callThenStop('wipe', {})
    const asked = await generateText({
      model: first.model,
      tools: await tools(),
      prompt: 'go',
      stopWhen: stepCountIs(3),
    })
    const request = asked.content.find(p => p.type === 'tool-approval-request')!
    const messages: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...asked.response.messages,
      { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }] },
    ]
    await generateText({
      model: callThenStop('none', {}).model,
      tools: await tools(),
      messages,
      stopWhen: stepCountIs(1),
    })
    expect(calls).toEqual([['wipe', { force: true }]])
  })
})
