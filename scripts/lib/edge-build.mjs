// Builds examples/edge-agent with its own vite.config.ts (the plugin, the
// single-module Worker settings) and returns the bundle's path.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

/** The modules the build writes beside worker.js, which workerd must be given too. */
export const EDGE_MODULES = ['quickjs.wasm']

export const EDGE_ROOT = fileURLToPath(new URL('../../examples/edge-agent/', import.meta.url))

/**
 * @param {{ outDir?: string, logLevel?: 'info' | 'warn' | 'error' | 'silent' }} [options]
 * @returns {Promise<string>} the absolute path of `worker.js`
 */
export async function buildEdgeAgent({ outDir = join(EDGE_ROOT, 'dist'), logLevel = 'warn' } = {}) {
  await build({
    root: EDGE_ROOT,
    configFile: join(EDGE_ROOT, 'vite.config.ts'),
    logLevel,
    build: { outDir, emptyOutDir: true },
  })
  return join(outDir, 'worker.js')
}
