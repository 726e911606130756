import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../contact/messages';
import { TEXT_MESSAGES } from '../text';
import { SITE_MESSAGES as M } from './messages';
import { siteEditSchema, siteHttpsUrlSchema, sitePhoneSchema, type SiteEditInput } from './schemas';

const valid: SiteEditInput = {
  consultant: {
    name: 'Sara Khan',
    role: 'Finance coach',
    tagline: 'Money plans for freelancers.',
    initials: 'SK',
    location: 'Karachi',
  },
  seo: { title: 'Sara Khan · Finance coach', description: 'Money plans for freelancers.' },
  hero: {
    eyebrow: 'Coaching',
    heading: 'Plan your year',
    lead: 'Two hours, one plan.',
    highlights: [],
  },
  about: { heading: 'About me', paragraphs: ['Ten years of numbers.'], credentials: [] },
  portrait: null,
  faq: [{ question: 'Is it online?', answer: 'Yes.' }],
  contact: { phone: '+92 300 1234567', email: 'sara@example.com' },
  social: {
    professionalNetwork: 'https://www.linkedin.com/in/sara',
    microblog: 'https://x.com/sara',
    chat: 'https://wa.me/923001234567',
  },
  terms: { markdown: '## Terms\n\nBe kind.' },
};

function messages(input: unknown): Record<string, string[]> {
  const result = siteEditSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('site content schema', () => {
  it('accepts a complete document and trims its texts', () => {
    const parsed = siteEditSchema.parse({ ...valid, hero: { ...valid.hero, heading: '  Plan  ' } });
    expect(parsed.hero.heading).toBe('Plan');
  });

  it('names the field in its messages and keys them by path', () => {
    expect(
      messages({
        ...valid,
        hero: { ...valid.hero, heading: '', highlights: ['a', 'b', 'c', 'd', 'e'] },
        faq: [],
        about: { ...valid.about, heading: 'x'.repeat(121) },
      }),
    ).toEqual({
      'hero.heading': [M.required('Heading')],
      'hero.highlights': [M.tooMany('highlights', 4)],
      faq: [M.tooFew('question')],
      'about.heading': [M.tooLong('Heading', 120)],
    });
    expect(M.required('Heading')).toBe('Heading is required');
  });

  it('refuses line breaks in one-line texts and hidden characters anywhere', () => {
    expect(messages({ ...valid, seo: { ...valid.seo, title: 'a\nb' } })).toEqual({
      'seo.title': [TEXT_MESSAGES.singleLine],
    });
    expect(messages({ ...valid, terms: { markdown: 'a\u202Eb' } })).toEqual({
      'terms.markdown': [TEXT_MESSAGES.hiddenCharacters],
    });
  });

  it('takes initials of one to three letters, in any script', () => {
    for (const initials of ['S', 'SK', 'ÄÖÜ', 'سخ'])
      expect(messages({ ...valid, consultant: { ...valid.consultant, initials } })).toEqual({});
    for (const initials of ['', 'S.K', 'ABCD', '12'])
      expect(messages({ ...valid, consultant: { ...valid.consultant, initials } })).toEqual({
        'consultant.initials': [M.initials],
      });
  });

  it('keeps the phone as written and checks it with the contact form’s rule', () => {
    expect(sitePhoneSchema.parse(' +92 300 1234567 ')).toBe('+92 300 1234567');
    expect(sitePhoneSchema.safeParse('0300 1234567').error?.issues[0]?.message).toBe(
      CONTACT_MESSAGES.phoneStart,
    );
  });

  it('takes an absent or empty footer phone as none, and checks any other', () => {
    const phoneOf = (phone?: string) =>
      siteEditSchema.shape.contact.safeParse({ phone, email: 'jo@owner.test' });
    expect(phoneOf(undefined).data).toEqual({ email: 'jo@owner.test' });
    expect(phoneOf(' ').data).toEqual({ email: 'jo@owner.test' });
    expect(phoneOf('0300 1234567').error?.issues[0]?.message).toBe(CONTACT_MESSAGES.phoneStart);
  });

  it('accepts social links over https to a domain only', () => {
    expect(siteHttpsUrlSchema.safeParse('https://x.com/sara').success).toBe(true);
    for (const url of ['http://x.com', 'javascript:alert(1)', 'https://localhost', 'x.com', ''])
      expect(siteHttpsUrlSchema.safeParse(url).error?.issues.map((i) => i.message)).toEqual([
        M.httpsOnly,
      ]);
  });

  it('refuses a link with a name or password before the host, spaces or backslashes', () => {
    const messagesOf = (url: string) =>
      siteHttpsUrlSchema.safeParse(url).error?.issues.map((i) => i.message);
    for (const url of ['https://x.com@evil.example/', 'https://a:b@x.com/', 'https://@x.com'])
      expect(messagesOf(url), url).toEqual([M.linkCredentials]);
    for (const url of ['https://x.com/a b', 'https://x.com\\@evil.example/', 'https://x.com\\a'])
      expect(messagesOf(url), url).toEqual([M.linkCharacters]);
    expect(messagesOf(' https://x.com/sara?ref=a@b ')).toBeUndefined();
  });

  it('empties the optional fields given "", blanks, null or nothing, and checks any other value', () => {
    for (const empty of ['', '   ', null, undefined]) {
      const parsed = siteEditSchema.parse({
        ...valid,
        consultant: { ...valid.consultant, role: empty, tagline: empty, location: empty },
        hero: { ...valid.hero, eyebrow: empty },
        contact: { phone: empty, email: empty },
        social: { professionalNetwork: empty, microblog: empty, chat: empty },
      });
      expect(JSON.parse(JSON.stringify(parsed.social))).toEqual({});
      expect(JSON.parse(JSON.stringify(parsed.contact))).toEqual({});
      expect(JSON.parse(JSON.stringify(parsed.consultant))).toEqual({
        name: 'Sara Khan',
        initials: 'SK',
      });
      expect(parsed.hero.eyebrow).toBeUndefined();
    }
    expect(
      messages({
        ...valid,
        consultant: { ...valid.consultant, tagline: 'x'.repeat(161) },
        social: { ...valid.social, chat: 'http://wa.me/1' },
      }),
    ).toEqual({
      'consultant.tagline': [M.tooLong('Tagline', 160)],
      'social.chat': [M.httpsOnly],
    });
  });
});
