// Node module hooks that load a `.wasm` import as workerd does: its default export is the
// compiled WebAssembly.Module. `npm start` registers them when it runs the Worker bundle in
// Node (its fallback when workerd cannot start).
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.wasm')) return nextLoad(url, context)
  const source = `import { readFileSync } from 'node:fs'
export default new WebAssembly.Module(readFileSync(new URL(${JSON.stringify(url)})))`
  return { format: 'module', source, shortCircuit: true }
}
