// Stands in for node:assert in the ESM bundle. find-my-way (CommonJS) only ever calls
// assert(condition, message) while routes are registered, and the core must run where there is no
// node:assert. CommonJS itself, so find-my-way's require() receives the function, not a namespace.
function assert(condition, message) {
  if (condition) return;
  throw message instanceof Error ? message : new Error(message === undefined ? 'Assertion failed' : String(message));
}
module.exports = assert;
module.exports.ok = assert;
