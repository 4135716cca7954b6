// The key-value store behind `kv_get`/`kv_set`: a bound KV namespace, else an
// in-isolate map when `TOOL_STORE=memory`, else none (and the tools are withdrawn).
import { currentBindings, type EdgeEnv, type KeyValueNamespace } from '../bindings.ts'

const memory = new Map<string, string>()

const memoryNamespace: KeyValueNamespace = {
  async get(key) {
    return memory.get(key) ?? null
  },
  async put(key, value) {
    memory.set(key, value)
  },
}

export function openStore(env: EdgeEnv | undefined): KeyValueNamespace | undefined {
  const kv = env?.KV
  if (kv && typeof kv.get === 'function' && typeof kv.put === 'function') return kv
  return env?.TOOL_STORE === 'memory' ? memoryNamespace : undefined
}

/** The shared `checkFn` of the kv tools: one function, so the registry probes it once per call. */
export function storeAvailable(): boolean {
  return openStore(currentBindings()) !== undefined
}
