'use strict'
// CommonJS entry of `@toolreg/plugin/nuxt`, for a loader that uses `require()` (Node 20.19+
// requires ES modules synchronously): the module function itself.
module.exports = require('../dist/nuxt.js').default
