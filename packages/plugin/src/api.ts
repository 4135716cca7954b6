// The bundler-free core of @toolreg/plugin: what the README documents, the CLI and the
// tests use. Types that appear in these functions' signatures come along.
export * from './types.js'
export { resolveOptions } from './options/options.js'
export { defineConfig, resolveProjectOptions } from './options/config.js'
export { nameRules, checkName } from './options/names.js'
export { nodeScanFs, type ScanFs, type ScanDirEntry, type ScanStats } from './scan/fs.js'
export { createMemoryFs, type MemoryFs, type MemoryEntry } from './scan/memory-fs.js'
export { detectRegisterCalls } from './detect/full/detect.js'
export { fastDetectRegisterCalls } from './detect/fast/detect.js'
export { createScanner, scanTools, type Scanner, type ScannerOptions, type ScanHint } from './scan/scanner.js'
export { createDiskCache, type ScanCacheStore, type CacheEntry } from './scan/disk-cache.js'
export {
  generateModule,
  generateCompanionModule,
  sourcesTable,
  type GenerateModuleOptions,
} from './codegen/virtual-module.js'
export { generateSearchIndexModule, type Prebuild } from './codegen/search-index.js'
export { parseCompanionId, type CompanionId } from './codegen/companion-ids.js'
export { generateDts } from './codegen/dts.js'
export { generateManifest } from './codegen/manifest.js'
export { formatDiagnostics, formatToolTable, type DiagnosticFormat } from './diagnostics/format.js'
export { reportScan, type ScanReport } from './diagnostics/report.js'
export { createDevSession, type DevSession, type DevSessionDeps, type DevDecision } from './dev/session.js'
