import { ToolRegistry } from './registry.js'

const KEY = Symbol.for('toolreg.registry')

/** One registry per realm, even when this module is loaded twice (Vite SSR, two bundles). */
function sharedRegistry(): ToolRegistry {
  const g = globalThis as { [KEY]?: ToolRegistry }
  return (g[KEY] ??= new ToolRegistry())
}

/** The process-wide registry that tool files register into. */
export const registry: ToolRegistry = sharedRegistry()
