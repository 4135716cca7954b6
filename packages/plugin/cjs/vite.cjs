'use strict'
// CommonJS entry of `@toolreg/plugin/vite`: `require()` returns the plugin function itself
// (also as `.default`), for CommonJS configs. The plugin lives in the ES module ../dist/vite.js.
const plugin = require('../dist/bundlers/vite.js').default

function toolRegistry(options) {
  return plugin(options)
}
toolRegistry.default = toolRegistry
module.exports = toolRegistry
