// toLangChainTools end to end through createAgent with LangChain's own scripted model (fakeModel):
// errors as ToolMessages with status 'error', images as image blocks, toolreg's validation message
// once, approval as a LangGraph interrupt resumed with LangChain's human-in-the-loop answer,
// `invoke(…, { context })` as ctx.run, outputSchema as the artifact, progress to the stream writer.
import { validate } from '@cfworker/json-schema'
import { Command, MemorySaver } from '@langchain/langgraph'
import { ToolRegistry, toLangChainTools } from '@toolreg/core'
import { validator } from '@toolreg/core/validate'
import { AIMessage, type BaseMessage, createAgent, fakeModel, ToolMessage, tool } from 'langchain'
import { describe, expect, it } from 'vitest'
import { recordingLogger, registerFrameworkTools, registerLayerTools } from './helpers.js'

function world() {
  const registry = new ToolRegistry({ logger: recordingLogger().logger, validator })
  const calls: unknown[] = []
  registerFrameworkTools(registry, calls)
  registerLayerTools(registry)
  return { registry, calls }
}

async function agentFor(name: string, args: Record<string, unknown>, options: { checkpointer?: MemorySaver } = {}) {
  const { registry, calls } = world()
  const model = fakeModel()
    .respondWithTools([{ name, args, id: 'call_1' }])
    .respond(new AIMessage('done'))
  const tools = toLangChainTools(await registry.getToolDefinitions(), { tool, registry })
  const agent = createAgent({ model, tools, ...options })
  return { agent, model, calls, tools }
}
const toolMessage = (messages: BaseMessage[]) => messages.find(m => ToolMessage.isInstance(m)) as ToolMessage

