import { describe, expect, it } from 'vitest';
import { findUserRules, splitSentences } from '../../../../src/durable/extract/find-user-rules.js';

const rules = (prompt: string, previousWasAgent = true) => findUserRules(prompt, { previousWasAgent }).map((rule) => rule.text);

describe('splitSentences', () => {
  it('splits before a lowercase word, as people type', () => {
    expect(splitSentences('ok. we vendor code in vendor/ and never modify it').map((s) => s.sentence)).toEqual(['ok.', 'we vendor code in vendor/ and never modify it']);
    expect(splitSentences('can you fix it? btw we use pnpm').map((s) => s.sentence)).toEqual(['can you fix it?', 'btw we use pnpm']);
  });

  it('keeps abbreviations, file names and versions whole', () => {
    expect(splitSentences('use a runner, e.g. vitest or jest, see docs/api.md for v2.1').map((s) => s.sentence)).toEqual(['use a runner, e.g. vitest or jest, see docs/api.md for v2.1']);
  });
});

describe('findUserRules: a ", never …" tail completes the clause before it', () => {
  it.each([
    ['btw all timestamps in this codebase are stored in UTC, never local time', 'All timestamps in this codebase are stored in UTC, never local time.'],
    ['Pagination MUST use opaque cursor tokens, never page offsets.', 'Pagination MUST use opaque cursor tokens, never page offsets.'],
    ['we vendor third-party code in vendor/ and never modify it', 'We vendor third-party code in vendor/ and never modify it.'],
  ])('keeps the whole of %j', (prompt, rule) => {
    expect(rules(prompt)).toEqual([rule]);
  });

  it('keeps only the clause right before the tail, not a task in front of it', () => {
    expect(rules('Fix the login bug, the session must be refreshed, never log the token')).toEqual(['The session must be refreshed, never log the token.']);
  });

  it('still drops a task instruction in front of the rule', () => {
    expect(rules('Fix the flaky test, and never use nock in new tests.')).toEqual(['Never use nock in new tests.']);
  });

  it('keeps a task scope in front of the rule, so the filter can see it', () => {
    expect(rules('For this PR, never touch the files under migrations/')).toEqual(['For this PR, never touch the files under migrations/.']);
  });
});

describe('findUserRules: more ways of stating a rule', () => {
  it('strips a short rule label ending in a colon', () => {
    expect(rules('Quick rule before we start: every new table needs a migration in db/migrations/, never change the schema by hand.', false)).toEqual([
      'Every new table needs a migration in db/migrations/, never change the schema by hand.',
    ]);
  });

  it('takes "this repo uses X" as a convention', () => {
    expect(rules('no not jest. this repo uses vitest')).toEqual(['This repo uses vitest.']);
  });

  it('carries a correction lead-in that ended its own sentence over to the next imperative', () => {
    expect(rules('stop, the full suite takes 20 minutes. use npm run test:changed for quick checks')).toEqual(['The full suite takes 20 minutes. Use npm run test:changed for quick checks.']);
    // Not when the prompt does not answer the agent.
    expect(rules('stop, the full suite takes 20 minutes. use npm run test:changed for quick checks', false)).toEqual([]);
  });

  it('recognises a project command the user names for a purpose', () => {
    expect(rules('the e2e tests need the stack running first: `docker compose up -d` then `npm run e2e`', false)).toEqual([
      'The e2e tests need the stack running first: `docker compose up -d` then `npm run e2e`.',
    ]);
    // A one-off request to run something is a task, not a rule.
    expect(rules('run `npm run e2e` and tell me what fails', false)).toEqual([]);
  });

  it('recognises a pointer to the doc that is the source of truth', () => {
    expect(findUserRules('Before changing anything in src/sync/, read docs/sync.md, that doc is the source of truth.', { previousWasAgent: false })).toEqual([
      { text: 'Before changing anything in src/sync/, read docs/sync.md, that doc is the source of truth.', source: 'reference' },
    ]);
  });

  it.each([
    ['Bitte verwende immer date-fns statt moment.js', 'Bitte verwende immer date-fns statt moment.js.'],
    ['Usa siempre pnpm en este repo', 'Usa siempre pnpm en este repo.'],
    ['このリポジトリでは必ずpnpmを使ってください。', 'このリポジトリでは必ずpnpmを使ってください。'],
  ])('recognises the non-English rule %j', (prompt, rule) => {
    expect(rules(prompt, false)).toEqual([rule]);
  });

  it('does not take a German statement with the adverb later on as a rule', () => {
    expect(rules('Das ist nie passiert', false)).toEqual([]);
  });

  it('takes a Chinese "don\'t" as a correction only when it answers the agent', () => {
    expect(rules('不要用 console.log，统一用 src/lib/logger.ts 里的 logger。')).toEqual(['不要用 console.log，统一用 src/lib/logger.ts 里的 logger。']);
    expect(rules('不要用 console.log，统一用 src/lib/logger.ts 里的 logger。', false)).toEqual([]);
  });
});

