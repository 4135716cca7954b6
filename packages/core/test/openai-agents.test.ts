// toOpenAIAgentsTools end to end through @openai/agents' run() with a scripted Model: errors on
// the function span and as the sanitized text (the adapter's errorFunction), images as
// ToolOutputImage, toolreg's validation message once, strict mode built in, needsApproval as
// the SDK's interruption → state.approve, run(…, { context }) as ctx.run.
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  run,
  setTracingDisabled,
  tool,
  Usage,
} from '@openai/agents'
import { ToolRegistry, toOpenAIAgentsTools } from '@toolreg/core'
import { validator } from '@toolreg/core/validate'
import { describe, expect, it } from 'vitest'
import { recordingLogger, registerFrameworkTools, registerLayerTools, registerTransformingTools } from './helpers.js'

setTracingDisabled(true)

/** A Model answering one function call, then "done"; `requests` keeps what it was sent. */
function scripted(name: string, args: object) {
  const requests: ModelRequest[] = []
  const model: Model = {
    async getResponse(request): Promise<ModelResponse> {
      requests.push(structuredClone(request))
      return {
        usage: new Usage(),
        output:
          requests.length === 1
            ? [{ type: 'function_call', callId: 'call_1', name, arguments: JSON.stringify(args), status: 'completed' }]
            : [
                {
                  type: 'message',
                  role: 'assistant',
                  status: 'completed',
                  content: [{ type: 'output_text', text: 'done' }],
                },
              ],
      }
    },
    getStreamedResponse() {
      throw new Error('not scripted')
    },
  }
  return { model, requests }
}

function world() {
  const registry = new ToolRegistry({ logger: recordingLogger().logger, validator })
  const calls: unknown[] = []
  registerFrameworkTools(registry, calls)
  registerLayerTools(registry)
  return { registry, calls }
}

async function turn(name: string, args: object, context?: unknown, onProgress?: (value: unknown) => void) {
  const { registry, calls } = world()
  const { model, requests } = scripted(name, args)
  const tools = toOpenAIAgentsTools(await registry.getToolDefinitions(), { tool, registry, ctx: { onProgress } })
  const agent = new Agent({ name: 'a', model, tools })
  const result = await run(agent, 'go', { context })
  /** The function_call_result the model was sent back. */
  const output = () =>
    (requests[1]!.input as { type: string; output?: unknown }[]).find(i => i.type === 'function_call_result')?.output
  return { result, calls, output, agent, requests, tools }
}

describe('toOpenAIAgentsTools through run()', () => {
  it('a valid call: strict schema, null optional dropped, the call id and run(…, { context }) as ctx.run', async () => {
    const { calls, output, tools } = await turn('forecast', { city: 'Oslo', days: null }, { user: 'ada' })
    const t = tools.find(x => x.name === 'forecast')!
    expect(t.strict).toBe(true)
    expect(t.parameters).toMatchObject({ additionalProperties: false, required: ['city', 'days'] })
    expect(calls).toEqual([[{ city: 'Oslo' }, { user: 'ada' }, 'call_1']])
    expect(output()).toMatchObject({ type: 'text', text: 'Oslo: sunny' })
  })

  it('a throwing tool: the model gets the sanitized, redacted text (not the SDK default)', async () => {
    const { output, result } = await turn('explode', {})
    const text = JSON.stringify(output())
    expect(text).toContain('[TOOL_ERROR] Tool execution failed: Error: disk full')
    expect(text).not.toContain('sk-abcdefghijklmnopqrstuvwx')
    expect(text).not.toContain('An error occurred while running the tool')
    expect(result.finalOutput).toBe('done')
  })

  it('bad arguments: toolreg message once, the handler never runs', async () => {
    const { output, calls } = await turn('forecast', { city: 3, days: null })
    const text = JSON.stringify(output())
    expect(text).toContain('Invalid arguments for tool forecast')
    expect(text.split('Invalid arguments').length).toBe(2)
    expect(calls).toEqual([])
  })

  it('an image tool: the model gets an input_image, not base64 inside text', async () => {
    const { output } = await turn('picture', { of: 'cat' })
    const out = output() as { type: string }[]
    expect(out.map(o => o.type)).toEqual(['input_text', 'input_image'])
    expect(JSON.stringify(out[1])).toContain('iVBORw0KGgo=')
  })

  it('needsApproval: an interruption first, the handler runs once after state.approve', async () => {
    const { result, calls, agent } = await turn('delete_file', { path: '/tmp/x' }, { user: 'ada' })
    expect(result.interruptions.map(i => i.name)).toEqual(['delete_file'])
    expect(calls).toEqual([])
    result.state.approve(result.interruptions[0]!)
    const done = await run(agent, result.state)
    expect(calls).toEqual([[{ path: '/tmp/x' }, { user: 'ada' }]])
    expect(done.finalOutput).toBe('done')
  })
  it("outputSchema: the tool's own (sent to the model with the tool), the result its JSON text", async () => {
    const { output, requests } = await turn('weather', { city: 'Oslo' })
    const sent = requests[0]!.tools.find(t => t.type === 'function' && t.name === 'weather')
    expect(sent).toMatchObject({
      outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] },
    })
    expect(output()).toMatchObject({ type: 'text', text: '{"temp":3}' })
  })

  it('progress: no SDK stream for it, so the values reach the ctx.onProgress given; the model gets the last', async () => {
    const progress: unknown[] = []
    const { output } = await turn('crawl', {}, undefined, v => progress.push(v))
    expect(progress).toEqual([{ pages: 1 }, { pages: 2 }])
    expect(output()).toMatchObject({ type: 'text', text: 'crawled 2 pages' })
  })
})

describe('toOpenAIAgentsTools approval is judged on the validated arguments (trust #1)', () => {
  async function transforming(name: string, args: object) {
    const registry = new ToolRegistry({ logger: recordingLogger().logger })
    const calls: unknown[] = []
    registerTransformingTools(registry, calls)
    const tools = toOpenAIAgentsTools(await registry.getToolDefinitions(), { tool, registry })
    const agent = new Agent({ name: 'a', model: scripted(name, args).model, tools })
    return { calls, tools, agent }
  }

  it.each([
    ['read_file', { path: '/tmp/../etc/passwd' }],
    ['wipe', {}],
  ])('%s %j: an interruption first, the handler runs only after state.approve', async (name, args) => {
    const { calls, agent } = await transforming(name, args)
    const result = await run(agent, 'go')
    expect(result.interruptions.map(i => i.name)).toEqual([name])
    expect(calls).toEqual([])
    result.state.approve(result.interruptions[0]!)
    await run(agent, result.state)
    expect(calls).toHaveLength(1)
  })

  it('execute the SDK did not gate is not approved: fails closed', async () => {
    const { calls, tools } = await transforming('none', {})
    const t = tools.find(x => x.name === 'wipe') as unknown as {
      invoke(ctx: unknown, input: string, details?: object): Promise<unknown>
    }
    const { RunContext } = await import('@openai/agents')
    const out = await t.invoke(new RunContext(), '{}', { toolCall: { callId: 'c1' } })
    expect(String(out)).toContain('APPROVAL_REQUIRED')
    expect(calls).toEqual([])
  })
})
