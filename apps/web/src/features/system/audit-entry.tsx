import type { AuditEntry } from '@consult/shared';
import {
  auditCurrency,
  auditFieldLabel,
  formatAuditField,
  type AuditValueContext,
} from './audit-fields';
import { auditActionLabel, readAuditDetails } from './audit-format';
import { formatMoment } from '../../lib/date-time';

function Value({
  field,
  value,
  context,
}: {
  field: string;
  value: unknown;
  context: AuditValueContext;
}) {
  if (value === undefined) return <span className="text-muted">(none)</span>;
  return (
    <span className="wrap-anywhere whitespace-pre-wrap">
      {formatAuditField(field, value, context)}
    </span>
  );
}

/** One audit entry: when, who, what, which record, and the fields before and after. */
export function AuditEntryItem({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const { changes, facts } = readAuditDetails(entry.details);
  const context: AuditValueContext = { timeZone, currency: auditCurrency(entry.details) };
  const who = entry.actor ? entry.actor.name : 'System or a removed account';
  return (
    <article className="flex flex-col gap-2 px-4 py-3">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold text-ink">{auditActionLabel(entry.action)}</h3>
        <time dateTime={entry.at} className="text-sm text-muted">
          {formatMoment(entry.at, timeZone)}
        </time>
      </header>
      <p className="flex flex-wrap gap-x-2 text-sm text-muted">
        <span>
          By <span className="font-semibold text-ink">{who}</span>
          {entry.actor && <span className="break-all"> ({entry.actor.email})</span>}
        </span>
        <span>
          · <code className="text-ink">{entry.action}</code>
        </span>
        {entry.target && (
          <span className="break-all">
            · record <code className="text-ink">{entry.target}</code>
          </span>
        )}
      </p>
      {changes.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[18rem] text-left text-sm">
            <caption className="sr-only">Fields before and after the change</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Field
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Before
                </th>
                <th scope="col" className="py-1 font-semibold">
                  After
                </th>
              </tr>
            </thead>
            <tbody className="align-top">
              {changes.map((row) => (
                <tr key={row.field} className="border-t border-line">
                  <th scope="row" className="py-1 pr-3 font-medium text-ink">
                    {auditFieldLabel(row.field)}
                  </th>
                  <td className="py-1 pr-3 text-danger">
                    <Value field={row.field} value={row.before} context={context} />
                  </td>
                  <td className="py-1 text-success">
                    <Value field={row.field} value={row.after} context={context} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {facts.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
          {facts.map((fact) => (
            <div key={fact.field} className="contents">
              <dt className="text-muted">{auditFieldLabel(fact.field)}</dt>
              <dd className="wrap-anywhere text-ink">
                {formatAuditField(fact.field, fact.value, context)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded text-brand underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand">
          Show raw
        </summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-paper p-3 text-xs wrap-anywhere whitespace-pre-wrap text-ink">
          {JSON.stringify(entry.details, null, 2)}
        </pre>
      </details>
    </article>
  );
}
