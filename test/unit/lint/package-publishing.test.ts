import { describe, expect, it } from 'vitest';
import { packagePublishing } from '../../../src/lint/package-publishing.js';

describe('packagePublishing', () => {
  const manifests = new Map([
    ['package.json', JSON.stringify({ name: 'root', private: true })],
    ['packages/auth/package.json', JSON.stringify({ files: ['dist', 'src', 'AGENTS.md'] })],
    ['packages/docs/package.json', JSON.stringify({ files: ['guides/', '*.md'] })],
    ['packages/plain/package.json', JSON.stringify({ name: 'plain' })],
  ]);

  it('reads the nearest package.json above the file: its files by name, folder or glob', () => {
    expect(packagePublishing('packages/auth/AGENTS.md', manifests)).toBe('packages/auth');
    expect(packagePublishing('packages/auth/src/AGENTS.md', manifests)).toBe('packages/auth');
    expect(packagePublishing('packages/docs/guides/CLAUDE.md', manifests)).toBe('packages/docs');
    expect(packagePublishing('packages/docs/GEMINI.md', manifests)).toBe('packages/docs');
    expect(packagePublishing('docs/CLAUDE.md', new Map([['package.json', '{"files":["docs"]}']]))).toBe('');
  });

  it('is false without a files list, for a file it does not name, and for a broken manifest', () => {
    expect(packagePublishing('AGENTS.md', manifests)).toBeUndefined();
    expect(packagePublishing('packages/plain/AGENTS.md', manifests)).toBeUndefined();
    expect(packagePublishing('packages/auth/test/AGENTS.md', manifests)).toBeUndefined();
    expect(packagePublishing('x/AGENTS.md', new Map([['x/package.json', '{ not json']]))).toBeUndefined();
  });
});
