import type { ReactNode } from 'react';
import type { SystemStatus } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, PageHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetSystemStatusQuery } from './system-api';
import { formatBytes, formatDuration, formatInterval, formatMs, formatWhen } from './format';
import { systemProblems } from './system-status-summary';

/** /admin/system: the server's health in cards, read on demand. */
export function SystemPage() {
  useDocumentTitle('System');
  const { data, error, isLoading, isFetching, refetch, fulfilledTimeStamp } =
    useGetSystemStatusQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <>
      <PageHeader
        title="System"
        intro="The health of the server, the database, mail and background jobs."
        actions={
          <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
        }
      />
      {isLoading ? (
        <Skeleton lines={6} label="Loading the system status" />
      ) : !data ? (
        <LoadError what="the system status" error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="flex flex-col gap-6" aria-busy={isFetching}>
          {error && (
            <Alert tone="error" title="The last refresh failed">
              Showing the reading from {formatWhen(new Date(fulfilledTimeStamp ?? 0).toISOString())}
              .
            </Alert>
          )}
          <Verdict status={data} checkedAt={fulfilledTimeStamp} />
          <StatusCards status={data} />
        </div>
      )}
    </>
  );
}

function Verdict({ status, checkedAt }: { status: SystemStatus; checkedAt: number | undefined }) {
  const problems = systemProblems(status);
  const when = checkedAt ? formatWhen(new Date(checkedAt).toISOString()) : '';
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

function Figures({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="text-right text-base font-semibold text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatusCards({ status }: { status: SystemStatus }) {
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
            ['Engine', database.kind === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'],
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
            ['Waiting', mail.pending],
            ['Sent', mail.sent],
            ['Failed', mail.failed],
            [
              'Oldest waiting since',
              mail.oldestPendingAt ? formatWhen(mail.oldestPendingAt) : 'None waiting',
            ],
          ]}
        />
      </Card>
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
                  {job.runs} runs, {job.failures} failed · last {formatWhen(job.lastRunAt)}
                </p>
                {job.lastError && (
                  <p className="mt-1 text-sm break-words text-danger">
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
