import { paths } from '@consult/shared';
import { ListState, SearchField } from '../../components/list-state';
import { TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { errorMessage, errorStatus, fieldErrors } from '../../lib/problem';
import { useDebouncedSearchParam } from '../../lib/use-debounced-search-param';
import { useListParams } from '../../lib/use-list-params';
import { AuditEntryItem } from './audit-entry';
import { auditActionLabel } from './audit-format';
import { useGetAuditFiltersQuery, useGetAuditLogQuery } from './system-api';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The audit tab of /admin/system: every owner change, newest first, filtered by person, action,
 * dates (in the owner's zone) and words. Filters and page live in the address.
 */
export function AuditLogPanel({ timeZone }: { timeZone: string }) {
  const { params, page, linkWith, setFilter } = useListParams(paths.admin.system);
  const actor = params.get('actor') ?? '';
  const action = params.get('action') ?? '';
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DATE.test(params.get('to') ?? '') ? params.get('to')! : '';
  const q = params.get('q') ?? '';
  const { typed, setTyped } = useDebouncedSearchParam('q');
  const filters = useGetAuditFiltersQuery();
  const { currentData, data, error, isLoading, isFetching, refetch } = useGetAuditLogQuery({
    actor,
    action,
    from,
    to,
    q,
    page,
  });
  const stale = !currentData && isFetching;
  const filtered = Boolean(actor || action || from || to || q);
  const badFilter = errorStatus(error) === 400 ? fieldErrors(error) : null;

  const actorOptions = [
    { value: '', label: 'Everyone' },
    ...(filters.data?.actors ?? []).map((person) => ({
      value: person.id,
      label: `${person.name} (${person.email})`,
    })),
  ];
  const actionOptions = [
    { value: '', label: 'All actions' },
    ...(filters.data?.actions ?? []).map((name) => ({
      value: name,
      label: auditActionLabel(name),
    })),
  ];

  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="audit-heading" className="text-xl font-semibold text-ink">
          Audit log
        </h2>
        <p className="text-sm text-muted">
          Every change made in the admin area, with the fields before and after. Dates and times are
          in {timeZone}.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Person"
          value={actor}
          options={actorOptions}
          onChange={(event) => setFilter('actor', event.target.value)}
          error={badFilter?.actor}
        />
        <SelectField
          label="Action"
          value={action}
          options={actionOptions}
          onChange={(event) => setFilter('action', event.target.value)}
        />
        <TextField
          label="From"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => setFilter('from', event.target.value)}
          error={badFilter?.from}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => setFilter('to', event.target.value)}
          error={badFilter?.to}
        />
        <SearchField
          id="audit-search"
          label="Search actions, records, values and people"
          value={typed}
          onChange={setTyped}
          className="sm:col-span-2 lg:col-span-4"
        />
      </div>
      <ListState
        loading={isLoading}
        loadingLabel="Loading the audit log"
        filterError={badFilter ? errorMessage(error) : undefined}
        data={data}
        items={data?.entries}
        total={data?.totalEntries}
        what="the audit log"
        error={error}
        onRetry={() => void refetch()}
        fetching={isFetching}
        stale={stale}
        emptyTitle={filtered ? 'No changes match these filters.' : 'No changes recorded yet.'}
        emptyHint={
          filtered
            ? 'Clear a filter or try other words.'
            : 'Changes to settings, services, hours, bookings, payments, accounts and tasks appear here.'
        }
        noun={['change', 'changes']}
        renderItem={(entry) => <AuditEntryItem entry={entry} timeZone={timeZone} />}
        hrefFor={(target) => linkWith({ page: String(target) })}
      />
    </section>
  );
}
