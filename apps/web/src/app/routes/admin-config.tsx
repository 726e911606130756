import { paths } from '@consult/shared';
import { PageHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SchedulingConfig } from '../../features/bookings/scheduling';
import { PaymentSettingsCard } from '../../features/payments';
import { SiteEditor } from '../../features/site/admin';
import { SetupChecklist } from '../../features/system';

/** Where each item of the first-run checklist is fixed. */
const CHECKLIST_LINKS = {
  business: '#site-content',
  hours: '#scheduling',
  services: '#scheduling',
  payments: '#payment-settings',
  mail: `${paths.admin.system}?tab=outbox`,
};

/** The page is long: the parts it holds, to jump to. */
const SECTIONS = [
  { href: '#scheduling', label: 'Services and hours' },
  { href: '#payment-settings', label: 'Payments' },
  { href: '#site-content', label: 'Site content' },
];

/**
 * /admin/config: what a new site still needs (the first-run checklist), services, hours and rules,
 * the payment settings, then the site content.
 */
export default function AdminConfigRoute() {
  useDocumentTitle('Configuration');
  return (
    <>
      <PageHeader
        title="Configuration"
        intro="Your services, hours, payments and the site's content. Every change is recorded."
      />
      <div className="mb-6 empty:hidden">
        <SetupChecklist hrefs={CHECKLIST_LINKS} />
      </div>
      <nav aria-label="Parts of this page" className="mb-6">
        <ul className="flex flex-wrap gap-x-6 text-sm">
          {SECTIONS.map((section) => (
            <li key={section.href}>
              <a
                href={section.href}
                className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div id="scheduling" className="scroll-mt-4">
        <SchedulingConfig />
      </div>
      <div id="payment-settings" className="mt-6 scroll-mt-4">
        <PaymentSettingsCard />
      </div>
      <div id="site-content" className="mt-12 scroll-mt-4">
        <SiteEditor />
      </div>
    </>
  );
}
