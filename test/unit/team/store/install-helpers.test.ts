import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installMergeDriver, uninstallMergeDriver } from '../../../../src/setup/merge-driver-config.js';
import { installPrePushHook, locatePrePushHook, uninstallPrePushHook } from '../../../../src/setup/pre-push-hook.js';
import { cleanupTempDirs, git, makeRepo } from '../../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

const COMMAND = 'node /opt/mem/bin/run.js';

describe('pre-push hook install/uninstall', () => {
  it('creates its own hook in .git/hooks and removes it again', () => {
    const root = makeRepo();
    const path = join(root, '.git', 'hooks', 'pre-push');
    expect(installPrePushHook(root, COMMAND)).toEqual({ path, mode: 'created' });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(`${COMMAND} sync --quiet </dev/null || true`);
    expect(text).toMatch(/exit 0\n$/);
    expect(statSync(path).mode & 0o111).not.toBe(0);
    expect(installPrePushHook(root, COMMAND).mode).toBe('already-installed');
    expect(uninstallPrePushHook(root)).toBe(true);
    expect(existsSync(path)).toBe(false);
    expect(uninstallPrePushHook(root)).toBe(false);
  });

  it('chains an existing hook in core.hooksPath and restores it exactly', () => {
    const root = makeRepo();
    mkdirSync(join(root, 'githooks'));
    git(root, ['config', 'core.hooksPath', 'githooks']);
    const path = join(root, 'githooks', 'pre-push');
    const original = '#!/bin/sh\necho checking\nexit 0';
    writeFileSync(path, original);
    chmodSync(path, 0o750);
    expect(locatePrePushHook(root).path).toBe(path);
    expect(installPrePushHook(root, COMMAND).mode).toBe('chained');
    expect(readFileSync(`${path}.mem-chained`, 'utf8')).toBe(original);
    expect(readFileSync(path, 'utf8')).toContain('pre-push.mem-chained');
    expect(installPrePushHook(root, COMMAND).mode).toBe('already-installed');
    expect(uninstallPrePushHook(root)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(original);
    expect(statSync(path).mode & 0o777).toBe(0o750);
    expect(existsSync(`${path}.mem-chained`)).toBe(false);
  });

  it('adds a block to husky’s own pre-push (and creates/removes it when absent)', () => {
    const root = makeRepo();
    mkdirSync(join(root, '.husky', '_'), { recursive: true });
    git(root, ['config', 'core.hooksPath', '.husky/_']);
    const path = join(root, '.husky', 'pre-push');
    expect(locatePrePushHook(root)).toEqual({ path, husky: true });
    const original = 'npm test';
    writeFileSync(path, original);
    expect(installPrePushHook(root, COMMAND).mode).toBe('husky-block');
    expect(readFileSync(path, 'utf8')).toContain(`npm test\n# >>> mem`);
    expect(installPrePushHook(root, COMMAND).mode).toBe('already-installed');
    uninstallPrePushHook(root);
    expect(readFileSync(path, 'utf8')).toBe(original);
    rmSync(path);
    installPrePushHook(root, COMMAND);
    expect(existsSync(path)).toBe(true);
    uninstallPrePushHook(root);
    expect(existsSync(path)).toBe(false);
  });
});

describe('merge driver registration', () => {
  it('adds .gitattributes lines and git config, idempotently, and removes exactly that', () => {
    const root = makeRepo();
    const attributes = join(root, '.gitattributes');
    writeFileSync(attributes, '*.png binary');
    expect(installMergeDriver(root, COMMAND)).toEqual({ attributesChanged: true });
    expect(installMergeDriver(root, COMMAND)).toEqual({ attributesChanged: false });
    const text = readFileSync(attributes, 'utf8');
    expect(text.match(/CLAUDE\.md merge=mem/g)).toHaveLength(1);
    expect(text).toContain('AGENTS.md merge=mem');
    expect(git(root, ['check-attr', 'merge', 'CLAUDE.md'])).toBe('CLAUDE.md: merge: mem');
    expect(git(root, ['config', '--get', 'merge.mem.driver'])).toBe(`${COMMAND} merge-driver %O %A %B`);
    expect(uninstallMergeDriver(root)).toBe(true);
    expect(readFileSync(attributes, 'utf8')).toBe('*.png binary');
    expect(() => git(root, ['config', '--get', 'merge.mem.driver'])).toThrow();
    expect(uninstallMergeDriver(root)).toBe(false);
  });

  it('creates .gitattributes when absent and deletes it on uninstall', () => {
    const root = makeRepo();
    installMergeDriver(root, COMMAND);
    expect(existsSync(join(root, '.gitattributes'))).toBe(true);
    uninstallMergeDriver(root);
    expect(existsSync(join(root, '.gitattributes'))).toBe(false);
  });
});
