/**
 * Plain-words explanations of the filter's reason codes and scanner rule ids, shared by
 * `mem remember` (why it refused) and `mem candidates` (why something was left out).
 */
import type { ReasonCode } from './gate/verdict.js';

const REASONS: Readonly<Record<ReasonCode, string>> = {
  secret: 'looks like a credential (API key, token, password or private key) — mem never stores credentials',
  injection: 'reads like an instruction aimed at the AI model (prompt injection) — mem never stores those',
  'invisible-unicode':
    'contains invisible, bidirectional or control characters that can hide or rewrite text — mem never stores those',
  'tool-output': 'came from tool output or a file, not from the user or the agent itself',
  question: 'is a question, not a rule',
  'too-short': 'too short to stand on its own (see filter.minChars and filter.minWords in .memory/config.json)',
  'too-long': 'too long for one memory (see filter.maxChars); shorten it or split it into several',
  'too-vague': 'too vague for a future session to act on; name the tool, file or command it is about',
  ephemeral:
    'only about the current task (today, this PR, a line number, a commit hash…), not for every future session',
  contradiction: 'contradicts an existing entry; flagged for a human, never silently overwritten',
  duplicate: 'already remembered in the same words',
  'near-duplicate': 'nearly the same as an existing entry',
  'duplicate-in-batch': 'said twice in the same turn; kept once',
  forgotten: 'repeats a memory a human forgot with `mem forget`; it does not come back by itself',
  forced: 'a soft rule was overridden by a human with --force',
  'in-claude-md': 'a CLAUDE.md file already says it in words a human wrote; not a new memory',
  held: 'may be aimed at the AI model rather than the project; a person decides (`mem candidates --accept` run by a person, not by the agent)',
  'not-asked':
    'nobody asked for it to be remembered, and the agent did not record it; only explicit requests are written, only strong sources wait in the inbox',
};

const SECRET_RULES: Readonly<Record<string, string>> = {
  'private-key': 'a private key block',
  'aws-access-key-id': 'an AWS access key id',
  'aws-secret-access-key': 'an AWS secret access key',
  'github-token': 'a GitHub token',
  'gitlab-token': 'a GitLab token',
  'slack-webhook': 'a Slack webhook URL',
  'slack-token': 'a Slack token',
  'stripe-key': 'a Stripe key',
  'google-api-key': 'a Google API key',
  'anthropic-key': 'an Anthropic API key',
  'openai-key': 'an OpenAI API key',
  'npm-token': 'an npm token',
  jwt: 'a JSON Web Token',
  'connection-string-password': 'a connection string with a password',
  'generic-secret-assignment': 'a password or token assignment',
  'high-entropy-token': 'a random-looking token',
  'hex-key': 'a hex key (not a git SHA or a named digest)',
  'prefixed-token': 'a vendor-prefixed API token',
  'password-like-token': 'a password',
  'account-host': "an account's own host name",
  'command-line-password': 'a password on a command line',
};

const INJECTION_RULES: Readonly<Record<string, string>> = {
  'ignore-instructions': 'asks the model to ignore or set aside its instructions',
  'override-instructions': "claims to override the model's instructions",
  'prompt-extraction': "asks for the model's own prompt, instructions or conversation",
  'own-prompt': "talks about the model's own prompt or instructions",
  'fake-notice': 'imitates a system or admin notice',
  'granted-permission': 'claims permissions were granted or pre-approved',
  'no-confirmation': 'tells the agent not to ask for confirmation',
  obey: 'demands obedience without question',
  'borrowed-authority': 'gives some other text the authority of the owner or the user',
  'deny-if-asked': 'tells the agent to deny or lie when asked',
  'hide-from-people': 'tells the agent to hide something from the people it works for',
  quietly: 'asks for something to be done quietly or left out of reports',
  exfiltration: 'would send secrets, the environment or the conversation somewhere',
  'upload-file': 'uploads a file to an address',
  'markdown-exfiltration': 'builds an image or link URL that carries data off the machine',
  'pipe-to-shell': 'pipes a download into a shell',
  'install-from-url': 'installs a package from a URL instead of a registry',
  'download-and-run': 'downloads code and runs it',
  'force-push': 'force-pushes over a shared branch',
  'skip-review': 'skips review or hooks on the way to main',
  'rewrite-history': 'rewrites history or changes who a commit says wrote it',
  'harmful-request': 'asks for harmful content',
  jailbreak: 'is a jailbreak (a model without its rules)',
  'role-play': 'is a role-play jailbreak (a new identity without rules)',
  'role-hijack': 'tries to change who the model is',
  'system-prefix': 'imitates a system or assistant message',
  'address-to-model': 'addresses the model directly',
  'goal-hijack': "tries to take over the model's task or output",
  'edit-agent-config': "tries to change the agent's own configuration or safety checks",
  'run-now': 'asks for a command to run at once or before every task',
  'attack-canary': 'carries the marker string of a public attack tool',
  'request-to-model': 'is a request to the assistant, not a rule for the project',
};

/** Returns the explanation of `code` in plain words (the code itself for an unknown one); never throws. */
const INBOX_REASONS: Readonly<Record<string, string>> = {
  'rejected-in-inbox': 'rejected from the pending inbox (`mem candidates --reject`); it is not offered again',
};

export function explainReason(code: string): string {
  return (REASONS as Readonly<Record<string, string>>)[code] ?? INBOX_REASONS[code] ?? code;
}

/**
 * Returns the explanation of `code` made specific by the scanner rule ids that fired (e.g.
 * "looks like an AWS access key id — …"); never throws. Rule ids never include the value found.
 */
export function explainReasonWith(code: string, ruleIds: readonly string[]): string {
  const unique = [...new Set(ruleIds)];
  if (code === 'secret' && unique.length > 0) {
    // Note: the other ids are gitleaks rule ids (`shippo-api-token`), readable as they are.
    const what = unique.map((id) => SECRET_RULES[id] ?? `a credential (gitleaks rule ${id})`).join(' and ');
    return `looks like ${what} — mem never stores credentials`;
  }
  if (code === 'held' && unique.length > 0) {
    return `${unique.map((id) => INJECTION_RULES[id] ?? id).join('; ')}: held for a person to review (\`mem candidates --accept\`, run by a person)`;
  }
  if (code === 'injection' && unique.length > 0) {
    return `${unique.map((id) => INJECTION_RULES[id] ?? id).join('; ')} (prompt injection) — mem never stores those`;
  }
  if (code === 'invisible-unicode' && unique.length > 0) {
    return `contains invisible, bidirectional or control characters (${unique.join(', ')}) that can hide or rewrite text — mem never stores those`;
  }
  return explainReason(code);
}
