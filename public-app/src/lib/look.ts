import { HEX_COLOR_PATTERN, type PublicUserView } from '@linkbio/shared-contracts';
import { safeImageUrl } from './urls';

/** How a creator's page looks: the theme's class, an optional background colour or image, the browser bar colour. */
export interface PageLook {
  className: string;
  backgroundColor: string | null;
  backgroundImage: string | null;
  themeColor: string;
}

/** sRGB relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
const INK = luminance('#0f172a');

/** True when white text reads better than dark text on this colour (a premium creator may pick any colour). */
export const isDarkColor = (hex: string): boolean => contrast(luminance(hex), 1) > contrast(luminance(hex), INK);

/**
 * The three themes (spec §2). Background colour and image belong to the default theme (decisions.md): the
 * colour only when it is a valid #rrggbb, the image only when it is an http(s) address, under a dark overlay.
 */
export function pageLook(user: PublicUserView, origin: string): PageLook {
  switch (user.theme) {
    case 'vibrant':
      return { className: 't-vibrant', backgroundColor: null, backgroundImage: null, themeColor: '#7e22ce' };
    case 'dark':
      return { className: 't-dark', backgroundColor: null, backgroundImage: null, themeColor: '#020617' };
    case 'default': {
      const image = safeImageUrl(user.backgroundImage, origin);
      if (image)
        return { className: 't-default t-photo', backgroundColor: null, backgroundImage: image, themeColor: '#0f172a' };
      const color =
        user.backgroundColor && HEX_COLOR_PATTERN.test(user.backgroundColor)
          ? user.backgroundColor.toLowerCase()
          : null;
      if (color) {
        return {
          className: isDarkColor(color) ? 't-default t-ondark' : 't-default',
          backgroundColor: color,
          backgroundImage: null,
          themeColor: color,
        };
      }
      return { className: 't-default', backgroundColor: null, backgroundImage: null, themeColor: '#f8fafc' };
    }
  }
}
