'use strict'
// CommonJS entry of `@toolreg/plugin/rollup`: `require()` returns the plugin function itself
// (also as `.default`), for CommonJS configs. The plugin lives in the ES module ../dist/rollup.js.
const plugin = require('../dist/bundlers/rollup.js').default

function toolRegistry(options) {
  return plugin(options)
}
toolRegistry.default = toolRegistry
module.exports = toolRegistry
