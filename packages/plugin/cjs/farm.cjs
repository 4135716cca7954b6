'use strict'
// CommonJS entry of `@toolreg/plugin/farm` (see callable.cjs).
module.exports = require('./callable.cjs')(require('../dist/farm.js'))
