#!/usr/bin/env node
// Compiles grammar/nql.ne into lib/nql/grammar.ts with nearley's own compiler (the same steps as
// `nearleyc`, without its CLI), so the generated parser ships in the tree and needs no build step.
//
//   node scripts/build-grammar.mjs            write lib/nql/grammar.ts
//   node scripts/build-grammar.mjs --stdout   print the generated source (used by the staleness test)
//   node scripts/build-grammar.mjs --check    exit 1 when lib/nql/grammar.ts is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const nearley = require('nearley');
const compile = require('nearley/lib/compile');
const generate = require('nearley/lib/generate');
const lint = require('nearley/lib/lint');
const bootstrapped = require('nearley/lib/nearley-language-bootstrapped');
const { version } = require('nearley/package.json');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'grammar', 'nql.ne');
const target = join(root, 'lib', 'nql', 'grammar.ts');

const HEADER = `// GENERATED FILE, DO NOT EDIT. Generated from grammar/nql.ne by scripts/build-grammar.mjs
// (npm run grammar); test/nql/grammar-stale.test.ts fails when it is out of date.
`;

export function generateGrammar(text) {
  const parser = new nearley.Parser(nearley.Grammar.fromCompiled(bootstrapped));
  parser.feed(text);
  parser.feed('\n');
  if (parser.results.length === 0) throw new Error(`${source}: incomplete grammar`);
  const compiled = compile(parser.results[0], { version, args: [source] });
  const warnings = [];
  lint(compiled, { out: { write: (line) => warnings.push(line.trim()) }, version });
  if (warnings.length > 0) throw new Error(`${source}:\n${warnings.join('\n')}`);
  return HEADER + generate(compiled, 'grammar');
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const output = generateGrammar(readFileSync(source, 'utf8'));
  const mode = process.argv[2];
  if (mode === '--stdout') {
    process.stdout.write(output);
  } else if (mode === '--check') {
    if (readFileSync(target, 'utf8') !== output) {
      console.error(`${relative(root, target)} is stale: run npm run grammar`);
      process.exit(1);
    }
  } else {
    writeFileSync(target, output);
    console.log(`wrote ${relative(root, target)}`);
  }
}
