/** The editor's sections, one card per part of the public pages. */
import { Controller, useFormContext } from 'react-hook-form';
import { SITE_LIMITS as L, type SiteEditInput } from '@consult/shared';
import { Card } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { FaqEditor } from './faq-editor';
import { errorAt } from './field-error';
import { PortraitField } from './portrait-field';
import { StringListField } from './string-list-field';

function useField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<SiteEditInput>();
  return <N extends Parameters<typeof register>[0]>(name: N) => ({
    error: errorAt(errors, name),
    ...register(name),
  });
}

export function BusinessCard() {
  const field = useField();
  return (
    <Card
      headingLevel={3}
      title="Business"
      description="Your name and mark in the headers, the footer and the mails."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Business name" maxLength={L.nameMax} {...field('consultant.name')} />
        <TextField
          label="Initials"
          hint="One to three letters, shown in the logo and the portrait art."
          maxLength={L.initialsMax}
          autoCapitalize="characters"
          {...field('consultant.initials')}
        />
        <TextField
          label="Role"
          hint="In a few words, e.g. Business strategy consultant. Optional."
          maxLength={L.roleMax}
          {...field('consultant.role')}
        />
        <TextField
          label="Location"
          hint="Optional: empty shows none."
          maxLength={L.locationMax}
          {...field('consultant.location')}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Tagline"
            hint="Under your name in the footer. Optional."
            maxLength={L.taglineMax}
            {...field('consultant.tagline')}
          />
        </div>
      </div>
    </Card>
  );
}

export function HeroCard() {
  const field = useField();
  return (
    <Card headingLevel={3} title="Introduction" description="The top of the home page.">
      <div className="flex flex-col gap-4">
        <TextField
          label="Kicker"
          hint="The short line above the heading. Optional."
          maxLength={L.kickerMax}
          {...field('hero.eyebrow')}
        />
        <TextField label="Heading" maxLength={L.headingMax} {...field('hero.heading')} />
        <TextAreaField label="Text" rows={4} maxLength={L.leadMax} {...field('hero.lead')} />
        <StringListField
          name="hero.highlights"
          legend="Highlights"
          itemLabel="Highlight"
          max={L.heroHighlightsMax}
          itemMaxLength={L.highlightMax}
          hint="Short facts beside the introduction, e.g. 12 years advising small businesses."
        />
      </div>
    </Card>
  );
}

export function AboutCard() {
  const field = useField();
  const {
    control,
    formState: { errors },
  } = useFormContext<SiteEditInput>();
  const portraitError = errorAt(errors, 'portrait.id') ?? errorAt(errors, 'portrait.alt');
  return (
    <Card headingLevel={3} title="About" description="Who you are, with your photo.">
      <div className="flex flex-col gap-4">
        <TextField label="Heading" maxLength={L.headingMax} {...field('about.heading')} />
        <StringListField
          name="about.paragraphs"
          legend="Text"
          itemLabel="Paragraph"
          max={L.aboutParagraphsMax}
          itemMaxLength={L.paragraphMax}
          multiline
        />
        <StringListField
          name="about.credentials"
          legend="Highlights"
          itemLabel="Credential"
          max={L.aboutCredentialsMax}
          itemMaxLength={L.credentialMax}
          hint="Qualifications and experience, one per line."
        />
        <Controller
          control={control}
          name="portrait"
          render={({ field: portrait }) => (
            <PortraitField value={portrait.value} onChange={portrait.onChange} />
          )}
        />
        {portraitError && (
          <p role="alert" className="text-sm font-medium text-danger">
            {portraitError}
          </p>
        )}
      </div>
    </Card>
  );
}

export function FaqCard() {
  return (
    <Card
      headingLevel={3}
      title="Frequently asked questions"
      description="In the order the home page shows them."
    >
      <FaqEditor />
    </Card>
  );
}

export function ContactCard() {
  const field = useField();
  return (
    <Card
      headingLevel={3}
      title="Contact and social links"
      description="In the footer of the home page. Leave a field empty to leave it out."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Phone"
          type="tel"
          hint="+ and the country code, e.g. +92 300 1234567. Leave empty to show no phone."
          {...field('contact.phone')}
        />
        <TextField
          label="E-mail"
          type="email"
          hint="Empty hides it."
          maxLength={L.emailMax}
          {...field('contact.email')}
        />
        <TextField
          label="Professional network"
          type="url"
          hint="A full https:// address. Empty hides the link."
          {...field('social.professionalNetwork')}
        />
        <TextField
          label="Microblog"
          type="url"
          hint="A full https:// address. Empty hides the link."
          {...field('social.microblog')}
        />
        <TextField
          label="Chat"
          type="url"
          hint="A full https:// address, e.g. https://wa.me/923001234567. Empty hides the link."
          {...field('social.chat')}
        />
      </div>
    </Card>
  );
}

export function TermsCard() {
  const field = useField();
  return (
    <Card
      headingLevel={3}
      title="Terms and Conditions"
      description="The page /terms-and-conditions. Its date changes when the text does."
    >
      <TextAreaField
        label="Terms (Markdown)"
        rows={14}
        maxLength={L.termsMax}
        className="block w-full rounded-lg border border-line bg-surface px-3.5 py-2.5 font-mono text-sm text-ink focus:border-brand focus:outline-none focus-visible:outline-3 focus-visible:outline-accent aria-invalid:border-danger"
        hint="## for a heading, a blank line between paragraphs, - for a list, **bold**, [words](https://…) for a link. HTML is shown as text; links work only with https://, http:// or mailto:."
        {...field('terms.markdown')}
      />
    </Card>
  );
}

export function SeoCard() {
  const field = useField();
  return (
    <Card
      headingLevel={3}
      title="Search engines"
      description="The title and description search results and shared links show."
    >
      <div className="flex flex-col gap-4">
        <TextField
          label="Page title"
          hint={`At most ${L.seoTitleMax} characters.`}
          maxLength={L.seoTitleMax}
          {...field('seo.title')}
        />
        <TextAreaField
          label="Page description"
          rows={3}
          hint={`At most ${L.seoDescriptionMax} characters.`}
          maxLength={L.seoDescriptionMax}
          {...field('seo.description')}
        />
      </div>
    </Card>
  );
}
