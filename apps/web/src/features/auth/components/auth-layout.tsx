import type { ReactNode } from 'react';
import { BrandLink } from '../../../components/brand-link';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The frame of every sign-in screen: the brand, one card with a heading, and links below it. */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col items-center bg-paper px-4 py-8 sm:py-14">
      <header className="mb-6 sm:mb-8">
        <BrandLink />
      </header>
      <main className="w-full max-w-md">
        <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
          <h1 className="font-display text-3xl text-brand">{title}</h1>
          {intro && <div className="mt-2 text-base text-muted">{intro}</div>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-base text-muted">{footer}</div>}
      </main>
    </div>
  );
}

export const textLinkClasses =
  'font-semibold text-brand underline decoration-brand/40 underline-offset-4 hover:decoration-brand';
