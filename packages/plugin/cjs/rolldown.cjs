'use strict'
// CommonJS entry of `@toolreg/plugin/rolldown`: `require()` returns the plugin function itself
// (also as `.default`), for CommonJS configs. The plugin lives in the ES module ../dist/rolldown.js.
const plugin = require('../dist/bundlers/rolldown.js').default

function toolRegistry(options) {
  return plugin(options)
}
toolRegistry.default = toolRegistry
module.exports = toolRegistry
