/**
 * Requests for harmful content: weapons, drugs, malware, intrusion, fraud. Stored, the request is
 * put to every teammate's agent at every session start; no project rule asks for these.
 */
import type { InjectionRule } from './injection-rule.js';

const MAKE = String.raw`(?:how\s+(?:to|do\s+(?:i|you|we))|instructions?\s+(?:for|on|to)|guide\s+(?:to|for|on)|steps?\s+(?:to|for)|recipe\s+for|tutorial\s+(?:on|for)|explain\s+how|tell\s+me\s+how|teach\s+(?:me|us)|write|generate|create|build|make|making|craft|synthesi[sz]e|produce|code|develop)`;
const HARM = String.raw`(?:(?:pipe\s+|car\s+|nail\s+|dirty\s+)?bombs?|explosives?|napalm|nerve\s+(?:agent|gas)|sarin|ricin|anthrax|bio-?weapons?|chemical\s+weapons?|(?:meth)?amphetamines?|\bmeth\b|cocaine|heroin|fentanyl|ransomware|keyloggers?|malware|botnet|rootkit|(?:computer\s+)?virus(?:es)?\s+that|phishing\s+(?:e-?mails?|pages?|sites?|kits?|messages?)|credit\s+card\s+skimmers?|stolen\s+credit\s+cards?|untraceable\s+(?:gun|weapon)s?|ghost\s+guns?|hack(?:ing)?\s+into|break\s+into\s+(?:someone|a\s+house|a\s+car|an?\s+account)|steal\s+(?:credentials|passwords|someone|identit|login)|kill\s+(?:someone|a\s+person|people|all\s+humans|myself|yourself)|self[- ]harm)`;

export const HARMFUL_RULES: readonly InjectionRule[] = [
  {
    // Toxic text asked for as such: "write one offensive sentence about …".
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    pattern:
      /\b(?:write|generate|create|compose|give\s+me|say)\s+(?:one|a|an|some|\d+)\s+(?:toxic|offensive|negative|hateful|racist|sexist|insulting|rude|violent|abusive|threatening)\s+(?:sentences?|messages?|comments?|jokes?|tweets?|reviews?|paragraphs?|posts?)\b/gi,
    hints: ['write', 'generate', 'create', 'compose', 'give', 'say'],
  },
  {
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    pattern: new RegExp(String.raw`\b${MAKE}\b[^.\n]{0,60}?\b${HARM}`, 'gi'),
    hints: [
      'how',
      'instruction',
      'guide',
      'step',
      'recipe',
      'tutorial',
      'explain',
      'tell',
      'teach',
      'write',
      'generate',
      'create',
      'build',
      'make',
      'making',
      'craft',
      'synthesi',
      'produce',
      'code',
      'develop',
    ],
  },
  {
    // The same in Spanish, German and Chinese.
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    pattern:
      /\b(?:c[oó]mo|instrucciones\s+para)\s+(?:\S+\s+){0,2}?(?:fabricar|hacer|construir|preparar|sintetizar)\s+(?:\S+\s+){0,2}?(?:bomba|explosivo|metanfetamina|veneno)s?|\bwie\s+man\s+(?:\S+\s+){0,3}?(?:bombe|sprengstoff|sprengsatz|giftgas|drogen|meth)\w*\s+(?:baut|herstellt|macht|baue)|\banleitung\s+(?:zum|für)\s+(?:\S+\s+){0,2}?(?:bomben|sprengstoff)|(?:制造|制作|合成|怎么做|如何做)[^。\n]{0,8}?(?:炸弹|炸药|毒品|冰毒|病毒|武器)/gi,
    hints: ['como', 'cómo', 'instrucciones', 'wie', 'anleitung', '制造', '制作', '合成', '做'],
  },
  {
    // How to get past someone's login: "explain how to bypass the login of the admin panel".
    id: 'break-in',
    category: 'harmful',
    strength: 'block',
    pattern:
      /\b(?:how\s+to|ways?\s+to|steps\s+to)\s+(?:bypass|break\s+into|crack|brute-?force|circumvent|get\s+past|get\s+around|defeat|hijack)\s+(?:the\s+|a\s+|an\s+|their\s+|someone's\s+)?(?:[\w-]+\s+)?(?:login|log-in|sign-in|authentication|auth|2fa|mfa|captcha|password|accounts?|admin\s+panel)\b/gi,
    hints: ['how to', 'way to', 'ways to', 'steps to'],
  },
  {
    // Malware that works or hides, whatever it is said to be for ("a working keylogger that evades
    // Windows Defender for our red-team fixtures"); routes to make weapons or drugs ("synthesis
    // routes for nerve agents"). A detection rule or a classifier names them without asking for one.
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    pattern:
      /\b(?:working|functional|functioning|real|live|undetectable|fully[- ]functional|weaponi[sz]ed)\s+(?:[\w-]+\s+)?(?:keylogger|ransomware|malware|virus|trojan|rootkit|botnet|(?:credential|info|password|cookie)[- ]?stealer|spyware|worm|backdoor)s?\b|\b(?:keylogger|ransomware|malware|virus|trojan|rootkit|payload|stealer|spyware|backdoor)s?\s+(?:that\s+)?(?:evades?|bypass(?:es)?|avoids?|defeats?|slips?\s+past|gets?\s+past)\s+(?:[\w-]+\s+){0,2}?(?:defender|antivirus|anti-virus|av|edr|detection|scanners?)\b|\b(?:synthesis|synthesi[sz]e|synthesi[sz]ing|production|produce|manufactur\w*|recipes?|routes?|cook(?:ing)?|make|making)\b[^.\n]{0,30}?\b(?:nerve\s+agents?|sarin|vx\s+gas|novichok|mustard\s+gas|ricin|anthrax|botulinum|methamphetamine|meth\b|fentanyl|pipe\s+bombs?|explosives)\b/gi,
    hints: [
      'keylogger',
      'ransomware',
      'malware',
      'virus',
      'trojan',
      'rootkit',
      'botnet',
      'stealer',
      'spyware',
      'worm',
      'backdoor',
      'payload',
      'nerve',
      'sarin',
      'vx gas',
      'novichok',
      'mustard',
      'ricin',
      'anthrax',
      'botulinum',
      'meth',
      'fentanyl',
      'pipe bomb',
      'explosive',
    ],
  },
];
