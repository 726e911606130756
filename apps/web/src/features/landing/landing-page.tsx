export function LandingPage() {
  return (
    <main id="home" className="mx-auto max-w-3xl px-6 py-24">
      <h1 className="font-display text-5xl text-brand">Clear advice, booked in minutes</h1>
      <p className="mt-6 text-lg text-muted">
        Independent consulting for people who want a straight answer and a plan.
      </p>
    </main>
  );
}
