'use strict'
// CommonJS entry of `@toolreg/plugin/rolldown` (see callable.cjs).
module.exports = require('./callable.cjs')(require('../dist/rolldown.js'))
