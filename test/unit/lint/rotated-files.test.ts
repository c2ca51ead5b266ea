import { describe, expect, it } from 'vitest';
import { isRotatedFile } from '../../../src/lint/rotated-files.js';

const folder = (names: string[]) => (dir: string) => (dir === 'data/queue' ? names : []);

describe('isRotatedFile', () => {
  it('takes a file whose folder holds a dated copy of it for the live file of a rotation', () => {
    expect(isRotatedFile('data/queue/link_queue.md', folder(['link_queue_archive_2026-07-15.md']))).toBe(true);
    expect(isRotatedFile('data/queue/run.log', folder(['run-20260715.log']))).toBe(true);
    expect(isRotatedFile('data/queue/report.md', folder(['report_2026-08-19T1548Z.md']))).toBe(true);
  });

  it('leaves a sibling without a date, of another extension or of another stem, and a file without extension', () => {
    expect(isRotatedFile('data/queue/link_queue.md', folder(['link_queue_template.md']))).toBe(false);
    expect(isRotatedFile('data/queue/link_queue.md', folder(['link_queue_archive_2026-07-15.json']))).toBe(false);
    expect(isRotatedFile('data/queue/link_queue.md', folder(['other_queue_2026-07-15.md']))).toBe(false);
    expect(isRotatedFile('data/queue/link_queue.md', folder(['link_queue_v1234-56.md']))).toBe(false);
    expect(isRotatedFile('data/queue/Makefile', folder(['Makefile-2026-07-15']))).toBe(false);
  });
});
