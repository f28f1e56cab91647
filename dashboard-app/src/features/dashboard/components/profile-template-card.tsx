import { Palette } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  BACKGROUND_MAX_BYTES,
  buttonContrast,
  DEFAULT_BUTTON_SHAPE,
  LookMessages,
  THEME_BUTTON_COLORS,
  type ButtonShape,
  type UserView,
} from '@linkbio/shared-contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { useUpdateBackgroundImage } from '../api/update-background-image';
import { useUpdateTemplate, type TemplateChange } from '../api/update-template';
import { ColorField, HEX_HINT, LookPreview, parseHex, PremiumLock, ShapeControl, type PreviewLink } from './custom-look';
import { LazyImageUploadDialog } from './lazy-image-upload-dialog';
import { SettingsCard } from '@/components/settings-card';
import { BackgroundColorPanel } from './template-background-color';
import { BackgroundImagePanel, BACKGROUND_HINT } from './template-background-image';
import { ButtonStyleActions } from './template-button-style';
import { previewLook } from './template-preview-look';
import { ThemePicker } from './template-theme-picker';

type BackgroundMode = 'color' | 'image';

/** How long a typed or picked custom colour rests before it is saved: a drag across the picker saves once. */
export const CUSTOM_COLOR_SAVE_DELAY_MS = 600;

interface ProfileTemplateCardProps {
  user: UserView;
  onUserChange: (user: UserView) => void;
  /** The links the page shows now, in order: the preview draws them. */
  links?: PreviewLink[];
  className?: string;
}

/** The server's reason when it refused the change (a colour only Premium may use, unreadable button text), else the spec's text. */
const templateError = (error: unknown) =>
  toast({
    variant: 'destructive',
    title: 'Error',
    description:
      (error instanceof ApiError && error.status < 500 && error.serverMessage) ||
      'Failed to update template. Please try again.',
  });

/**
 * Profile Template: theme, then a background that is either a solid colour or a custom image — never both
 * (spec §4), then the link buttons. Theme and background choices are saved at once: a preset or theme on the
 * click, a custom colour (Premium) once a valid #rrggbb has rested a moment, with the same 'Template updated'.
 * Free creators pick among the eight presets and keep the theme's buttons; Premium, any colour and its own
 * button colours and shape, previewed live on the creator's own picture and links and saved only while the
 * button text keeps 4.5:1 contrast (the server's rule, shared).
 */
