import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useGetSystemStatusQuery } from './system-api';
import { systemProblems } from './system-status-summary';

/** The admin start page's short summary of the system's health, always fetched fresh. */
export function SystemCard() {
  const { data, error, isLoading, refetch } = useGetSystemStatusQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const problems = data ? systemProblems(data) : [];
  return (
    <Card
      title="System health"
      actions={
        <Link to={paths.admin.system} className={buttonClasses('secondary')}>
          Open system
        </Link>
      }
    >
      {isLoading ? (
        <Skeleton lines={2} label="Loading the system status" />
      ) : !data ? (
        <LoadError what="the system status" error={error} onRetry={() => void refetch()} />
      ) : problems.length ? (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-danger">Needs attention</p>
          <ul className="list-disc pl-5 text-base text-ink">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-base text-ink">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-success" />
          All systems working · version {data.version}
        </p>
      )}
    </Card>
  );
}
