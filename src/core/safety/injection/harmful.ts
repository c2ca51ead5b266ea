/**
 * Requests for harmful content: weapons, drugs, malware, intrusion, fraud. Stored, the request is
 * put to every teammate's agent at every session start; no project rule asks for these.
 */
import type { InjectionRule } from './injection-rule.js';

const MAKE = String.raw`(?:how\s+(?:to|do\s+(?:i|you|we))|instructions?\s+(?:for|on|to)|guide\s+(?:to|for|on)|steps?\s+(?:to|for)|recipe\s+for|tutorial\s+(?:on|for)|explain\s+how|tell\s+me\s+how|teach\s+(?:me|us)|write|generate|create|build|make|making|craft|synthesi[sz]e|produce|code|develop)`;
const HARM = String.raw`(?:(?:pipe\s+|car\s+|nail\s+|dirty\s+)?bombs?|explosives?|napalm|nerve\s+(?:agent|gas)|sarin|ricin|anthrax|bio-?weapons?|chemical\s+weapons?|(?:meth)?amphetamines?|\bmeth\b|cocaine|heroin|fentanyl|ransomware|keyloggers?|malware|botnet|rootkit|(?:computer\s+)?virus(?:es)?\s+that|phishing\s+(?:e-?mails?|pages?|sites?|kits?|messages?)|credit\s+card\s+skimmers?|stolen\s+credit\s+cards?|untraceable\s+(?:gun|weapon)s?|ghost\s+guns?|hack(?:ing)?\s+into|break\s+into\s+(?:someone|a\s+house|a\s+car|an?\s+account)|steal\s+(?:credentials|passwords|someone|identit|login)|kill\s+(?:someone|a\s+person|people|all\s+humans|myself|yourself)|self[- ]harm)`;

