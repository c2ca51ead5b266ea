/** Did-you-mean for a mistyped command: the nearest command, or none when nothing is near. */
import { describe, expect, it } from 'vitest';
import { suggestCommand } from '../../../src/cli/hooks/not-found.js';

const COMMANDS = [
  'candidates',
  'demo',
  'forget',
  'init',
  'list',
  'remember',
  'review',
  'search',
  'status',
  'sync',
  'uninstall',
];

describe('suggestCommand', () => {
  it('finds swapped, missing, extra and wrong letters, and unique prefixes', () => {
    expect(suggestCommand('statsu', COMMANDS)).toBe('status');
    expect(suggestCommand('serach', COMMANDS)).toBe('search');
    expect(suggestCommand('lsit', COMMANDS)).toBe('list');
    expect(suggestCommand('uninstal', COMMANDS)).toBe('uninstall');
    expect(suggestCommand('rememebr', COMMANDS)).toBe('remember');
    expect(suggestCommand('rev', COMMANDS)).toBe('review');
    expect(suggestCommand('Sync', COMMANDS)).toBe('sync');
  });

  it('suggests nothing for a word that is not near any command', () => {
    expect(suggestCommand('xyz', COMMANDS)).toBeNull();
    expect(suggestCommand('deploy', COMMANDS)).toBeNull();
    expect(suggestCommand('', COMMANDS)).toBeNull();
  });
});