describe('findUserRules: phrasings found by the fresh held-out batch', () => {
  it('keeps the reason a correction gave in the sentence before it', () => {
    expect(rules('ugh, we ripped moment out last year. use dayjs')).toEqual(['We ripped moment out last year. Use dayjs.']);
  });

  it('takes "prefer X over Y" as a rule and drops a remark about the code at hand', () => {
    expect(rules('and prefer early returns over nested ifs, this function is unreadable', false)).toEqual(['Prefer early returns over nested ifs.']);
  });

  it('reads Portuguese "não" as a negation, never as a "no, …" lead-in', () => {
    expect(rules('Não use console.log no código de produção, use o logger de src/lib/log.ts.')).toEqual([
      'Não use console.log no código de produção, use o logger de src/lib/log.ts.',
    ]);
    expect(rules('Sempre use aspas simples no TypeScript.', false)).toEqual(['Sempre use aspas simples no TypeScript.']);
  });

  it('keeps a "goes in" clause in front of ", never …"', () => {
    expect(rules('the OPENAI_API_KEY goes in .env.local, never commit .env.local', false)).toEqual(['The OPENAI_API_KEY goes in .env.local, never commit .env.local.']);
  });
});

describe('findUserRules: conventions stated in passing', () => {
  it.each([
    ['Context since you are new to this repo: all SQL lives in src/db/queries/*.sql, no inline SQL in handlers.', 'All SQL lives in src/db/queries/*.sql, no inline SQL in handlers.'],
    ['FYI money amounts are integers in cents everywhere in this codebase, never floats.', 'Money amounts are integers in cents everywhere in this codebase, never floats.'],
    ['everything in this codebase is function components with hooks', 'Everything in this codebase is function components with hooks.'],
    ['and any HTML we render goes through sanitizeHtml() from src/security/sanitize.ts', 'Any HTML we render goes through sanitizeHtml() from src/security/sanitize.ts.'],
    ['regenerate the GraphQL types with `pnpm codegen` whenever you touch a .graphql file', 'Regenerate the GraphQL types with `pnpm codegen` whenever you touch a .graphql file.'],
    ['and when you change a query you have to run `cargo sqlx prepare` or CI fails', 'When you change a query you have to run `cargo sqlx prepare` or CI fails.'],
  ])('takes %j', (prompt, rule) => {
    expect(rules(prompt, false)).toEqual([rule]);
  });

  it.each([
    'everything is fine now, thanks',
    "there's a bug somewhere in this codebase that drops the last row",
    "whenever you're ready, run the tests",
    'all tests pass on my machine',
    'we have a meeting at 3, wrap up before that',
    'when you are done, ping me',
  ])('leaves %j alone', (prompt) => {
    expect(rules(prompt, false)).toEqual([]);
  });

  it('reads a pasted markdown document the user asks to follow, and skips code fences', () => {
    const prompt = "here's our CONTRIBUTING.md, follow it from now on:\n\n```md\n## Before you open a PR\n- Run `make check` before pushing.\n- Add an entry to CHANGELOG.md.\n\nThanks for contributing!\n```\n\n```sh\nrm -rf dist\n```";
    expect(findUserRules(prompt, { previousWasAgent: false })).toEqual([
      { text: 'Run `make check` before pushing.', source: 'spec-rule' },
      { text: 'Add an entry to CHANGELOG.md.', source: 'spec-rule' },
    ]);
    // The same document pasted only to ask about it is not a set of rules.
    expect(findUserRules(prompt.replace('follow it from now on', 'what do you think of it?'), { previousWasAgent: false })).toEqual([]);
  });
});

