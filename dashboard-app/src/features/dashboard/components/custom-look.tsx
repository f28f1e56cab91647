import { Lock } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BUTTON_SHAPES, HEX_COLOR_PATTERN, type ButtonShape, type Theme } from '@linkbio/shared-contracts';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';

/*
 * The pieces of the Profile Template card's custom look (Premium): colour fields, the button shape control,
 * the live preview of the bio page and the lock free creators see.
 */

export const SHAPE_LABELS: Record<ButtonShape, string> = { rounded: 'Rounded', pill: 'Pill', square: 'Square' };
const SHAPE_RADIUS: Record<ButtonShape, string> = { rounded: '0.75rem', pill: '9999px', square: '0' };

/** A hex field's text: '' is the theme's own colour (null); '#2563EB' is '#2563eb'; anything else is not a colour yet. */
export function parseHex(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return HEX_COLOR_PATTERN.test(trimmed) ? trimmed.toLowerCase() : undefined;
}

export const HEX_HINT = 'Enter a color like #2563eb';

interface ColorFieldProps {
  id: string;
  label: string;
  /** What the hex box holds, as typed. */
  text: string;
  /** The colour that applies while the box is empty (the theme's own), shown as its placeholder. */
  fallback?: string;
  onTextChange: (text: string) => void;
  disabled?: boolean;
}

/** A colour picker and the same colour as hex text, kept in step; a hex that is not #rrggbb is marked invalid. */
export function ColorField({ id, label, text, fallback, onTextChange, disabled }: ColorFieldProps) {
  const parsed = parseHex(text);
  const invalid = parsed === undefined;
  // The picker always holds a colour: the one typed, else the one that applies while the box is empty.
  const picker = typeof parsed === 'string' ? parsed : (fallback ?? '#000000');
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-picker`} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-picker`}
          type="color"
          value={picker}
          onChange={(event) => onTextChange(event.target.value.toLowerCase())}
          disabled={disabled}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 disabled:cursor-not-allowed disabled:opacity-50"
        />
        <input
          type="text"
          aria-label={`${label} hex`}
          value={text}
          placeholder={fallback}
          onChange={(event) => onTextChange(event.target.value)}
          disabled={disabled}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className={cn(
            'h-9 w-28 rounded-md border border-input bg-background px-2 font-mono text-sm placeholder:text-slate-500',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
            'aria-invalid:border-destructive',
          )}
        />
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {HEX_HINT}
        </p>
      ) : null}
    </div>
  );
}

