import { buttonClasses } from '../../../components/ui/button';
import { ContactButton } from '../contact';

/** A second way into the contact popup, after the questions. */
export function ContactBand() {
  return (
    <section aria-labelledby="contact-band-heading" className="bg-brand py-16 text-white md:py-20">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="contact-band-heading" className="font-display text-3xl font-semibold">
            Not sure which session fits?
          </h2>
          <p className="mt-2 max-w-xl text-lg text-brand-soft">
            Tell me in a few lines what you are working on. I will suggest where to start.
          </p>
        </div>
        <ContactButton
          className={buttonClasses(
            'secondary',
            'border-transparent px-6 text-brand hover:bg-brand-soft',
          )}
        >
          Contact Me
        </ContactButton>
      </div>
    </section>
  );
}
