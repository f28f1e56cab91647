import { BadgeCheck } from 'lucide-react';
import { ClaimBox } from './claim-box';

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-accent via-background to-background"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_80%_60%_at_50%_0%,var(--color-violet-200),transparent_70%)] opacity-70"
      />
      <div className="relative mx-auto flex max-w-6xl flex-col items-center px-4 pb-16 pt-12 text-center sm:px-6 sm:pb-24 sm:pt-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-violet-200 bg-background/80 px-3 py-1 text-sm font-medium text-accent-foreground shadow-sm">
          <BadgeCheck className="size-4" aria-hidden="true" />
          Links, analytics and paid bookings
        </p>
        <h1
          id="hero-title"
          className="mt-6 max-w-3xl text-balance text-4xl font-extrabold tracking-tight text-foreground sm:text-5xl lg:text-6xl"
        >
          One link for <span className="text-primary">everything</span> you share
        </h1>
        <p className="mt-5 max-w-2xl text-pretty text-lg text-muted-foreground sm:text-xl">
          Put every link on one beautiful page, see what your audience clicks, and get paid for your time with bookable
          sessions.
        </p>
        <ClaimBox submitLabel="Claim Your Link" className="mt-10" />
      </div>
    </section>
  );
}
