import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'error';

const tones: Record<Tone, string> = {
  info: 'border-brand/30 bg-brand-soft text-brand-strong',
  success: 'border-success/30 bg-success-soft text-success',
  error: 'border-danger/30 bg-danger-soft text-danger',
};

/** A message block inside a page: a form's overall error, a success note, a notice. */
export function Alert({
  tone = 'info',
  title,
  children,
}: {
  tone?: Tone;
  title?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 ${tones[tone]}`}
    >
      {title && <p className="font-semibold">{title}</p>}
      <div className="text-sm">{children}</div>
    </div>
  );
}
