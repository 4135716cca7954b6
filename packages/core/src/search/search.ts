import { say } from '../describe.js'
import type { ToolRegistry } from '../registry/registry.js'
import { DELETE, docOf, type Doc, type IndexedTool } from './doc.js'
import { searchIndexLoader } from './load.js'
import { readSearchIndex, type PrebuiltDocs } from './prebuilt.js'
import { terms } from './text.js'
import type { ToolDefinition } from '../types.js'

export interface SearchOptions {
  /** How many definitions to return (default 5). */
  limit?: number
  /** Only tools of these toolsets or aliases (`all`/`*` for every tool). */
  toolsets?: readonly string[]
  /** As for `getDefinitions`: tools whose `requiresEnv` is not met in `env` are left out. */
  env?: Record<string, unknown>
}

export interface SearchHit {
  name: string
  score: number
}

// BM25's usual constants.
const K1 = 1.2
const B = 0.75
const DAMP = 0.9

/** A BM25 index over every tool's name, toolset, description and parameter names and descriptions. */
class SearchIndex {
  docs = new Map<string, Doc>()
  /** Term → the documents holding it, each with the term's weighted frequency there. */
  postings = new Map<string, Map<Doc, number>>()
  totalLen = 0

  add(e: IndexedTool, doc: Doc = docOf(e)) {
    this.remove(e.name)
    this.docs.set(e.name, doc)
    this.totalLen += doc.len
    const { tf, words } = doc
    for (let i = 0; i < tf.length; i += 2) {
      const t = words[tf[i]!]!
      const p = this.postings.get(t)
      p ? p.set(doc, tf[i + 1]! / 2) : this.postings.set(t, new Map([[doc, tf[i + 1]! / 2]]))
    }
  }

  remove(name: string) {
    const doc = this.docs.get(name)
    if (!doc) return
    this.docs.delete(name)
    this.totalLen -= doc.len
    for (let i = 0; i < doc.tf.length; i += 2) {
      const t = doc.words[doc.tf[i]!]!
      const p = this.postings.get(t)!
      p.delete(doc)
      if (!p.size) this.postings.delete(t)
    }
  }

  rank(query: string): SearchHit[] {
    const n = this.docs.size
    if (!n) return []
    const avg = this.totalLen / n || 1
    const scores = new Map<Doc, number>()
    const q = new Set(terms(query, false)) // the model's words: not memoized
    // A tool that deletes must be asked for: without the word, it yields to its siblings.
    const damp = q.has(DELETE) ? 1 : DAMP
    for (const t of q) {
      const p = this.postings.get(t)
      if (!p) continue
      const idf = Math.log(1 + (n - p.size + 0.5) / (p.size + 0.5))
      for (const [d, f] of p) {
        scores.set(d, (scores.get(d) ?? 0) + (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.len) / avg)))
      }
    }
    const hits: SearchHit[] = []
    for (const [d, score] of scores) hits.push({ name: d.name, score: d.destructive ? score * damp : score })
    // Ties go to the shorter, then the alphabetically first name: a stable order for equal texts.
    return hits.sort((a, b) => b.score - a.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1))
  }
}

const indexes = new WeakMap<ToolRegistry, SearchIndex>()
const loading = new WeakMap<ToolRegistry, Promise<SearchIndex>>()

/**
 * The registry's index: built from every entry on first use (each from its prebuilt document
 * when `prebuilt` has one that still describes it), then kept current through `subscribe`.
 */
function indexOf(registry: ToolRegistry, prebuilt?: PrebuiltDocs): SearchIndex {
  let index = indexes.get(registry)
  if (index) return index
  const ix = (index = new SearchIndex())
  let ahead = 0
  for (const e of registry.snapshot()) {
    const doc = prebuilt?.(e)
    if (doc) ahead++
    ix.add(e, doc)
  }
  if (prebuilt)
    say(
      registry.logger,
      'debug',
      `search index: ${ahead} of ${ix.docs.size} tools from the build's index, the others tokenized`,
    )
  registry.subscribe(ev => {
    if (ev.type == 'deregister') ix.remove(ev.name)
    else if (ev.type == 'register') {
      const e = registry.getEntry(ev.name)
      if (e) ix.add(e)
    }
  })
  indexes.set(registry, index)
  return index
}

/**
 * The index for `searchTools`: when a build registered its index (`registerSearchIndex`) and
 * none is built yet, loads it once (concurrent first searches share the load), then builds.
 * A failed load is logged and the index is built from the entries alone: a search never fails for it.
 */
function readyIndex(registry: ToolRegistry): SearchIndex | Promise<SearchIndex> {
  const load = searchIndexLoader(registry)
  if (indexes.has(registry) || !load) return indexOf(registry)
  let ready = loading.get(registry)
  if (!ready) {
    ready = (async () => {
      let prebuilt: PrebuiltDocs | string
      try {
        prebuilt = readSearchIndex(await load())
      } catch (err) {
        prebuilt = String((err as Error)?.message ?? err)
      }
      if (typeof prebuilt == 'string')
        say(registry.logger, 'warn', `the build's search index is not used (${prebuilt}): indexing every tool now`)
      return indexOf(registry, typeof prebuilt == 'string' ? undefined : prebuilt)
    })()
    loading.set(registry, ready)
  }
  return ready
}

/**
 * Every tool matching at least one word of `query`, best first, with its BM25 score. Synchronous:
 * before a first `searchTools` has loaded the build's index, it builds the index from the entries
 * (the build's index is then never loaded).
 */
export function rankTools(registry: ToolRegistry, query: string): SearchHit[] {
  return indexOf(registry).rank(String(query))
}

/**
 * The definitions of the tools that best match `query` (a request in plain words), best
 * first: ranked with BM25 over name, toolset, description and parameter names and
 * descriptions, then filtered like `getDefinitions` (checks, `env`).
 */
export async function searchTools(
  registry: ToolRegistry,
  query: string,
  options: SearchOptions = {},
): Promise<ToolDefinition[]> {
  const limit = Math.max(0, Math.floor(options.limit ?? 5))
  let hits = (await readyIndex(registry)).rank(String(query))
  if (options.toolsets) {
    const allowed = new Set(options.toolsets.flatMap(t => registry.resolveToolset(t)))
    hits = hits.filter(h => allowed.has(h.name))
  }
  const out: ToolDefinition[] = []
  // Checks or env may leave candidates out: take the next ones until `limit` are found.
  for (let i = 0; out.length < limit && i < hits.length; ) {
    const batch = hits.slice(i, (i += Math.max(limit - out.length, 1) * 2))
    const defs = new Map(
      (
        await registry.getDefinitions(
          batch.map(h => h.name),
          { env: options.env },
        )
      ).map(d => [d.function.name, d]),
    )
    for (const h of batch) {
      const d = defs.get(h.name)
      if (d && out.length < limit) out.push(d)
    }
  }
  return out
}
