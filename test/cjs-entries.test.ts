// CommonJS configs (`webpack.config.js`, `rollup.config.js`…) `require()` the plugin:
// each bundler entry's `require` condition returns the plugin function itself.
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)

describe('require(@toolreg/plugin/<bundler>)', () => {
  for (const bundler of ['vite', 'rollup', 'rolldown', 'esbuild', 'webpack', 'rspack', 'rsbuild', 'farm']) {
    it(`${bundler}: the plugin function, also as .default`, async () => {
      const plugin = require(`@toolreg/plugin/${bundler}`)
      expect(typeof plugin).toBe('function')
      expect(plugin.default).toBe(plugin)
      const esm = (await import(/* @vite-ignore */ `@toolreg/plugin/${bundler}`)).default
      const made = plugin({ dirs: ['tools'] })
      // Same kind of plugin object as the ES module entry gives.
      expect(Object.keys(made).sort()).toEqual(Object.keys(esm({ dirs: ['tools'] })).sort())
    })
  }
})
