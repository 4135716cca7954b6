// The plugin's `defer` rule resolved at build time into `deferred`, used by the built bundle's
// tool surface; and two builds of the same tools (in files of other names, so registered in
// another order) give byte-identical manifests and definitions.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import viteToolRegistry from '@toolreg/plugin/vite'
import { afterAll, expect, it } from 'vitest'
import { run } from './helpers/run.js'

const require = createRequire(import.meta.url)
const pkg = (name: string) => path.resolve(path.dirname(require.resolve(name)), '..')
const dirs: string[] = []
afterAll(() => Promise.all(dirs.map(d => rm(d, { recursive: true, force: true }))))

const TOOLS = [
  ['get_time', 'clock', 'Current time in a time zone'],
  ['refund_payment', 'billing', 'Refund a Stripe payment by its id'],
  ['charge_card', 'billing', 'Charge a customer card an amount'],
  ['create_issue', 'github', 'Open a GitHub issue in a repository'],
  ['list_issues', 'github', 'List the open GitHub issues of a repository'],
] as const

const MAIN = `import { registry, deferred, manifest } from 'virtual:tool-registry'
import { createToolSurface, toAnthropicSurface } from '@toolreg/core'
const surface = createToolSurface(registry, { defer: deferred })
console.log(JSON.stringify({ deferred, initial: (await surface.initial()).map(d => d.function.name), anthropic: await toAnthropicSurface(surface), manifest: manifest.tools.map(t => t.name) }))
`

/** A project whose tool files are named by `fileName(i)`, built for SSR; its output and its run. */
async function project(fileName: (i: number) => string) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'toolreg-surface-'))
  dirs.push(root)
  await mkdir(path.join(root, 'tools'))
  await mkdir(path.join(root, 'src'))
  await mkdir(path.join(root, 'node_modules/@toolreg'), { recursive: true })
  await symlink(pkg('@toolreg/core'), path.join(root, 'node_modules/@toolreg/core'), 'dir')
  for (const [i, [name, toolset, description]] of TOOLS.entries())
    await writeFile(
      path.join(root, 'tools', fileName(i)),
      `import { registry } from '@toolreg/core'\nregistry.register({ name: '${name}', toolset: '${toolset}', schema: { description: '${description}', parameters: { type: 'object', properties: { id: { type: 'string', description: 'The id' } } } }, handler: async () => '${name}' })\n`,
    )
  await writeFile(path.join(root, 'src/main.ts'), MAIN)
  await writeFile(path.join(root, 'package.json'), '{ "type": "module" }')
  await writeFile(path.join(root, 'usage.json'), JSON.stringify({ list_issues: 120, refund_payment: 30, get_time: 3 }))
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [viteToolRegistry({ dts: false, defer: { all: true, except: ['clock'], keep: 1, usage: 'usage.json' } })],
    build: { outDir: 'dist', ssr: 'src/main.ts', minify: false },
  })
  const out = await run(process.execPath, [path.join(root, 'dist/main.js')], root)
  expect(out.stderr).toBe('')
  return {
    root,
    answer: JSON.parse(out.stdout),
    manifest: await readFile(path.join(root, 'dist/tool-manifest.json'), 'utf8'),
  }
}

it('defers what the rule says at build time, and the same tools give the same bytes in any file order', async () => {
  const a = await project(i => `t${i}.ts`)
  // "All but the most used, clock never": list_issues (120 calls) stays loaded.
  expect(a.answer.deferred).toEqual(['charge_card', 'create_issue', 'refund_payment'])
  expect(a.answer.initial).toEqual(['get_time', 'list_issues', 'find_tools'])
  const b = await project(i => `t${TOOLS.length - i}.ts`)
  expect(b.answer.manifest).not.toEqual(a.answer.manifest) // registered in another order
  expect(JSON.stringify(b.answer.anthropic)).toBe(JSON.stringify(a.answer.anthropic))
  const again = await project(i => `t${i}.ts`)
  expect(again.manifest).toBe(a.manifest)
  expect(JSON.stringify(again.answer)).toBe(JSON.stringify(a.answer))
})
