// The registries bench/code-mode.mjs measures: N tools of the generated catalogue
// (bench/lib/catalogue.mjs, every (5000 ÷ N)-th tool, as in the surface figure), the
// create/get/list/search ones with an `outputSchema` (code mode types their results from it: see
// packages/core/README.md, "Code mode"), and a trivial tool for the dispatch timings.
import { catalogue } from './catalogue.mjs'

const QUIET = { debug() {}, info() {}, warn() {}, error() {} }
const str = description => ({ type: 'string', description })
const RECORD = {
  id: str('Unique ID'),
  url: { type: 'string', format: 'uri', description: 'Link to it in the web app' },
  created_at: { type: 'string', format: 'date-time', description: 'When it was created' },
  updated_at: { type: 'string', format: 'date-time', description: 'When it last changed' },
}

/** The result schema of a create/get/list/search tool of the catalogue, or undefined for the others. */
function outputSchemaOf(name) {
  const action = /_(create|get|list|search)_/.exec(name)?.[1]
  if (action === 'create') return { type: 'object', properties: { id: RECORD.id, url: RECORD.url }, required: ['id'] }
  if (action === 'get') return { type: 'object', properties: { ...RECORD }, required: ['id', 'url'] }
  if (action === undefined) return undefined
  const item = { type: 'object', properties: { ...RECORD, title: str('Title or name') }, required: ['id'] }
  const properties = {
    items: { type: 'array', items: item, description: 'The matches, best or newest first' },
    next_cursor: {
      anyOf: [{ type: 'string' }, { type: 'null' }],
      description: 'Cursor of the next page; null on the last',
    },
    total: { type: 'integer', description: 'How many match in all' },
  }
  return { type: 'object', properties, required: ['items', 'next_cursor'] }
}

/** A registry of `n` catalogue tools (handlers never run here); `outputs: false` leaves out every outputSchema. */
export function catalogueSample(core, n, { outputs = true } = {}) {
  const all = catalogue()
  const step = Math.max(1, Math.floor(all.length / n))
  const registry = new core.ToolRegistry({ logger: QUIET })
  let withOutput = 0
  for (const t of all.filter((_, i) => i % step === 0).slice(0, n)) {
    const outputSchema = outputs ? outputSchemaOf(t.name) : undefined
    if (outputSchema) withOutput++
    registry.register({
      name: t.name,
      toolset: t.toolset,
      schema: { description: t.description, parameters: t.parameters },
      ...(outputSchema && { outputSchema }),
      handler: () => t.name,
    })
  }
  return { registry, withOutput }
}

/** A registry of the trivial tool `bench.noop` (answers 'ok'), plus `extra` catalogue tools in the API. */
export function noopRegistry(core, extra = 0) {
  const registry = extra ? catalogueSample(core, extra).registry : new core.ToolRegistry({ logger: QUIET })
  registry.register({
    name: 'noop',
    toolset: 'bench',
    schema: { description: 'Does nothing.', parameters: { type: 'object', properties: {} } },
    handler: () => 'ok',
  })
  return registry
}
