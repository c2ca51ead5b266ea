import { describe, expect, it } from 'vitest';
import { worstState } from '../../../../src/core/anchors/anchor.js';
import { checkAnchors, manifestKindsToRead, renameOf } from '../../../../src/core/anchors/check-anchors.js';
import { findReferences } from '../../../../src/core/anchors/find-references.js';
import {
  manifestPaths,
  parseLsTree,
  type RepoObject,
  type RepoSnapshot,
} from '../../../../src/core/anchors/repo-snapshot.js';
import { resolveAnchors } from '../../../../src/core/anchors/resolve-anchors.js';

const C1 = '1'.repeat(40);
const C2 = '2'.repeat(40);

function snapshot(commit: string, files: Record<string, string>, manifests: Record<string, string> = {}): RepoSnapshot {
  const objects = new Map<string, RepoObject>();
  for (const [path, oid] of Object.entries(files)) {
    objects.set(path, { type: 'blob', oid });
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++)
      objects.set(parts.slice(0, i).join('/'), { type: 'tree', oid: `tree-${parts.slice(0, i).join('/')}-${oid}` });
  }
  for (const path of Object.keys(manifests))
    if (!objects.has(path)) objects.set(path, { type: 'blob', oid: `m-${manifests[path]?.length}` });
  return { commit, objects, manifests: new Map(Object.entries(manifests)) };
}

describe('findReferences', () => {
  it('finds paths, scripts, targets, Go packages and Python modules; nothing in plain prose', () => {
    const refs = findReferences(
      'API handlers live in `src/api/handlers/`; run `pnpm test:unit` and `make itest`, then `just lint`. See docs/setup.md, `go test ./internal/...` and `python -m app.cli`.',
    );
    expect(refs).toEqual(
      expect.arrayContaining([
        { kind: 'path', value: 'src/api/handlers/' },
        { kind: 'script', value: 'test:unit' },
        { kind: 'make', value: 'itest' },
        { kind: 'just', value: 'lint' },
        { kind: 'path', value: 'docs/setup.md' },
        { kind: 'go-package', value: './internal' },
        { kind: 'python-module', value: 'app.cli' },
      ]),
    );
    expect(
      findReferences('Prefer small pull requests, e.g. one concern each. Use Node.js 20 and https://example.com/a/b.'),
    ).toEqual([]);
  });
});

describe('resolve and check', () => {
  const t1 = snapshot(
    C1,
    { 'src/db.ts': 'b1', 'src/api/handlers/user.ts': 'b2', 'README.md': 'b3' },
    { 'package.json': '{"scripts":{"test:unit":"vitest"}}', Makefile: 'itest: build\n\tgo test ./...\n' },
  );

  it('anchors what resolves at the commit, and only that', () => {
    const anchors = resolveAnchors(
      findReferences(
        'DB code is in `src/db.ts`, handlers in `src/api/handlers/`, `pnpm test:unit`, `make itest`, `make nothing`, `src/gone.ts`.',
      ),
      t1,
    );
    expect(anchors.map((anchor) => [anchor.kind, anchor.value, anchor.path])).toEqual([
      ['script', 'test:unit', 'package.json'],
      ['make', 'itest', 'Makefile'],
      ['path', 'src/db.ts', 'src/db.ts'],
      ['path', 'src/api/handlers/', 'src/api/handlers'],
    ]);
  });

  it('says stale when a path is gone (and where git saw it go), changed when it changed, fresh otherwise', () => {
    const anchors = {
      commit: C1,
      refs: resolveAnchors(findReferences('`src/db.ts`, `README.md`, `src/api/handlers/`, `make itest`'), t1),
    };
    const t2 = snapshot(
      C2,
      { 'src/storage/db.ts': 'b1', 'src/http/handlers/user.ts': 'b2', 'README.md': 'b9' },
      { Makefile: 'test:\n\tgo test ./...\n' },
    );
    const renames = new Map([
      ['src/db.ts', 'src/storage/db.ts'],
      ['src/api/handlers/user.ts', 'src/http/handlers/user.ts'],
    ]);
    const statuses = checkAnchors(anchors, t2, renames).map((status) => [
      status.anchor.value,
      status.status,
      status.renamedTo,
    ]);
    expect(statuses).toEqual([
      ['itest', 'stale', undefined],
      ['src/db.ts', 'stale', 'src/storage/db.ts'],
      ['README.md', 'changed', undefined],
      ['src/api/handlers/', 'stale', 'src/http/handlers'],
    ]);
    expect([...manifestKindsToRead([anchors], t2)]).toEqual(['make']);
    expect(worstState(checkAnchors(anchors, t2, renames).map((status) => status.status))).toBe('stale');
    expect(worstState(checkAnchors(anchors, t1).map((status) => status.status))).toBe('fresh');
  });

  it('resolves a slash command to the root path or the file or skill that defines it, nearest the root', () => {
    const commands = snapshot(
      C1,
      {
        docs: 'd1',
        '.claude/commands/ship.md': 'c1',
        'plugins/x/commands/ship.md': 'c2',
        'skills/cancel/SKILL.md': 'c3',
        'src/review.md': 'c4',
      },
      {},
    );
    const paths = resolveAnchors(findReferences('`/docs`, `/ship`, `/cancel`, `/review`, `/compact`'), commands).map(
      (anchor) => [anchor.value, anchor.path],
    );
    expect(paths).toEqual([
      ['/docs', 'docs'],
      ['/ship', '.claude/commands/ship.md'],
      ['/cancel', 'skills/cancel'],
    ]);
  });

  it('says a slash command moved to another definition is changed, not stale', () => {
    const before = snapshot(C1, { 'commands/cancel.md': 'c1', 'commands/gone.md': 'c2' }, {});
    const anchors = { commit: C1, refs: resolveAnchors(findReferences('`/cancel` and `/gone`'), before) };
    const after = snapshot(C2, { 'skills/cancel/SKILL.md': 'c9' }, {});
    expect(checkAnchors(anchors, after).map((status) => [status.anchor.value, status.status])).toEqual([
      ['/cancel', 'changed'],
      ['/gone', 'stale'],
    ]);
  });

  it('finds a folder rename by where most of its files went', () => {
    expect(
      renameOf(
        'lib',
        new Map([
          ['lib/a.ts', 'pkg/lib/a.ts'],
          ['lib/b.ts', 'pkg/lib/b.ts'],
          ['lib/c.ts', 'other/c2.ts'],
        ]),
      ),
    ).toBe('pkg/lib');
  });
});

describe('the snapshot', () => {
  it('reads ls-tree -z output and lists manifests root first, vendored trees left out', () => {
    const objects = parseLsTree(
      [
        '100644 blob aa\tpackage.json',
        '040000 tree bb\tweb',
        '100644 blob cc\tweb/package.json',
        '100644 blob dd\tnode_modules/x/package.json',
        '100644 blob ee\tMakefile',
        '',
      ].join('\0'),
    );
    expect(objects.get('web')).toEqual({ type: 'tree', oid: 'bb' });
    expect(manifestPaths(objects, ['script'])).toEqual(['package.json', 'web/package.json']);
    expect(manifestPaths(objects, ['make', 'just'])).toEqual(['Makefile']);
  });
});
