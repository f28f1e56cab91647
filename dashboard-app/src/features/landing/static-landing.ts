import { sanitizeUsernameInput } from '@linkbio/shared-contracts';
import { claimPath } from './claim-path';

/*
 * The only script of the landing page rendered ahead of time (scripts/prerender.mjs): the page paints and
 * works without it, and without the app. It makes the claim boxes behave as the app's do (the username
 * cleaned as the visitor types, an empty box going to /auth), and as soon as the visitor turns to the claim
 * box or a link to sign in or up, it fetches the app's files, so the screen they go to next opens at once.
 * A visitor who only reads downloads none of the app.
 */

function enhanceClaimBox(form: HTMLFormElement): void {
  const input = form.elements.namedItem('username');
  if (!(input instanceof HTMLInputElement)) return;
  input.addEventListener('input', () => {
    const cleaned = sanitizeUsernameInput(input.value);
    if (cleaned !== input.value) input.value = cleaned;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    window.location.assign(claimPath(sanitizeUsernameInput(input.value)));
  });
  // A click on the address prefix puts the caret in the box, as if it were one field.
  form.querySelector('[data-site-host]')?.addEventListener('click', () => input.focus());
}

let prefetched = false;

function prefetchApp(): void {
  if (prefetched) return;
  prefetched = true;
  const urls =
    document.querySelector<HTMLScriptElement>('script[data-app-assets]')?.dataset.appAssets?.split(' ') ?? [];
  for (const href of urls.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.crossOrigin = 'anonymous'; // as the app's page asks for them, so the browser reuses what it fetched
    document.head.append(link);
  }
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-claim-box]')) enhanceClaimBox(form);

// The page was rendered when the app was built: the footer's year is the visitor's this year, not the build's.
for (const year of document.querySelectorAll('[data-current-year]')) year.textContent = String(new Date().getFullYear());

/** A pointer over, a touch on or the focus in a claim box or a link to the sign-in and sign-up screens. */
const INTENT = 'form[data-claim-box], a[href^="/auth"]';
const onIntent = (event: Event) => {
  if (event.target instanceof Element && event.target.closest(INTENT)) prefetchApp();
};
for (const type of ['pointerover', 'pointerdown', 'focusin'])
  document.addEventListener(type, onIntent, { passive: true });
