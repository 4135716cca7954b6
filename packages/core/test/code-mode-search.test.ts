// `declare: 'search'` (packages/core/README.md, "Code mode"): the description carries each
// toolset's tool names only; the code finds signatures with tools.$.search, in the sandbox,
// and calls what it found through dispatch as ever.
import { ToolRegistry } from '@toolreg/core'
import { createCodeMode, quickJsExecutor, typeScriptChecker } from '@toolreg/core/code-mode'
import { validator } from '@toolreg/core/validate'
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

let executor: ReturnType<typeof quickJsExecutor>
beforeAll(async () => {
  executor = quickJsExecutor(await newQuickJSWASMModule(RELEASE_SYNC))
})

const SETS: Record<string, [string, string][]> = {
  billing: [
    ['create_invoice', 'Create an invoice for a customer and amount'],
    ['refund_payment', 'Refund a payment by its id'],
    ['list_invoices', 'List the invoices of a customer'],
  ],
  web: [
    ['search_web', 'Search the web for pages'],
    ['fetch_page', 'Fetch a web page as text'],
  ],
  calendar: [
    ['create_event', 'Create a calendar event'],
    ['list_events', 'List the events of a day'],
  ],
  admin: [['delete_user', 'Delete a user account']],
}

function registry() {
  const r = new ToolRegistry({ validator })
  const calls: string[] = []
  for (const [toolset, tools] of Object.entries(SETS))
    for (const [name, description] of tools)
      r.register({
        name,
        toolset,
        schema: {
          description,
          parameters: {
            type: 'object',
            properties: { id: { type: 'string', description: `The ${toolset} id` }, amount: { type: 'number' } },
            required: ['id'],
          },
        },
        outputSchema: { type: 'object', properties: { ok: { type: 'boolean' }, tool: { type: 'string' } } },
        handler: async args => {
          calls.push(`${name}(${String(args.id)})`)
          return { ok: true, tool: name }
        },
      })
  return { r, calls }
}

const result = (text: unknown) => JSON.parse(text as string)

describe("createCodeMode, declare: 'search'", () => {
  it('declares names and $.search only: far shorter than every signature', async () => {
    const { r } = registry()
    const all = await createCodeMode(r, { executor, toolsets: ['billing', 'web', 'calendar'] })
    const mode = await createCodeMode(r, { executor, toolsets: ['billing', 'web', 'calendar'], declare: 'search' })
    expect(mode.declarations).toContain(
      'billing: { /* create_invoice, list_invoices, refund_payment: declared by $.search */ }',
    )
    expect(mode.declarations).toContain('search(args: { query: string; limit?: number })')
    expect(mode.declarations).not.toContain('delete_user')
    expect(mode.declarations).not.toContain('amount')
    expect(mode.spec.schema.description).toContain('Call tools.$.search first')
    expect(mode.declarations.length).toBeLessThan(all.declarations.length * 0.7)
  })

  it('a program finds a tool, reads its declaration, and calls it through dispatch', async () => {
    const { r, calls } = registry()
    const mode = await createCodeMode(r, { executor, toolsets: ['billing', 'web'], declare: 'search' })
    const code = `const { found, declarations } = await tools.$.search({ query: 'invoice customer', limit: 2 })
      const made = await tools.billing.create_invoice({ id: 'c1', amount: 5 })
      return { found, typed: declarations.includes('create_invoice(args: {'), made }`
    const out = result(await mode.run(code))
    expect(out.result.found.sort()).toEqual(['billing.create_invoice', 'billing.list_invoices'])
    expect(out.result.typed).toBe(true)
    expect(out.result.made).toEqual({ ok: true, tool: 'create_invoice' })
    expect(calls).toEqual(['create_invoice(c1)'])
  })

  it('finds only the allowed toolsets; a search counts as a tool call; bad arguments are errors the code sees', async () => {
    const { r } = registry()
    const mode = await createCodeMode(r, {
      executor,
      toolsets: ['web'],
      declare: 'search',
      limits: { maxToolCalls: 3 },
    })
    const found = result(
      await mode.run("return (await tools.$.search({ query: 'delete user account invoice' })).found"),
    )
    expect(found.result.every((n: string) => n.startsWith('web.'))).toBe(true)
    const bad = result(
      await mode.run(
        "const out = []; for (const a of [{}, { query: '' }, { query: 3 }]) { try { await tools.$.search(a) } catch (e) { out.push(e.message) } } return out",
      ),
    )
    expect(bad.result).toEqual([
      '$.search needs a query string',
      '$.search needs a query string',
      '$.search needs a query string',
    ])
    const limited = result(
      await mode.run("for (let i = 0; i < 5; i++) await tools.$.search({ query: 'web' }); return 1"),
    )
    expect(limited.error).toMatch(/tool call limit exceeded/)
  })

  it('the type check knows every signature and $.search, though the model reads names only', async () => {
    const { r } = registry()
    const mode = await createCodeMode(r, {
      executor,
      toolsets: ['billing'],
      declare: 'search',
      typeCheck: typeScriptChecker(ts),
    })
    const good = "await tools.$.search({ query: 'refund' }); return await tools.billing.refund_payment({ id: 'p1' })"
    expect(result(await mode.run(good)).result).toEqual({ ok: true, tool: 'refund_payment' })
    const wrong = result(await mode.run('return await tools.billing.refund_payment({ amount: 1 })'))
    expect(wrong.error).toMatch(/^\[CODE_TYPE_ERROR\]/)
    expect(JSON.stringify(wrong.errors)).toMatch(/id/)
  })

  it('refuses a toolset named $ (tools.$ is the search)', async () => {
    const r = new ToolRegistry()
    r.register({
      name: 'x',
      toolset: '$',
      schema: { parameters: { type: 'object', properties: {} } },
      handler: () => '',
    })
    await expect(createCodeMode(r, { executor, declare: 'search' })).rejects.toThrow(/a toolset is named "\$"/)
    expect((await createCodeMode(r, { executor })).declarations).toContain('$: {')
  })
})
