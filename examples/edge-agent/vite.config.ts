// Builds the Worker into ONE ES module for workerd (SPEC §8): SSR build of the
// entry, every dependency bundled, no code splitting, worker resolve conditions.
import { readFile } from 'node:fs/promises'
import { builtinModules, createRequire } from 'node:module'
import { relative } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import toolRegistry from '@toolreg/plugin/vite'

export default defineConfig({
  plugins: [toolRegistry(), rejectNodeBuiltins(), quickjsWasmModule()],
  build: {
    ssr: 'src/worker.ts',
    outDir: 'dist',
    target: 'es2022',
    minify: true,
    rolldownOptions: {
      output: { format: 'es', codeSplitting: false, entryFileNames: 'worker.js' },
    },
  },
  ssr: {
    noExternal: true,
    target: 'webworker',
    resolve: { conditions: ['workerd', 'worker', 'module', 'development|production'] },
  },
})

/**
 * Vite only warns when a bundle keeps an `import "node:…"`, and workerd then
 * refuses the whole module ("No such module"): fail the build instead.
 */
function rejectNodeBuiltins(): Plugin {
  const builtins = new Set(builtinModules)
  const isBuiltin = (id: string) => id.startsWith('node:') || builtins.has(id) || builtins.has(id.split('/')[0])
  let root = process.cwd()
  return {
    name: 'edge-agent:reject-node-builtins',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    async resolveId(id, importer, options) {
      if (!isBuiltin(id)) return null
      // A browser polyfill published under a built-in's name resolves to a file: that one is fine.
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true })
      const from = importer ? relative(root, importer).replaceAll('\\', '/') : 'the entry'
      if (!resolved || resolved.external)
        this.error(`${from} imports the Node built-in "${id}", which workerd cannot load`)
      return resolved
    },
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const kept = [...chunk.imports, ...chunk.dynamicImports].filter(isBuiltin)
        if (kept.length) this.error(`${chunk.fileName} still imports Node built-ins: ${kept.join(', ')}`)
      }
    },
  }
}

/**
 * `import quickjsWasm from './quickjs.wasm'` stays an import of the module `quickjs.wasm`, which
 * the build writes beside worker.js from QuickJS's package: workerd loads it as a compiled
 * WebAssembly module (it compiles none from bytes at run time).
 */
function quickjsWasmModule(): Plugin {
  const require = createRequire(import.meta.url)
  return {
    name: 'edge-agent:quickjs-wasm',
    resolveId(id) {
      return id === './quickjs.wasm' ? { id, external: true } : null
    },
    async generateBundle() {
      const source = await readFile(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm'))
      this.emitFile({ type: 'asset', fileName: 'quickjs.wasm', source })
    },
  }
}
