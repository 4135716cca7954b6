// Where a build's search index comes from (docs: packages/core/README.md, "Tool search: the
// index a build writes"). Its own small module: the generated registry module imports it at
// start-up, and nothing of search.
import type { ToolRegistry } from '../registry/registry.js'

const loaders = new WeakMap<ToolRegistry, () => Promise<unknown>>()

/**
 * Hands `registry` the loader of a search index written ahead of time (by @toolreg/plugin for
 * the static definitions of lazy tools): the first `searchTools` call awaits it, then uses each
 * of its documents that still describes its tool. Not awaited here; a later call replaces it.
 */
export function registerSearchIndex(registry: ToolRegistry, load: () => Promise<unknown>): void {
  loaders.set(registry, load)
}

/** The loader `registerSearchIndex` gave `registry`, if any. */
export const searchIndexLoader = (registry: ToolRegistry): (() => Promise<unknown>) | undefined => loaders.get(registry)
