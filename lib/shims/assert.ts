// Stands in for node:assert in the bundle: find-my-way only ever calls assert(condition, message) while
// routes are registered, and the core must run where there is no node:assert.
export default function assert(condition: unknown, message?: string | Error): asserts condition {
  if (condition) return;
  throw message instanceof Error ? message : new Error(message ?? 'Assertion failed');
}
