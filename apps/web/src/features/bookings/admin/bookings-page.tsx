/**
 * /admin/bookings: every booking with filters (state, days, search), pages, a detail panel and
 * "Book for a client". Filters, page and the open panel live in the address, like /admin/users.
 */
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  BOOKING_MESSAGES,
  BOOKING_STATES,
  BOOKING_STATE_LABELS,
  bookingStateSchema,
  isLocalDateString,
  paths,
} from '@consult/shared';
import { ListDetailLayout } from '../../../components/list-detail-layout';
import { BookingReference } from '../../../components/booking-reference';
import { ListRowLink, ListState, SearchField } from '../../../components/list-state';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useGetOwnerTimeZoneQuery } from '../../../lib/owner-time-zone-api';
import { useDebouncedSearchParam } from '../../../lib/use-debounced-search-param';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListParams } from '../../../lib/use-list-params';
import { formatInstant, zoneName } from '../../../lib/date-time';
import { useListAdminBookingsQuery } from '../api/admin-bookings-api';
import { BookForClientPanel } from './book-for-client-form';
import { BookingBadges } from './booking-badges';
import { BookingDetailPanel, type BookingSections } from './booking-detail-panel';

export function BookingsPage({ bookingSections }: { bookingSections?: BookingSections } = {}) {
  useDocumentTitle('Bookings');
  const navigate = useNavigate();
  const { params, page, selected, linkWith, change, setFilter } = useListParams(
    paths.admin.bookings,
    'booking',
  );
  const stateParam = bookingStateSchema.safeParse(params.get('state'));
  const state = stateParam.success ? stateParam.data : undefined;
  const from = isLocalDateString(params.get('from') ?? '') ? params.get('from')! : '';
  const to = isLocalDateString(params.get('to') ?? '') ? params.get('to')! : '';
  const q = params.get('q') ?? '';
  // One client's bookings (from a booking's detail); the id only narrows, the name comes with them.
  const clientParam = z.uuid().safeParse(params.get('client'));
  const client = clientParam.success ? clientParam.data : undefined;
  const booking = params.get('book') === '1';
  const reversed = Boolean(from && to && from > to);

  const { typed, setTyped } = useDebouncedSearchParam('q');

  const ownerZone = useGetOwnerTimeZoneQuery();
  const timeZone = ownerZone.data?.timeZone;
  const { currentData, data, error, isLoading, isFetching, refetch } = useListAdminBookingsQuery(
    { state, from: from || undefined, to: to || undefined, q: q || undefined, client, page },
    { skip: reversed },
  );
  const stale = !currentData && isFetching;
  const filtered = Boolean(state || from || to || q || client);

  const filters = (
    <div className="grid grid-cols-2 gap-4">
      <div className="col-span-2 sm:col-span-1">
        <SelectField
          label="State"
          value={state ?? ''}
          onChange={(event) => setFilter('state', event.target.value)}
          options={[
            { value: '', label: 'All states' },
            ...BOOKING_STATES.map((value) => ({ value, label: BOOKING_STATE_LABELS[value] })),
          ]}
        />
      </div>
      <SearchField
        id="booking-search"
        label="Search reference, client or service"
        value={typed}
        onChange={setTyped}
        className="col-span-2 sm:col-span-1"
      />
      <TextField
        label="From"
        type="date"
        value={from}
        onChange={(event) => change({ from: event.target.value, page: null }, { replace: true })}
      />
      <TextField
        label="To"
        type="date"
        value={to}
        error={reversed ? BOOKING_MESSAGES.rangeReversed : undefined}
        onChange={(event) => change({ to: event.target.value, page: null }, { replace: true })}
      />
    </div>
  );

  const list = (
    <div className="flex flex-col gap-4">
      {filters}
      {client && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-brand-soft px-4 py-2">
          <p className="text-sm text-ink">
            One client&rsquo;s bookings
            {data?.bookings[0] ? `: ${data.bookings[0].client.name}` : ''}
          </p>
          <Button
            variant="ghost"
            className="min-h-10 px-3 py-1.5 text-sm"
            onClick={() => change({ client: null, page: null })}
          >
            Show all clients
          </Button>
        </div>
      )}
      {timeZone && <p className="text-sm text-muted">Days and times in {zoneName(timeZone)}.</p>}
      {!reversed && (
        <ListState
          loading={isLoading || ownerZone.isLoading}
          loadingLabel="Loading bookings"
          // The rows show days in the owner's zone: without it the list did not load.
          data={timeZone ? data : undefined}
          items={data?.bookings}
          total={data?.totalBookings}
          what="the bookings"
          error={error ?? ownerZone.error}
          onRetry={() => {
            void refetch();
            void ownerZone.refetch();
          }}
          fetching={isFetching}
          stale={stale}
          emptyTitle={filtered ? 'No bookings match these filters.' : 'No bookings yet.'}
          emptyHint={
            filtered
              ? 'Widen the dates, choose another state or clear the search.'
              : 'Bookings appear here as clients book, or when you book for a client.'
          }
          noun={['booking', 'bookings']}
          renderItem={(item) => (
            <ListRowLink
              to={linkWith({ booking: item.id, book: null })}
              selected={item.id === selected}
            >
              <span className="font-semibold text-ink tabular-nums">
                {formatInstant(item.start, timeZone!)}
              </span>
              <span className="text-base wrap-anywhere text-ink">
                {item.service.title} · {item.client.name}
              </span>
              <span className="text-sm break-all text-muted">{item.client.email}</span>
              <BookingReference reference={item.reference} className="text-sm text-muted" />
              <BookingBadges booking={item} />
            </ListRowLink>
          )}
          hrefFor={(target) => linkWith({ page: String(target) })}
        />
      )}
    </div>
  );

  const closePanel = () => change({ booking: null, book: null });

  return (
    <>
      <PageHeader
        title="Bookings"
        intro="Every booking, past and to come."
        actions={
          <Button onClick={() => change({ book: '1', booking: null })}>Book for a client</Button>
        }
      />
      <ListDetailLayout
        list={list}
        panel={
          booking ? (
            <BookForClientPanel
              onCreated={(id) =>
                void navigate(linkWith({ booking: id, book: null }), { replace: true })
              }
              onClose={closePanel}
            />
          ) : selected ? (
            <BookingDetailPanel id={selected} sections={bookingSections} />
          ) : null
        }
        backLabel="← All bookings"
        onBack={closePanel}
        placeholder="Choose a booking to see the details and actions."
      />
    </>
  );
}
