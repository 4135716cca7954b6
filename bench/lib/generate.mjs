// Synthetic tool projects: N realistic tool files (a JSON schema of a few parameters,
// a handler of ~10 lines, one `registry.register` call each, unique names) plus the
// entry points every figure needs, so all alternatives build the very same tools.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { corpus } from './corpus.mjs'

/** Bump when the generated files change shape: a stale project is regenerated. */
const GENERATOR_VERSION = 4

const TOOLSETS = ['inventory', 'billing', 'search', 'calendar', 'files', 'crm', 'weather', 'analytics']
const VERBS = ['lookup', 'list', 'create', 'update', 'summarize', 'export', 'validate', 'forecast']

/** Width of the zero-padded index in tool names: names sort like paths. */
const PAD = 5

export const toolName = i => `${VERBS[i % VERBS.length]}_${String(i).padStart(PAD, '0')}`
export const toolFile = i => `tool_${String(i).padStart(PAD, '0')}.ts`

const PARAMETER_SETS = [
  `query: { type: 'string', description: 'Free-text query, matched against titles and notes' },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'Maximum number of records' },
        region: { type: 'string', enum: ['eu', 'us', 'apac'], description: 'Data residency region' },`,
  `id: { type: 'string', pattern: '^[a-z0-9-]{8,36}$', description: 'Record identifier' },
        fields: { type: 'array', items: { type: 'string' }, description: 'Fields to return' },
        includeArchived: { type: 'boolean', default: false, description: 'Also search archived records' },`,
  `from: { type: 'string', format: 'date', description: 'First day, inclusive (YYYY-MM-DD)' },
        to: { type: 'string', format: 'date', description: 'Last day, inclusive (YYYY-MM-DD)' },
        granularity: { type: 'string', enum: ['day', 'week', 'month'], default: 'day' },
        currency: { type: 'string', minLength: 3, maxLength: 3, description: 'ISO 4217 code' },`,
]

const REQUIRED = [`['query']`, `['id']`, `['from', 'to']`]

/** Source of tool file number `i`, optionally with a given description (the dev figure edits it). */
export function toolSource(i, description = defaultDescription(i)) {
  const name = toolName(i)
  const toolset = TOOLSETS[i % TOOLSETS.length]
  const variant = i % PARAMETER_SETS.length
  return `import { registry } from '@toolreg/core'

interface Args {
  [key: string]: unknown
}

registry.register({
  name: '${name}',
  toolset: '${toolset}',
  schema: {
    name: '${name}',
    description: ${JSON.stringify(description)},
    parameters: {
      type: 'object',
      properties: {
        ${PARAMETER_SETS[variant]}
      },
      required: ${REQUIRED[variant]},
    },
  },
  handler: async (args: Args) => {
    const started = Date.now()
    const keys = Object.keys(args).sort()
    const limit = typeof args.limit === 'number' ? Math.min(args.limit, 100) : 10
    const records: { id: string; score: number }[] = []
    for (let k = 0; k < Math.min(limit, 3); k++) {
      records.push({ id: \`${name}-\${k}\`, score: (keys.length + k) / (k + 1) })
    }
    if (records.length === 0) return JSON.stringify({ error: 'no records' })
    const elapsedMs = Date.now() - started
    return JSON.stringify({ tool: '${name}', keys, records, elapsedMs })
  },
  requiresEnv: ['${toolset.toUpperCase()}_API_KEY'],
  emoji: '🔧',
})
`
}

function defaultDescription(i) {
  return `${VERBS[i % VERBS.length]} ${TOOLSETS[i % TOOLSETS.length]} records (variant ${i}) and return them as JSON.`
}

