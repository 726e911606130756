/**
 * The site content written on first start: a complete, plausible demo consultant, so a fresh install
 * shows a finished site. The owner replaces it from /admin/config.
 */
import type { SiteContent } from '@consult/shared';

const DEMO_PHONE = '+92 300 1234567';

export const demoSiteContent: SiteContent = {
  consultant: {
    name: 'Ayesha Siddiqui',
    role: 'Business strategy consultant',
    tagline: 'Clear plans for small businesses and independent professionals.',
    initials: 'AS',
    location: 'Lahore, Pakistan · working worldwide',
  },
  seo: {
    title: 'Ayesha Siddiqui · Business strategy consultant',
    description:
      'Practical strategy sessions for founders and small teams: pricing, growth plans and operations. Book a free intro call with Ayesha Siddiqui.',
  },
  hero: {
    eyebrow: 'Independent business strategy',
    heading: 'Clear advice and a plan you can act on this week',
    lead: 'I help founders, freelancers and small teams make the decisions that stall growth: what to charge, where to focus and how to run the work without burning out. One conversation, a written plan, no jargon.',
    highlights: [
      '12 years advising small businesses',
      '400+ sessions held',
      'Video, phone or in person',
    ],
  },
  services: [
    {
      slug: 'intro-call',
      title: 'Intro call',
      summary: 'A short, free conversation to see whether we are a good fit.',
      description:
        'Tell me where your business is and what is in the way. You leave with one concrete next step, and we both know whether a longer session makes sense.',
      durationMinutes: 20,
      priceMinor: 0,
      currency: 'USD',
      meetingMode: 'video',
      questions: [],
    },
    {
      slug: 'strategy-session',
      title: 'Strategy session',
      summary: 'One focused hour on a single decision: pricing, an offer, a hire or a market.',
      description:
        'We work through the decision together with your numbers on the table. Within two working days you receive a written summary with the options, my recommendation and the first three actions.',
      durationMinutes: 60,
      priceMinor: 12000,
      currency: 'USD',
      meetingMode: 'video',
      questions: [],
    },
    {
      slug: 'growth-plan-workshop',
      title: 'Growth plan workshop',
      summary: 'A deep working session that ends with a 90-day plan for your business.',
      description:
        'Before we meet you fill in a short questionnaire. In the workshop we review offers, customers, channels and capacity, then build a 90-day plan with owners and dates. Includes a 30-minute follow-up call a month later.',
      durationMinutes: 120,
      priceMinor: 29000,
      currency: 'USD',
      meetingMode: 'video',
      questions: [],
    },
  ],
  about: {
    heading: 'Hi, I am Ayesha',
    paragraphs: [
      'I spent eight years in corporate strategy teams before starting my own practice in 2014. Since then I have worked with bakeries, software studios, clinics, architects and dozens of freelancers who were good at their craft and tired of guessing about the business side.',
      'My sessions are practical. We look at your real numbers, talk through the trade-offs and decide. You always leave with something written down that you can act on, and I will tell you honestly when you do not need more sessions.',
    ],
    credentials: [
      'MBA, Lahore University of Management Sciences',
      'Former strategy lead at a regional retail group',
      'Mentor at two startup programmes in Lahore and Karachi',
    ],
  },
  faq: [
    {
      question: 'How do sessions take place?',
      answer:
        'Most sessions are video calls; the link arrives with your confirmation. Phone calls are possible, and in-person meetings in Lahore can be arranged on request.',
    },
    {
      question: 'What should I prepare before a strategy session?',
      answer:
        'A few lines on the decision you are facing and, if you can, your rough monthly revenue and costs. I send a short checklist after you book.',
    },
    {
      question: 'Is the intro call really free?',
      answer:
        'Yes. Twenty minutes, no obligation and no sales pitch. If a paid session would not help you, I will say so.',
    },
    {
      question: 'How do I pay?',
      answer:
        'Paid sessions are settled when you book, or by bank transfer before the session. You receive a receipt for every payment.',
    },
    {
      question: 'Can I reschedule or cancel?',
      answer:
        'Yes, from your dashboard until 24 hours before the session, at no cost. Closer to the start, please get in touch and we will find a fair solution.',
    },
    {
      question: 'Do you sign a confidentiality agreement?',
      answer:
        'Everything you share is confidential by default. If your company needs its own NDA, send it over before the session and I will review and sign it.',
    },
    {
      question: 'Which languages do you work in?',
      answer: 'English and Urdu. Written summaries are in English unless you ask otherwise.',
    },
  ],
  portrait: null,
  contact: { phone: DEMO_PHONE, email: 'hello@ayeshasiddiqui.example' },
  social: {
    professionalNetwork: 'https://www.linkedin.com/in/ayesha-siddiqui-strategy',
    microblog: 'https://x.com/ayesha_strategy',
    chat: 'https://wa.me/923001234567',
  },
  terms: {
    updatedOn: '2026-01-15',
    markdown: [
      '## Who we are',
      '',
      'This website and the consultation services offered on it are provided by Ayesha Siddiqui, an independent business strategy consultant based in Lahore, Pakistan ("I", "me"). By booking a session or using this website you ("you", "the client") agree to these terms.',
      '',
      '## Sessions and bookings',
      '',
      'A booking is confirmed once you receive a confirmation e-mail. Sessions start at the booked time and end on time; a late start is not extended.',
      '',
      'Advice given in a session is based on the information you provide. Decisions you take on the basis of that advice remain your own responsibility.',
      '',
      '## Fees and payment',
      '',
      'Prices are shown on the website in the currency stated and include all fees I charge. Paid sessions must be paid when booking or, where bank transfer is offered, before the session starts.',
      '',
      '## Rescheduling and cancellation',
      '',
      'You may reschedule or cancel free of charge until 24 hours before the session. Cancellations after that point, or not attending, are not refunded. If I have to cancel, you receive a full refund or a new time of your choice.',
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
      'Questions about these terms: write to [hello@ayeshasiddiqui.example](mailto:hello@ayeshasiddiqui.example) or use the contact form on the home page.',
    ].join('\n'),
  },
};

/**
 * The demo consultant's personal strings: her names, city, e-mail address (and its domain), phone
 * (as written, its digits and the national part) and the social links that carry her name. After
 * the first run no public page may show one of them unless the owner kept the example text; the
 * checklist and the tests look for each, ignoring case. Her time zone's city is not here: the
 * default zone (Asia/Karachi) is a setting, not her identity.
 */
export const DEMO_PERSONAL_STRINGS: readonly string[] = [
  demoSiteContent.consultant.name,
  ...demoSiteContent.consultant.name.split(' '),
  demoSiteContent.consultant.location!.split(',')[0]!,
  demoSiteContent.contact.email!,
  demoSiteContent.contact.email!.split('@')[1]!,
  DEMO_PHONE,
  DEMO_PHONE.replace(/\D/g, ''),
  DEMO_PHONE.split(' ').slice(1).join(' '),
  ...Object.values(demoSiteContent.social).filter((link): link is string => Boolean(link)),
];

/** The demo's personal strings found in a text (a page, a document as JSON), ignoring case. */
export function demoStringsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return DEMO_PERSONAL_STRINGS.filter((demo) => lower.includes(demo.toLowerCase()));
}
