import { useSearchParams } from 'react-router';
import { paths } from '@consult/shared';
import { PageHeader } from '../../components/ui/card';
import { readSectionTab, sectionTabHref, SectionTabs } from '../../components/ui/section-tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SchedulingConfig } from '../../features/bookings/scheduling';
import { AdminCouponsCard } from '../../features/coupons';
import { AdminPackagesCard } from '../../features/packages';
import { PaymentSettingsCard } from '../../features/payments';
import { SiteEditor } from '../../features/site/admin';
import { SetupChecklist, useSetupChecklistSettled } from '../../features/system';
import { LoadingScreen } from '../../components/loading-screen';
import { TwoFactorRequirementCard } from '../../features/account';
import { CalendarFeedCard, CalendarSourcesCard } from '../../features/calendars';
import { detectTimeZone } from '../../lib/date-time';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';

const TABS = [
  { id: 'scheduling', label: 'Services and hours' },
  { id: 'payments', label: 'Payments' },
  { id: 'packages', label: 'Packages' },
  { id: 'coupons', label: 'Discount codes' },
  { id: 'site', label: 'Site content' },
  { id: 'calendars', label: 'Calendars' },
  { id: 'security', label: 'Sign-in security' },
] as const;

const tabHref = (id: (typeof TABS)[number]['id']) => sectionTabHref(paths.admin.config, TABS, id);

/** Where each item of the first-run checklist is fixed. */
const CHECKLIST_LINKS = {
  business: tabHref('site'),
  hours: tabHref('scheduling'),
  services: tabHref('scheduling'),
  payments: tabHref('payments'),
  mail: `${paths.admin.system}?tab=outbox`,
};

/**
 * /admin/config: what a new site still needs (the first-run checklist), then one tab each for the
 * services, hours and rules, the payment settings, the packages of sessions, the discount codes, the site content, the calendar feed and the
 * owner's calendars whose events block slots, and how admins sign in. The
 * tab is in the address; leaving a tab with unsaved edits asks first, as leaving the page does.
 */
export default function AdminConfigRoute() {
  const [params] = useSearchParams();
  const tab = readSectionTab(TABS, params.get('tab'));
  const label = TABS.find((item) => item.id === tab)!.label;
  useDocumentTitle(tab === 'scheduling' ? 'Configuration' : `${label} · Configuration`);
  const checklistSettled = useSetupChecklistSettled();
  return (
    <>
      <PageHeader
        title="Configuration"
        intro="Your services, hours, payments, the site's content, your calendar and how admins sign in. Every change is recorded."
      />
      {checklistSettled ? <ConfigSections tab={tab} /> : <LoadingScreen />}
    </>
  );
}

function ConfigSections({ tab }: { tab: (typeof TABS)[number]['id'] }) {
  const ownerTimeZone = useOwnerTimeZone();
  return (
    <>
      <div className="mb-6 empty:hidden">
        <SetupChecklist hrefs={CHECKLIST_LINKS} />
      </div>
      <SectionTabs
        label="Configuration sections"
        path={paths.admin.config}
        tabs={TABS}
        current={tab}
      />
      {tab === 'scheduling' && <SchedulingConfig />}
      {tab === 'payments' && <PaymentSettingsCard />}
      {tab === 'packages' && <AdminPackagesCard />}
      {tab === 'coupons' && <AdminCouponsCard />}
      {tab === 'site' && <SiteEditor />}
      {tab === 'calendars' && (
        <div className="flex flex-col gap-6">
          <CalendarFeedCard audience="owner" timeZone={ownerTimeZone ?? detectTimeZone()} />
          <CalendarSourcesCard timeZone={ownerTimeZone ?? detectTimeZone()} />
        </div>
      )}
      {tab === 'security' && <TwoFactorRequirementCard />}
    </>
  );
}
