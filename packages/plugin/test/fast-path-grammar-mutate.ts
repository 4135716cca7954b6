// Files of ./fast-path-grammar-gen.ts with one statement that may change what a name stands
// for (a mutation, an alias then a mutation, a shadowing, a use that hands it on, another
// way to call register): the fast path must agree with the full detector or decline.
import fc from 'fast-check'
import { grammarFile, type GrammarFile } from './fast-path-grammar-gen.js'

const MUTATIONS = [
  "X.name = 'm'",
  "X['toolset'] = 'm'",
  "X.name0 = 'm'",
  "X.main.name = 'm'",
  'delete X.name',
  "Object.assign(X, { name: 'm' })",
  "Object.defineProperty(X, 'name', { value: 'm' })",
  "const alias_m = X\nalias_m.name = 'm'",
  "const alias_m = X.main\nalias_m.toolset = 'm'",
  "{ const X = 'shadow' }",
  "{ const X = { name: 'shadow', toolset: 'm', main: {} } }",
  'function f(X) { return X }',
  "function later() { X.name = 'm' }",
  'for (const X of []) {}',
  'X++',
  "X = 'm'",
  'export { X }',
  'export { X as renamed }',
  'export default X',
  'registry.register(X)',
  'const m = { ...X }',
  'console.log(X)',
  'type T = typeof X',
  "// X.name = 'm'",
  "const k = 'register'\nregistry[k]({ name: 'k1', toolset: 't' })",
  "registry['register']({ name: 'k2', toolset: 't' })",
  "registry[`register`]({ name: 'k3', toolset: 't' })",
  "const s = 'to register'",
  "const K = 'name'\nX[K] = 'm'",
]

/** The names a file declares or uses as registries, to mutate. */
const namesOf = (f: GrammarFile): string[] => [
  ...new Set([...f.code.matchAll(/\bconst (\w+)/g)].map(m => m[1]!).concat(['registry', 'tools', 'core'])),
]

export const mutatedFile: fc.Arbitrary<GrammarFile> = grammarFile.chain(f =>
  fc.tuple(fc.constantFrom(...namesOf(f)), fc.constantFrom(...MUTATIONS), fc.nat()).map(([name, mutation, at]) => {
    const lines = f.code.split('\n')
    // Before a line that starts a top-level statement.
    const starts = lines.flatMap((l, i) => (i > 0 && /^[A-Za-z/]/.test(l) ? [i] : []))
    const i = starts.length === 0 ? lines.length : starts[at % starts.length]!
    lines.splice(i, 0, mutation.replaceAll('X', name))
    return { ...f, code: lines.join('\n'), forms: [...f.forms, `mutation: ${mutation.split('\n')[0]}`] }
  }),
)
