import {
  contrastRatio,
  DEFAULT_BUTTON_SHAPE,
  PRESET_BACKGROUND_COLORS,
  THEME_BUTTON_COLORS,
  type ButtonShape,
  type Theme,
} from '@linkbio/shared-contracts';
import type { PreviewLook } from './custom-look';

const isPreset = (color: string) => (PRESET_BACKGROUND_COLORS as readonly string[]).includes(color);
/** True when white text reads better than dark text on this colour, as the bio page decides. */
const isDark = (color: string) => contrastRatio(color, '#ffffff') > contrastRatio(color, '#0f172a');

interface LookBeingEdited {
  premium: boolean;
  theme: Theme;
  /** The saved (or saving) background colour, lowercase. */
  color: string | undefined;
  /** Premium's custom colour when the box holds one. */
  customBackground: string | null | undefined;
  /** The background image when the Custom Image tab is chosen. */
  image: string | null;
  buttonColor: string;
  buttonTextColor: string;
  buttonShape: ButtonShape;
}

/** What visitors would see: the look being edited for Premium, the page's own look for free creators. */
export function previewLook(look: LookBeingEdited): PreviewLook {
  const { premium, theme, color } = look;
  const image = theme === 'default' ? look.image : null;
  const backgroundColor =
    theme !== 'default' || image
      ? null
      : premium
        ? (look.customBackground ?? color ?? null)
        : color && isPreset(color)
          ? color
          : null;
  const buttons = premium
    ? { buttonColor: look.buttonColor, buttonTextColor: look.buttonTextColor, buttonShape: look.buttonShape }
    : { ...THEME_BUTTON_COLORS[theme], buttonShape: DEFAULT_BUTTON_SHAPE };
  return {
    theme,
    backgroundColor,
    backgroundImage: image,
    ...buttons,
    lightText: theme !== 'default' || Boolean(image) || (backgroundColor !== null && isDark(backgroundColor)),
  };
}
