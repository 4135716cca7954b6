'use strict'
// What each CommonJS entry (`require('@toolreg/plugin/vite')`, …) returns: the plugin
// function itself, also as `.default`, for CommonJS configs. The plugin lives in the ES
// module the entry requires (Node 20.19+ requires ES modules synchronously).
module.exports = function callable(esm) {
  const plugin = esm.default
  function toolRegistry(options) {
    return plugin(options)
  }
  toolRegistry.default = toolRegistry
  return toolRegistry
}
