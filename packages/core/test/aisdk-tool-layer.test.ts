// toAiSdkTools maps the tool layer to the AI SDK's own features, end to end through generateText
// and streamText with the SDK's mock model: native approval (tool-approval-request → response),
// experimental_context as ctx.run, outputSchema as a structured output, progress as preliminary results.
import { ToolRegistry, toAiSdkTools } from '@toolreg/core'
import { toolLayer } from '@toolreg/core/tool-layer'
import { generateText, jsonSchema, type ModelMessage, stepCountIs, streamText } from 'ai'
import { describe, expect, it } from 'vitest'
import { recordingLogger } from './helpers.js'
import { callThenStop, toolOutput } from './mock-model.js'

function world() {
  const registry = new ToolRegistry({ logger: recordingLogger().logger, toolLayer })
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
    expect(tools.delete_file!.needsApproval).toBe(true)
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