/** Rounded, Pill or Square: one segmented row of radio buttons. */
export function ShapeControl({
  value,
  onChange,
  disabled,
}: {
  value: ButtonShape;
  onChange: (shape: ButtonShape) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled} className="space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium">Button shape</legend>
      <div className="grid w-full max-w-xs grid-cols-3 rounded-lg border border-input bg-muted p-0.5">
        {BUTTON_SHAPES.map((shape) => (
          <label key={shape} className="relative cursor-pointer has-[:disabled]:cursor-not-allowed">
            <input
              type="radio"
              name="button-shape"
              value={shape}
              checked={value === shape}
              onChange={() => onChange(shape)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'flex h-8 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors',
                'peer-checked:bg-background peer-checked:text-foreground peer-checked:shadow-sm',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring',
                'peer-disabled:opacity-60',
              )}
            >
              <span
                aria-hidden="true"
                // The label names the shape; the small drawing of it shows where there is room beside it.
                className="hidden h-3 w-5 shrink-0 border-2 border-current sm:block"
                style={{ borderRadius: shape === 'rounded' ? '0.25rem' : SHAPE_RADIUS[shape] }}
              />
              {SHAPE_LABELS[shape]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const THEME_BACKGROUNDS: Record<Exclude<Theme, 'default'>, string> = {
  vibrant: 'linear-gradient(160deg, #6d28d9 0%, #a21caf 55%, #db2777 100%)',
  dark: 'radial-gradient(120% 60% at 50% 0%, #1e1b4b 0%, #020617 70%)',
};

export interface PreviewLook {
  theme: Theme;
  /** A checked #rrggbb (default theme only). */
  backgroundColor: string | null;
  /** An uploaded image's address (default theme only). */
  backgroundImage: string | null;
  /** The colours drawn: chosen or the theme's, each a checked #rrggbb. */
  buttonColor: string;
  buttonTextColor: string;
  buttonShape: ButtonShape;
  /** Whether the page's own text is light: a dark background, a photo or a theme other than default. */
  lightText: boolean;
}

/** A link of the page, as the preview draws it. */
export interface PreviewLink {
  id: string;
  title: string;
  /** A header is a section title on the page, not a button; absent: a link. */
  kind?: 'link' | 'header' | 'embed';
}

/** How many of the page's links the preview draws; the rest are counted. */
export const PREVIEW_LINK_LIMIT = 3;

interface LookPreviewProps {
  look: PreviewLook;
  displayName: string;
  /** The creator's picture; without one, the initial of the name, as on the page. */
  avatar: string | null;
  /** The links the page shows now, in order. */
  links: PreviewLink[];
}

/** A small bio page as visitors will see it: background, the creator's picture, name and links in the chosen look. */
export function LookPreview({ look, displayName, avatar, links }: LookPreviewProps) {
  const background: CSSProperties =
    look.theme !== 'default'
      ? { background: THEME_BACKGROUNDS[look.theme] }
      : look.backgroundImage
        ? {
            backgroundImage: `linear-gradient(rgb(2 6 23 / 0.5), rgb(2 6 23 / 0.72)), url(${JSON.stringify(look.backgroundImage)})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }
        : { backgroundColor: look.backgroundColor ?? '#f8fafc' };
  const button: CSSProperties = {
    backgroundColor: look.buttonColor,
    color: look.buttonTextColor,
    borderRadius: SHAPE_RADIUS[look.buttonShape],
  };
  const shown = links.slice(0, PREVIEW_LINK_LIMIT);
  const more = links.length - shown.length;
  const textColor = look.lightText ? 'text-white' : 'text-slate-900';
  return (
    <figure className="m-0 space-y-2">
      <div
        data-testid="look-preview"
        className="flex flex-col items-center gap-2 overflow-hidden rounded-lg border border-border px-4 py-5"
        style={background}
      >
        <Avatar src={avatar} name={displayName} className="size-9 text-sm" />
        <span className={cn('max-w-full truncate text-sm font-bold', textColor)}>{displayName}</span>
        {shown.length > 0 ? (
          shown.map((link) =>
            link.kind === 'header' ? (
              <span
                key={link.id}
                data-testid="preview-header"
                className={cn('max-w-full truncate pt-1 text-xs font-bold', textColor)}
              >
                {link.title}
              </span>
            ) : (
              <span
                key={link.id}
                data-testid="preview-button"
                className="flex h-10 w-full max-w-64 items-center justify-center truncate px-3 text-sm font-semibold shadow-sm"
                style={button}
              >
                <span className="truncate">{link.title}</span>
              </span>
            ),
          )
        ) : (
          // No link shows on the page yet: one button in the chosen look, saying where the links will be.
          <span
            data-testid="preview-button"
            className="flex h-10 w-full max-w-64 items-center justify-center px-3 text-sm font-semibold shadow-sm"
            style={button}
          >
            Your links show here
          </span>
        )}
        {more > 0 ? <span className={cn('text-xs font-medium', textColor)}>+{more} more</span> : null}
      </div>
      <figcaption className="text-xs text-muted-foreground">Preview of your page</figcaption>
    </figure>
  );
}

/** What free creators see over a Premium control: a lock, what it is, and the way to Premium. */
export function PremiumLock({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-dashed border-input bg-muted/60 p-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
        <Lock className="size-4" role="img" aria-label="Locked" />
      </span>
      <p className="text-sm text-muted-foreground">
        {children}{' '}
        <Link to="/subscribe" className="font-medium text-primary underline underline-offset-2">
          Upgrade to Premium
        </Link>
      </p>
    </div>
  );
}
