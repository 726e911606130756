import { Link } from 'react-router';
import { paths } from '@consult/shared';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Error 404</p>
      <h1 className="font-display text-4xl text-brand">This page does not exist</h1>
      <p className="text-lg text-muted">
        The link may be old or mistyped. Everything else is still here.
      </p>
      <Link
        to={paths.home}
        className="rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-strong"
      >
        Back to the home page
      </Link>
    </main>
  );
}