export function ProfileTemplateCard({ user, onUserChange, links = [], className }: ProfileTemplateCardProps) {
  const template = useUpdateTemplate(onUserChange);
  const saveImage = useUpdateBackgroundImage(onUserChange);
  const premium = user.isPremium;
  const saved = {
    buttonColor: user.buttonColor ?? null,
    buttonTextColor: user.buttonTextColor ?? null,
    buttonShape: user.buttonShape ?? DEFAULT_BUTTON_SHAPE,
  };
  const [mode, setMode] = useState<BackgroundMode>(user.backgroundImage ? 'image' : 'color');
  const [uploading, setUploading] = useState(false);
  const [customColor, setCustomColor] = useState(user.backgroundColor ?? '#f8fafc');
  // The custom colour the creator typed or picked, saved on its own once it has rested and is a colour.
  const [customDraft, setCustomDraft] = useState<string | null>(null);
  const [buttonColorText, setButtonColorText] = useState(saved.buttonColor ?? '');
  const [buttonTextColorText, setButtonTextColorText] = useState(saved.buttonTextColor ?? '');
  const [buttonShape, setButtonShape] = useState<ButtonShape>(saved.buttonShape);

  const pending = template.isPending ? template.variables : undefined;
  const theme = pending?.theme ?? user.theme;
  const color = (
    pending?.backgroundColor !== undefined ? pending.backgroundColor : user.backgroundColor
  )?.toLowerCase();

  const save = (change: TemplateChange) =>
    template.mutate(change, { onSuccess: () => toast({ title: 'Template updated' }), onError: templateError });

  const chooseColor = (backgroundColor: string) => {
    setCustomDraft(null);
    setCustomColor(backgroundColor.toLowerCase());
    save({ theme: user.theme, backgroundColor: backgroundColor.toLowerCase(), backgroundImage: null });
  };
  const customBackground = parseHex(customColor);

  const latest = useRef({ color, chooseColor });
  useEffect(() => {
    latest.current = { color, chooseColor };
  });
  const editCustomColor = (text: string) => {
    setCustomColor(text);
    setCustomDraft(text);
  };
  useEffect(() => {
    if (customDraft === null) return;
    const draft = parseHex(customDraft);
    if (!draft) return;
    const timer = setTimeout(() => {
      if (draft !== latest.current.color) latest.current.chooseColor(draft);
      else setCustomDraft(null);
    }, CUSTOM_COLOR_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [customDraft]);

  // The button look being edited: undefined while a hex box holds something that is not a colour yet.
  const draftButtonColor = parseHex(buttonColorText);
  const draftButtonTextColor = parseHex(buttonTextColorText);
  const hexInvalid = draftButtonColor === undefined || draftButtonTextColor === undefined;
  const contrast = buttonContrast(
    theme,
    draftButtonColor === undefined ? saved.buttonColor : draftButtonColor,
    draftButtonTextColor === undefined ? saved.buttonTextColor : draftButtonTextColor,
  );
  const buttonProblem = hexInvalid ? HEX_HINT : contrast.passes ? null : LookMessages.contrastTooLow(contrast.ratio);
  const buttonsChanged =
    draftButtonColor !== saved.buttonColor ||
    draftButtonTextColor !== saved.buttonTextColor ||
    buttonShape !== saved.buttonShape;
  const saveButtons = () =>
    save({
      buttonColor: draftButtonColor ?? null,
      buttonTextColor: draftButtonTextColor ?? null,
      buttonShape,
    });

  const preview = previewLook({
    premium,
    theme,
    color,
    customBackground,
    image: mode === 'image' ? user.backgroundImage : null,
    buttonColor: contrast.buttonColor,
    buttonTextColor: contrast.buttonTextColor,
    buttonShape,
  });

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
        <ThemePicker theme={theme} disabled={template.isPending} onChoose={(value) => save({ theme: value })} />

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
              <BackgroundColorPanel
                color={color}
                premium={premium}
                customText={premium ? customColor : (user.backgroundColor ?? '#f8fafc')}
                saving={template.isPending}
                onChoose={chooseColor}
                onCustomTextChange={editCustomColor}
              />
            </TabsContent>

            <TabsContent value="image" className="space-y-3">
              <BackgroundImagePanel image={user.backgroundImage} onUpload={() => setUploading(true)} />
            </TabsContent>
          </Tabs>
          {theme === 'default' ? null : (
            <p className="text-xs text-muted-foreground">
              Your background color or image shows with the Default theme.
            </p>
          )}
        </div>

        <div role="group" aria-labelledby="buttons-label" className="space-y-4">
          <p id="buttons-label" className="text-sm font-medium">
            Buttons
          </p>
          {premium ? null : (
            <PremiumLock>
              {saved.buttonColor || saved.buttonTextColor || saved.buttonShape !== DEFAULT_BUTTON_SHAPE
                ? 'Your button colors and shape are kept and show again when you are back on Premium.'
                : 'Button colors and shapes of your own are part of Premium.'}
            </PremiumLock>
          )}
          {/* grid-cols-1 (minmax(0, 1fr)): the preview's long link title truncates instead of widening the card. */}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="space-y-4">
              <ColorField
                id="button-color"
                label="Button color"
                text={buttonColorText}
                fallback={THEME_BUTTON_COLORS[theme].buttonColor}
                onTextChange={setButtonColorText}
                disabled={!premium || template.isPending}
              />
              <ColorField
                id="button-text-color"
                label="Button text color"
                text={buttonTextColorText}
                fallback={THEME_BUTTON_COLORS[theme].buttonTextColor}
                onTextChange={setButtonTextColorText}
                disabled={!premium || template.isPending}
              />
              <ShapeControl value={buttonShape} onChange={setButtonShape} disabled={!premium || template.isPending} />
            </div>
            <LookPreview look={preview} displayName={user.displayName} avatar={user.avatar} links={links} />
          </div>
          {premium ? (
            <ButtonStyleActions
              problem={buttonProblem}
              ratio={contrast.ratio}
              canSave={!template.isPending && buttonsChanged && buttonProblem === null}
              canReset={!template.isPending && (buttonColorText !== '' || buttonTextColorText !== '')}
              onSave={saveButtons}
              onReset={() => {
                setButtonColorText('');
                setButtonTextColorText('');
              }}
            />
          ) : null}
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
