/** git fetch --progress, as a slow first sync prints it: counts for the terminal, nothing left in the failure text. */
import { describe, expect, it } from 'vitest';
import { fetchProgress, withoutProgress } from '../../../../src/team/store/transport.js';

const STDERR = [
  'remote: Enumerating objects: 3004, done.\n',
  'remote: Counting objects:  50% (1502/3004)\rremote: Counting objects: 100% (3004/3004), done.\n',
  'Receiving objects:  12% (361/3004)\rReceiving objects:  87% (2614/3004), 1.20 MiB | 600.00 KiB/s\rReceiving objects: 100% (3004/3004), 1.38 MiB | 640.00 KiB/s, done.\n',
  'Resolving deltas:  40% (2/5)\rResolving deltas: 100% (5/5), done.\n',
];

describe('fetch progress', () => {
  it("turns git's object counts into progress reports as they arrive", () => {
    const seen: string[] = [];
    const listen = fetchProgress(
      (label, done, total) => seen.push(`${label} ${done}/${total}`),
      'fetching the team memory from origin',
    );
    for (const chunk of STDERR) listen(chunk);
    expect(seen).toContain('fetching the team memory from origin: counting objects 1502/3004');
    expect(seen).toContain('fetching the team memory from origin: receiving objects 2614/3004');
    expect(seen.at(-1)).toBe('fetching the team memory from origin: resolving deltas 5/5');
  });

  it('leaves only what --quiet would have printed, so a failure reads the same', () => {
    expect(withoutProgress(STDERR.join(''))).toBe('');
    expect(withoutProgress(`${STDERR[2]}fatal: the remote end hung up unexpectedly\n`)).toBe(
      'fatal: the remote end hung up unexpectedly',
    );
  });
});
