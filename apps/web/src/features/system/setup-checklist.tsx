import { Link } from 'react-router';
import type { SetupChecklistItem, SiteSection } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { useGetSetupChecklistQuery } from './system-api';

const ITEM_TEXT: Record<SetupChecklistItem, { title: string; missing: string; done: string }> = {
  business: {
    title: 'Business name and contact details',
    missing: 'The site still shows the demo consultant’s name, city, phone or e-mail.',
    done: 'Your own name and contact details are on the site.',
  },
  hours: {
    title: 'Weekly hours',
    missing: 'The built-in Monday to Friday, 9 to 5 week is in use; set your own hours.',
    done: 'Your weekly hours are saved.',
  },
  services: {
    title: 'Services',
    missing: 'Only the demo services are offered; add or edit your own.',
    done: 'You offer services of your own.',
  },
  payments: {
    title: 'Payment instructions',
    missing: 'Clients see the default payment instructions; write how they should pay you.',
    done: 'Your payment instructions are set.',
  },
  mail: {
    title: 'Mail delivery',
    missing:
      'SMTP_URL is not set, so mail is kept in the outbox and not sent. Set SMTP_URL and restart.',
    done: 'Mail is sent through your SMTP server.',
  },
};

/** The site content's parts as the site content editor's cards name them. */
const SECTION_NAMES: Record<SiteSection, string> = {
  consultant: 'Business',
  seo: 'Search engines',
  hero: 'Introduction',
  about: 'About',
  portrait: 'About (photo)',
  faq: 'Frequently asked questions',
  contact: 'Contact and social links',
  social: 'Contact and social links',
  terms: 'Terms and Conditions',
  services: 'Services',
};

/** "The demo consultant’s details are still in: About, Terms and Conditions." */
function demoInText(sections: SiteSection[] | undefined): string | undefined {
  if (!sections?.length) return undefined;
  const names = [...new Set(sections.map((section) => SECTION_NAMES[section]))];
  return `The demo consultant’s details are still in: ${names.join(', ')}.`;
}

/** Read afresh on each visit: the owner has usually just fixed an item elsewhere. */
const useChecklistQuery = () =>
  useGetSetupChecklistQuery(undefined, { refetchOnMountOrArgChange: true });

/**
 * False until the checklist's first answer (or error) is in. A page that shows the checklist above
 * its controls waits for it, so the controls do not jump down under the owner's pointer when it
 * appears.
 */
export function useSetupChecklistSettled(): boolean {
  return !useChecklistQuery().isLoading;
}

/**
 * What a new site still needs before it is the owner's own, each item linking to where it is
 * fixed. Hidden once everything is done; the route decides where the links point.
 */
export function SetupChecklist({ hrefs }: { hrefs: Record<SetupChecklistItem, string> }) {
  const { data, error } = useChecklistQuery();
  if (error) {
    return <Alert tone="error">The setup checklist could not be loaded.</Alert>;
  }
  if (!data) return null;
  const missing = data.items.filter((item) => !item.done).length;
  if (missing === 0) return null;
  return (
    <Card
      title="Finish setting up your site"
      description={`${missing} of ${data.items.length} still to do. Each item links to where you set it.`}
    >
      <ul className="flex flex-col gap-3">
        {data.items.map((item) => {
          const text = ITEM_TEXT[item.id];
          return (
            <li key={item.id} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className={`mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  item.done ? 'bg-success-soft text-success' : 'border-2 border-line text-muted'
                }`}
              >
                {item.done ? '✓' : ''}
              </span>
              <div className="min-w-0">
                <p className="font-semibold text-ink">
                  {item.done ? text.title : <ItemLink href={hrefs[item.id]}>{text.title}</ItemLink>}
                  <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
                </p>
                <p className="text-sm text-muted">
                  {item.done ? text.done : (demoInText(item.demoIn) ?? text.missing)}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

const linkClasses =
  'text-brand underline decoration-brand/40 underline-offset-4 hover:decoration-brand';

function ItemLink({ href, children }: { href: string; children: string }) {
  return (
    <Link to={href} className={linkClasses}>
      {children}
    </Link>
  );
}
