/**
 * The site content editor of /admin/config: everything the public pages show, checked with the
 * shared schema, with a live preview of the draft and the server's per-field messages under the
 * fields. A save shows on the public pages at once (decision 032).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import {
  SITE_MESSAGES,
  siteEditSchema,
  type SiteDocument,
  type SiteEdit,
  type SiteEditInput,
} from '@consult/shared';
import { LoadError, Skeleton } from '../../../components/query-state';
import { SaveBar } from '../../../components/ui/save-bar';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { fieldErrors } from '../../../lib/problem';
import {
  AboutCard,
  BusinessCard,
  ContactCard,
  FaqCard,
  HeroCard,
  SeoCard,
  TermsCard,
} from './site-editor-cards';
import { useGetAdminSiteQuery, useSaveAdminSiteMutation } from './site-admin-api';
import { SitePreview } from './site-preview';

const HEADING_ID = 'site-content-heading';

export function SiteEditor() {
  const { data, error, isLoading, refetch } = useGetAdminSiteQuery();
  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-6">
      <div>
        <h2 id={HEADING_ID} className="font-display text-2xl text-brand sm:text-3xl">
          Site content
        </h2>
        <p className="mt-1 text-base text-muted">
          The words of your home page, terms and search results. Preview before you save.
        </p>
      </div>
      {isLoading ? (
        <Skeleton lines={10} label="Loading your site content" />
      ) : !data ? (
        <LoadError what="your site content" error={error} onRetry={() => void refetch()} />
      ) : (
        <SiteEditorForm document={data} />
      )}
    </section>
  );
}

function toEdit(document: SiteDocument): SiteEditInput {
  return { ...document, terms: { markdown: document.terms.markdown } };
}

function SiteEditorForm({ document }: { document: SiteDocument }) {
  const methods = useForm<SiteEditInput, unknown, SiteEdit>({
    resolver: zodResolver(siteEditSchema),
    defaultValues: toEdit(document),
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isDirty },
  } = methods;
  const [previewing, setPreviewing] = useState(false);
  const [save, { error, isLoading, reset: resetSave }] = useSaveAdminSiteMutation();

  const onSubmit = handleSubmit(
    async (values) => {
      resetSave();
      const result = await save(values);
      if ('error' in result) {
        const entries = Object.entries(fieldErrors(result.error)).filter(([f]) => f !== '_');
        if (entries.length > 0) setPreviewing(false);
        entries.forEach(([field, message], index) =>
          setError(
            field as Path<SiteEditInput>,
            { type: 'server', message },
            { shouldFocus: index === 0 },
          ),
        );
        return;
      }
      toast.success(SITE_MESSAGES.saved);
      reset(toEdit(result.data));
    },
    // A field with a problem may be out of view behind the preview: back to the fields.
    () => setPreviewing(false),
  );

  return (
    <FormProvider {...methods}>
      <UnsavedChangesGuard dirty={isDirty} message={SITE_MESSAGES.unsaved} />
      <form
        noValidate
        aria-label="Site content"
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-6"
      >
        <div
          role="group"
          aria-label="View"
          className="inline-flex w-fit rounded-lg border border-line bg-surface p-1"
        >
          {(
            [
              [false, 'Edit'],
              [true, 'Preview'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={previewing === value}
              onClick={() => setPreviewing(value)}
              className={`min-h-10 rounded-md px-4 text-base font-semibold ${
                previewing === value ? 'bg-brand text-white' : 'text-brand hover:bg-brand-soft'
              }`}
            >
              {label}
            </button>
          ))}
        </div>
        {previewing && <SitePreview updatedOn={document.terms.updatedOn} />}
        {/* Hidden, not unmounted, while previewing: the fields keep their state and registration. */}
        <div className={previewing ? 'hidden' : 'grid items-start gap-6 lg:grid-cols-2'}>
          <BusinessCard />
          <HeroCard />
          <AboutCard />
          <FaqCard />
          <ContactCard />
          <SeoCard />
          <div className="lg:col-span-2">
            <TermsCard />
          </div>
        </div>
        <SaveBar
          saveLabel="Save site content"
          saving={isLoading}
          dirty={isDirty}
          error={error}
          onDiscard={() => {
            resetSave();
            reset();
          }}
        />
      </form>
    </FormProvider>
  );
}
