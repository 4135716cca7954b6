'use strict'
// CommonJS entry of `@toolreg/plugin/webpack`: `require()` returns the plugin function itself
// (also as `.default`), for CommonJS configs. The plugin lives in the ES module ../dist/webpack.js.
const plugin = require('../dist/bundlers/webpack.js').default

function toolRegistry(options) {
  return plugin(options)
}
toolRegistry.default = toolRegistry
module.exports = toolRegistry
