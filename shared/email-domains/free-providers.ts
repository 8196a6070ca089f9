/**
 * Built-in list of free (consumer) mail providers (docs/email-check.md).
 *
 * Matched EXACTLY against the normalised (lower-case, punycode) domain of an address:
 * `x@gmail.com` is free, `x@corp.gmail.com` is not looked up here.
 * Only domains that hand out mailboxes to the general public belong here; a company's own
 * domain never does (even when the company also runs a mail service under another name).
 * Keep entries lower-case ASCII, one per line, grouped by provider.
 */
export const FREE_EMAIL_PROVIDERS: readonly string[] = [
  // Google
  'gmail.com', 'googlemail.com',
  // Microsoft: Outlook.com consumer domains (hotmail, outlook, live, msn)
  'hotmail.com', 'hotmail.co.uk', 'hotmail.fr', 'hotmail.de', 'hotmail.it', 'hotmail.es',
  'hotmail.nl', 'hotmail.be', 'hotmail.ca', 'hotmail.ch', 'hotmail.at', 'hotmail.se',
  'hotmail.dk', 'hotmail.no', 'hotmail.fi', 'hotmail.gr', 'hotmail.cz', 'hotmail.hu',
  'hotmail.sk', 'hotmail.rs', 'hotmail.lt', 'hotmail.lv', 'hotmail.my', 'hotmail.ph',
  'hotmail.sg', 'hotmail.cl', 'hotmail.co.jp', 'hotmail.co.kr', 'hotmail.co.id',
  'hotmail.co.il', 'hotmail.co.in', 'hotmail.co.nz', 'hotmail.co.th', 'hotmail.co.za',
  'hotmail.com.ar', 'hotmail.com.au', 'hotmail.com.br', 'hotmail.com.hk', 'hotmail.com.tr',
  'hotmail.com.tw', 'hotmail.com.vn',
  'outlook.com', 'outlook.fr', 'outlook.de', 'outlook.it', 'outlook.es', 'outlook.pt',
  'outlook.be', 'outlook.at', 'outlook.cz', 'outlook.dk', 'outlook.hu', 'outlook.ie',
  'outlook.sk', 'outlook.lv', 'outlook.cl', 'outlook.in', 'outlook.jp', 'outlook.kr',
  'outlook.my', 'outlook.ph', 'outlook.sa', 'outlook.sg', 'outlook.co.id', 'outlook.co.il',
  'outlook.co.nz', 'outlook.co.th', 'outlook.com.ar', 'outlook.com.au', 'outlook.com.br',
  'outlook.com.gr', 'outlook.com.tr', 'outlook.com.vn',
  'live.com', 'live.co.uk', 'live.fr', 'live.de', 'live.it', 'live.nl', 'live.be', 'live.ca',
  'live.at', 'live.ch', 'live.dk', 'live.se', 'live.no', 'live.ie', 'live.jp', 'live.cn',
  'live.ru', 'live.cl', 'live.in', 'live.hk', 'live.co.za', 'live.com.au', 'live.com.ar',
  'live.com.mx', 'live.com.pt', 'live.com.my', 'live.com.sg',
  'msn.com', 'windowslive.com',
  // Apple
  'icloud.com', 'me.com', 'mac.com',
  // Proton
  'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me',
  // Yandex
  'yandex.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'yandex.com.tr', 'ya.ru',
  'narod.ru',
  // AOL
  'aol.com', 'aol.co.uk', 'aol.fr', 'aol.de', 'aol.it', 'aim.com',
  // Yahoo
  'yahoo.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'yahoo.it', 'yahoo.es', 'yahoo.ca',
  'yahoo.ie', 'yahoo.gr', 'yahoo.se', 'yahoo.dk', 'yahoo.no', 'yahoo.pl', 'yahoo.ro',
  'yahoo.be', 'yahoo.at', 'yahoo.ch', 'yahoo.nl', 'yahoo.fi', 'yahoo.cn', 'yahoo.in',
  'yahoo.co.in', 'yahoo.co.jp', 'yahoo.co.id', 'yahoo.co.nz', 'yahoo.co.kr', 'yahoo.co.th',
  'yahoo.co.za', 'yahoo.com.au', 'yahoo.com.br', 'yahoo.com.ar', 'yahoo.com.mx',
  'yahoo.com.sg', 'yahoo.com.hk', 'yahoo.com.tw', 'yahoo.com.ph', 'yahoo.com.vn',
  'yahoo.com.my', 'yahoo.com.tr', 'ymail.com', 'rocketmail.com',
  // GMX / mail.com / WEB.DE (United Internet)
  'gmx.com', 'gmx.de', 'gmx.net', 'gmx.at', 'gmx.ch', 'gmx.fr', 'gmx.es', 'gmx.co.uk',
  'gmx.us', 'mail.com', 'email.com', 'web.de',
  // Germany
  't-online.de', 'freenet.de', 'arcor.de',
  // Mail.ru group, Rambler, Ukraine
  'mail.ru', 'bk.ru', 'inbox.ru', 'list.ru', 'internet.ru', 'rambler.ru', 'ukr.net', 'i.ua',
  'meta.ua',
  // Zoho, Tuta, Fastmail, other privacy / international providers
  'zoho.com', 'zohomail.com', 'zohomail.eu', 'tutanota.com', 'tutanota.de', 'tutamail.com',
  'tuta.io', 'tuta.com', 'keemail.me', 'fastmail.com', 'fastmail.fm', 'hushmail.com',
  'mailfence.com', 'disroot.org',
  // China
  'qq.com', 'foxmail.com', '163.com', '126.com', 'yeah.net', 'sina.com', 'sina.cn',
  'sohu.com', 'aliyun.com', '139.com', '189.cn', '21cn.com',
  // Korea, Japan
  'naver.com', 'hanmail.net', 'daum.net', 'nate.com', 'docomo.ne.jp', 'ezweb.ne.jp',
  'softbank.ne.jp', 'i.softbank.jp',
  // India, Israel
  'rediffmail.com', 'walla.co.il', 'walla.com',
  // Italy
  'libero.it', 'virgilio.it', 'tiscali.it', 'alice.it', 'tin.it', 'email.it', 'inwind.it',
  'iol.it',
  // France
  'orange.fr', 'wanadoo.fr', 'laposte.net', 'free.fr', 'sfr.fr', 'neuf.fr',
  // United Kingdom, Belgium, Netherlands, Switzerland
  'btinternet.com', 'ntlworld.com', 'blueyonder.co.uk', 'talktalk.net', 'skynet.be',
  'kpnmail.nl', 'hetnet.nl', 'planet.nl', 'home.nl', 'bluewin.ch', 'hispeed.ch',
  // Czech Republic, Poland, Baltics, Bulgaria
  'seznam.cz', 'email.cz', 'centrum.cz', 'post.cz', 'atlas.cz', 'volny.cz', 'wp.pl', 'o2.pl',
  'interia.pl', 'interia.eu', 'onet.pl', 'op.pl', 'vp.pl', 'gazeta.pl', 'tlen.pl',
  'inbox.lv', 'inbox.lt', 'abv.bg', 'mail.bg',
  // Brazil
  'bol.com.br', 'uol.com.br', 'terra.com.br', 'ig.com.br',
  // North American ISPs' consumer mailboxes
  'comcast.net', 'verizon.net', 'att.net', 'sbcglobal.net', 'bellsouth.net', 'cox.net',
  'charter.net', 'earthlink.net', 'optonline.net', 'juno.com', 'netzero.net', 'shaw.ca',
  'sympatico.ca',
];
