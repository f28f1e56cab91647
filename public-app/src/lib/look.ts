import { contrastRatio, HEX_COLOR_PATTERN, type PublicUserView } from '@linkbio/shared-contracts';
import type { CSSProperties } from 'react';
import { safeImageUrl } from './urls';

/** How a creator's page looks: the theme's class, an optional background colour or image, the browser bar colour. */
export interface PageLook {
  className: string;
  backgroundColor: string | null;
  backgroundImage: string | null;
  themeColor: string;
}

/** True when white text reads better than dark text on this colour (a premium creator may pick any colour). */
export const isDarkColor = (hex: string): boolean => contrastRatio(hex, '#ffffff') > contrastRatio(hex, '#0f172a');

const hexOrNull = (value: string | null): string | null =>
  value && HEX_COLOR_PATTERN.test(value) ? value.toLowerCase() : null;

/** The link buttons' look: a shape class for the body and the colours as CSS custom properties. */
export interface ButtonLook {
  /** null: the theme's rounded buttons. */
  className: string | null;
  /** `--btn-bg` and `--btn-fg` for public.css; only #rrggbb values ever reach it, never other text. */
  style: CSSProperties;
}

/**
 * Premium's custom buttons, as the public view says (the backend sends the theme's own, null and 'rounded',
 * once premium ends). Each colour is checked again here, so nothing but a #rrggbb value is written into CSS.
 */
export function buttonLook(user: Pick<PublicUserView, 'buttonColor' | 'buttonTextColor' | 'buttonShape'>): ButtonLook {
  const style: Record<string, string> = {};
  const background = hexOrNull(user.buttonColor);
  const text = hexOrNull(user.buttonTextColor);
  if (background) style['--btn-bg'] = background;
  if (text) style['--btn-fg'] = text;
  const className = user.buttonShape === 'pill' ? 'b-pill' : user.buttonShape === 'square' ? 'b-square' : null;
  return { className, style: style as CSSProperties };
}

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
      const color = hexOrNull(user.backgroundColor);
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
