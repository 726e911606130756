import type { SystemStatus } from '@consult/shared';
import { Card } from '../../components/ui/card';
import { formatBytes, formatWhen } from './format';

const KIND_NAMES = { daily: 'Daily, by the site', manual: 'By hand (npm run backup)' } as const;

/** The System page's backups: the daily schedule, the last good backup, the latest failure (061). */
export function BackupsCard({
  backups,
  timeZone,
}: {
  backups: SystemStatus['backups'];
  timeZone: string;
}) {
  const { schedule, last, failure, running } = backups;
  return (
    <Card
      title="Backups"
      description={
        schedule
          ? `Every day at ${schedule.time} (your time), the newest ${schedule.keep} kept in ${schedule.directory}.`
          : 'The daily backup is off (BACKUP_TIME=off). Back up with npm run backup.'
      }
    >
      <div className="flex flex-col gap-3">
        {last ? (
          <>
            <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2">
              {(
                [
                  ['Last backup', formatWhen(last.at, timeZone)],
                  ['Size', formatBytes(last.sizeBytes)],
                  ['Taken', KIND_NAMES[last.kind]],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-sm text-muted">{label}</dt>
                  <dd className="text-right text-base font-semibold text-ink tabular-nums">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="text-sm wrap-anywhere text-muted">{last.fileName}</p>
          </>
        ) : (
          <p className="text-sm text-muted">
            No backup yet.
            {schedule ? ` The first is taken at ${schedule.time}.` : ''}
          </p>
        )}
        {running && <p className="text-sm text-ink">A backup is being written now.</p>}
        {failure && (
          <p className="text-sm wrap-anywhere text-danger">
            The backup of {formatWhen(failure.at, timeZone)} failed: {failure.error}
          </p>
        )}
      </div>
    </Card>
  );
}
