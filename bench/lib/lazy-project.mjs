// A browser / Worker app of N catalogue tools (bench/lib/catalogue.mjs): one file per tool
// with a static JSON Schema and a handler of ~30 lines (an authenticated API call with
// retries and result shaping, like the integrations the catalogue names), an index.html whose module records
// when the registry is ready, and a Worker entry. The lazy figure builds it eagerly and with
// `lazy: true`.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { catalogue } from './catalogue.mjs'

const VERSION = 3

function catalogueToolSource(t) {
  return `import { registry } from '@toolreg/core'

registry.register({
  name: ${JSON.stringify(t.name)},
  toolset: ${JSON.stringify(t.toolset)},
  schema: {
    description: ${JSON.stringify(t.description)},
    parameters: ${JSON.stringify(t.parameters)},
  },
  handler: async (args, ctx) => {
    const token = ctx.env?.[${JSON.stringify(t.toolset.toUpperCase() + '_TOKEN')}]
    if (!token) return JSON.stringify({ error: 'Set ${t.toolset.toUpperCase()}_TOKEN to use ${t.name}' })
    const missing = ${JSON.stringify(t.parameters.required ?? [])}.filter((k) => args[k] === undefined || args[k] === '')
    if (missing.length > 0) return JSON.stringify({ error: 'missing ' + missing.join(', ') })
    const url = new URL(${JSON.stringify('/v1/' + t.name.split('_').slice(1).join('/'))}, ${JSON.stringify('https://api.' + t.toolset.replaceAll('_', '-') + '.example.com')})
    for (const [key, value] of Object.entries(args)) {
      if (value === undefined || value === null) continue
      url.searchParams.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
    }
    let response: Response | undefined
    for (let attempt = 0; attempt < 3; attempt++) {
      response = await fetch(url, { headers: { authorization: 'Bearer ' + token, accept: 'application/json' }, signal: ctx.signal })
      if (response.status !== 429) break
      const wait = Number(response.headers.get('retry-after') ?? '1')
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5) * 1000))
    }
    if (!response || !response.ok) {
      const text = response ? await response.text() : 'no response'
      return JSON.stringify({ error: ${JSON.stringify(t.name)} + ' failed: ' + (response?.status ?? 0) + ' ' + text.slice(0, 200) })
    }
    const data = (await response.json()) as Record<string, unknown>
    const items = Array.isArray(data.items) ? data.items : Array.isArray(data.data) ? data.data : [data]
    const summary = items.slice(0, 20).map((item) => {
      const record = item as Record<string, unknown>
      return { id: record.id ?? null, name: record.name ?? record.title ?? null, updated: record.updated_at ?? record.updated ?? null }
    })
    return JSON.stringify({ tool: ${JSON.stringify(t.name)}, count: items.length, items: summary, next: data.next_cursor ?? null })
  },
})
`
}

const FILES = {
  'index.html': `<!doctype html>
<html>
  <head><meta charset="utf-8" /><title>toolreg lazy bench</title></head>
  <body><script type="module" src="/src/main.ts"></script></body>
</html>
`,
  // Runs after the virtual module (and so every registration) evaluated: "registry ready".
  'src/main.ts': `import { preloadLazy } from '@toolreg/core'
import { registry } from 'virtual:tool-registry'

const w = globalThis as Record<string, unknown>
w.__ready = performance.now()
w.__toolreg = { registry, preloadLazy, count: registry.getAllToolNames().length }
`,
  'src/worker.ts': `import { registry } from 'virtual:tool-registry'

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const name = url.searchParams.get('call')
    if (name) return new Response(String(await registry.dispatch(name, JSON.parse(url.searchParams.get('args') ?? '{}'))))
    return Response.json({ count: registry.getAllToolNames().length })
  },
}
`,
  'package.json': `${JSON.stringify({ name: 'toolreg-lazy-bench', private: true, type: 'module' }, null, 2)}\n`,
}

/** Make sure `dir` holds the app with the first `count` catalogue tools. */
export async function ensureLazyProject(dir, count) {
  const stampFile = join(dir, '.lazy-project.json')
  const stamp = JSON.stringify({ VERSION, count })
  try {
    if ((await readFile(stampFile, 'utf8')) === stamp) return dir
  } catch {}
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'tools'), { recursive: true })
  await mkdir(join(dir, 'src'), { recursive: true })
  for (const [file, text] of Object.entries(FILES)) await writeFile(join(dir, file), text)
  const tools = catalogue().slice(0, count)
  for (let i = 0; i < tools.length; i += 256) {
    await Promise.all(
      tools.slice(i, i + 256).map(t => writeFile(join(dir, 'tools', `${t.name}.ts`), catalogueToolSource(t))),
    )
  }
  await writeFile(stampFile, stamp)
  return dir
}
