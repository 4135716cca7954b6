// The Worker's `env` (vars, secrets and bindings) as the tools see it.
// Handlers get it per call through `ctx`; a `checkFn` takes no arguments, so
// the worker also records the latest env here for the checks to read.

/** A Cloudflare KV namespace, or anything with its `get`/`put`. */
export interface KeyValueNamespace {
  get(key: string): Promise<string | null>
  put(key: string, value: string): Promise<void>
}

export interface EdgeEnv {
  /** Enables the OpenAI-compatible model. */
  OPENAI_API_KEY?: string
  OPENAI_BASE_URL?: string
  OPENAI_MODEL?: string
  /** Comma-separated origins `fetch_json` may read, e.g. `https://api.example.com`. */
  FETCH_ALLOWED_ORIGINS?: string
  /** `memory`: back the kv tools with an in-isolate map when no `KV` namespace is bound. */
  TOOL_STORE?: string
  /** A KV namespace binding for the kv tools. */
  KV?: KeyValueNamespace
  [name: string]: unknown
}

let current: EdgeEnv = {}

export function useBindings(env: EdgeEnv): void {
  current = env
}

export function currentBindings(): EdgeEnv {
  return current
}

/** The string-valued part of `env`: what `requiresEnv` and `ctx.env` look at. */
export function stringVars(env: EdgeEnv): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) if (typeof value === 'string') vars[name] = value
  return vars
}
