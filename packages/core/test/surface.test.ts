import { createToolSurface, deferredNames, toAnthropicSurface, toOpenAIResponsesSurface } from '@toolreg/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CATALOGUE, catalogue } from './surface-tools.ts'

const names = (defs: { function: { name: string } }[]) => defs.map(d => d.function.name)

describe('deferredNames', () => {
  it('reads every form of the rule, and a tool registered with defer: true is always deferred', () => {
    const r = catalogue()
    const of = (rule: Parameters<typeof deferredNames>[1]) => [...deferredNames(r, rule)].sort()
    expect(of(undefined)).toEqual(['send_email'])
    expect(of(['charge_card'])).toEqual(['charge_card', 'send_email'])
    expect(of({ toolsets: ['github'] })).toEqual(['create_issue', 'list_issues', 'send_email'])
    expect(of({ all: true, except: ['clock', 'refund_payment'] })).toEqual([
      'charge_card',
      'create_issue',
      'list_issues',
      'send_email',
    ])
    // "All but the 2 most used": ties go by name.
    expect(of({ all: true, keep: 2, usage: { list_issues: 40, get_time: 90, charge_card: 40 } })).toEqual([
      'create_issue',
      'list_issues',
      'refund_payment',
      'send_email',
    ])
  })
})

describe('createToolSurface', () => {
  it('offers the tools not deferred, by name, then the search tool; deferred tools load by search or by a call', async () => {
    const loads: string[] = []
    const s = createToolSurface(catalogue(), {
      defer: { toolsets: ['billing', 'github'] },
      onLoad: (n, by) => loads.push(`${n}:${by}`),
    })
    expect(names(await s.initial())).toEqual(['get_time', 'find_tools'])
    expect(names(await s.deferred())).toEqual([
      'charge_card',
      'create_issue',
      'list_issues',
      'refund_payment',
      'send_email',
    ])
    const found = JSON.parse((await s.call('find_tools', { query: 'refund a stripe payment', limit: 1 })) as string)
    expect(found.tools.map((t: { name: string }) => t.name)).toEqual(['refund_payment'])
    // The model calls a deferred tool it never searched for: loaded and run, never a dead run.
    expect(await s.call('list_issues', { repo: 'a/b' })).toBe('list_issues({"repo":"a/b"})')
    expect(names(await s.current())).toEqual(['get_time', 'find_tools', 'refund_payment', 'list_issues'])
    expect(loads).toEqual(['refund_payment:search', 'list_issues:call'])
  })

  it("with unloaded: 'refuse', a deferred tool not loaded yet answers an error envelope naming the search tool", async () => {
    const s = createToolSurface(catalogue(), { defer: true, unloaded: 'refuse' })
    const answer = JSON.parse((await s.call('charge_card', { customer: 'c1' })) as string)
    expect(answer).toMatchObject({ error_type: 'tool_not_loaded', tool: 'charge_card' })
    expect(answer.error).toContain('find_tools')
    await s.call('find_tools', { query: 'charge a customer card' })
    expect(await s.call('charge_card', { customer: 'c1' })).toBe('charge_card({"customer":"c1"})')
  })

  it('reads hostile search arguments as no query or a clamped limit, and validates every call as dispatch does', async () => {
    const s = createToolSurface(catalogue(), { defer: true, maxLimit: 3 })
    for (const args of [
      null,
      'x',
      [1],
      { query: { toString: () => 'refund' } },
      { query: 'issue', limit: 1e9 },
      { query: 'issue', limit: -4 },
      { query: 'issue', limit: Number.NaN },
    ]) {
      const found = JSON.parse((await s.call('find_tools', args)) as string).tools
      expect(found.length).toBeLessThanOrEqual(3)
    }
    expect(JSON.parse((await s.call('refund_payment', { payment_id: 7 })) as string).error).toMatch(/Invalid arguments/)
    expect(JSON.parse((await s.call('__proto__', {})) as string).error).toBeTruthy()
  })

  it('regression: with toolsets, a search still finds up to its limit among the offered deferred tools', async () => {
    const s = createToolSurface(catalogue(), { defer: true, toolsets: ['github'] })
    expect(names(await s.search('issue repository', 2)).sort()).toEqual(['create_issue', 'list_issues'])
  })

  it('gives byte-identical definitions whatever order the tools were registered in', () => {
    const bytes = async (order: number[]) => {
      const s = createToolSurface(catalogue(order), { defer: { toolsets: ['github'] } })
      return JSON.stringify([
        await s.initial(),
        await s.deferred(),
        await toAnthropicSurface(s),
        await toOpenAIResponsesSurface(s),
        await toOpenAIResponsesSurface(s, { execution: 'server', namespaces: true }),
      ])
    }
    const order = CATALOGUE.map((_, i) => i)
    return bytes(order).then(first =>
      fc.assert(
        fc.asyncProperty(fc.shuffledSubarray(order, { minLength: order.length }), async o => {
          expect(await bytes(o)).toBe(first)
        }),
        { seed: 32, numRuns: 60 },
      ),
    )
  })
})
