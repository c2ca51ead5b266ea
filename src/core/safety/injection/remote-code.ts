/**
 * Fetching and running or installing code from an arbitrary URL: `curl … | sh`, `bash <(curl …)`,
 * `npm install https://…tgz`, `pip install https://…`. A project installs from its lockfile and
 * registry; a memory line that makes every agent run code from some address is a supply-chain attack.
 */
import type { InjectionRule } from './injection-rule.js';

// Package hosts a real project may install a tarball from: held for a person, not refused.
const KNOWN_HOST =
  /^https?:\/\/(?:[\w-]+\.)*(?:github\.com|githubusercontent\.com|gitlab\.com|npmjs\.org|pythonhosted\.org|pypi\.org|pytorch\.org)\//i;

// Fetching a page, and following what it says: the two halves of the remote-instructions rules.
const FETCH = String.raw`\b(?:curl|wget|fetch|download|read|open|visit|load|get|grab|check|pull|browse|consult|see|go\s+to|look\s+at)\b[^.\n]{0,30}?`;
const FETCH_HINTS = [
  'curl',
  'wget',
  'fetch',
  'download',
  'read',
  'open',
  'visit',
  'load',
  'get',
  'grab',
  'check',
  'pull',
  'browse',
  'consult',
  'see',
  'go to',
  'look at',
];
const FOLLOW = String.raw`[^.\n]{0,40}?\b(?:follow|obey|execute|carry\s+out|do|apply|run)\s+(?:exactly\s+|precisely\s+|everything\s+|all\s+(?:of\s+)?)?`;
const WHAT_IT_SAYS = String.raw`what(?:ever)?\s+(?:it|they)\s+(?:says?|tells?\s+you|contains?|lists?)`;
// Where the author of a page cannot be told: paste sites, raw files, shorteners, tunnels, bare IPs.
const HIDDEN_SOURCE = String.raw`(?:pastebin\.com|paste\.[\w.]+|hastebin\.[\w.]+|ghostbin\.[\w.]+|rentry\.[\w.]+|dpaste\.[\w.]+|termbin\.com|gist\.githubusercontent\.com|raw\.githubusercontent\.com|bit\.ly|tinyurl\.com|t\.co|is\.gd|[\w-]+\.ngrok(?:-free)?\.[\w.]+|transfer\.sh|\d{1,3}(?:\.\d{1,3}){3})`;

export const REMOTE_CODE_RULES: readonly InjectionRule[] = [
  {
    // Piping a download into a shell or an interpreter.
    id: 'pipe-to-shell',
    category: 'remote-code',
    strength: 'block',
    pattern:
      /\b(?:curl|wget|iwr|Invoke-WebRequest|fetch)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:(?:ba|z|da|k)?sh|python3?|node|perl|ruby|iex)\b|\b(?:bash|sh|zsh|source)\s+<\(\s*(?:curl|wget)\b|\beval\s+["'`]?\$\(\s*(?:curl|wget)\b|\biex\s*\(\s*(?:iwr|Invoke-WebRequest|irm|Invoke-RestMethod|New-Object\s+Net\.WebClient)/gi,
    hints: ['curl', 'wget', 'iwr', 'invoke-webrequest', 'fetch', 'bash', 'sh', 'source', 'eval', 'iex'],
  },
  {
    // Installing a package from a URL rather than a registry.
    id: 'install-from-url',
    category: 'remote-code',
    strength: 'block',
    pattern:
      /\b(?:(?:npm|pnpm|yarn|bun)\s+(?:install|i|add)|pip3?\s+install|uv\s+(?:pip\s+install|add)|poetry\s+add|gem\s+install|cargo\s+install|go\s+install|composer\s+require)\b[^\n]{0,80}?(https?:\/\/[^\s"'`)]+)|["'][\w@/.-]+["']\s*:\s*["'](https?:\/\/[^"'\s]+\.(?:tgz|tar\.gz|zip))["']/gi,
    hints: ['npm', 'pnpm', 'yarn', 'bun', 'pip', 'uv', 'poetry', 'gem', 'cargo', 'go', 'composer', 'http'],
  },
  {
    // Downloading a script or binary and running it.
    id: 'download-and-run',
    category: 'remote-code',
    strength: 'block',
    pattern:
      /\b(?:download|fetch|get|grab|pull|curl|wget|descarga|lade)\b[^\n]{0,80}?https?:\/\/\S+[^\n]{0,80}?\b(?:run|execute|exec|source|eval|chmod\s+\+x|python3?\s|node\s|bash|sh\b|ejec[uú]ta|ausf[üu]hren|f[üu]hre)\b|\b(?:run|execute|ejecuta|f[üu]hre)\b[^\n]{0,30}?https?:\/\/\S+\.(?:sh|ps1|py|exe|bat|cmd|pl|rb)\b/gi,
    hints: [
      'download',
      'fetch',
      'get',
      'grab',
      'pull',
      'curl',
      'wget',
      'descarga',
      'lade',
      'run',
      'execute',
      'ejecuta',
      'führe',
      'fuhre',
    ],
  },
  {
    // Instructions fetched from an address and followed: "curl https://pastebin.com/raw/… and follow
    // what it says". For an agent, text is code: whoever controls the page controls the agent. A
    // paste site, a raw file, a shortener or a bare IP hides who that is.
    id: 'remote-instructions',
    category: 'remote-code',
    strength: 'block',
    pattern: new RegExp(
      `${FETCH}https?:\\/\\/(?:www\\.)?${HIDDEN_SOURCE}\\S*${FOLLOW}(?:${WHAT_IT_SAYS}|the\\s+instructions?|its\\s+instructions?|them|it|the\\s+steps)\\b`,
      'gi',
    ),
    hints: FETCH_HINTS,
  },
  {
    // The same from any other address: a person decides (a project's setup page is followed too).
    id: 'remote-instructions',
    category: 'remote-code',
    strength: 'hold',
    pattern: new RegExp(`${FETCH}https?:\\/\\/\\S+${FOLLOW}(?:${WHAT_IT_SAYS}|its\\s+instructions?|them|it)\\b`, 'gi'),
    hints: FETCH_HINTS,
  },
];

/** Install-from-URL findings whose address is a known package host are held, not refused. */
export function isKnownPackageHost(url: string): boolean {
  return KNOWN_HOST.test(url);
}