describe('toLangChainTools through createAgent', () => {
  it('a valid call: the handler gets the args, the tool-call id and invoke(…, { context }) as ctx.run', async () => {
    const { agent, calls, model } = await agentFor('forecast', { city: 'Oslo' })
    const r = await agent.invoke({ messages: [{ role: 'user', content: 'weather?' }] }, { context: { user: 'ada' } })
    const m = toolMessage(r.messages)
    expect(m.status).toBe('success')
    expect(m.content).toBe('Oslo: sunny')
    expect(calls).toEqual([[{ city: 'Oslo' }, { user: 'ada' }, 'call_1']])
    expect(model.callCount).toBe(2)
  })

  it('schemas are fresh mutable copies: LangChain may write into them (it crashed on frozen ones)', async () => {
    const { registry } = world()
    const defs = await registry.getToolDefinitions()
    const [a, b] = [toLangChainTools(defs, { tool, registry }), toLangChainTools(defs, { tool, registry })]
    const frozen = defs.find(d => d.function.name === 'picture')!.function.parameters!
    const i = defs.findIndex(d => d.function.name === 'picture')
    // What LangChain's validator does to a schema (dereference writes __absolute_uri__): toolreg's own throws.
    expect(() => validate({ of: 'x' }, frozen as never)).toThrow(/not extensible/)
    expect(validate({ of: 'x' }, a[i]!.schema as never).valid).toBe(true)
    expect(a[i]!.schema).not.toBe(b[i]!.schema)
    expect(b[i]!.schema).toEqual(frozen)
  })

  it('a throwing tool: a ToolMessage with status error carrying the sanitized, redacted text', async () => {
    const { agent } = await agentFor('explode', {})
    const r = await agent.invoke({ messages: [{ role: 'user', content: 'go' }] })
    const m = toolMessage(r.messages)
    expect(m.status).toBe('error')
    expect(m.content).toContain('[TOOL_ERROR] Tool execution failed: Error: disk full')
    expect(m.content).not.toContain('<system>')
    expect(m.content).not.toContain('sk-abcdefghijklmnopqrstuvwx')
  })

  it('bad arguments: toolreg message reaches the model once, as an error, and the handler never runs', async () => {
    const { agent, calls } = await agentFor('forecast', { town: 3 })
    const r = await agent.invoke({ messages: [{ role: 'user', content: 'weather?' }] })
    const m = toolMessage(r.messages)
    expect(m.status).toBe('error')
    const text = String(m.content)
    expect(text).toContain('Invalid arguments for tool forecast')
    expect(text.split('Invalid arguments').length).toBe(2)
    expect(text).not.toContain('did not match expected schema')
    expect(calls).toEqual([])
  })

  it('an image tool: standard image content blocks in the ToolMessage, not base64 in text', async () => {
    const { agent } = await agentFor('picture', { of: 'cat' })
    const r = await agent.invoke({ messages: [{ role: 'user', content: 'draw' }] })
    expect(toolMessage(r.messages).content).toEqual([
      { type: 'text', text: 'a cat' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ])
  })

  it('needsApproval: a LangGraph interrupt first, the handler runs once after { decisions: [{ type: approve }] }', async () => {
    const { agent, calls } = await agentFor('delete_file', { path: '/tmp/x' }, { checkpointer: new MemorySaver() })
    const config = { configurable: { thread_id: 't1' }, context: { user: 'ada' } }
    const asked = await agent.invoke({ messages: [{ role: 'user', content: 'clean up' }] }, config)
    expect(asked.__interrupt__?.[0]?.value).toEqual({
      actionRequests: [
        { name: 'delete_file', args: { path: '/tmp/x' }, description: 'Tool execution requires approval: delete_file' },
      ],
      reviewConfigs: [{ actionName: 'delete_file', allowedDecisions: ['approve', 'edit', 'reject'] }],
    })
    expect(calls).toEqual([])
    const done = await agent.invoke(new Command({ resume: { decisions: [{ type: 'approve' }] } }), config)
    expect(calls).toEqual([[{ path: '/tmp/x' }, { user: 'ada' }]])
    expect(toolMessage(done.messages).content).toBe('deleted')
  })

  it('needsApproval rejected: an error ToolMessage, the handler never runs', async () => {
    const { agent, calls } = await agentFor('delete_file', { path: '/tmp/x' }, { checkpointer: new MemorySaver() })
    const config = { configurable: { thread_id: 't2' } }
    await agent.invoke({ messages: [{ role: 'user', content: 'clean up' }] }, config)
    const done = await agent.invoke(new Command({ resume: { decisions: [{ type: 'reject' }] } }), config)
    const m = toolMessage(done.messages)
    expect([m.status, m.content]).toEqual(['error', expect.stringContaining('[APPROVAL_DENIED]')])
    expect(calls).toEqual([])
  })

  it('needsApproval edited: the handler runs once, with the arguments the human edited', async () => {
    const { agent, calls } = await agentFor('delete_file', { path: '/tmp/x' }, { checkpointer: new MemorySaver() })
    const config = { configurable: { thread_id: 't3' }, context: { user: 'ada' } }
    await agent.invoke({ messages: [{ role: 'user', content: 'clean up' }] }, config)
    const editedAction = { name: 'delete_file', args: { path: '/tmp/y' } }
    const done = await agent.invoke(new Command({ resume: { decisions: [{ type: 'edit', editedAction }] } }), config)
    expect(calls).toEqual([[{ path: '/tmp/y' }, { user: 'ada' }]])
    expect(toolMessage(done.messages).content).toBe('deleted')
  })

  it("needsApproval edited into bad arguments: toolreg's message, as an error, and the handler never runs", async () => {
    const { agent, calls } = await agentFor('delete_file', { path: '/tmp/x' }, { checkpointer: new MemorySaver() })
    const config = { configurable: { thread_id: 't4' } }
    await agent.invoke({ messages: [{ role: 'user', content: 'clean up' }] }, config)
    const editedAction = { name: 'delete_file', args: { path: 7 } }
    const done = await agent.invoke(new Command({ resume: { decisions: [{ type: 'edit', editedAction }] } }), config)
    const m = toolMessage(done.messages)
    expect(m.status).toBe('error')
    expect(String(m.content).split('Invalid arguments for tool delete_file').length).toBe(2)
    expect(calls).toEqual([])
  })

  it('needsApproval without a checkpointer fails closed: an error, never the handler', async () => {
    const { agent, calls } = await agentFor('delete_file', { path: '/tmp/x' })
    const r = await agent.invoke({ messages: [{ role: 'user', content: 'clean up' }] })
    expect(toolMessage(r.messages).status).toBe('error')
    expect(calls).toEqual([])
  })

  it('outputSchema: the object is the ToolMessage artifact; progress goes to the custom stream', async () => {
    const weather = await agentFor('weather', {})
    const r = await weather.agent.invoke({ messages: [{ role: 'user', content: 'weather?' }] })
    expect(toolMessage(r.messages).artifact).toEqual({ temp: 3 })
    expect(toolMessage(r.messages).content).toBe('{"temp":3}')

    const crawl = await agentFor('crawl', {})
    const custom: unknown[] = []
    for await (const [mode, chunk] of await crawl.agent.stream(
      { messages: [{ role: 'user', content: 'crawl' }] },
      { streamMode: ['custom', 'updates'] },
    ))
      if (mode === 'custom') custom.push(chunk)
    expect(custom).toEqual([{ pages: 1 }, { pages: 2 }])
  })
})
