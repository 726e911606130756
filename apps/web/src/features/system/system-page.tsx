import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { paths, type SystemStatus } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, PageHeader } from '../../components/ui/card';
import { readSectionTab, SectionTabs } from '../../components/ui/section-tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuditLogPanel } from './audit-log-panel';
import { BackupsCard } from './backups-card';
import { OutboxPanel } from './outbox-panel';
import { useGetSystemStatusQuery } from './system-api';
import { formatBytes, formatDuration, formatInterval, formatMs, formatWhen } from './format';
import { systemProblems } from './system-status-summary';

const ENGINE_NAMES: Record<SystemStatus['database']['kind'], string> = {
  embedded: 'PostgreSQL, embedded (data in DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
  pglite: 'PGlite, in memory',
};

const TABS = [
  { id: 'status', label: 'Status' },
  { id: 'audit', label: 'Audit log' },
  { id: 'outbox', label: 'Outbox' },
] as const;

/**
 * /admin/system: the server's health, the audit log and the mail outbox, one tab each. The tab is
 * in the address (`?tab=`), so each has a link of its own; a tab's filters stay in it too.
 */
export function SystemPage({ timeZone }: { timeZone: string }) {
  const [params] = useSearchParams();
  const tab = readSectionTab(TABS, params.get('tab'));
  useDocumentTitle(
    tab === 'status' ? 'System' : `${TABS.find((t) => t.id === tab)!.label} · System`,
  );
  return (
    <>
      <PageHeader
        title="System"
        intro="The health of the server, who changed what, and the mail the site sends."
      />
      <SectionTabs label="System sections" path={paths.admin.system} tabs={TABS} current={tab} />
      {tab === 'status' && <StatusPanel timeZone={timeZone} />}
      {tab === 'audit' && <AuditLogPanel timeZone={timeZone} />}
      {tab === 'outbox' && <OutboxPanel timeZone={timeZone} />}
    </>
  );
}

/** The health figures in cards, read on demand. */
function StatusPanel({ timeZone }: { timeZone: string }) {
  const { data, error, isLoading, isFetching, refetch, fulfilledTimeStamp } =
    useGetSystemStatusQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <section aria-label="Status" className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      {isLoading ? (
        <Skeleton lines={6} label="Loading the system status" />
      ) : !data ? (
        <LoadError what="the system status" error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="flex flex-col gap-6" aria-busy={isFetching}>
          {error && (
            <Alert tone="error" title="The last refresh failed">
              Showing the reading from{' '}
              {formatWhen(new Date(fulfilledTimeStamp ?? 0).toISOString(), timeZone)}.
            </Alert>
          )}
          <Verdict status={data} checkedAt={fulfilledTimeStamp} timeZone={timeZone} />
          <StatusCards status={data} timeZone={timeZone} />
        </div>
      )}
    </section>
  );
}

function Verdict({
  status,
  checkedAt,
  timeZone,
}: {
  status: SystemStatus;
  checkedAt: number | undefined;
  timeZone: string;
}) {
  const problems = systemProblems(status);
  const when = checkedAt ? formatWhen(new Date(checkedAt).toISOString(), timeZone) : '';
  return problems.length ? (
    <Alert tone="error" title="Needs attention">
      <ul className="list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <p className="mt-1">Checked {when}.</p>
    </Alert>
  ) : (
    <Alert tone="success" title="All systems working">
      Checked {when}.
    </Alert>
  );
}

/**
 * Label and figure side by side. A label takes up to half the card (longer ones wrap), the figure
 * the rest: a long figure (the database's engine) wraps in its half instead of squeezing the label.
 */
function Figures({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[fit-content(50%)_minmax(0,1fr)] gap-x-4 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="text-right text-base font-semibold break-words text-ink tabular-nums">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function StatusCards({ status, timeZone }: { status: SystemStatus; timeZone: string }) {
  const { database, mail, memory, eventLoopDelayMs, jobs } = status;
  return (
    <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      <Card title="Server">
        <Figures
          rows={[
            ['Version', status.version],
            ['Uptime', formatDuration(status.uptimeSeconds)],
            ['Node.js', status.node],
          ]}
        />
      </Card>
      <Card title="Database">
        <Figures
          rows={[
            ['Engine', ENGINE_NAMES[database.kind]],
            ['Reachable', database.ok ? 'Yes' : 'No'],
            ['Latency', formatMs(database.latencyMs)],
            ['Size', formatBytes(database.sizeBytes)],
            ['Migrations applied', database.migrationsApplied ?? 'Unknown'],
          ]}
        />
      </Card>
      <Card title="Mail queue">
        <Figures
          rows={[
            ['Delivery', mail.delivery === 'smtp' ? 'Mail server (SMTP)' : 'None: no mail server'],
            ['Waiting', mail.pending],
            ['Sent', mail.sent],
            ['Failed', mail.failed],
            ['Not delivered', mail.notDelivered],
            [
              'Oldest waiting since',
              mail.oldestPendingAt ? formatWhen(mail.oldestPendingAt, timeZone) : 'None waiting',
            ],
          ]}
        />
      </Card>
      <BackupsCard backups={status.backups} timeZone={timeZone} />
      <Card title="Memory">
        <Figures
          rows={[
            ['Resident (RSS)', formatBytes(memory.rssBytes)],
            ['Heap used', formatBytes(memory.heapUsedBytes)],
          ]}
        />
      </Card>
      <Card title="Event-loop delay">
        <Figures
          rows={[
            ['Median (p50)', formatMs(eventLoopDelayMs.p50)],
            ['p99', formatMs(eventLoopDelayMs.p99)],
            ['Maximum', formatMs(eventLoopDelayMs.max)],
          ]}
        />
      </Card>
      <Card
        title="Background jobs"
        description={jobs.started ? 'The job runner is running.' : 'The job runner is stopped.'}
      >
        {jobs.jobs.length === 0 ? (
          <p className="text-sm text-muted">No jobs are registered.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {jobs.jobs.map((job) => (
              <li key={job.name} className="rounded-lg border border-line px-3 py-2">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-ink">{job.name}</span>
                  <span className="text-sm text-muted">{formatInterval(job.intervalMs)}</span>
                </p>
                <p className="text-sm text-muted">
                  {job.running ? 'Running now · ' : ''}
                  {job.runs} runs, {job.failures} failed · last{' '}
                  {formatWhen(job.lastRunAt, timeZone)}
                </p>
                {job.lastError && (
                  <p className="mt-1 text-sm wrap-anywhere text-danger">
                    Last error: {job.lastError}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
