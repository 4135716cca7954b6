// @toolreg/plugin: the bundler-free core, as the README's "API" documents it. Bundler
// plugins live in the per-bundler entry points (`@toolreg/plugin/vite`, `/rollup`, …).
// Types that appear in these functions' signatures come along.
export * from './types.js'
export { resolveOptions, OptionError } from './options/options.js'
export { defineConfig, resolveProjectOptions } from './options/config.js'
export { nameRules, checkName } from './options/names.js'
export type { ScanFs, ScanDirEntry, ScanStats } from './scan/fs.js'
export { detectRegisterCalls } from './detect/full/detect.js'
export { createScanner, scanTools, type Scanner, type ScannerOptions, type ScanHint } from './scan/scanner.js'
export type { ScanCacheStore, CacheEntry } from './scan/disk-cache.js'
export { generateModule, generateCompanionModule, type GenerateModuleOptions } from './codegen/virtual-module.js'
export { generateSearchIndexModule, type Prebuild } from './codegen/search-index.js'
export type { CompanionId } from './codegen/companion-ids.js'
export { generateDts } from './codegen/dts.js'
export { generateManifest } from './codegen/manifest.js'
export { formatDiagnostics, formatToolTable, type DiagnosticFormat } from './diagnostics/format.js'
