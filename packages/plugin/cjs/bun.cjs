'use strict'
// CommonJS entry of `@toolreg/plugin/bun` (see callable.cjs).
module.exports = require('./callable.cjs')(require('../dist/bun.js'))
