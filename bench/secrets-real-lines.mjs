#!/usr/bin/env node
// The secret scanner on real text that holds no secret: every non-empty line of the agent files
// (../shared/corpus/agent-files/) and of the user's and the agent's messages in the development
// transcripts (24,620 lines), and with --tool-results the transcripts' tool results too (files,
// command output: 45,494 lines in all). Prints how many lines any rule flags; --verbose prints them
// with their rule ids. A new rule must flag none of the first set (docs/gates.md).
//
// Usage: node bench/secrets-real-lines.mjs [--tool-results] [--verbose]   (no build needed)
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, importSources } from './lib.mjs';

const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const withToolResults = process.argv.includes('--tool-results');
const verbose = process.argv.includes('--verbose');
const { findSecrets } = await importSources("export { findSecrets } from './src/core/safety/scan-secrets.ts';");

const lines = [];
const addLines = (text) => {
  for (const line of text.split('\n')) if (line.trim() !== '') lines.push(line);
};
const toolResultText = (block) =>
  typeof block.content === 'string'
    ? block.content
    : Array.isArray(block.content)
      ? block.content.map((part) => part.text ?? '').join('\n')
      : '';

for (const file of readdirSync(join(CORPUS, 'agent-files')))
  addLines(readFileSync(join(CORPUS, 'agent-files', file), 'utf8'));
for (const file of readdirSync(join(CORPUS, 'transcripts'))) {
  for (const raw of readFileSync(join(CORPUS, 'transcripts', file), 'utf8').split('\n')) {
    let line;
    try {
      line = JSON.parse(raw);
    } catch {
      continue;
    }
    const content = line.message?.content;
    if (typeof content === 'string') addLines(content);
    else if (Array.isArray(content))
      for (const block of content) {
        if (block.type === 'text') addLines(block.text);
        else if (withToolResults && block.type === 'tool_result') addLines(toolResultText(block));
      }
  }
}

let flagged = 0;
for (const line of lines) {
  const findings = findSecrets(line);
  if (findings.length === 0) continue;
  flagged += 1;
  if (verbose) console.log(`  ${findings.map((f) => f.ruleId).join(',')}: ${JSON.stringify(line.slice(0, 160))}`);
}
console.log(`real lines ${lines.length}${withToolResults ? ' (tool results included)' : ''}: flagged ${flagged}`);
