import {
  formatDuration,
  formatPrice,
  MEETING_MODE_LABELS,
  paths,
  type SiteService,
} from '@consult/shared';
import { buttonClasses } from '../../../components/ui/button';
import { ClockIcon, VideoIcon } from './icons';

export function ServicesSection({ services }: { services: SiteService[] }) {
  return (
    <section
      id="services"
      tabIndex={-1}
      aria-labelledby="services-heading"
      className="scroll-mt-20 border-y border-line bg-surface py-16 focus:outline-none md:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="services-heading"
          className="font-display text-3xl font-semibold text-brand sm:text-4xl"
        >
          Services
        </h2>
        {services.length === 0 ? (
          // Every service deactivated by the owner: say so instead of showing an empty grid.
          <p className="mt-6 max-w-2xl rounded-2xl border border-line bg-paper p-6 text-lg text-muted">
            No sessions are open for booking at the moment. Send me a message and we will find a way
            to work together.
          </p>
        ) : (
          <p className="mt-3 max-w-2xl text-lg text-muted">
            Start with a free intro call, or book the session that fits the decision in front of
            you.
          </p>
        )}
        <ul hidden={services.length === 0} className="mt-10 grid gap-6 md:grid-cols-3">
          {services.map((service) => (
            <li
              key={service.slug}
              className="flex flex-col rounded-2xl border border-line bg-paper p-6"
            >
              <h3 className="font-display text-xl font-semibold text-ink">{service.title}</h3>
              {/* No summary, no empty paragraph; the spacer keeps the facts at the card’s foot. */}
              {service.summary && (
                <p className="mt-3 text-base leading-relaxed text-muted">{service.summary}</p>
              )}
              <div aria-hidden="true" className="flex-1" />
              <dl className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">Duration</dt>
                  <ClockIcon />
                  <dd>{formatDuration(service.durationMinutes)}</dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">Meeting</dt>
                  <VideoIcon />
                  <dd>{MEETING_MODE_LABELS[service.meetingMode]}</dd>
                </div>
              </dl>
              <div className="mt-6 flex items-center justify-between gap-4 border-t border-line pt-5">
                <p className="text-2xl font-semibold text-brand">
                  <span className="sr-only">Price: </span>
                  {formatPrice(service)}
                </p>
                <a
                  href={`${paths.consultation}?service=${service.slug}`}
                  className={buttonClasses('primary')}
                >
                  Book<span className="sr-only"> {service.title}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
