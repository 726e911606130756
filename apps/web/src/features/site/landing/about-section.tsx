import type { SiteContent } from '@consult/shared';
import { CheckIcon } from './icons';
import { PortraitPhoto } from './portrait-photo';
import { PortraitPlaceholder } from './portrait-placeholder';

export function AboutSection({ site }: { site: SiteContent }) {
  const { about, consultant } = site;
  return (
    <section
      id="about"
      tabIndex={-1}
      aria-labelledby="about-heading"
      className="scroll-mt-20 py-16 focus:outline-none md:py-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="flex justify-center">
          {site.portrait ? (
            <PortraitPhoto portrait={site.portrait} />
          ) : (
            <PortraitPlaceholder name={consultant.name} initials={consultant.initials} />
          )}
        </div>
        <div>
          <p className="text-sm font-semibold tracking-widest text-accent uppercase">About Me</p>
          <h2
            id="about-heading"
            className="mt-3 font-display text-3xl font-semibold text-brand sm:text-4xl"
          >
            {about.heading}
          </h2>
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg leading-relaxed text-muted">
              {paragraph}
            </p>
          ))}
          {about.credentials.length > 0 && (
            <ul className="mt-8 flex flex-col gap-3">
              {about.credentials.map((credential) => (
                <li key={credential} className="flex items-start gap-3 text-base text-ink">
                  <span className="mt-0.5 text-success">
                    <CheckIcon />
                  </span>
                  {credential}
                </li>
              ))}
            </ul>
          )}
          {consultant.location && <p className="mt-8 text-sm text-muted">{consultant.location}</p>}
        </div>
      </div>
    </section>
  );
}
