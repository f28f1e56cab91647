import { Check } from 'lucide-react';
import { THEMES, type Theme } from '@linkbio/shared-contracts';
import { cn } from '@/lib/cn';

const THEME_OPTIONS: Record<Theme, { label: string; preview: string; bar: string }> = {
  default: { label: 'Default', preview: 'bg-slate-50 border border-border', bar: 'bg-white border border-slate-200' },
  vibrant: {
    label: 'Vibrant',
    preview: 'bg-linear-to-br from-violet-500 via-fuchsia-500 to-orange-400',
    bar: 'bg-white/85',
  },
  dark: { label: 'Dark', preview: 'bg-slate-900', bar: 'bg-slate-700' },
};

/** The three themes as small previews of a page, one to choose (saved at once by the card). */
export function ThemePicker({
  theme,
  disabled,
  onChoose,
}: {
  theme: Theme;
  disabled: boolean;
  onChoose: (theme: Theme) => void;
}) {
  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="mb-3 text-sm font-medium">Theme</legend>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {THEMES.map((value) => {
          const option = THEME_OPTIONS[value];
          const selected = theme === value;
          return (
            <label key={value} className="group relative cursor-pointer has-[:disabled]:cursor-wait">
              <input
                type="radio"
                name="theme"
                value={value}
                checked={selected}
                onChange={() => onChoose(value)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1.5 rounded-lg p-2 transition-shadow sm:h-20',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                  option.preview,
                  selected ? 'ring-2 ring-primary ring-offset-2' : 'group-hover:ring-2 group-hover:ring-input',
                )}
              >
                <span className={cn('size-4 rounded-full', option.bar)} />
                <span className={cn('h-1.5 w-3/4 rounded-full', option.bar)} />
                <span className={cn('h-1.5 w-3/4 rounded-full', option.bar)} />
              </span>
              <span className="mt-2 flex items-center justify-center gap-1 text-sm font-medium">
                {selected ? <Check className="size-3.5 text-primary" aria-hidden="true" /> : null}
                {option.label}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
