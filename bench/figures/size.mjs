// Figure 6: bundle size of `@toolreg/core` (only `registry` imported), and the bytes the
// plugin adds to a bundle beyond the tools themselves (plugin build vs glob build).
import { fileURLToPath } from 'node:url'
import { bytes } from '../lib/format.mjs'
import { bundleSize } from '../lib/bundle-size.mjs'
import { runNodeJson } from '../lib/proc.mjs'

const VITE_BUILD = fileURLToPath(new URL('../lib/vite-build.mjs', import.meta.url))

export const id = 'size'
export const title = 'bundle size'
export const method = `\`@toolreg/core\` size: esbuild bundles \`import { registry } from '@toolreg/core'; globalThis.r = registry\` (\`bundle, minify, format: 'esm', platform: 'browser'\`), gzip level 9 via \`node:zlib\`; the whole package (\`export * from '@toolreg/core'\`) is shown for comparison. Plugin overhead: total JS bytes of the minified browser build with the plugin minus the \`import.meta.glob\` build of the same project (the builds of the build figure when it ran, else one build each), raw and gzip; the manifest asset the plugin emits is listed apart. 5 KB = 5120 bytes.`

export const targets = [{ id: 'core-size', label: 'core bundle importing only registry, min+gzip', unit: 'B', op: '<=', target: 5120, versus: 'whole package', sizeBound: false }]

export async function measure(ctx) {
  const project = await ctx.project(ctx.sizes[0])
  const registryOnly = await bundleSize(project, `import { registry } from '@toolreg/core'\nglobalThis.r = registry\n`)
  const wholePackage = await bundleSize(project, `export * from '@toolreg/core'\n`)
  const overhead = []
  for (const size of ctx.sizes) {
    let outputs = ctx.shared.buildOutputs?.[size]
    if (!outputs) {
      const dir = await ctx.project(size)
      const glob = (await runNodeJson(VITE_BUILD, [dir, 'glob'])).result.output
      const plugin = (await runNodeJson(VITE_BUILD, [dir, 'plugin', ...ctx.pluginArgs])).result.output
      outputs = { glob, plugin }
    }
    overhead.push({
      size,
      globJs: outputs.glob.jsBytes,
      globJsGzip: outputs.glob.jsGzipBytes,
      pluginJs: outputs.plugin.jsBytes,
      pluginJsGzip: outputs.plugin.jsGzipBytes,
      addedJs: outputs.plugin.jsBytes - outputs.glob.jsBytes,
      addedJsGzip: outputs.plugin.jsGzipBytes - outputs.glob.jsGzipBytes,
      pluginAssets: outputs.plugin.assetBytes,
    })
  }
  const one = (n) => ({ n: 1, median: n, p25: n, p75: n, min: n, max: n })
  return {
    rows: [{ registryOnly, wholePackage }],
    overhead,
    checks: [ctx.check('core-size', one(registryOnly.gzip), { detail: `${registryOnly.minified} B minified; whole package ${wholePackage.gzip} B gzip` })],
  }
}

export function table(result) {
  const { registryOnly, wholePackage } = result.rows[0]
  const rows = [
    ['`@toolreg/core`, only `registry` imported', `${bytes(registryOnly.minified)} (${registryOnly.minified} B)`, `${bytes(registryOnly.gzip)} (${registryOnly.gzip} B)`],
    ['`@toolreg/core`, whole package', `${bytes(wholePackage.minified)}`, `${bytes(wholePackage.gzip)}`],
  ]
  for (const o of result.overhead ?? []) {
    rows.push([`${o.size} tools: glob build → plugin build JS`, `${bytes(o.globJs)} → ${bytes(o.pluginJs)} (+${o.addedJs} B)`, `${bytes(o.globJsGzip)} → ${bytes(o.pluginJsGzip)} (+${o.addedJsGzip} B)`])
    if (o.pluginAssets) rows.push([`${o.size} tools: manifest asset (not in the JS)`, bytes(o.pluginAssets), '—'])
  }
  return { head: ['bundle', 'minified', 'min + gzip'], body: rows }
}
