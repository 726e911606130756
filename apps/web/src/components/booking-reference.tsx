/** A booking's short reference as people read it out, e.g. "Reference B7K3QX" (decision 035). */
export function BookingReference({
  reference,
  label = 'Reference',
  className = '',
}: {
  reference: string;
  label?: string;
  className?: string;
}) {
  return (
    <span className={className}>
      {label}{' '}
      <span className="font-mono font-semibold tracking-wider whitespace-nowrap">{reference}</span>
    </span>
  );
}
