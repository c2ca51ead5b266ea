import { describe, expect, it } from 'vitest';
import { isGuardedPath } from '../../../src/lint/guarded-paths.js';

describe('isGuardedPath', () => {
  it('takes an item of a list its clause forbids changing', () => {
    const ru = '- Не меняй без явного запроса `eas.json`, `scripts/`, `public/sitemap.xml` и `entry.js`; иначе спроси.';
    expect(isGuardedPath('public/sitemap.xml', ru)).toBe(true);
    expect(
      isGuardedPath(
        'config/legacy.yml',
        '- Do not modify `config/app.yml` or `config/legacy.yml` without an explicit request.',
      ),
    ).toBe(true);
  });

  it('leaves a path the clause sends the agent to, or one named again elsewhere', () => {
    expect(isGuardedPath('docs/api.md', '- Do not change the API without updating `docs/api.md` first.')).toBe(false);
    expect(isGuardedPath('src/env.ts', 'Never edit generated files. Add each new variable to `src/env.ts`.')).toBe(
      false,
    );
    const twice = "- Don't touch `src/env.ts`.\n- Read `src/env.ts` for the variables.";
    expect(isGuardedPath('src/env.ts', twice)).toBe(false);
  });
});
