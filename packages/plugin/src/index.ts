// @toolreg/plugin: the bundler-free core. Bundler plugins live in the
// per-bundler entry points (`@toolreg/plugin/vite`, `/rollup`, …).
export * from './api.js'
