import { cn } from '@/lib/cn';

interface TemplateLook {
  name: string;
  description: string;
  /** The phone screen's background. */
  screen: string;
  avatar: string;
  nameText: string;
  bio: string;
  button: string;
}

/** The three looks a page can take: the default, vibrant and dark themes. */
const TEMPLATES: TemplateLook[] = [
  {
    name: 'Minimal',
    description: 'Clean and light, so your links do the talking.',
    screen: 'bg-slate-50',
    avatar: 'bg-slate-800 text-white',
    nameText: 'text-slate-900',
    bio: 'text-slate-600',
    button: 'bg-white text-slate-900 ring-1 ring-slate-200 shadow-sm',
  },
  {
    name: 'Vibrant',
    description: 'A bold gradient for creators who like to stand out.',
    screen: 'bg-gradient-to-br from-violet-700 via-fuchsia-700 to-pink-700',
    avatar: 'bg-white text-fuchsia-800',
    nameText: 'text-white',
    bio: 'text-white',
    button: 'bg-white text-violet-900 shadow-sm',
  },
  {
    name: 'Dark Mode',
    description: 'Sleek and easy on the eyes, day or night.',
    screen: 'bg-slate-950',
    avatar: 'bg-violet-500 text-white',
    nameText: 'text-white',
    bio: 'text-slate-300',
    button: 'bg-slate-800 text-white ring-1 ring-slate-700',
  },
];

const SAMPLE_LINKS = ['Latest video', 'Shop my picks', 'Book a session'];

/** A small phone showing a sample page in one look. Decorative: the card's text says what it shows. */
function TemplatePreview({ look }: { look: TemplateLook }) {
  return (
    <div aria-hidden="true" className="flex justify-center rounded-xl bg-muted px-6 pt-8">
      <div className="w-full max-w-[14rem] rounded-t-[1.75rem] border-x-[6px] border-t-[6px] border-slate-900 bg-slate-900">
        <div className={cn('flex h-72 flex-col items-center gap-2 rounded-t-[1.25rem] px-4 pt-7', look.screen)}>
          <span className={cn('flex size-14 items-center justify-center rounded-full text-xl font-bold', look.avatar)}>
            A
          </span>
          <span className={cn('mt-1 text-sm font-semibold', look.nameText)}>Alex Rivera</span>
          <span className={cn('text-xs', look.bio)}>Designer · Coffee · Travel</span>
          <span className="mt-2 flex w-full flex-col gap-2">
            {SAMPLE_LINKS.map((label) => (
              <span
                key={label}
                className={cn('block rounded-full px-3 py-2 text-center text-xs font-medium', look.button)}
              >
                {label}
              </span>
            ))}
          </span>
        </div>
      </div>
    </div>
  );
}

export function TemplatesSection() {
  return (
    <section
      id="templates"
      aria-labelledby="templates-title"
      className="scroll-mt-20 border-y border-border bg-slate-50 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Templates</p>
          <h2 id="templates-title" className="mt-2 text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            Pick a look that feels like you
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Start from a template and change it whenever you like. Your links stay exactly where they are.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TEMPLATES.map((look) => (
            <li
              key={look.name}
              className="overflow-hidden rounded-2xl border border-border bg-card p-3 shadow-sm sm:last:col-span-2 lg:last:col-span-1"
            >
              <TemplatePreview look={look} />
              <div className="px-3 pb-3 pt-5">
                <h3 className="text-lg font-semibold">{look.name}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{look.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
