'use strict'
// CommonJS entry of `@toolreg/plugin/rspack` (see callable.cjs).
module.exports = require('./callable.cjs')(require('../dist/rspack.js'))