describe('findUserRules: rules a blind batch found missing', () => {
  it.each([
    ['also write this down: containers talk to each other by service name (db, redis), never localhost', 'Containers talk to each other by service name (db, redis), never localhost.'],
    ['and one more for the team: nobody applies a playbook to prod without a `--check --diff` run first', 'Nobody applies a playbook to prod without a `--check --diff` run first.'],
    ['hmm, we usually put those in lib/ not utils/', 'We usually put those in lib/ not utils/.'],
    ['run tests/integration without xdist: `pytest tests/integration -p no:xdist`', 'Run tests/integration without xdist: `pytest tests/integration -p no:xdist`.'],
    ['overrides go in config/overrides.yaml with an expiry date, we don\'t do permanent overrides', "Overrides go in config/overrides.yaml with an expiry date, we don't do permanent overrides."],
  ])('takes %j', (prompt, rule) => {
    expect(rules(prompt, false)).toEqual([rule]);
  });

  it.each([
    "actually never mind, I'll write that one myself",
    'finance writes to it every night and they add columns whenever they need to',
    'for this PR, we only touch the api package',
  ])('leaves %j alone', (prompt) => {
    expect(rules(prompt, true)).toEqual([]);
  });

  it('takes every item of a list introduced as house rules, each item whole', () => {
    const prompt = 'a few house rules first:\n1. no default exports, named exports only\n2. dates: date-fns. moment is being removed\n\nnow build the settings page with three toggles.';
    expect(findUserRules(prompt, { previousWasAgent: false })).toEqual([
      { text: 'No default exports, named exports only.', source: 'spec-rule' },
      { text: 'Dates: date-fns. moment is being removed.', source: 'spec-rule' },
    ]);
  });

  it('keeps the rule of an explanation closed by "remember that", not the story', () => {
    const prompt = "long story. finance's job writes to that schema every night. since then legacy_billing is read-only for us, changes go through the finance team.\n\nremember that.";
    expect(rules(prompt, false)).toEqual(['Since then legacy_billing is read-only for us, changes go through the finance team.']);
  });
});

describe('findUserRules: rules the fifth blind batch found missing', () => {
  it.each([
    ['Components never import launchdarkly-react-client-sdk directly.', 'Components never import launchdarkly-react-client-sdk directly.'],
    ['Outbound HTTP goes through the shared httpx.AsyncClient in app/http.py', 'Outbound HTTP goes through the shared httpx.AsyncClient in app/http.py.'],
    ['every new component gets a Storybook story next to it, Component.stories.tsx in the same folder', 'Every new component gets a Storybook story next to it, Component.stories.tsx in the same folder.'],
  ])('takes %j', (prompt, rule) => {
    expect(rules(prompt, false)).toEqual([rule]);
  });

  it.each([
    'The build always fails on CI after lunch',
    'it never works on the first try',
    'Every user gets exactly one referral code: 8 characters, uppercase, no ambiguous characters (no 0/O, no 1/I).',
  ])('leaves %j alone', (prompt) => {
    expect(rules(prompt, false)).toEqual([]);
  });
});

describe('findUserRules: shapes the sixth blind batch found missing', () => {
  it.each([
    ["Ah, sorry, should have said: we've moved everything over to kotlinx.serialization.", "We've moved everything over to kotlinx.serialization."],
    ['Validatie doen we bij ons altijd in een Form Request class in app/Http/Requests.', 'Validatie doen we bij ons altijd in een Form Request class in app/Http/Requests.'],
    ['secrets go in with `pulumi config set --secret`', 'Secrets go in with `pulumi config set --secret`.'],
  ])('takes %j', (prompt, rule) => {
    expect(rules(prompt, false)).toEqual([rule]);
  });

  it("drops the speaker's remark about the work at hand", () => {
    expect(rules('and again: do NOT log request bodies, I saw one in the diff.', true)).toEqual(['Do NOT log request bodies.']);
  });

  it('reads "no, please don\'t …" as a correction', () => {
    expect(rules("oh no, please don't write into data/raw", true)).toEqual(["Don't write into data/raw."]);
  });

  it('takes the items under a "### Rules" heading, and not the background or the open questions', () => {
    const prompt = "Here's the wiki page, follow it from now on:\n\n## Release process\n\nBackground: in 2024 we had three incidents caused by chart drift.\n\n### Rules\n- `appVersion` is set by CI from the git tag; never edit it by hand.\n- Release tags are created with `make tag`.\n\n### Open questions\n- Should we move charts to an OCI registry?";
    expect(findUserRules(prompt, { previousWasAgent: false })).toEqual([
      { text: '`appVersion` is set by CI from the git tag; never edit it by hand.', source: 'spec-rule' },
      { text: 'Release tags are created with `make tag`.', source: 'spec-rule' },
    ]);
  });
});

describe('splitSentences: code spans', () => {
  it('never splits inside a code span', () => {
    expect(splitSentences('use `req.parameters.require("id", as: UUID.self). Then guard` here. Next one').map((s) => s.sentence)).toEqual([
      'use `req.parameters.require("id", as: UUID.self). Then guard` here.',
      'Next one',
    ]);
  });
});

describe('findUserRules: a ", never …" tail and code spans', () => {
  it('keeps the whole clause when its commas are inside code', () => {
    expect(rules('in route handlers we use `req.parameters.require("id", as: UUID.self)` and `guard let`, never `!`', false)).toEqual([
      'In route handlers we use `req.parameters.require("id", as: UUID.self)` and `guard let`, never `!`.',
    ]);
  });
});
