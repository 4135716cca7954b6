import { BUDGET } from './budget.js'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import { findTools, rankTools, searchTools, type ToolDefinition } from '@toolreg/core'
import { describe, expect, it } from 'vitest'
import { setup } from './helpers.js'

const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties })

function populated() {
  const s = setup()
  const add = (name: string, toolset: string, description: string, params: Record<string, unknown> = {}) =>
    s.registry.register({ name, toolset, schema: { description, parameters: obj(params) }, handler: () => name })
  add('stripe_create_refund', 'stripe', 'Refund a charge, fully or partly.', {
    charge: { type: 'string', description: 'Charge to refund' },
  })
  add('stripe_list_invoices', 'stripe', 'List invoices of a customer.')
  add('github_create_issue', 'github', 'Open an issue in a repository.', {
    title: { type: 'string' },
    body: { type: 'string' },
  })
  add('github_delete_issue', 'github', 'Delete an issue.')
  add('weatherNow', 'weather', 'Current conditions for a city.', { cityName: { type: 'string', description: 'City' } })
  add('sendSlackMessage', 'slack', 'Post text to a channel.', { channel: { type: 'string' } })
  return s
}
const names = (defs: ToolDefinition[]) => defs.map(d => d.function.name)

describe('searchTools', () => {
  it('ranks by name, description and parameters, with split identifiers, stems and synonyms', async () => {
    const { registry } = populated()
    expect(names(await searchTools(registry, 'give my customer their money back on stripe', { limit: 1 }))).toEqual([
      'stripe_create_refund',
    ])
    expect(names(await searchTools(registry, 'file a bug ticket on GitHub', { limit: 1 }))).toEqual([
      'github_create_issue',
    ])
    // camelCase split ("weatherNow"), the parameter name ("cityName") and a synonym (rain → weather).
    expect(names(await searchTools(registry, 'will it rain in this city?', { limit: 1 }))).toEqual(['weatherNow'])
    expect(names(await searchTools(registry, 'tell the channel on slack', { limit: 1 }))).toEqual(['sendSlackMessage'])
    expect(await searchTools(registry, 'zzz qqq')).toEqual([])
    expect(await searchTools(registry, '')).toEqual([])
  })

  it('answers definitions like getDefinitions, best first, up to limit', async () => {
    const { registry } = populated()
    const defs = await searchTools(registry, 'github issue', { limit: 5 })
    // Deleting needs the word: the create tool comes first.
    expect(names(defs)).toEqual(['github_create_issue', 'github_delete_issue'])
    expect(defs[0]).toEqual((await registry.getDefinitions(['github_create_issue']))[0])
    expect(await searchTools(registry, 'github issue', { limit: 0 })).toEqual([])
    expect(names(await searchTools(registry, 'delete github issue', { limit: 1 }))).toEqual(['github_delete_issue'])
  })

  it('keeps its index current on register, replace and deregister', async () => {
    const { registry } = populated()
    expect(names(await searchTools(registry, 'translate'))).toEqual([])
    registry.register({
      name: 'translate_text',
      toolset: 'lang',
      schema: { description: 'Translate text' },
      handler: () => '',
    })
    expect(names(await searchTools(registry, 'translation please'))).toEqual(['translate_text'])
    registry.register({
      name: 'translate_text',
      toolset: 'lang',
      schema: { description: 'Spell check' },
      handler: () => '',
    })
    expect(names(await searchTools(registry, 'spelling'))).toEqual(['translate_text'])
    registry.deregister('translate_text')
    expect(await searchTools(registry, 'spelling translate')).toEqual([])
    expect(rankTools(registry, 'spelling')).toEqual([])
  })

  it('filters by toolsets (aliases too), env and checks, and still fills the limit', async () => {
    const { registry } = populated()
    registry.registerToolsetAlias('gh', 'github')
    expect(names(await searchTools(registry, 'create issue refund', { toolsets: ['gh'] }))).toEqual([
      'github_create_issue',
      'github_delete_issue',
    ])
    registry.register({
      name: 'github_close_issue',
      toolset: 'github',
      schema: { description: 'Close an issue' },
      handler: () => '',
      checkFn: () => false,
    })
    registry.register({
      name: 'github_lock_issue',
      toolset: 'github',
      schema: { description: 'Lock an issue' },
      handler: () => '',
      requiresEnv: ['GH_TOKEN'],
    })
    const found = names(await searchTools(registry, 'close lock issue', { limit: 2, env: {} }))
    expect(found).toEqual(['github_create_issue', 'github_delete_issue'])
    expect(names(await searchTools(registry, 'lock issue', { limit: 1, env: { GH_TOKEN: 'x' } }))).toEqual([
      'github_lock_issue',
    ])
  })

  it('names such as __proto__ and constructor are ordinary tools', async () => {
    const { registry } = setup()
    for (const name of ['__proto__', 'constructor', 'toString']) {
      registry.register({ name, toolset: 't', schema: { description: 'hostile ' + name }, handler: () => name })
    }
    expect(names(await searchTools(registry, 'constructor hostile', { limit: 1 }))).toEqual(['constructor'])
    expect(names(await searchTools(registry, 'proto'))).toEqual(['__proto__'])
  })
})

