// The full detector's entry: what detect/index.ts imports on the first file the fast path declines.
export { detectRegisterCalls } from './detect.js'
export { planLazy } from './lazy-plan.js'
export { readDefinitions } from './definitions.js'
