import { Check, ImageIcon, ImageUp, Palette } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  BACKGROUND_MAX_BYTES,
  PRESET_BACKGROUND_COLORS,
  THEMES,
  type Theme,
  type UserView,
} from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { useUpdateBackgroundImage } from '../api/update-background-image';
import { useUpdateTemplate, type TemplateChange } from '../api/update-template';
import { LazyImageUploadDialog, preloadImageUploadDialog } from './lazy-image-upload-dialog';
import { SettingsCard } from './settings-card';

export const BACKGROUND_HINT = 'JPG, PNG up to 5MB';

const THEME_OPTIONS: Record<Theme, { label: string; preview: string; bar: string }> = {
  default: { label: 'Default', preview: 'bg-slate-50 border border-border', bar: 'bg-white border border-slate-200' },
  vibrant: {
    label: 'Vibrant',
    preview: 'bg-linear-to-br from-violet-500 via-fuchsia-500 to-orange-400',
    bar: 'bg-white/85',
  },
  dark: { label: 'Dark', preview: 'bg-slate-900', bar: 'bg-slate-700' },
};

type BackgroundMode = 'color' | 'image';

interface ProfileTemplateCardProps {
  user: UserView;
  onUserChange: (user: UserView) => void;
  className?: string;
}

const templateError = () =>
  toast({ variant: 'destructive', title: 'Error', description: 'Failed to update template. Please try again.' });

/**
 * Profile Template: theme, then a background that is either a solid colour or a custom image — never both
 * (spec §4). Every choice is saved at once. Free creators pick among the eight presets; Premium, any colour.
 */
export function ProfileTemplateCard({ user, onUserChange, className }: ProfileTemplateCardProps) {
  const template = useUpdateTemplate(onUserChange);
  const saveImage = useUpdateBackgroundImage(onUserChange);
  const [mode, setMode] = useState<BackgroundMode>(user.backgroundImage ? 'image' : 'color');
  const [uploading, setUploading] = useState(false);
  const [customColor, setCustomColor] = useState(user.backgroundColor ?? '#f8fafc');

  const pending = template.isPending ? template.variables : undefined;
  const theme = pending?.theme ?? user.theme;
  const color = (
    pending?.backgroundColor !== undefined ? pending.backgroundColor : user.backgroundColor
  )?.toLowerCase();

  const save = (change: TemplateChange) =>
    template.mutate(change, { onSuccess: () => toast({ title: 'Template updated' }), onError: templateError });

  const chooseColor = (backgroundColor: string) =>
    save({ theme: user.theme, backgroundColor: backgroundColor.toLowerCase(), backgroundImage: null });

  const storeImage = async (url: string) => {
    await saveImage.mutateAsync(url);
    setMode('image');
    toast({ title: 'Background image updated' });
  };
  const imageFailed = () =>
    toast({
      variant: 'destructive',
      title: 'Error',
      description: 'Failed to update background image. Please try again.',
    });

  return (
    <SettingsCard
      className={className}
      id="profile-template"
      icon={Palette}
      title="Profile Template"
      description="How your page looks to visitors."
      aside={
        <span role="status" className="text-xs font-medium text-muted-foreground">
          {template.isPending ? 'Saving...' : ''}
        </span>
      }
    >
      <div className="space-y-6">
        <fieldset disabled={template.isPending} className="space-y-3">
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
                    onChange={() => save({ theme: value })}
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

        <div className="space-y-3">
          <p className="text-sm font-medium" id="background-label">
            Background
          </p>
          <Tabs value={mode} onValueChange={(value) => setMode(value as BackgroundMode)}>
            <TabsList aria-labelledby="background-label">
              <TabsTrigger value="color">Solid Color</TabsTrigger>
              <TabsTrigger value="image">Custom Image</TabsTrigger>
            </TabsList>

            <TabsContent value="color" className="space-y-4">
              <div role="group" aria-label="Preset colors" className="grid grid-cols-8 gap-2 sm:flex sm:flex-wrap">
                {PRESET_BACKGROUND_COLORS.map((preset) => {
                  const selected = color === preset;
                  return (
                    <button
                      key={preset}
                      type="button"
                      aria-label={preset}
                      aria-pressed={selected}
                      disabled={template.isPending}
                      onClick={() => chooseColor(preset)}
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
              {user.isPremium ? (
                <div className="flex flex-wrap items-center gap-3">
                  <label htmlFor="custom-background-color" className="text-sm font-medium">
                    Custom color
                  </label>
                  <input
                    id="custom-background-color"
                    type="color"
                    value={customColor}
                    onChange={(event) => setCustomColor(event.target.value)}
                    disabled={template.isPending}
                    className="h-9 w-12 cursor-pointer rounded-md border border-input bg-background p-1"
                  />
                  <span className="font-mono text-sm text-muted-foreground">{customColor}</span>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => chooseColor(customColor)}
                    disabled={template.isPending || customColor.toLowerCase() === color}
                  >
                    Apply color
                  </Button>
                </div>
              ) : (
                <p className="text-xs text-muted-foreground">
                  Want any color you like?{' '}
                  <Link to="/subscribe" className="font-medium text-primary underline underline-offset-2">
                    Upgrade to Premium
                  </Link>
                </p>
              )}
            </TabsContent>

            <TabsContent value="image" className="space-y-3">
              <div
                className="flex aspect-[16/7] w-full items-center justify-center overflow-hidden rounded-lg border border-border bg-muted bg-cover bg-center"
                style={
                  user.backgroundImage ? { backgroundImage: `url(${JSON.stringify(user.backgroundImage)})` } : undefined
                }
                role={user.backgroundImage ? 'img' : undefined}
                aria-label={user.backgroundImage ? 'Current background image' : undefined}
                data-testid="background-preview"
              >
                {user.backgroundImage ? null : (
                  <span className="flex flex-col items-center gap-1 text-sm text-muted-foreground">
                    <ImageIcon className="size-6" aria-hidden="true" />
                    No background image yet
                  </span>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  variant="outline"
                  onClick={() => setUploading(true)}
                  onPointerEnter={preloadImageUploadDialog}
                  onFocus={preloadImageUploadDialog}
                >
                  <ImageUp aria-hidden="true" /> {user.backgroundImage ? 'Replace image' : 'Upload image'}
                </Button>
                <p className="text-xs text-muted-foreground">{BACKGROUND_HINT}</p>
              </div>
            </TabsContent>
          </Tabs>
          {theme === 'default' ? null : (
            <p className="text-xs text-muted-foreground">
              Your background color or image shows with the Default theme.
            </p>
          )}
        </div>
      </div>

      <LazyImageUploadDialog
        open={uploading}
        onOpenChange={setUploading}
        title="Upload a background image"
        description="Choose one image from your device. It replaces your background color."
        note={BACKGROUND_HINT}
        maxFileSize={BACKGROUND_MAX_BYTES}
        onUploaded={storeImage}
        onFailed={imageFailed}
      />
    </SettingsCard>
  );
}
