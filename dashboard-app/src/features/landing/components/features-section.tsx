import { CalendarCheck, ChartColumn, Link2, Palette, type LucideIcon } from 'lucide-react';

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Tile colours: light tint with a dark icon, for contrast. */
  tint: string;
}

export const FEATURES: Feature[] = [
  {
    title: 'Drag-and-Drop Links',
    description:
      'Add up to 5 links on the free plan and put them in the right order with drag-and-drop. Premium makes them unlimited.',
    icon: Link2,
    tint: 'bg-violet-100 text-violet-800',
  },
  {
    title: 'Analytics',
    description: 'See your clicks, page views and engagement at a glance, and learn which links your audience loves.',
    icon: ChartColumn,
    tint: 'bg-sky-100 text-sky-800',
  },
  {
    title: 'Custom Themes',
    description: 'Make your page yours with themes, background colours and your own background image.',
    icon: Palette,
    tint: 'bg-pink-100 text-pink-800',
  },
  {
    title: 'Booking System',
    description: 'Sell paid sessions right from your page. Visitors book and pay by card, and you get paid out weekly.',
    icon: CalendarCheck,
    tint: 'bg-emerald-100 text-emerald-800',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Features</p>
          <h2 id="features-title" className="mt-2 text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            Everything you need to grow your audience
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            One page that works as hard as you do, from the first link to the first paid booking.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {FEATURES.map(({ title, description, icon: Icon, tint }) => (
            <li
              key={title}
              className="rounded-2xl border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className={`flex size-12 items-center justify-center rounded-xl ${tint}`}>
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
