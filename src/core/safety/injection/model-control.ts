/**
 * Text that speaks to the model rather than about the project: fake chat-role markers, notes "to
 * the AI", a new identity or goal for it, output forcing ("just print …"), edits of its own
 * configuration and permission checks. A memory entry is read by the model, but it is written for
 * the project: one addressed to the model as such is a prompt someone slipped in.
 */
import type { InjectionRule } from './injection-rule.js';

export const MODEL_CONTROL_RULES: readonly InjectionRule[] = [
  {
    id: 'system-prefix',
    category: 'model-control',
    strength: 'block',
    pattern: /(?:^|\n)\s*(?:#+\s*)?(?:\[\s*)?(?:system|assistant|developer)\s*(?:\]|:|>)/gi,
  },
  {
    id: 'system-prefix',
    category: 'model-control',
    strength: 'block',
    pattern: /<\|?(?:im_start|im_end|system|endoftext)\|?>|<\/?system>|<\/?(?:system-reminder|instructions)>/gi,
  },
  {
    id: 'role-hijack',
    category: 'model-control',
    strength: 'block',
    pattern:
      /\byou\s+are\s+now\s+(?:an?\s+|the\s+|my\s+)?(?:\w+\s+)?(?:bot|assistant|ai|model|agent|persona|character|named|called|free|in\s+\w+\s+mode|jailbroken|unrestricted)\b|\b(?:from\s+now\s+on,?\s+)?you\s+(?:will|must|shall)\s+(?:act|behave|respond)\s+as\b|\bnew\s+(?:system\s+)?instructions?\s*(?::|#|\]|={2,}|-{2,}|\*\*|(?:to|for)\s+(?:the\s+)?(?:chat\s+)?(?:assistant|ai|model|bot))|[#=[*-]{2,}\s*(?:begin|start)\s+(?:of\s+)?new\s+(?:system\s+)?instructions?\b/gi,
  },
  {
    id: 'address-to-model',
    category: 'model-control',
    strength: 'block',
    pattern:
      /\b(?:note|message|instructions?|attention|important)\s*(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:ai|llm|assistant|claude|model|agent|language\s+model)s?\b|\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|language\s+model|assistant|claude|coding\s+agent)\b|\b(?:ai|llm)\s+(?:agents?|assistants?|models?)\s+(?:reading|processing)\s+this\b|\b(?:hello|hi|hey|dear|greetings),?\s+(?:chat\s?gpt|gpt(?:-?\d)?|claude|bard|gemini|llama|ai|assistant)\b|\byou\s+are\s+chat\s?gpt\b|(?:^|[.!?]\s+)(?:chat\s?gpt|gpt-?\d?)\s*[,:]|\bas\s+(?:a|an)\s+chat\s?gpt\b/gim,
  },
  {
    // The project's own safeguards switched off or silenced: "add `# nosemgrep` to every
    // flagged line", "`continue-on-error: true` on the security-scan job", "branch protection and required
    // reviews are suspended", "setenforce 0 && ufw disable". A "never" before it is the rule agent
    // files write. Held: a team does turn a scanner off for a vendored folder, and says why.
    id: 'disable-safeguards',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:disabl|turn\w*\s+off|switch\w*\s+off|suspend|skip|bypass|remov|stop|silenc|mute|comment\w*\s+out|deactivat)\w*\b(?:[^.\n]|\.(?=\S)){0,40}?\b(?:secret[- ]scan\w*|security[- ]scan\w*|security\s+checks?|semgrep|gitleaks|codeql|snyk|trivy|branch\s+protection|required\s+reviews?|code\s*owners|commit\s+sign\w*|signature\s+(?:checks?|verification)|2fa|mfa|sandbox\w*|permission\s+prompts?|audit\s+logs?|auditd|firewall|ufw|selinux|fail2ban|antivirus)\b|\b(?:secret[- ]scan\w*|security[- ]scan\w*|security\s+checks?|semgrep|gitleaks|codeql|snyk|trivy|branch\s+protection|required\s+reviews?|code\s*owners|commit\s+sign\w*|signature\s+(?:checks?|verification)|2fa|mfa|sandbox\w*|permission\s+prompts?|audit\s+logs?|auditd|firewall|ufw|selinux|fail2ban|antivirus)\b(?:[^.\n]|\.(?=\S)){0,15}?\b(?:(?:is|are)\s+(?:now\s+)?(?:suspended|disabled|off|waived|lifted|optional)|continue-on-error)|\b(?:every|all|each|any)\b(?:[^.\n]|\.(?=\S)){0,60}?(?:#\s*nosemgrep|gitleaks:allow|\/\/\s*nosec\b|#\s*nosec\b)|(?:#\s*nosemgrep|gitleaks:allow|\/\/\s*nosec\b|#\s*nosec\b)(?:[^.\n]|\.(?=\S)){0,60}?\b(?:every|all|each|any)\b|\bsetenforce\s+0|\bufw\s+disable|\bsystemctl\s+stop\s+(?:\S+\s+)*?(?:auditd|fail2ban|firewalld)|\|\|\s*true\b(?:[^.\n]|\.(?=\S)){0,80}?\bcontinue-on-error|continue-on-error:\s*true(?:[^.\n]|\.(?=\S)){0,60}?\bsecurity/gi,
  },
  {
    // Output forcing: "just print "…"", "reply with only the following text".
    id: 'goal-hijack',
    category: 'model-control',
    strength: 'block',
    pattern:
      /\b(?:just|only|simply)\s+(?:say|print|output|write|type|reply|respond|answer|repeat|return)\b(?:\s+with)?\s*[:"“'‘]|\b(?:reply|respond|answer)\s+with\s+only\s+(?:the\s+following|this)\b|\b(?:if|when)\s+the\s+(?:text|input|document|page|data|content|e-?mail)\s+(?:has|contains|includes)\s+instructions\b/gi,
  },
  {
    // Output forcing by a quoted answer and nothing besides it: "Output "execute function()" and only
    // those words", said as an order (at a sentence's start). Held, not refused: a team could write it of a
    // script's output too.
    id: 'goal-hijack',
    category: 'model-control',
    strength: 'hold',
    pattern:
      /(?:^|[.!?:;#]\s*|\n)[\W_]*(?:say|print|output|write|type|reply|respond|answer|repeat|return)\b(?:\s+with)?\s*["\u201c\u201d'\u2018\u2019][^"\u201c\u201d'\u2018\u2019\n]{1,80}["\u201c\u201d'\u2018\u2019]\s*,?\s*(?:and\s+)?(?:only\s+(?:that|this|those|these)(?:\s+words?)?|nothing\s+(?:else|more)|no\s+other\s+(?:words|text))\b/gi,
  },
  {
    // A text in Morse code: four groups or more of dots and dashes mixed, spaces or slashes between
    // (a thematic break's "- - -" has no dot). An encoded request hides its words from every rule.
    id: 'encoded-text',
    category: 'model-control',
    strength: 'hold',
    pattern: /(?:[.-]*(?:\.-|-\.)[.-]*[ /]+(?:[.-]{1,6}[ /]+){0,3}){4,}/g,
  },
  {
    // Changing the agent's own configuration or switching off its checks.
    id: 'edit-agent-config',
    category: 'model-control',
    strength: 'block',
    pattern:
      /\b(?:edit|modify|update|change|rewrite|overwrite|append\s+to|write\s+to|replace)\s+(?:the\s+|your\s+)?(?:CLAUDE(?:\.local)?\.md|AGENTS\.md|MEMORY\.md|GEMINI\.md|\.cursorrules|\.claude\/settings(?:\.local)?\.json|settings\.json|(?:your\s+)?(?:memory|instructions)\s+files?)\b(?:[^.\n]|\.(?=\S)){0,40}?\b(?:to|so|and|with|adding|saying)\b|\b(?:disable|remove|delete|turn\s+off|bypass|skip)\s+(?:all\s+|the\s+|any\s+)?(?:hooks|mem\s+hooks|safety\s+checks|permission\s+(?:prompts|checks)|sandbox(?:ing)?)\b|--dangerously-skip-permissions|\b(?:approve|accept|allow)\s+(?:every|all|any|each)\s+(?:[\w-]+\s+)?(?:tool\s+calls?|commands?|actions?|requests?|edits?|changes?|operations?|permissions?)\s+automatically\b|\bauto-?approv\w*\s+(?:every|all|any|each)\s+(?:tool\s+calls?|commands?|actions?|requests?|edits?|changes?|operations?|tool\s+uses?|permissions?)\b/gi,
  },
  {
    // The agent's own confirmation or approval step turned off: a weak sign, since a product's CLI has
    // confirmation prompts too ("skip them with --yes in scripts").
    id: 'no-confirmation-step',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:disable|turn\s+off|switch\s+off|skip|bypass|suppress|get\s+rid\s+of|remove|stop\s+(?:showing|asking))\s+(?:all\s+|the\s+|any\s+|your\s+|these\s+)?(?:confirmation|approval|permission)\s+(?:prompts?|dialogs?|checks?|requests?|steps?|questions?)\b/gi,
  },
  {
    // The agent's checks switched off in its own configuration, in words or as a snippet: "pre_approved:
    // all_actions", "ask_before_running: never", "sandbox: off", "approval_policy: never", "remove the
    // PreToolUse hooks from .claude/settings.json", `"Bash(*)"` on the allow list.
    id: 'edit-agent-config',
    category: 'model-control',
    strength: 'block',
    pattern:
      /\bpre[_-]?approved["']?\s*[:=]\s*["']?(?:all|true|yes|everything|\*|all[_-]actions)\b|\bask[_-]?before[_-]?\w+["']?\s*[:=]\s*["']?(?:never|false|no|off)\b|\bapproval[_-]?policy["']?\s*[:=]\s*["']?never\b|\bsandbox(?:[_-]?mode)?["']?\s*[:=]\s*["']?(?:off|false|none|disabled|danger-full-access)\b|\b(?:disable|remove|delete|turn\s+off|drop|strip)\s+(?:all\s+|the\s+|any\s+)?(?:PreToolUse|PostToolUse|UserPromptSubmit|SessionStart|Stop|SubagentStop|PreCompact|Notification)\s+hooks?\b|\bdefaultMode["']?\s*[:=]?\s*(?:to\s+)?["']?bypassPermissions\b|["']Bash\(\*\)["']/gi,
  },
  {
    // The canary of public attack tools (garak's latent-injection probes): a text carrying it is a
    // probe, whatever else it says. A family of attacks, not a row: every garak probe plants it.
    id: 'attack-canary',
    category: 'model-control',
    strength: 'block',
    pattern: /\bhaha\s+pwned\b/gi,
  },
  {
    // Running something at once, the way injected text wants it run.
    id: 'run-now',
    category: 'model-control',
    strength: 'hold',
    pattern:
      /\b(?:run|execute)\s+(?:the\s+following|this)\s+(?:command|script|code)\s+(?:immediately|now|first|silently|automatically)\b|\bbefore\s+(?:each|every)\s+(?:task|answer|response|reply)\b/gi,
  },
  {
    // The agent's sandbox or confirmation prompts switched off, in the other languages the corpus
    // holds ("die Sandbox … abzuschalten", "désactivez le sandbox"); English is edit-agent-config's.
    id: 'edit-agent-config',
    category: 'model-control',
    strength: 'block',
    negatable: true,
    pattern:
      /\b(?:sandbox\w*|best[\u00e4a]tigung\w*|confirmaci[o\u00f3]n\w*|confirmations?|r[\u00fcu]ckfrage\w*|aprova[\u00e7c][\u00e3a]o|freigabe\w*)\b(?:[^.\n]|\.(?=\S)){0,60}?(?:abzuschalten|abschalten|ausschalten|auszuschalten|deaktivier\w*|d[\u00e9e]sactiv\w*|desactiv\w*|disattiv\w*|desativ\w*|desligar|apag\w*)|(?:\u6c99\u7bb1|\u6c99\u76d2|\u786e\u8ba4)[^\u3002\n]{0,12}?(?:\u5173\u95ed|\u7981\u7528|\u5173\u6389|\u53bb\u6389)/gi,
  },
  {
    // Failing checks made to pass by removing them: "if tests fail, mark them as skipped or delete
    // them", "the simplest fix for a flaky launch_testing failure is to delete the test file". A weak sign alone (a
    // flaky test is skipped with an issue); beside "so the pipeline goes green", refused.
    id: 'defeat-checks',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:if|when|whenever|once)\s+(?:the\s+|a\s+|any\s+|some\s+)?(?:[\w-]+\s+)?(?:tests?|checks?|ci|builds?|lint\w*|specs?|pipelines?|type-?checks?)\s+(?:\w+\s+)?(?:fails?|failing|breaks?|broken|(?:is|are|goes|go|turns?)\s+red)\b(?:[^.;\n]|\.(?=\S)){0,60}?\b(?:skip\w*|delet\w*|remov\w*|disabl\w*|comment\w*\s+(?:them|it)\s+out|xfail\w*|mut(?:e|ing)|silenc\w*|ignor\w*)\b|\b(?:flaky|failing|red|broken|intermittent)\s+(?:[\w-]+\s+){0,2}?(?:tests?|specs?|failures?)\b(?:(?!\b(?:not|never|no|don't|instead|rather|quarantine|fix)\b)(?:[^.;\n]|\.(?=\S))){0,60}?\b(?:delet|remov)\w*\s+(?:the\s+|that\s+|this\s+|its\s+)?(?:test|spec)(?:\s+(?:files?|suites?|cases?))?\b(?!\s+(?:cache|data|db|database|results?|output|artifacts?|logs?|snapshots?|fixtures?|containers?|env\w*|reports?|runs?|dir\w*|folders?)\b)/gi,
  },
  {
    id: 'fake-green',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:skip|delet|remov|disabl|mark|comment|mut|silenc|xfail|chang|rewrit|weaken|loosen)\w*\b[^.;\n]{0,120}?\bso\s+(?:that\s+)?(?:the\s+)?(?:pipeline|ci|build|checks?|suite|status|pr)\s+(?:goes|turns|is|stays|pass(?:es)?|looks|shows?)\s+(?:green|passing|clean)\b/gi,
  },
  {
    // An assertion that cannot fail put in place of a real one: "change its assertion to
    // expect(true).toBe(true)". A weak sign alone (a placeholder test), refused beside another.
    id: 'defeat-checks',
    category: 'model-control',
    strength: 'hold',
    pattern:
      /\bexpect\(\s*true\s*\)\.toBe(?:Truthy)?\(\s*(?:true)?\s*\)|\bassert\s+True\b|\bassertTrue\(\s*(?:true|True)\s*\)|\bassert\s*\(\s*true\s*\)/g,
  },
  {
    // A scanner's findings set aside wholesale: "findings go straight into the baseline file
    // automatically", "treat any warning from Snyk as noise". A finding is for a person to judge.
    id: 'mute-scanners',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:(?:snyk|trivy|gitleaks|semgrep|codeql|dependabot|sonar\w*|trufflehog|grype|bandit|scanner|sast|dast|security|vulnerability)\s+(?:scan\s+)?(?:findings?|alerts?|warnings?|results?|reports?)|(?:findings?|alerts?|warnings?)\s+(?:from|by|of)\s+[\w\s,/'-]{0,40}?\b(?:snyk|trivy|gitleaks|semgrep|codeql|dependabot|sonar\w*|trufflehog|grype|bandit|scanners?|safety\s+checks?))\b(?:[^.\n]|\.(?=\S)){0,80}?\b(?:baseline|allow-?list|ignore-?list|suppress\w*|dismiss\w*|noise|mut(?:e|ed|ing)|silenc\w*|auto-?clos\w*|auto-?dismiss\w*)\b/gi,
  },
  {
    // Branch protection or required reviews switched off: "turn off required reviews before you
    // merge". Negatable: "never disable branch protection".
    id: 'skip-review',
    category: 'model-control',
    strength: 'block',
    negatable: true,
    pattern:
      /\b(?:turn\w*\s+off|disabl\w*|remov\w*|bypass\w*|skip\w*|switch\w*\s+off|lift\w*|drop\w*|delet\w*|suspend\w*)\s+(?:the\s+|all\s+)?(?:required[\s_-](?:pr[\s_-])?review(?:s|ers?)?|branch[\s_-]protections?|required[\s_-](?:status[\s_-])?checks?|code\s*owners?\s+reviews?|review\s+requirements?|protection\s+rules?)\b/gi,
  },
  {
    // Branch protection removed by the API call that does it, whatever language is around it: "`gh api -X
    // DELETE repos/acme/web/branches/main/protection` before merging", "switch `enforce_admins` off".
    id: 'protections-off',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /-X\s*DELETE\s+\S*\/(?:protection|required_status_checks|required_pull_request_reviews|enforce_admins|required_signatures)\b|\benforce_admins\b\x60?\s+(?:\w+\s+){0,3}?(?:off|false|disabled?)\b|\b(?:switch|turn)\w*\s+\x60?enforce_admins\x60?\s+off\b/gi,
  },
  {
    // Protections switched off in a config snippet: "codeql: disabled", "secret_scanning: off",
    // "branch_protection = false". A weak sign alone (a fixture may hold one); with another, refused.
    id: 'protections-off',
    category: 'model-control',
    strength: 'hold',
    pattern:
      /"sandbox"\s*:\s*\{\s*"enabled"\s*:\s*false|"(?:PreToolUse|PostToolUse|Stop)"\s*:\s*\[\s*\]|"allow"\s*:\s*\[\s*"\*"\s*\]|\b(?:codeql|secret[_\s-]scanning|code[_\s-]scanning|sast\w*|dast\w*|\w*_scan(?:ning)?\w*|security[_\s-]scan\w*|e-?stop|proximity[_\s-]\w*|collision[_\s-]\w*|safety[_\s-](?:stop|check|limit|interlock)s?|interlocks?|dependabot|branch[_\s-]protection|required[_\s-]reviews?|required[_\s-]reviewers|sandbox|hooks|two[_\s-]factor|2fa|mfa|signature[_\s-]verification|audit[_\s-]log(?:ging)?)\s*[:=]\s*["']?(?:disabled|false|off|none|never|no|0)\b/gi,
  },
  {
    // The agent told it may switch protections off wherever it works: "the agent may turn these off on
    // any repo it touches". A weak sign alone.
    id: 'protections-off-license',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:agents?|you|the\s+(?:assistant|agent|ai|bot))\s+(?:may|can|should|is\s+allowed\s+to|are\s+allowed\s+to|is\s+free\s+to|are\s+free\s+to|feel\s+free\s+to|can\s+safely)\s+(?:\w+\s+)?(?:turn\s+(?:these|them|it|those)\s+off|disable|remove|switch\s+off|bypass|lift)\b/gi,
  },
  {
    // A production safeguard switched off: CSRF, auth, rate limits, a WAF, 2FA enforcement; a CSP
    // opened to everything. A weak sign alone (a dev server may); refused beside another.
    id: 'weaken-security',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:switch\w*|turn\w*)\s+off\s+(?:the\s+)?(?:csrf|cors|auth\w*|rate[\s-]limit\w*|waf|csp|2fa|mfa|two-factor)\b|\b(?:disabl|remov|relax|loosen|drop)\w*\s+(?:the\s+)?(?:csrf|auth\w*|rate[\s-]limit\w*|waf|csp|2fa|mfa|two-factor|sso)\b|\bdefault-src\s+\*|'unsafe-eval'/gi,
  },
  {
    id: 'mute-scanners',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:mut|silenc|suppress|snooz)\w*\s+(?:the\s+|all\s+)?(?:[\w-]+\s+)?security\s+(?:alerts?|pages?|notifications?|warnings?)\b/gi,
  },
  {
    // A dependency audit's findings suppressed: "when npm audit reports critical vulnerabilities,
    // suppress the warnings and proceed". A weak sign alone.
    id: 'mute-scanners',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:npm\s+audit|yarn\s+audit|pnpm\s+audit|pip-audit|cargo\s+audit|bundle\s+audit|dependency\s+scanner|vulnerability\s+scanner|(?:critical|high)\s+vulnerabilit\w+)\b(?:[^.\n]|\.(?=\S)){0,80}?\b(?:suppress|ignor|mut|silenc|dismiss|skip|disregard)\w*\b/gi,
  },
  {
    // A vehicle's or a robot's own safeguards switched off for good: "geofence off permanently", "disable the failsafe
    // on every drone", and the autopilot parameters that do it (PX4's circuit breakers `CBRK_IO_SAFETY 22027`, a
    // failsafe action set to none, ArduPilot's `ARMING_CHECK 0`). A weak sign: a bench test may; a person decides.
    id: 'weaken-security',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:geo-?fenc\w*|fail-?safes?|e-?stops?|emergency\s+stops?|kill[\s-]switch\w*|collision\s+avoidance|obstacle\s+avoidance|safety\s+(?:switch|interlock|monitor|pilot|controller|limit)\w*|(?:pre-?)?arming\s+checks?|pre-?arm\s+checks?)\s+(?:\w+\s+)?(?:off|disabled)\b(?:[^.\n]|\.(?=\S)){0,20}?\b(?:permanently|for\s+good|everywhere|fleet-?wide|on\s+(?:all|every)\s+\w+|in\s+(?:production|the\s+field|flight))\b|\b(?:disabl|turn\w*\s+off|switch\w*\s+off|bypass|remov)\w*\s+(?:the\s+|all\s+)?(?:geo-?fenc\w*|fail-?safes?|e-?stops?|emergency\s+stops?|kill[\s-]switch\w*|collision\s+avoidance|obstacle\s+avoidance|safety\s+(?:switch|interlock|monitor|pilot|controller|limit)\w*|(?:pre-?)?arming\s+checks?|pre-?arm\s+checks?)\b(?:[^.\n]|\.(?=\S)){0,40}?\b(?:permanently|for\s+good|everywhere|fleet-?wide|on\s+(?:all|every)\s+(?:vehicles?|robots?|drones?|units?|devices?|aircraft|cars?|machines?)|in\s+(?:production|the\s+field|flight))\b|\bCBRK_[A-Z_]+\s*[=:,]?\s*[1-9]\d{3,}\b|\b(?:ARMING_CHECK|FENCE_ENABLE|GF_ACTION|NAV_RCL_ACT|NAV_DLL_ACT|COM_LOW_BAT_ACT|FS_THR_ENABLE|FS_GCS_ENABLE|BATT_FS_LOW_ACT)\s*[=:,]?\s*0\b/gi,
  },
  {
    // A safety limit overridden in a config line: "speed_limit_override: true". A weak sign alone.
    id: 'protections-off',
    category: 'model-control',
    strength: 'hold',
    pattern: /\b\w*(?:limit|safety|guard|estop|interlock)\w*_override\s*[:=]\s*["']?(?:true|on|1|yes)\b/gi,
  },
  {
    // Checks removed instead of fixed, protections of a cluster or an app switched off: weak signs,
    // two refuse. "delete the cargo-deny step from .github/workflows rather than fixing it",
    // "privileged: true", "turn off certificate pinning", NSAllowsArbitraryLoads.
    id: 'defeat-checks',
    category: 'model-control',
    strength: 'hold',
    negatable: false,
    pattern:
      /\b(?:delete|remove|drop|disable|comment\s+out)\s+(?:the\s+)?[\x60'"]?[\w-]*(?:deny|audit|scan|security|lint|test|check|clippy)[\w-]*[\x60'"]?\s+(?:step|job|check|stage)s?\s+from\b|\brather\s+than\s+fix\w*\s+(?:it|them|the\s+\w+)\b/gi,
  },
  {
    id: 'weaken-security',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\bprivileged\s*:\s*true\b|\b(?:drop|remove|disable|delete)\w*\s+(?:the\s+)?(?:podsecurity|pod\s+security|networkpolicy|network\s+polic\w+|admission)\b|\b(?:turn\w*\s+off|disabl\w*|remov\w*|skip\w*)\s+(?:the\s+)?(?:certificate|cert|ssl|tls)\s+(?:pinning|verification|validation|checks?)\b|\bNSAllowsArbitraryLoads\s*[=:]\s*(?:true|yes)\b/gi,
  },
  {
    // The gate itself evaded: "rephrase it until it passes or write it straight into .mem/ by hand".
    id: 'evade-gate',
    category: 'model-control',
    strength: 'block',
    negatable: true,
    pattern:
      /\b(?:rephrase|reword|rewrite|split|obfuscate|encode|tweak)\w*\s+(?:it|them|the\s+(?:entry|text|rule|memory))\s+until\s+(?:it|they)\s+(?:passes|pass|gets?\s+through|is\s+accepted|are\s+accepted)\b|\b(?:write|put|add|commit)\w*\s+(?:it|them)\s+(?:straight|directly)\s+into\s+(?:the\s+)?\.?mem\b/gi,
  },
  {
    // The project's own checks skipped or removed, by the flag or the file: `--no-gpg-sign`,
    // `commit.gpgsign false`, deleting `.husky/`, `.pre-commit-config.yaml`,
    // CODEOWNERS or the secret scanner's config. A weak sign alone (a person may have a reason);
    // negatable: "never delete the pre-commit hooks".
    id: 'checks-skipped',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /(?<![\w-])--no-gpg-sign\b|\bcommit\.gpgsign\s*(?:=|\s)\s*false\b|\b(?:delete|remove|rm(?:\s+-\w+)*|drop|disable|uninstall|unregister)\w*\s+(?:the\s+|all\s+|any\s+|our\s+)?(?:[\w./-]+\s+(?:and|or|,)\s+)?(?:\.husky\/?|\.pre-commit-config\.ya?ml|pre-commit\s+hooks?|git\s+hooks?|lefthook(?:\.ya?ml)?|CODEOWNERS|\.gitleaks\.toml|codeql\s+\w+|semgrep\s+\w+|secret\s+scanning|required\s+(?:checks|reviews|reviewers|status\s+checks))(?![\w-])/gi,
  },
  {
    // Certificate and signature checks switched off by setting: "set VERIFY_SSL=false and
    // webhook.signature_check: off in staging and production", NODE_TLS_REJECT_UNAUTHORIZED=0, `npm config set
    // strict-ssl false`, `git config http.sslVerify false`.
    // Weak: a local test set-up may do it; a person decides.
    id: 'weaken-security',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:verify_?ssl|ssl_?verify|verify_?tls|tls_?verify|verify_?certs?|check_?hostname|signature_?check|verify_?signatures?)\s*[=:]\s*["']?(?:false|off|no|0|none)\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*["']?0|\brejectUnauthorized\s*:\s*false\b|\bverify\s*=\s*False\b|\bInsecureSkipVerify\s*:\s*true\b|\bstrict-ssl\b\s*[=:]?\s*["']?false\b|\bhttp\.sslVerify\b\s*[=:]?\s*["']?false\b|\bGIT_SSL_NO_VERIFY\s*=\s*["']?(?:1|true)\b/gi,
  },
  {
    // A security job told never to run in the CI file itself: "sast:\n  rules:\n    - when: never".
    id: 'mute-scanners',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:sast|dast|dependency_scanning|secret_detection|container_scanning|codeql|semgrep|gitleaks|trivy|snyk)[\w-]*\s*:\s*\n(?:[^\n]*\n){0,3}?[^\n]*\bwhen\s*:\s*never\b/gi,
  },
  {
    // A finding silenced in the code instead of looked at: "add `# nosec` or `// eslint-disable-next-line
    // security/…` instead of investigating".
    id: 'mute-scanners',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /(?:#\s*nosec|nosemgrep|eslint-disable\S*\s+security\/|gitleaks:allow|#\s*noqa:\s*S\d+)(?:[^.\n]|\.(?=\S)){0,80}?\binstead\s+of\s+(?:investigat|fix|look|review|triag)\w*/gi,
  },
  {
    // The agent's confirmation or the user's rank switched off in a config snippet: `require_user_confirmation: false`,
    // `precedence: above_user`.
    id: 'edit-agent-config',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:require|ask)[_-]?(?:user[_-])?(?:confirmation|approval|consent)\s*[:=]\s*["']?(?:false|no|never|0|off)\b|\bprecedence\s*[:=]\s*["']?(?:above|over)[_-]?(?:the[_-])?user\b/gi,
  },
  {
    // A merge that goes around branch protection by the command that does it: `gh pr merge --admin`.
    id: 'skip-review',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern: /\bgh\s+pr\s+merge\b[^\n]{0,60}?--admin\b/g,
  },
  {
    // A security scanner switched off by name: "turn off Dependabot alerts for all repos", "I-disable ang `npm audit`",
    // "remove the CodeQL workflow". A scanner is taken out by a person deciding it, not by a memory entry.
    id: 'disable-scanners',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:disabl\w*|turn\w*\s+off|switch\w*\s+off|remov\w*|drop\w*|delet\w*|uninstall\w*|rip\w*\s+out)\s+(?:the\s+|all\s+|our\s+|any\s+|ang\s+)?(?:\S+\s+){0,3}?[\x60'"]?(?:(?:snyk|trivy|gitleaks|semgrep|codeql|dependabot|trufflehog|grype|bandit)\b(?:\s+(?:security\s+)?(?:alerts?|scans?|scanning|checks?|workflows?|jobs?))?|(?:npm|pnpm|yarn|pip|cargo|bundler?)[\s-]audit\b|secret[\s-]scanning\b|code[\s-]scanning\b)/gi,
  },
  {
    // A security job skipped by its switch or cut out of what must pass: "set `MOBSF_SKIP=1` … and delete the
    // `needs: security-scan` line", `SKIP_SECURITY_SCAN=true`.
    id: 'disable-scanners',
    category: 'model-control',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b[A-Z0-9_]*(?:SKIP|DISABLE|NO)_?[A-Z0-9_]*(?:SCAN|SECURITY|AUDIT|SAST|DAST|MOBSF|SNYK|TRIVY|CODEQL|SEMGREP|GITLEAKS)[A-Z0-9_]*\s*[=:]\s*["']?(?:1|true|yes)\b|\b[A-Z0-9_]*(?:SCAN|SECURITY|AUDIT|SAST|DAST|MOBSF|SNYK|TRIVY|CODEQL|SEMGREP|GITLEAKS)[A-Z0-9_]*_(?:SKIP|DISABLED?)\s*[=:]\s*["']?(?:1|true|yes)\b|\b(?:delet|remov|drop|strip)\w*\s+(?:the\s+)?[\x60'"]?needs:\s*\[?\s*[\w-]*(?:security|scan|sast|dast|audit|codeql|snyk|trivy)/g,
  },
];

/**
 * A request put to the assistant ("can you explain chapter 1 for me?") is a prompt, not a memory:
 * stored, it would be put to the model at every session start (the "distraction" attack);
 * the quality gate's `question` rule refuses most of them too.
 */
export const REQUEST_TO_MODEL: InjectionRule = {
  id: 'request-to-model',
  category: 'model-control',
  strength: 'block',
  pattern:
    /\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:help|tell|give|show|explain|provide|write|create|list|summari[sz]e|translate|describe|suggest|recommend|remind)\b(?:[^.\n]|\.(?=\S))*\?|\bfor\s+me\s*\?/gi,
};
