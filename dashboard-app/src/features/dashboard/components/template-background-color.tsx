import { Check } from 'lucide-react';
import { PRESET_BACKGROUND_COLORS } from '@linkbio/shared-contracts';
import { cn } from '@/lib/cn';
import { ColorField, PremiumLock } from './custom-look';

interface BackgroundColorPanelProps {
  /** The page's background colour now (lowercase), or the one being saved. */
  color: string | undefined;
  premium: boolean;
  /** What the custom colour box shows: the colour being typed for Premium, the saved one otherwise. */
  customText: string;
  saving: boolean;
  onChoose: (preset: string) => void;
  onCustomTextChange: (text: string) => void;
}

/** The Solid Color tab: the eight presets, saved on a click, and Premium's custom colour box. */
export function BackgroundColorPanel({ color, premium, customText, saving, onChoose, onCustomTextChange }: BackgroundColorPanelProps) {
  return (
    <>
      <div role="group" aria-label="Preset colors" className="grid grid-cols-8 gap-2 sm:flex sm:flex-wrap">
        {PRESET_BACKGROUND_COLORS.map((preset) => {
          const selected = color === preset;
          return (
            <button
              key={preset}
              type="button"
              aria-label={preset}
              aria-pressed={selected}
              disabled={saving}
              onClick={() => onChoose(preset)}
              style={{ backgroundColor: preset }}
              className={cn(
                'flex aspect-square w-full items-center justify-center rounded-full border border-slate-300 transition-transform sm:size-9',
                'hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait',
                selected && 'ring-2 ring-primary ring-offset-2',
              )}
            >
              {selected ? <Check className="size-4 text-slate-900" aria-hidden="true" /> : null}
            </button>
          );
        })}
      </div>
      <ColorField
        id="custom-background-color"
        label="Custom color"
        text={customText}
        onTextChange={onCustomTextChange}
        // Stays editable while a colour saves: it is where the creator is typing.
        disabled={!premium}
      />
      {premium ? null : <PremiumLock>Any background color beyond the presets is part of Premium.</PremiumLock>}
    </>
  );
}
