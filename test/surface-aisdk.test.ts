// The AI SDK 7's native deferral (`deferLoading` + `toolSearch()`), its search answered from
// the registry's index, through `generateText` with the SDK's mock model. ai 7 needs Node 22,
// so this runs in the e2e project (Node 24), not in the packages' Node 20 run.
import { createToolSurface, toAiSdkSurface } from '@toolreg/core'
import { generateText, isStepCount, jsonSchema, toolSearch } from 'ai-v7'
import { MockLanguageModelV4 } from 'ai-v7/test'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../packages/core/test/surface-tools.ts'

type Options = Parameters<MockLanguageModelV4['doGenerate']>[0]
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}
const call = (toolCallId: string, toolName: string, input: object) => ({
  content: [{ type: 'tool-call' as const, toolCallId, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
  usage,
  warnings: [],
})
const stop = {
  content: [{ type: 'text' as const, text: 'done' }],
  finishReason: { unified: 'stop' as const, raw: 'stop' },
  usage,
  warnings: [],
}

/** A mock model playing `steps` in turn; `offered` keeps the tool names each step was sent. */
function scripted(steps: ReturnType<typeof call | (() => typeof stop)>[]) {
  const offered: string[][] = []
  const prompts: Options['prompt'][] = []
  const model = new MockLanguageModelV4({
    doGenerate: async options => {
      offered.push((options.tools ?? []).map(t => t.name))
      prompts.push(options.prompt)
      return steps[offered.length - 1] ?? stop
    },
  })
  return { model, offered, prompts }
}

describe('AI SDK 7: deferLoading and toolSearch() answered from the index', () => {
  it('offers the search tool and the first tools, loads what the index finds, then runs it through dispatch', async () => {
    const surface = createToolSurface(catalogue(), { defer: { toolsets: ['billing', 'github'] } })
    const tools = await toAiSdkSurface(surface, { jsonSchema, toolSearch })
    const { model, offered } = scripted([
      call('c1', 'find_tools', { query: 'refund a stripe payment' }),
      call('c2', 'refund_payment', { payment_id: 'pi_1' }),
    ])
    const result = await generateText({ model, tools, stopWhen: isStepCount(5), prompt: 'Refund pi_1' })
    expect(offered[0]).toEqual(['get_time', 'find_tools'])
    expect(offered[1]).toContain('refund_payment')
    expect(offered[1]).not.toContain('create_issue')
    const outputs = result.steps.flatMap(s => s.toolResults.map(r => [r.toolName, r.output]))
    expect(outputs).toContainEqual(['refund_payment', 'refund_payment({"payment_id":"pi_1"})'])
    expect(surface.loaded).toEqual(expect.arrayContaining(['refund_payment']))
  })

  it('a call to a deferred tool the model never searched for ends as an error the model sees, not a dead run', async () => {
    const surface = createToolSurface(catalogue(), { defer: true })
    const tools = await toAiSdkSurface(surface, { jsonSchema, toolSearch })
    const { model, prompts } = scripted([call('c1', 'charge_card', { customer: 'c1' })])
    const result = await generateText({ model, tools, stopWhen: isStepCount(3), prompt: 'Charge c1' })
    expect(result.text).toBe('done')
    // The SDK answers the unloaded tool's call itself, and the model reads why on its next step.
    expect(JSON.stringify(prompts[1]?.at(-1))).toMatch(/error-text.*unavailable tool 'charge_card'.*find_tools/)
    expect(surface.loaded).toEqual([])
  })
})
