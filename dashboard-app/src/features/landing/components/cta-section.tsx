import { ClaimBox } from './claim-box';

/** The closing call to action, with the same claim box as the hero. */
export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-violet-800 via-primary to-fuchsia-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-white/10 blur-2xl"
          />
          <h2
            id="cta-title"
            className="relative mx-auto max-w-2xl text-balance text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            Ready to bring all your links together?
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-violet-100">
            Claim your username today and share one link for everything you do.
          </p>
          <div className="relative mt-10 flex justify-center">
            <ClaimBox submitLabel="Create Your Page" />
          </div>
        </div>
      </div>
    </section>
  );
}
