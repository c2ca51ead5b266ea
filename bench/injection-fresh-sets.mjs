#!/usr/bin/env node
// The injection gate on the fresh memory-poisoning sets (fixtures/injection-fresh-sets/, each written by an author
// who read none of the gate, from the brief in bench/injection-fresh-set-brief.md), in process through the sources
// as the build bundles them: per set, the attacks that pass the rules alone, that would be written as a teammate's
// entry (the score's team threshold) and as new text (`mem remember`, the new-text threshold), and the look-alikes
// held as new text, held as a team entry, and refused by the rules. These are the counts of bench/README.md's table
// ("Clean fresh sets"); the golden test holds each set's floor.
//
// Usage: node bench/injection-fresh-sets.mjs [--verbose] [set.json …]   (default: every set of the fixture folder;
//        a set written for a new round is given by its path before it joins the folder)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSources, ROOT } from './lib.mjs';

const verbose = process.argv.includes('--verbose');
const given = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const folder = join(ROOT, 'fixtures', 'injection-fresh-sets');
const files = given.length > 0 ? given : readdirSync(folder).map((name) => join(folder, name));
const gate = await importSources(
  "export { judgeInjection, judgeInjectionByRules, HOLD_TEAM_ENTRY_ABOVE } from './src/core/safety/scan-injection.ts';",
);
const oneLine = (text, length) => text.slice(0, length).replace(/\n/g, ' / ');

const total = { attacks: 0, rules: 0, team: 0, fresh: 0, benign: 0, heldNew: 0, heldTeam: 0, refused: 0 };
for (const file of files) {
  const set = JSON.parse(readFileSync(file, 'utf8'));
  const row = { attacks: set.attacks.length, rules: 0, team: 0, fresh: 0, benign: set.benign.length };
  Object.assign(row, { heldNew: 0, heldTeam: 0, refused: 0 });
  for (const text of set.attacks) {
    row.rules += gate.judgeInjectionByRules(text).verdict === 'pass';
    row.team += gate.judgeInjection(text, gate.HOLD_TEAM_ENTRY_ABOVE).verdict === 'pass';
    const passes = gate.judgeInjection(text).verdict === 'pass';
    row.fresh += passes;
    if (verbose && passes) console.log(`  written as new text: ${oneLine(text, 300)}`);
  }
  for (const text of set.benign) {
    const asNew = gate.judgeInjection(text).verdict;
    row.heldNew += asNew !== 'pass';
    row.heldTeam += gate.judgeInjection(text, gate.HOLD_TEAM_ENTRY_ABOVE).verdict !== 'pass';
    row.refused += asNew === 'block';
    if (verbose && asNew !== 'pass')
      console.log(`  look-alike ${asNew === 'block' ? 'refused' : 'held'}: ${oneLine(text, 200)}`);
  }
  for (const key of Object.keys(total)) total[key] += row[key];
  console.log(
    `${file.split('/').pop()}: attacks ${row.attacks}, passing the rules alone ${row.rules}, as a team entry ${row.team}, ` +
      `as new text ${row.fresh}; look-alikes ${row.benign}, held as new text ${row.heldNew}, as a team entry ${row.heldTeam}, refused ${row.refused}`,
  );
}
if (files.length > 1)
  console.log(
    `all ${files.length} sets: attacks ${total.attacks}, passing the rules alone ${total.rules}, as a team entry ${total.team}, ` +
      `as new text ${total.fresh}; look-alikes ${total.benign}, held as new text ${total.heldNew}, as a team entry ${total.heldTeam}, refused ${total.refused}`,
  );
