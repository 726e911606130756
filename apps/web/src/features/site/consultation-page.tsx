import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  formatDuration,
  formatPrice,
  MEETING_MODE_LABELS,
  paths,
  type SiteService,
} from '@consult/shared';
import { buttonClasses } from '../../components/ui/button';
import { ContactButton } from './contact';
import { FaqList } from './faq-list';
import { SimpleHeader } from './simple-header';
import { useSiteContent } from './site-data';
import { usePageTitle } from './use-page-title';

const steps = [
  {
    title: 'Choose a session',
    body: 'Pick the session that matches your question. Each shows its length and price. Not sure? Send a message first.',
  },
  {
    title: 'Create your account',
    body: 'Your account keeps your bookings, payments, notes and tasks in one place.',
  },
  {
    title: 'Pick a time',
    body: 'Choose a slot that suits you, shown in your own time zone. You get a confirmation e-mail with a calendar invite.',
  },
  {
    title: 'Meet',
    body: 'We meet as the session says: by video, by phone or in person. Your confirmation tells you how to join.',
  },
];

function ServiceCard({ service, selected }: { service: SiteService; selected: boolean }) {
  return (
    <li
      aria-current={selected || undefined}
      className={`flex flex-col rounded-2xl border bg-surface p-6 ${
        selected ? 'border-brand ring-2 ring-brand' : 'border-line'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-display text-xl font-semibold text-ink">{service.title}</h3>
        {selected && (
          <span className="rounded-full bg-brand px-3 py-1 text-xs font-semibold text-white">
            Your choice
          </span>
        )}
      </div>
      {/* No description, no empty paragraph; the spacer keeps the facts at the card’s foot. */}
      {service.description && (
        <p className="mt-3 text-base leading-relaxed text-muted">{service.description}</p>
      )}
      <div aria-hidden="true" className="flex-1" />
      <dl className="mt-6 grid grid-cols-3 gap-3 border-t border-line pt-5 text-sm">
        <div>
          <dt className="text-muted">Price</dt>
          <dd className="mt-1 text-lg font-semibold text-brand">{formatPrice(service)}</dd>
        </div>
        <div>
          <dt className="text-muted">Duration</dt>
          <dd className="mt-1 text-lg font-semibold text-ink">
            {formatDuration(service.durationMinutes)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Meeting</dt>
          <dd className="mt-1 text-lg font-semibold text-ink">
            {MEETING_MODE_LABELS[service.meetingMode]}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * /consultation: what a consultation is, the sessions with prices and durations, how it works, FAQ.
 * The booking flow comes from the bookings feature, placed by the route below the introduction.
 */
export function ConsultationPage({
  bookingFlow,
}: {
  bookingFlow: (services: SiteService[]) => ReactNode;
}) {
  const site = useSiteContent();
  usePageTitle();
  const [params] = useSearchParams();
  const chosen = site.services.find((service) => service.slug === params.get('service'));
  return (
    <>
      <SimpleHeader />
      <main>
        <section aria-labelledby="consultation-heading" className="border-b border-line bg-surface">
          <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 md:py-16">
            <p className="text-sm font-semibold tracking-widest text-accent uppercase">
              Consultations with {site.consultant.name}
            </p>
            <h1
              id="consultation-heading"
              className="mt-3 font-display text-4xl leading-tight font-semibold text-brand sm:text-5xl"
            >
              Book a consultation
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-muted">
              A consultation is a focused, one-to-one conversation about the question you bring. We
              work through it together, and you leave knowing your next steps.
            </p>
            {chosen && (
              <p className="mt-6 rounded-lg border border-brand/30 bg-brand-soft px-4 py-3 text-base text-brand-strong">
                You chose the <strong>{chosen.title}</strong> (
                {formatDuration(chosen.durationMinutes)}, {formatPrice(chosen)}).
              </p>
            )}
          </div>
        </section>

        {bookingFlow(site.services)}

        <section aria-labelledby="sessions-heading" className="border-t border-line py-12 md:py-16">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="sessions-heading" className="font-display text-3xl font-semibold text-brand">
              Sessions and prices
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {site.services.map((service) => (
                <ServiceCard key={service.slug} service={service} selected={service === chosen} />
              ))}
            </ul>
          </div>
        </section>

        <section
          aria-labelledby="how-heading"
          className="border-y border-line bg-surface py-12 md:py-16"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="how-heading" className="font-display text-3xl font-semibold text-brand">
              How it works
            </h2>
            <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {steps.map((step, index) => (
                <li key={step.title} className="rounded-2xl border border-line bg-paper p-6">
                  <span
                    aria-hidden="true"
                    className="grid size-9 place-items-center rounded-full bg-brand font-semibold text-white"
                  >
                    {index + 1}
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
                  <p className="mt-2 text-base leading-relaxed text-muted">{step.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="consultation-faq-heading" className="py-12 md:py-16">
          <div className="mx-auto max-w-3xl px-4 sm:px-6">
            <h2
              id="consultation-faq-heading"
              className="font-display text-3xl font-semibold text-brand"
            >
              Questions before you book
            </h2>
            <div className="mt-8">
              <FaqList entries={site.faq} />
            </div>
          </div>
        </section>

        <section aria-labelledby="start-heading" className="bg-brand py-12 text-white md:py-16">
          <div className="mx-auto flex max-w-4xl flex-col items-start gap-6 px-4 sm:px-6">
            <h2 id="start-heading" className="font-display text-3xl font-semibold">
              Ready to start?
            </h2>
            <p className="max-w-2xl text-lg text-brand-soft">
              Create your free account to book and manage your sessions, or send me a message first
              if you would like to talk it through.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link
                to={paths.signUp}
                className={buttonClasses('secondary', 'border-transparent px-6 text-brand')}
              >
                Create your account
              </Link>
              <ContactButton
                className={buttonClasses(
                  'ghost',
                  'px-6 text-white ring-1 ring-white/60 hover:bg-white/10',
                )}
              >
                Contact Me
              </ContactButton>
            </div>
          </div>
        </section>
      </main>
    </>
  );
}
