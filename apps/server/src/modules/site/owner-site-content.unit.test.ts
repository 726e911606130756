import { describe, expect, it } from 'vitest';
import { SITE_LIMITS, siteDocumentSchema } from '@consult/shared';
import { demoSiteContent, demoStringsIn } from './demo-site-content';
import { initialsOf, ownerSiteDocument, type OwnerFacts } from './owner-site-content';

const facts: OwnerFacts = {
  consultantName: 'Jo Owner',
  businessName: 'Jo Owner',
  email: 'jo@owner.test',
};
const options = { keepExampleText: false, today: '2026-11-26' };

describe('the first run’s site content', () => {
  it('takes up to three initials from the business name, else the person, else the address', () => {
    expect(initialsOf('Northwind Advisory')).toBe('NA');
    expect(initialsOf('Émilie de la Tour-Martin & Co')).toBe('ÉDL');
    expect(initialsOf('1234', 'jo owner')).toBe('JO');
    expect(initialsOf('', '42', '42@owner.test')).toBe('OT');
  });

  it('is a valid site document without a demo string, whatever the facts’ lengths', () => {
    const long: OwnerFacts = {
      consultantName: 'N'.repeat(80),
      businessName: 'B'.repeat(SITE_LIMITS.nameMax),
      email: 'someone@example.test',
      city: 'C'.repeat(60),
      phone: '+44 20 7946 0958',
    };
    const astral: OwnerFacts = { ...long, businessName: '🌟'.repeat(SITE_LIMITS.nameMax / 2) };
    for (const given of [facts, long, astral]) {
      const document = ownerSiteDocument(demoSiteContent, given, options);
      expect(siteDocumentSchema.safeParse(document).error).toBeUndefined();
      expect(demoStringsIn(JSON.stringify(document))).toEqual([]);
    }
    const title = ownerSiteDocument(demoSiteContent, long, options).seo.title;
    expect(title).toHaveLength(SITE_LIMITS.seoTitleMax);
    expect(title.endsWith('…')).toBe(true);
  });

  it('writes names with Markdown’s punctuation into the terms as typed', () => {
    const document = ownerSiteDocument(
      demoSiteContent,
      { ...facts, consultantName: 'Jo *Star* [Owner]', businessName: 'Jo *Star* [Owner]' },
      options,
    );
    expect(document.terms.markdown).toContain(
      'provided by Jo \\*Star\\* \\[Owner\\], an independent',
    );
  });

  it('replaces only text that is still the demo’s', () => {
    const edited = {
      ...demoSiteContent,
      about: { ...demoSiteContent.about, paragraphs: ['My own story.'] },
      contact: { ...demoSiteContent.contact, phone: '+44 20 7946 0000' },
    };
    const document = ownerSiteDocument(edited, facts, options);
    expect(document.about.paragraphs).toEqual(['My own story.']);
    expect(document.contact.phone).toBe('+44 20 7946 0000');
    expect(document.about.credentials).toEqual([]);
  });
});