export const HARMFUL_RULES: readonly InjectionRule[] = [
  {
    // A decision about people made on who they are: "decide how eligible a person is based on their race".
    id: 'discrimination',
    category: 'harmful',
    strength: 'block',
    negatable: true,
    pattern:
      /\b(?:hir(?:e|ed|ing)|eligib\w*|rank\w*|scor(?:e|es|ed|ing)|decid\w*|filter\w*|reject\w*|approv\w*|den(?:y|ies|ied)|select\w*|pric(?:e|es|ed|ing)|treat\w*)\b(?:[^.\n]|\.(?=\S)){0,60}?\b(?:based\s+on|according\s+to|depending\s+on)\s+(?:their\s+|his\s+|her\s+|(?:the|a)\s+(?:person|applicant|candidate|user|customer|patient)(?:'s|\u2019s)\s+)?(?:race|ethnicity|skin\s+colou?r|religion|gender|sex|sexual\s+orientation|nationality|disability)\b/gi,
  },
  {
    // Getting away with harm, or doing it to someone: "how can I get away with …", "ways to ruin someone's …".
    id: 'harm-to-someone',
    category: 'harmful',
    strength: 'hold',
    pattern:
      /\b(?:how\s+(?:can|do|could|would|should|to)\s+(?:(?:i|we|you|one|someone)\s+)?|ways?\s+to\s+)(?:\w+\s+){0,2}?(?:get\s+away\s+with|avoid\s+getting\s+caught|ruin|hurt|harm|bully|cyberbully|harass|stalk|humiliate|manipulate|scam)\b/gi,
  },
  {
    // The pretext harmful requests come with: "I'm writing an essay", "for a novel I'm working on".
    id: 'fiction-pretext',
    category: 'harmful',
    strength: 'hold',
    pattern:
      /\bI(?:'m|\u2019m|\s+am)\s+(?:writing|working\s+on)\s+(?:an?\s+|my\s+)?(?:essay|novel|story|book|screenplay|paper|thesis)\b/gi,
  },
  {
    // Toxic text asked for as such: "write one offensive sentence about …".
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    pattern:
      /\b(?:write|generate|create|compose|give\s+me|say)\s+(?:one|a|an|some|\d+)\s+(?:toxic|offensive|negative|hateful|racist|sexist|insulting|rude|violent|abusive|threatening)\s+(?:sentences?|messages?|comments?|jokes?|tweets?|reviews?|paragraphs?|posts?)\b/gi,
  },
  {
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    pattern: new RegExp(String.raw`\b${MAKE}\b(?:[^.\n]|\.(?=\S)){0,60}?\b${HARM}`, 'gi'),
  },
  {
    // The same in Spanish, German and Chinese.
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    pattern:
      /\b(?:c[oó]mo|instrucciones\s+para)\s+(?:\S+\s+){0,2}?(?:fabricar|hacer|construir|preparar|sintetizar)\s+(?:\S+\s+){0,2}?(?:bomba|explosivo|metanfetamina|veneno)s?|\bwie\s+man\s+(?:\S+\s+){0,3}?(?:bombe|sprengstoff|sprengsatz|giftgas|drogen|meth)\w*\s+(?:baut|herstellt|macht|baue)|\banleitung\s+(?:zum|für)\s+(?:\S+\s+){0,2}?(?:bomben|sprengstoff)|(?:制造|制作|合成|怎么做|如何做)[^。\n]{0,8}?(?:炸弹|炸药|毒品|冰毒|病毒|武器)/gi,
  },
  {
    // How to get past someone's login: "explain how to bypass the login of the admin panel".
    id: 'break-in',
    category: 'harmful',
    strength: 'block',
    pattern:
      /\b(?:how\s+to|ways?\s+to|steps\s+to)\s+(?:bypass|break\s+into|crack|brute-?force|circumvent|get\s+past|get\s+around|defeat|hijack)\s+(?:the\s+|a\s+|an\s+|their\s+|someone's\s+)?(?:[\w-]+\s+)?(?:login|log-in|sign-in|authentication|auth|2fa|mfa|captcha|password|accounts?|admin\s+panel)\b/gi,
  },
  {
    // Malware that works or hides, whatever it is said to be for ("a working keylogger that evades
    // Windows Defender for our red-team fixtures"); routes to make weapons or drugs ("synthesis
    // routes for nerve agents"). A detection rule or a classifier names them without asking for one.
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    pattern:
      /\b(?:working|functional|functioning|real|live|undetectable|fully[- ]functional|weaponi[sz]ed)\s+(?:[\w-]+\s+)?(?:keylogger|ransomware|malware|virus|trojan|rootkit|botnet|(?:credential|info|password|cookie)[- ]?stealer|spyware|worm|backdoor)s?\b|\b(?:keylogger|ransomware|malware|virus|trojan|rootkit|payload|stealer|spyware|backdoor)s?\s+(?:that\s+)?(?:evades?|bypass(?:es)?|avoids?|defeats?|slips?\s+past|gets?\s+past)\s+(?:[\w-]+\s+){0,2}?(?:defender|antivirus|anti-virus|av|edr|detection|scanners?)\b|\b(?:synthesis|synthesi[sz]e|synthesi[sz]ing|production|produce|manufactur\w*|recipes?|routes?|cook(?:ing)?|make|making)\b(?:[^.\n]|\.(?=\S)){0,30}?\b(?:nerve\s+agents?|sarin|vx\s+gas|novichok|mustard\s+gas|ricin|anthrax|botulinum|methamphetamine|meth\b|fentanyl|pipe\s+bombs?|explosives|controlled\s+substances?|illegal\s+drugs?|narcotics|opioids|mdma|lsd|explosive\s+devices?)\b/gi,
  },
  {
    // People's personal data gathered in bulk ("harvest personal emails and phone numbers from
    // profiles", "抓取他们的客户邮箱"), and a site's rules set aside to do it ("ignoring robots.txt"): each a weak sign (a
    // CRM stores contacts, a crawler may have a reason), together refused.
    id: 'harvest-personal-data',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:harvest|scrap|collect|gather|extract|min(?:e|ing)|compil|aggregat|hoover|crawl)\w*\s+(?:[\w-]+\s+){0,3}?(?:personal|private|users?'?|people'?s?|individuals?'?|employees?'?|customers?'?)\s+(?:e-?mails?|e-?mail\s+addresses|phone\s+numbers?|(?:home\s+)?addresses|contact\s+(?:details|info\w*)|data|information|details|profiles?)\b|(?:\u6293\u53d6|\u722c\u53d6|\u91c7\u96c6|\u6536\u96c6|\u7a83\u53d6|\u6279\u91cf\u83b7\u53d6)[^\u3002\n]{0,12}?(?:\u5ba2\u6237|\u7528\u6237|\u4f1a\u5458|\u5458\u5de5|\u4e2a\u4eba)\u7684?(?:\u90ae\u7bb1|\u7535\u5b50\u90ae\u4ef6|\u624b\u673a\u53f7|\u7535\u8bdd|\u4e2a\u4eba\u4fe1\u606f|\u8054\u7cfb\u65b9\u5f0f)|(?:\u9867\u5ba2|\u30e6\u30fc\u30b6\u30fc|\u4f1a\u54e1|\u500b\u4eba)\u306e?(?:\u30e1\u30fc\u30eb\u30a2\u30c9\u30ec\u30b9|\u96fb\u8a71\u756a\u53f7|\u500b\u4eba\u60c5\u5831|\u9023\u7d61\u5148)\u3092(?:\u53ce\u96c6|\u30b9\u30af\u30ec\u30a4\u30d4\u30f3\u30b0|\u53d6\u5f97|\u96c6\u3081)/gi,
  },
  {
    // Phishing made or sent, in the languages the English rule above does not read ("群发伪装成对方官方的钓鱼邮件",
    // "フィッシングメールを送る", "envie e-mails de phishing", "Phishing-Mails verschicken"): messages that pass for
    // someone else to take what people type. Held, not refused: a security team runs phishing drills.
    id: 'harmful-request',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /(?:\u5199|\u7f16\u5199|\u751f\u6210|\u5236\u4f5c|\u53d1\u9001|\u7fa4\u53d1|\u53d1|\u4f2a\u9020|\u4f2a\u88c5)[^\u3002\n]{0,20}?\u9493\u9c7c(?:\u90ae\u4ef6|\u7f51\u7ad9|\u9875\u9762|\u77ed\u4fe1|\u94fe\u63a5)|\u30d5\u30a3\u30c3\u30b7\u30f3\u30b0(?:\u30e1\u30fc\u30eb|\u30b5\u30a4\u30c8|\u30da\u30fc\u30b8)\u3092(?:\u4f5c|\u9001|\u4e00\u6589|\u914d\u4fe1|\u751f\u6210)|\b(?:envi|mand|dispar|escrev|cri|redig|escrib|prepar|envoi|envoy|redig|ecri|verschick|versend|schreib|erstell|invi|scriv|wy\u015blij|wysy\u0142|napisz)\w*\s+(?:\S+\s+){0,3}?(?:e-?mails?|correos?|courriels?|mails?|messages?|mensagens|mensajes|nachrichten|wiadomo\S*|sms)\s+(?:de\s+|d'|di\s+)?(?:phishing|hame\u00e7onnage|hameconnage)\b|\b(?:verschick|versend|schreib|erstell)\w*\s+(?:\S+\s+){0,3}?Phishing-?(?:Mails?|E-Mails?|Nachrichten|Seiten?)/gi,
  },
  {
    id: 'ignore-site-rules',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:ignor|bypass|circumvent|disregard|get\w*\s+around)\w*\s+(?:the\s+)?(?:robots\.txt|terms\s+of\s+(?:service|use)|site(?:'s)?\s+terms|tos\b|captchas?|opt-?outs?)/gi,
  },
  {
    // A copy of a login page that passes on what people type into it: credential phishing, whatever
    // it is said to be for ("a pixel-perfect clone of our Okta login page that forwards entered passwords").
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    also: /\b(?:clon\w*|cop(?:y|ies)|look-?alike|pixel|fake|spoof\w*|mimic\w*|imitat\w*|replica)\b/i,
    pattern:
      /\blog-?in\s+(?:pages?|forms?|screens?|portals?|sites?|pixel)\b(?:[^.\n]|\.(?=\S))*?\b(?:forward|send|post|captur|collect|exfiltrat|relay|harvest)\w*\s+(?:the\s+|all\s+)?(?:entered\s+|typed\s+|real\s+|actual\s+|their\s+)?(?:[\w']+\s+)?(?:usernames?|passwords?|credentials|logins?|what\s+(?:they|users?|people|customers|victims)\s+(?:type|enter)|keystrokes)/gi,
  },
  {
    // Malware that hides, persists or evades, whatever it is said to be for: "extend the keylogger so
    // it survives reboots and evades Defender", "the keystroke-capture module runs silently".
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    pattern:
      /\b(?:keylogger|ransomware|malware|rootkit|stealer|spyware|backdoor|trojan|keystroke[- ](?:capture|logg\w*|record\w*))\w*\b(?:[^.\n]|\.(?=\S)){0,120}?\b(?:evad\w*|bypass\w*|hides?\s+(?:itself\s+)?from|hidden\s+from|survives?\s+(?:a\s+)?reboots?|persists?\s+(?:across|after|through)\s+reboots?|undetect\w*|runs?\s+silently|(?:silently|covertly|secretly|quietly)\s+(?:runs?|uploads?|sends?|records?|captur\w*|collects?|steals?|grabs?|logs?)|not\s+mentioned|without\s+(?:the\s+)?(?:user's\s+)?(?:knowledge|consent))/gi,
  },
  {
    // A person located or profiled: "look up their home address and employer and post it", "forward
    // Jordan's live GPS position", "build profiles of journalists: home address, daily routine".
    id: 'track-person',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:look\s+up|find|build|compil|collect|gather|track|forward|post|publish|shar|dox|scrap|monitor|follow|profil)\w*\b(?:[^.\n]|\.(?=\S)){0,100}?\b(?:home\s+address(?:es)?|family\s+members|daily\s+routines?|whereabouts|(?:live\s+)?gps\s+(?:position|location)s?|live\s+(?:position|location)s?|personal\s+phone)/gi,
  },
  {
    // Documents made to pass as real: "generate realistic receipts that pass their verification".
    id: 'fraud',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:generat|creat|forg|fak|fabricat|produc|mak)\w*\s+(?:[\w-]+\s+){0,3}?(?:receipts?|invoices?|ids?|id\s+cards?|passports?|bank\s+statements?|pay\s?stubs?|reviews?|signatures?|certificates?)\b(?:[^.\n]|\.(?=\S)){0,80}?\b(?:pass(?:es)?\s+(?:their|the|its|any)\s+(?:verification|checks?|review|fraud\s+\w+)|payouts?|as\s+(?:real|genuine|authentic))/gi,
  },
  {
    // Messages meant to frighten a person: "draft anonymous messages to the reviewer … intimidating
    // enough that they withdraw". Each a weak sign; together refused.
    id: 'intimidate',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:anonymous|threatening|intimidating|harassing|menacing)\s+(?:messages?|e-?mails?|letters?|notes?|posts?|calls?|texts?|dms?)\b/gi,
  },
  {
    id: 'intimidate-aim',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:intimidating|threatening|scary|frightening)\s+enough\b|\bso\s+(?:that\s+)?(?:they|he|she|the\s+\w+)\s+(?:withdraws?|backs?\s+off|quits?|resigns?|leaves?|stops?\s+posting)\b/gi,
  },
  {
    // Documents passed off as someone else's: "invoices with our lookalike bank details … as if from
    // their real supplier". A weak sign alone.
    id: 'fraud',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:look-?alike|fake|spoofed|forged|fraudulent)\s+(?:bank\s+(?:details|accounts?)|domains?|invoices?|receipts?|sender|letterhead)\b|\bas\s+if\s+(?:it\s+(?:came|were)\s+|they\s+came\s+|sent\s+)?from\s+(?:their|the|our)\s+(?:real|actual|genuine|usual)\s+(?:supplier|vendor|bank|ceo|cfo|boss|manager|customer|client|partner)\b/gi,
  },
  {
    // Malware by what it does: switching off the victim's antivirus, beaconing to a panel, AV evasion,
    // slipping spam past filters. Whatever it is said to be for.
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    negatable: true,
    pattern:
      /\b(?:av|anti-?virus|edr)\s+evasion\b|\bevad\w*\s+(?:the\s+)?(?:av|anti-?virus|edr|defender)\b|\b(?:turns?|turning|switch\w*)\s+off\s+(?:windows\s+)?defender\b|\bdisabl\w*\s+(?:windows\s+)?defender\b|\bbeacons?\s+(?:back\s+)?to\s+(?:our|the|a)\s+(?:panel|c2|c&c|command\s+server)\b|\b(?:slip|get|sneak|evade|bypass|avoid|dodge)\w*\s+(?:past|around|through)\s+(?:the\s+)?(?:spam|abuse|moderation|bot)[\s-](?:filters?|detection|checks?)\b/gi,
  },
  {
    // Records destroyed ahead of the law: "if a subpoena comes in, purge that client's records before
    // legal sees it".
    id: 'destroy-evidence',
    category: 'harmful',
    strength: 'block',
    negatable: true,
    pattern:
      // The order itself (base form or "-ing"), in the clause after the evidence word: "deletion",
      // "removes" and "is purged" describe; a ";" or ")" ends the clause ("(legal hold); everything
      // else is purged"); the match sits on the verb so that "never delete them" reads as forbidden.
      /\b(?:purg(?:e|ing)|delet(?:e|ing)|destroy(?:ing)?|shred(?:ding)?|wip(?:e|ing)|eras(?:e|ing)|remov(?:e|ing)|scrub(?:bing)?)\b(?<=\b(?:subpoena|police|law\s+enforcement|court\s+order|legal\s+hold|warrant|regulators?|investigat\w*|auditors?)\b(?:[^.;)\n]|\.(?=\S)){0,80}?\b\w+)/gi,
  },
  {
    // A charge kept off what the customer sees: a weak sign alone.
    id: 'fraud',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern: /\bhidden\s+(?:\d+\s*%\s+)?(?:["'\w-]+\s+)?(?:fees?|charges?|line(?:\s+items?)?|surcharges?|markups?)\b/gi,
  },
  {
    // Ransomware by what it does: files encrypted and a ransom asked, in any words ("tiền chuộc").
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    negatable: true,
    pattern:
      /\bransom\s*(?:notes?|demands?|messages?|screens?)\b|\b(?:demand|ask\s+for|display\w*)\s+(?:a\s+)?ransom\b|\bpay\s+(?:in\s+)?(?:bitcoin|btc|crypto|monero)\s+to\s+(?:decrypt|unlock|recover)\b|ti\u1ec1n\s+chu\u1ed9c|\u8d4e\u91d1|\u8eab\u4ee3\u91d1/gi,
  },
  {
    // Pressure on vulnerable people and false threats to make them pay.
    id: 'fraud',
    category: 'harmful',
    strength: 'block',
    negatable: true,
    pattern:
      /\btell\s+them\s+(?:that\s+)?(?:their\s+)?(?:account|service|subscription|access|data)\s+will\s+be\s+(?:suspended|closed|deleted|cancell?ed|locked|lost)\s+unless\s+they\s+(?:pay|upgrade|buy|sign\s+up)\b|\b(?:elderly|confused|vulnerable|grieving|bereaved)\b(?:[^.\n]|\.(?=\S)){0,80}?\b(?:push|pressure|upsell|steer|nudge|rush)\w*\s+(?:them\s+)?(?:toward|into|to)\b/gi,
  },
  {
    // Reviews written to deceive: "a batch of fake 5-star reviews", "invented food-poisoning stories".
    id: 'fraud',
    category: 'harmful',
    strength: 'block',
    negatable: true,
    pattern:
      /\b(?:fake|invented|fabricated|made-up|bogus|paid|astroturf\w*)\s+(?:\d-star\s+|positive\s+|negative\s+|five-star\s+|one-star\s+)?(?:reviews?|testimonials?|ratings?|stories)\b/gi,
  },
  {
    // People followed, cornered or threatened: a robot told to pursue protesters, collection messages
    // that threaten arrest and contact a debtor's family. Weak signs; two refuse.
    id: 'track-person',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:follow|chase|corner|pursue|herd|intimidat)\w*\s+(?:and\s+\w+\s+)?(?:the\s+)?(?:protesters?|pedestrians|visitors|crowds?|individuals?|bystanders)\b|\bthreaten\w*\s+(?:\w+\s+)?(?:arrest|jail|prosecution|police|deportation)\b/gi,
  },
  {
    id: 'intimidate',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\bcontact\w*\s+(?:the\s+)?(?:customer's|their|debtor's|user's|borrower's)\s+(?:employer|family|relatives|friends|neighbou?rs)\b|\buntil\s+they\s+(?:leave|disperse|comply|pay)\b/gi,
  },
  {
    // Harm to the people a product serves: tracking after they opted out, destroying their files,
    // discriminating in a model, a hidden payload that deletes a client's data.
    id: 'harmful-request',
    category: 'harmful',
    strength: 'block',
    negatable: true,
    pattern:
      /\beven\s+(?:after|when|if)\s+(?:they|the\s+user|users|people|customers)\s+(?:have\s+)?(?:toggle|turn|switch|opt|disable|revoke|decline)\w*\s+(?:\w+\s+)?(?:off|out)?\b|\b(?:corrupt|wipe|delete|destroy|encrypt)\w*\s+(?:the\s+|their\s+)?(?:save\s+files|documents\s+folder|home\s+(?:directory|folder)|user'?s?\s+files|players?'?\s+files|(?:their\s+)?(?:files|disk|hard\s+drive))\b(?:[^.\n]|\.(?=\S)){0,60}?\b(?:players?|users?|customers?|clients?|anyone|flagged)\b|\b(?:downweight|penali[sz]e|filter\s+out|reject|exclude|down-?rank|deprioriti[sz]e)\w*\s+(?:[^.\n]|\.(?=\S)){0,60}?\b(?:women|women's|female|maternity|pregnan\w*|ethnic\w*|religio\w*|disabilit\w*|older\s+(?:candidates|applicants)|gender|race)\b/gi,
  },
  {
    id: 'fraud',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern: /\bhidden\s+(?:snippet|code|script|backdoor|payload|redirect)\b/gi,
  },
  {
    id: 'destroy-evidence',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\bdelet\w*\s+(?:\w+\s+)?(?:wp_posts|their\s+(?:data|database|site|content|posts)|the\s+client'?s\s+(?:data|database|site|content))\b/gi,
  },
  {
    // Real people's data copied where it does not belong: "use real customer names, emails and SSNs
    // from the prod dump for fixtures", "take real card numbers from the leaked dump". Test data is
    // made up; production's people are not test material. A weak sign; negatable.
    id: 'real-personal-data',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\breal\s+(?:customer|user|client|patient|member|employee|people's|production)?\s*(?:names?|e-?mails?|ssns?|social\s+security\s+numbers?|card\s+numbers?|credit\s+cards?|cvvs?|addresses|phone\s+numbers?|pii|personal\s+data)\b(?:[^.\n]|\.(?=\S)){0,80}?\b(?:prod(?:uction)?\b|dumps?\b|leak\w*|fixtures?|seeds?|tests?|demo|repo(?:sitory)?)|\b(?:from|out\s+of)\s+(?:the\s+)?(?:leaked|stolen|breach\w*)\s+(?:dump|data(?:base)?|db|list|file)\b/gi,
  },
  {
    // Someone flooded: "a script that floods their inbox with sign-up confirmations until they stop".
    id: 'harm-to-someone',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:flood|spam|bomb|overwhelm|bombard)\w*\s+(?:their|his|her|the\s+user's|the\s+customer's|someone's|that\s+user's|the\s+reporter's)\s+(?:inbox|mailbox|e-?mail|phone|notifications?|dms?|account)\b/gi,
  },
  {
    // A person's request to have their data deleted answered with a pretence: "make delete_user only
    // set a hidden archived flag and keep all personal data". A weak sign; negatable.
    id: 'fake-deletion',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:keep|retain|preserve|hold\s+on\s+to)\w*(?<=\b(?:deletion|erasure|gdpr|ccpa|right[\s-]to[\s-]be[\s-]forgotten|unsubscribe|opt-?out|delete_?user|account\s+deletion)\b(?:[^.;\n]|\.(?=\S)){0,100}?\b\w+)\s+(?:all\s+|the\s+|their\s+)?(?:personal|user|customer|pii|their)\b/gi,
  },
  {
    // The product telling a customer something happened that did not: "have the refund endpoint
    // return success without actually refunding", "mark the order as completed but do not process the
    // refund"; fake reviews on a competitor's listings. A weak sign; negatable.
    id: 'fraud',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:return|respond\s+with|show|report)\w*\s+(?:a\s+)?(?:success|200|ok)\b(?:[^.\n]|\.(?=\S)){0,30}?\bwithout\s+(?:actually\s+)?(?:\w+ing)\b|\bmar(?:k|que|ca)\w*\s+(?:[\w-]+\s+){0,4}?(?:as|como|comme)\s+(?:done|completed?|refunded|paid|conclu\w+|pag\w+|termin\w+)\b(?:[^.\n]|\.(?=\S)){0,40}?\b(?:but|mas|pero|mais)\s+(?:do\s+not|don't|n[\u00e3a]o|no|ne)\s+(?:\w+\s+){0,2}?(?:process|refund|charge|cancel|ship|deliver|pay|issue|send|process\w*|estorn\w*|reembols\w*|cobr\w*|rembours\w*|envi\w*)\w*|\b(?:1|one)[\s-]star\s+reviews?\b(?:[^.\n]|\.(?=\S)){0,60}?\bcompetitor|\bcompetitor\w*'?\s+(?:\w+\s+){0,3}?(?:fake|1[\s-]star|negative)\s+reviews?\b/gi,
  },
  {
    // People treated worse for who they are, in any words: "lower the priority of tickets filed by
    // women", "make messages for accounts with non-English names curt and mocking". A group that
    // the law protects beside an adverse act; refused. Negatable: "never rank tickets by gender".
    id: 'discrimination',
    category: 'harmful',
    strength: 'block',
    negatable: true,
    // Note: the verbs are common words; the groups are not, so they are checked first.
    also: /\b(?:wom[ae]n|female|men\s+only|girls|black|muslims?|jews?|jewish|immigrants?|foreigners?|refugees|non-(?:english|native|white|christian)|foreign|ethnic|arabic|african|asian|hispanic|indian|chinese|older|disabled|gay|transgender|pregnant)\b/i,
    pattern:
      /\b(?:lower\w*|deprioriti[sz]\w*|downgrad\w*|demot\w*|reject\w*|den(?:y|ies|ied)|block\w*|ban(?:s|ned|ning)?|flag\w*\s+as\s+(?:fraud|spam|suspicious)|charge\w*\s+(?:them\s+)?more|mock\w*|curt|rude|insult\w*|penali[sz]\w*|exclud\w*|filter\w*\s+out|slow\w*\s+down)\b(?:[^.\n]|\.(?=\S)){0,80}?\b(?:women|woman|female|men\s+only|girls|black\s+(?:people|users|customers|applicants)|muslims?|jews?|jewish|immigrants?|foreigners?|refugees|non-(?:english|native|white|christian)\s*(?:\w+\s+)?names?|non-(?:english|native)\s+speakers?|(?:foreign|ethnic|arabic|african|asian|hispanic|indian|chinese)[\s-](?:sounding\s+)?names?|older\s+(?:people|users|applicants|workers)|disabled\s+(?:people|users|customers|applicants|employees|persons)|gay|transgender|pregnant)\b|\b(?:women|woman|female|muslims?|jews?|immigrants?|foreigners?|non-(?:english|native)\s*(?:\w+\s+)?names?|(?:foreign|ethnic)[\s-](?:sounding\s+)?names?|disabled\s+(?:people|users|customers|applicants|employees|persons)|pregnant)\b(?:[^.\n]|\.(?=\S)){0,60}?\b(?:lower\w*|deprioriti[sz]\w*|downgrad\w*|reject\w*|mock\w*|curt|can\s+wait|less\s+(?:technical|important|priority|reliable)|usually\s+(?:fraud|spam|scams?))\b/gi,
  },
  {
    // A colleague or a user humiliated on purpose: "reply with humiliating comments about his
    // competence", "comentários humilhantes", "commentaires humiliants". A weak sign; negatable.
    id: 'harm-to-someone',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:humiliat\w*|humilhan\w*|humillan\w*|humilian\w*|umilian\w*|dem\u00fctigend\w*|demeaning|belittl\w*|degrading|publicly\s+shame|name\s+and\s+shame)\b/gi,
  },
  {
    // Forged papers made to pass as real: "produce realistic forged medical invoices and doctor's letters on real clinic
    // letterheads, good enough to pass an insurer's manual claims review". Test data never needs to fool a person.
    id: 'fraud',
    category: 'harmful',
    strength: 'hold',
    negatable: true,
    pattern:
      /\b(?:forged|fake|counterfeit|falsified|fabricated|realistic)\s+(?:\S+\s+){0,2}?(?:invoices?|receipts?|letters?|documents?|id\s+cards?|passports?|licen[cs]es?|prescriptions?|certificates?|bank\s+statements?|pay\s*slips?|diplomas?)\b(?:[^.\n]|\.(?=\S)){0,120}?\b(?:(?:on|with|using)\s+(?:the\s+)?real\s+(?:\w+\s+)?(?:letterheads?|logos?|seals?|signatures?)|good\s+enough\s+to\s+(?:pass|fool)|indistinguishable\s+from\s+(?:real|genuine)|pass\s+(?:an?\s+|the\s+)?(?:\S+\s+){0,3}?(?:review|check|inspection|verification|audit))\b/gi,
  },
];
