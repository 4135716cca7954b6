// The plugin's internals as the unit tests reach them: from source, never through the
// published root (which exports only what users call, src/index.ts).
export * from '../src/index.js'
export { nodeScanFs } from '../src/scan/fs.js'
export { createMemoryFs, type MemoryFs, type MemoryEntry } from '../src/scan/memory-fs.js'
export { fastDetectRegisterCalls } from '../src/detect/fast/detect.js'
export { createDiskCache } from '../src/scan/disk-cache.js'
export { sourcesTable } from '../src/codegen/virtual-module.js'
export { parseCompanionId } from '../src/codegen/companion-ids.js'
export { reportScan, type ScanReport } from '../src/diagnostics/report.js'
export { createDevSession, type DevSession, type DevSessionDeps, type DevDecision } from '../src/dev/session.js'
export { pruneCode } from '../src/codegen/prune.js'
