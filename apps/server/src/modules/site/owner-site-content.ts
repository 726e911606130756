/**
 * The first run's site content (decision 036): the owner's facts written wherever the demo
 * consultant's stand, and the demo's example text (biography, credentials, FAQ answers that name
 * places or languages, social links, terms) replaced by neutral text for the owner's practice
 * unless they keep it. Only text still equal to the demo's is replaced, so nothing the owner wrote
 * is ever overwritten.
 */
import { SITE_LIMITS as L, type SiteDocument } from '@consult/shared';
import { demoSiteContent } from './demo-site-content';

/** What the first run knows about the practice. */
export interface OwnerFacts {
  consultantName: string;
  businessName: string;
  /** The site's contact address (the owner's account e-mail). */
  email: string;
  city?: string;
  phone?: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The first text that fits, else the last one cut to the limit with an ellipsis. Lengths are in
 * UTF-16 units, as the site's schema counts them; a cut never splits a character.
 */
function fitting(max: number, candidates: string[]): string {
  const fit = candidates.find((text) => text.length <= max);
  if (fit !== undefined) return fit;
  let cut = '';
  for (const char of candidates.at(-1)!) {
    if (cut.length + char.length > max - 1) break;
    cut += char;
  }
  return `${cut.trimEnd()}…`;
}

/** Up to three capital letters from the words' first letters: "Northwind Advisory" → "NA". */
export function initialsOf(...names: string[]): string {
  for (const name of names) {
    const letters = name
      .split(/[\s\-@._]+/)
      .map((word) => Array.from(word).find((char) => /\p{L}/u.test(char)))
      .filter((char): char is string => char !== undefined)
      .map((char) => char.toLocaleUpperCase())
      .join('');
    const initials = Array.from(letters)
      .filter((char) => /\p{L}/u.test(char))
      .slice(0, L.initialsMax)
      .join('');
    if (initials) return initials;
  }
  return '';
}

/** Markdown's punctuation escaped, so a name with * or [ ] reads as typed in the terms. */
function markdownText(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');
}

function providerLine(facts: OwnerFacts): string {
  const name = markdownText(facts.consultantName);
  const where = facts.city ? ` based in ${markdownText(facts.city)}` : '';
  return facts.businessName === facts.consultantName
    ? `${name}, an independent consultant${where}`
    : `${name}, trading as ${markdownText(facts.businessName)}${where ? `,${where}` : ''}`;
}

/** Terms a consultant can publish as they are; every claim holds for a site run with this product. */
export function neutralTerms(facts: OwnerFacts): string {
  const email = facts.email;
  return [
    '## Who provides the services',
    '',
    `This website and the consultation services offered on it are provided by ${providerLine(facts)} ("I", "me"). By booking a session or using this website you ("you", "the client") agree to these terms.`,
    '',
    '## Sessions and bookings',
    '',
    'A booking is made once this website shows it as confirmed; the confirmation is also sent to you by e-mail. Sessions start at the booked time and end on time; a late start is not extended.',
    '',
    'Advice given in a session is based on the information you provide. Decisions you take on the basis of that advice remain your own responsibility.',
    '',
    '## Fees and payment',
    '',
    'Prices are shown on this website in the currency stated and include all fees I charge. How and when to pay is shown when you book. You receive a receipt for every payment.',
    '',
    '## Rescheduling and cancellation',
    '',
    'You may reschedule or cancel a booking from your dashboard until the time shown with it. Before you confirm a cancellation, the dashboard shows how much of any payment you get back. A session you do not attend is not refunded. If I have to cancel, you receive a full refund or a new time of your choice.',
    '',
    '## Confidentiality and personal data',
    '',
    'Everything you share in preparation for or during a session is treated as confidential and is not passed on to third parties. Personal data is used only to provide the service, to send booking e-mails and to meet legal obligations. You can download or delete your account data from your dashboard at any time.',
    '',
    '## Liability',
    '',
    'My liability for any session is limited to the fee paid for that session, except where the law does not allow such a limit.',
    '',
    '## Contact',
    '',
    `Questions about these terms: write to [${markdownText(email)}](mailto:${email}) or use the contact form on the home page.`,
  ].join('\n');
}

/** A short biography in the owner's voice, naming only what they told the first run. */
export function neutralBiography(facts: OwnerFacts): string[] {
  const where = facts.city ? ` based in ${facts.city}` : '';
  const first =
    facts.businessName === facts.consultantName
      ? `I am ${facts.consultantName}, an independent consultant${where}.`
      : `I am ${facts.consultantName}, and ${facts.businessName} is my independent practice${facts.city ? ` in ${facts.city}` : ''}.`;
  return [
    `${first} I work one-to-one with people who want an outside view on a decision that matters to them, and the time to think it through properly.`,
    'Every session starts from your situation, not from a standard programme. I listen first, ask the questions that matter and tell you honestly what I think, including when you do not need another session. You leave knowing your next steps.',
  ];
}

/** The demo's FAQ answers that name its places and languages, with the neutral answer for each. */
const NEUTRAL_FAQ_ANSWERS: Record<string, string> = {
  'How do sessions take place?':
    'Each service says how it takes place: by video call, by phone or in person. Your booking confirmation tells you how to join.',
  'Which languages do you work in?':
    'Sessions are held in English. If you would prefer another language, ask before you book and I will tell you whether I can help.',
};

/**
 * The site document after the first run: `current` with the owner's facts in place of the demo's
 * and, unless `keepExampleText`, neutral text in place of the demo's example text. `today` is the
 * owner's day (YYYY-MM-DD), the terms' date when they are replaced.
 */
export function ownerSiteDocument(
  current: SiteDocument,
  facts: OwnerFacts,
  { keepExampleText, today }: { keepExampleText: boolean; today: string },
): SiteDocument {
  const demo = demoSiteContent;
  const replace = !keepExampleText;
  const { role, tagline } = current.consultant;
  const where = facts.city ? `, based in ${facts.city}` : '';
  // A phone left out removes the demo's, never one of the owner's own.
  const phone =
    facts.phone ??
    (same(current.contact.phone, demo.contact.phone) ? undefined : current.contact.phone);

  // A seeded link carries the demo's name: the network's own home address names nobody.
  const socialLink = (network: keyof SiteDocument['social']) => {
    const url = current.social[network];
    return url && replace && url === demo.social[network] ? `${new URL(url).origin}/` : url;
  };

  const heroHighlights =
    replace && same(current.hero.highlights, demo.hero.highlights)
      ? [
          'One-to-one sessions',
          'Book online at a time that suits you',
          ...(facts.city ? [`Based in ${facts.city}`] : []),
        ]
      : current.hero.highlights;

  return {
    ...current,
    consultant: {
      ...current.consultant,
      name: facts.businessName,
      initials: initialsOf(facts.businessName, facts.consultantName, facts.email),
      location: facts.city
        ? `Based in ${facts.city}`
        : same(current.consultant.location, demo.consultant.location)
          ? 'Sessions by appointment'
          : current.consultant.location,
    },
    seo: {
      title: same(current.seo.title, demo.seo.title)
        ? fitting(L.seoTitleMax, [`${facts.businessName} · ${role}`, facts.businessName])
        : current.seo.title,
      description: same(current.seo.description, demo.seo.description)
        ? fitting(L.seoDescriptionMax, [
            `${tagline} Consultations with ${facts.consultantName}${where}: see the services and book online.`,
            `Consultations with ${facts.consultantName}${where}: see the services and book online.`,
            `Consultations with ${facts.consultantName}: see the services and book online.`,
          ])
        : current.seo.description,
    },
    hero: { ...current.hero, highlights: heroHighlights },
    about: {
      heading: same(current.about.heading, demo.about.heading)
        ? `Hi, I am ${facts.consultantName}`
        : current.about.heading,
      paragraphs:
        replace && same(current.about.paragraphs, demo.about.paragraphs)
          ? neutralBiography(facts)
          : current.about.paragraphs,
      credentials:
        replace && same(current.about.credentials, demo.about.credentials)
          ? []
          : current.about.credentials,
    },
    faq: current.faq.map((entry) => {
      const demoEntry = demo.faq.find((candidate) => same(candidate, entry));
      const neutral = demoEntry && NEUTRAL_FAQ_ANSWERS[demoEntry.question];
      return replace && neutral ? { ...entry, answer: neutral } : entry;
    }),
    contact: { phone, email: facts.email },
    social: {
      professionalNetwork: socialLink('professionalNetwork'),
      microblog: socialLink('microblog'),
      chat: socialLink('chat'),
    },
    terms:
      replace && same(current.terms.markdown, demo.terms.markdown)
        ? { markdown: neutralTerms(facts), updatedOn: today }
        : current.terms,
  };
}