describe('findTools', () => {
  it('lets a model search, then call what it found', async () => {
    const { registry } = populated()
    const offered: string[][] = []
    registry.register(findTools(registry, { onFound: defs => offered.push(names(defs)) }))
    const defs = await registry.getToolDefinitions({ enabledToolsets: ['search'] })
    expect(defs[0].function).toMatchObject({ name: 'find_tools', parameters: { required: ['query'] } })
    const answer = JSON.parse(
      (await registry.dispatch('find_tools', { query: 'find tools to refund a charge on stripe', limit: 2 })) as string,
    )
    expect(answer.tools.map((t: { name: string }) => t.name)).toEqual(['stripe_create_refund', 'stripe_list_invoices'])
    expect(answer.tools[0]).toEqual((await registry.getDefinitions(['stripe_create_refund']))[0].function)
    expect(offered).toEqual([['stripe_create_refund', 'stripe_list_invoices']])
    expect(await registry.dispatch(answer.tools[0].name, { charge: 'ch_1' })).toBe('stripe_create_refund')
  })

  it("passes the call's env on, and a bad query finds nothing", async () => {
    const { registry } = populated()
    registry.register({
      name: 'stripe_payout',
      toolset: 'stripe',
      schema: { description: 'Refund payout' },
      handler: () => '',
      requiresEnv: ['KEY'],
    })
    registry.register(findTools(registry, { name: 'search_tools', toolsets: ['stripe'] }))
    const call = async (args: unknown, env?: Record<string, string>) =>
      JSON.parse((await registry.dispatch('search_tools', args, { env })) as string).tools.map(
        (t: { name: string }) => t.name,
      )
    expect(await call({ query: 'refund payout' }, {})).toEqual(['stripe_create_refund'])
    expect(await call({ query: 'refund payout' }, { KEY: 'k' })).toEqual(['stripe_payout', 'stripe_create_refund'])
    expect(await call({ query: 42 })).toEqual([])
  })
})

describe('tree-shaking', () => {
  const bundle = async (code: string) => {
    const out = await esbuild.build({
      stdin: { contents: code, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
    })
    return out.outputFiles[0].text
  }
  it('a registry-only bundle carries no search or lazy code; one that uses them does', async () => {
    const bare = await bundle(`import { registry } from '@toolreg/core'\nglobalThis.r = registry`)
    const used = await bundle(
      `import { registry, searchTools, registerLazy, findTools } from '@toolreg/core'\nglobalThis.r = [registry, searchTools, registerLazy, findTools]`,
    )
    for (const marker of ['money back', 'find_tools', 'did not register']) {
      expect(bare).not.toContain(marker)
      expect(used).toContain(marker)
    }
    expect(gzipSync(bare, { level: 9 }).length).toBeLessThanOrEqual(BUDGET)
  })
})
