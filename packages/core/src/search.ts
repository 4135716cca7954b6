import { isPlainObject } from './freeze.js'
import type { ToolRegistry } from './registry.js'
import { terms } from './search-text.js'
import type { ToolDefinition, ToolEntry } from './types.js'

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

interface Doc {
  name: string
  /** Its name says it deletes something. */
  destructive: boolean
  /** Term → weighted frequency over the tool's fields. */
  tf: Map<string, number>
  len: number
}

// How much a word counts in each field: a tool's name says most about what it does.
const WEIGHT = { name: 3, toolset: 1, description: 1, paramName: 1.5, paramText: 0.5 }
// BM25's usual constants.
const K1 = 1.2
const B = 0.75
const DELETE = terms('delete')[0]
const DAMP = 0.9

/** A BM25 index over every tool's name, toolset, description and parameter names and descriptions. */
class SearchIndex {
  docs = new Map<string, Doc>()
  postings = new Map<string, Set<Doc>>()
  totalLen = 0

  add(e: ToolEntry) {
    this.remove(e.name)
    const tf = new Map<string, number>()
    let len = 0
    const put = (text: unknown, w: number) => {
      if (typeof text != 'string') return
      for (const t of terms(text)) {
        tf.set(t, (tf.get(t) ?? 0) + w)
        len += w
      }
    }
    put(e.name, WEIGHT.name)
    put(e.toolset, WEIGHT.toolset)
    put(e.description || e.schema.description, WEIGHT.description)
    const props = (e.schema.parameters as { properties?: unknown } | undefined)?.properties
    if (isPlainObject(props)) {
      for (const key of Object.keys(props)) {
        put(key, WEIGHT.paramName)
        put((props[key] as { description?: unknown } | undefined)?.description, WEIGHT.paramText)
      }
    }
    const doc: Doc = { name: e.name, destructive: terms(e.name).includes(DELETE), tf, len }
    this.docs.set(e.name, doc)
    this.totalLen += len
    for (const t of tf.keys()) {
      const p = this.postings.get(t)
      p ? p.add(doc) : this.postings.set(t, new Set([doc]))
    }
  }

  remove(name: string) {
    const doc = this.docs.get(name)
    if (!doc) return
    this.docs.delete(name)
    this.totalLen -= doc.len
    for (const t of doc.tf.keys()) {
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
    const q = new Set(terms(query))
    // A tool that deletes must be asked for: without the word, it yields to its siblings.
    const damp = q.has(DELETE) ? 1 : DAMP
    for (const t of q) {
      const p = this.postings.get(t)
      if (!p) continue
      const idf = Math.log(1 + (n - p.size + 0.5) / (p.size + 0.5))
      for (const d of p) {
        const f = d.tf.get(t)!
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

/** The registry's index: built on first use from every entry, then kept current through `subscribe`. */
function indexOf(registry: ToolRegistry): SearchIndex {
  let index = indexes.get(registry)
  if (index) return index
  const ix = (index = new SearchIndex())
  for (const e of registry.snapshot()) ix.add(e)
  registry.subscribe((ev) => {
    if (ev.type == 'deregister') ix.remove(ev.name)
    else if (ev.type == 'register') {
      const e = registry.getEntry(ev.name)
      if (e) ix.add(e)
    }
  })
  indexes.set(registry, index)
  return index
}

/** Every tool matching at least one word of `query`, best first, with its BM25 score. */
export function rankTools(registry: ToolRegistry, query: string): SearchHit[] {
  return indexOf(registry).rank(String(query))
}

/**
 * The definitions of the tools that best match `query` (a request in plain words), best
 * first: ranked with BM25 over name, toolset, description and parameter names and
 * descriptions, then filtered like `getDefinitions` (checks, `env`).
 */
export async function searchTools(registry: ToolRegistry, query: string, options: SearchOptions = {}): Promise<ToolDefinition[]> {
  const limit = Math.max(0, Math.floor(options.limit ?? 5))
  let hits = rankTools(registry, query)
  if (options.toolsets) {
    const allowed = new Set(options.toolsets.flatMap((t) => registry.resolveToolset(t)))
    hits = hits.filter((h) => allowed.has(h.name))
  }
  const out: ToolDefinition[] = []
  // Checks or env may leave candidates out: take the next ones until `limit` are found.
  for (let i = 0; out.length < limit && i < hits.length; ) {
    const batch = hits.slice(i, (i += Math.max(limit - out.length, 1) * 2))
    const defs = new Map((await registry.getDefinitions(batch.map((h) => h.name), { env: options.env })).map((d) => [d.function.name, d]))
    for (const h of batch) {
      const d = defs.get(h.name)
      if (d && out.length < limit) out.push(d)
    }
  }
  return out
}