/** Entry points: one per way of wiring the tools. */
const ENTRIES = {
  // The plugin: the virtual module imports every tool and re-exports the registry.
  'src/plugin-entry.ts': `import { registry, toolNames } from 'virtual:tool-registry'

const names = registry.getAllToolNames()
;(globalThis as Record<string, unknown>).__toolreg = { registry, count: names.length, toolNames }
`,
  // The alternative a Vite user would write by hand.
  'src/glob-entry.ts': `import { registry } from '@toolreg/core'

const modules = import.meta.glob('../tools/*.ts', { eager: true })
const names = registry.getAllToolNames()
;(globalThis as Record<string, unknown>).__toolreg = { registry, count: names.length, modules: Object.keys(modules).length }
`,
  // Built as a Node (SSR) bundle for the cold-start figure.
  'src/ssr-entry.ts': `export { registry, toolNames } from 'virtual:tool-registry'
`,
  // Dev page: records when each tool (re)registers, as seen by the page.
  'src/dev-entry.ts': `import { registry } from 'virtual:tool-registry'

const w = window as unknown as Record<string, unknown>
const log: { name: string; description: string | undefined; at: number }[] = []
const bootId = Math.random().toString(36).slice(2)
w.__toolregLog = log
w.__toolregBootId = bootId
w.__toolregRegistry = registry
registry.subscribe((event) => {
  if (event.type !== 'register') return
  log.push({ name: event.name, description: registry.getEntry(event.name)?.description, at: performance.timeOrigin + performance.now() })
})
// After a full reload the tools registered before this module ran: log them as seen now.
const bootAt = performance.timeOrigin + performance.now()
for (const name of registry.getAllToolNames()) log.push({ name, description: registry.getEntry(name)?.description, at: bootAt })
document.getElementById('count')!.textContent = String(registry.getAllToolNames().length)
`,
  'index.html': `<!doctype html>
<html>
  <head><meta charset="utf-8" /><title>toolreg bench</title></head>
  <body>
    <p>tools: <span id="count">…</span></p>
    <script type="module" src="/src/dev-entry.ts"></script>
  </body>
</html>
`,
  'package.json': `${JSON.stringify({ name: 'toolreg-bench-project', private: true, type: 'module' }, null, 2)}\n`,
  'tsconfig.json': `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, skipLibCheck: true } }, null, 2)}\n`,
}

/**
 * Make sure `dir` holds a project of `count` tools (regenerated only when missing or stale).
 * Also writes `tools-js/*.mjs`: esbuild-transpiled copies for the runtime-discovery baseline.
 */
export async function ensureProject(dir, count) {
  const stampFile = join(dir, '.bench-project.json')
  const stamp = JSON.stringify({ GENERATOR_VERSION, count })
  try {
    if ((await readFile(stampFile, 'utf8')) === stamp) return dir
  } catch {}
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'tools'), { recursive: true })
  await mkdir(join(dir, 'tools-js'), { recursive: true })
  await mkdir(join(dir, 'src'), { recursive: true })
  const { transform } = await import('esbuild')
  for (const [file, text] of Object.entries(ENTRIES)) await writeFile(join(dir, file), text)
  const jobs = []
  for (let i = 0; i < count; i++) {
    const source = toolSource(i)
    jobs.push(writeFile(join(dir, 'tools', toolFile(i)), source))
    jobs.push(
      transform(source, { loader: 'ts', format: 'esm', target: 'es2022' }).then(({ code }) =>
        writeFile(join(dir, 'tools-js', toolFile(i).replace(/\.ts$/, '.mjs')), code),
      ),
    )
    if (jobs.length >= 256) await Promise.all(jobs.splice(0))
  }
  await Promise.all(jobs)
  await writeFile(stampFile, stamp)
  return dir
}

/** The helper module the varied corpus imports (`../lib/tooling.js`), plain JS for every importer. */
const TOOLING = `// Shared by the tools: a retry wrapper and a pagination schema.
export function withRetry(handler, attempts = 3) {
  return async (args) => {
    let last
    for (let i = 0; i < attempts; i++) {
      try {
        return await handler(args)
      } catch (error) {
        last = error
      }
    }
    throw last
  }
}

export const paginationSchema = {
  type: 'object',
  properties: { cursor: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 100 } },
}
`

/**
 * The glob alternative over the varied corpus: every extension the plugin's default
 * \`include\` takes, as a user migrating from \`import.meta.glob\` would write it.
 */
const VARIED_GLOB_ENTRY = ENTRIES['src/glob-entry.ts'].replace(
  "'../tools/*.ts'",
  "['../tools/*.{ts,tsx,mts,js,mjs}', '!../tools/*.d.ts']",
)

/**
 * A project of \`count\` files of the varied corpus (./corpus.mjs: names and schemas from
 * consts, zod / valibot / arktype, helpers from another module, files with no tool), with
 * the same entry points as \`ensureProject\`'s: the build figure's "real tool files" rows.
 */
export async function ensureVariedProject(dir, count) {
  const stampFile = join(dir, '.bench-project.json')
  const stamp = JSON.stringify({ GENERATOR_VERSION, count, corpus: 'varied' })
  try {
    if ((await readFile(stampFile, 'utf8')) === stamp) return dir
  } catch {}
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'src'), { recursive: true })
  await mkdir(join(dir, 'lib'), { recursive: true })
  const files = { ...ENTRIES, 'src/glob-entry.ts': VARIED_GLOB_ENTRY, 'lib/tooling.js': TOOLING }
  for (const { file, code } of corpus(count)) files[file] = code
  await mkdir(join(dir, 'tools'), { recursive: true })
  await Promise.all(Object.entries(files).map(([file, text]) => writeFile(join(dir, file), text)))
  await writeFile(stampFile, stamp)
  return dir
}

/** The plugin's disk cache inside a project (SPEC §3.7). */
export const pluginCacheDir = dir => join(dir, 'node_modules', '.cache', 'toolreg')
