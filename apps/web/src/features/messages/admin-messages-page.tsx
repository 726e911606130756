import {
  CONTACT_REQUEST_TYPE_LABELS,
  CONTACT_REQUEST_TYPES,
  MESSAGE_STATE_LABELS,
  MESSAGE_STATES,
  paths,
} from '@consult/shared';
import { ListDetailLayout } from '../../components/list-detail-layout';
import { ListRowLink, ListState, SearchField } from '../../components/list-state';
import { PageHeader } from '../../components/ui/card';
import { SelectField } from '../../components/ui/select-field';
import { useDebouncedSearchParam } from '../../lib/use-debounced-search-param';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useListParams } from '../../lib/use-list-params';
import { formatMoment } from '../../lib/date-time';
import { MessagePanel } from './message-panel';
import { MessageStateBadge } from './message-state-badge';
import { useGetInboxMessagesQuery } from './messages-api';

const typeOptions = [
  { value: '', label: 'All types' },
  ...CONTACT_REQUEST_TYPES.map((type) => ({
    value: type,
    label: CONTACT_REQUEST_TYPE_LABELS[type],
  })),
];
const stateOptions = [
  { value: '', label: 'New and handled' },
  ...MESSAGE_STATES.map((state) => ({ value: state, label: MESSAGE_STATE_LABELS[state] })),
];

/**
 * /admin/messages: the contact-form inbox. Filters (type, state), the search, the page and the open
 * message live in the address, so back, reload and a shared link show the same list.
 */
export function AdminMessagesPage({ timeZone }: { timeZone: string }) {
  useDocumentTitle('Messages');
  const { params, page, selected, linkWith, setFilter, clearSelection } = useListParams(
    paths.admin.messages,
    'message',
  );
  // Values the address may carry that the API would refuse are read as no filter.
  const type = oneOf(CONTACT_REQUEST_TYPES, params.get('type'));
  const state = oneOf(MESSAGE_STATES, params.get('state'));
  const q = params.get('q') ?? '';
  const { typed, setTyped } = useDebouncedSearchParam('q');
  const { currentData, data, error, isLoading, isFetching, refetch } = useGetInboxMessagesQuery({
    type: type || undefined,
    state: state || undefined,
    q,
    page,
  });
  const stale = !currentData && isFetching;
  const filtered = Boolean(type || state || q);

  const list = (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Type of request"
          value={type}
          options={typeOptions}
          onChange={(event) => setFilter('type', event.target.value)}
        />
        <SelectField
          label="State"
          value={state}
          options={stateOptions}
          onChange={(event) => setFilter('state', event.target.value)}
        />
        <SearchField
          id="message-search"
          label="Search name, e-mail, phone or text"
          value={typed}
          onChange={setTyped}
          className="sm:col-span-2"
        />
      </div>
      <ListState
        loading={isLoading}
        loadingLabel="Loading messages"
        data={data}
        items={data?.messages}
        total={data?.totalMessages}
        what="the messages"
        error={error}
        onRetry={() => void refetch()}
        fetching={isFetching}
        stale={stale}
        emptyTitle={filtered ? 'No messages match these filters.' : 'No messages yet.'}
        emptyHint={
          filtered
            ? 'Clear a filter or try other words.'
            : 'Messages sent through the contact form on your site arrive here.'
        }
        noun={['message', 'messages']}
        renderItem={(message) => (
          <ListRowLink to={linkWith({ message: message.id })} selected={message.id === selected}>
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span
                className={`break-all text-ink ${message.state === 'new' ? 'font-bold' : 'font-semibold'}`}
              >
                {message.name}
              </span>
              <MessageStateBadge state={message.state} />
            </span>
            <span className="line-clamp-2 text-sm wrap-anywhere text-ink">{message.message}</span>
            <span className="flex flex-wrap gap-x-2 text-sm text-muted">
              <span>{CONTACT_REQUEST_TYPE_LABELS[message.type]}</span>
              <span>· {formatMoment(message.receivedAt, timeZone)}</span>
              <span className="break-all">· {message.email}</span>
            </span>
          </ListRowLink>
        )}
        hrefFor={(target) => linkWith({ page: String(target) })}
      />
    </div>
  );

  return (
    <>
      <PageHeader
        title="Messages"
        intro={`What visitors sent through the contact form, newest first. Times are in ${timeZone}.`}
      />
      <ListDetailLayout
        list={list}
        panel={selected ? <MessagePanel id={selected} timeZone={timeZone} /> : null}
        backLabel="← All messages"
        onBack={clearSelection}
        placeholder="Choose a message to read it, reply or invite the sender."
      />
    </>
  );
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value && (values as readonly string[]).includes(value) ? (value as T) : '';
}
