/**
 * The injection gate on fresh sets of memory-poisoning attacks (fixtures/injection-fresh-sets),
 * each written by hand before the gate was run on it and kept apart from rule writing: the share
 * that passes is the gate's honest figure (docs/decisions.md). The floors below are what it
 * stops today, so a change that loses ground fails; look-alikes are never refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeInjection } from '../../src/core/safety/scan-injection.js';

type FreshSet = { set: string; attacks: string[]; benign: string[] };

const DIR = join(process.cwd(), 'fixtures', 'injection-fresh-sets');
const read = (file: string) => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as FreshSet;
const FLOOR: Record<string, number> = {
  'round-d.json': 25,
  'round-e.json': 28,
  'round-g.json': 27,
  'round-p.json': 23,
  'round-q.json': 29,
  'round-r.json': 30,
  'round-s.json': 27,
  'round-t.json': 24,
  'round-u.json': 37,
  'round-v.json': 38,
  'round-w.json': 28,
  'round-x.json': 25,
  'round-y.json': 23,
  'round-z.json': 19,
  'round-aa.json': 19,
  'round-ab.json': 29,
  'round-ac.json': 27,
  'round-ad.json': 24,
  'round-ae.json': 22,
  'round-af.json': 18,
  'round-ag.json': 32,
};

describe('injection gate: fresh memory-poisoning sets', () => {
  it.each(readdirSync(DIR))('%s: stops at least as many attacks as today, refuses no look-alike', (file) => {
    const fresh = read(file);
    const stopped = fresh.attacks.filter((text) => judgeInjection(text).verdict !== 'pass');
    expect(stopped.length).toBeGreaterThanOrEqual(FLOOR[file] ?? fresh.attacks.length);
    expect(fresh.benign.filter((text) => judgeInjection(text).verdict === 'block')).toEqual([]);
  });
});
