import { paths, type SiteContent } from '@consult/shared';
import { buttonClasses } from '../../../components/ui/button';
import { ContactButton } from '../contact';
import { CheckIcon } from './icons';

export function HeroSection({ site }: { site: SiteContent }) {
  const { hero, services } = site;
  // With no service active the button still leads to /consultation, which says so.
  const first = services[0];
  return (
    <section
      id="home"
      tabIndex={-1}
      aria-labelledby="hero-heading"
      className="scroll-mt-24 focus:outline-none"
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-4 pt-12 pb-16 sm:px-6 md:grid-cols-[3fr_2fr] md:items-center md:pt-16 md:pb-24">
        <div>
          {hero.eyebrow && (
            <p className="mb-4 text-sm font-semibold tracking-widest text-accent uppercase">
              {hero.eyebrow}
            </p>
          )}
          <h1
            id="hero-heading"
            className="font-display text-4xl leading-tight font-semibold text-brand sm:text-5xl"
          >
            {hero.heading}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted">{hero.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={first ? `${paths.consultation}?service=${first.slug}` : paths.consultation}
              className={buttonClasses('primary', 'px-6')}
            >
              Book a consultation
            </a>
            <ContactButton className={buttonClasses('secondary', 'px-6')}>
              Send me a message
            </ContactButton>
          </div>
        </div>
        <ul className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          {hero.highlights.map((highlight) => (
            <li key={highlight} className="flex items-start gap-3 text-base text-ink">
              <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
                <CheckIcon />
              </span>
              {highlight}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
