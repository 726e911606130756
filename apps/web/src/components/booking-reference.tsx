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
    <span className={`whitespace-nowrap ${className}`}>
      {label} <span className="font-mono font-semibold tracking-wider">{reference}</span>
    </span>
  );
}
