import { Pill } from '../../components/ui/pill';

/** A receipt number as lists and panels show it: a voided one says VOID beside it, plainly. */
export function ReceiptNumber({ number, isVoid }: { number: string; isVoid: boolean }) {
  if (!isVoid) return <span className="tabular-nums">{number}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="tabular-nums line-through decoration-1">{number}</span>
      <Pill tone="bg-danger-soft text-danger">VOID</Pill>
    </span>
  );
}
