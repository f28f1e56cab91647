import { CHECKOUT_TEXTS, PUBLIC_SKIN, type CheckoutSkin, type CheckoutTexts } from './skin.js';

/** The card form's place while the provider's form loads: its button shown, disabled. */
export function CardFormLoading({
  submitLabel,
  skin = PUBLIC_SKIN,
  texts,
}: {
  submitLabel: string;
  skin?: CheckoutSkin;
  texts?: Partial<CheckoutTexts>;
}) {
  const label = texts?.cardFormLoading ?? CHECKOUT_TEXTS.cardFormLoading;
  return (
    <div className={skin.form} role="status" aria-label={label}>
      <div className={skin.skeleton} aria-hidden="true" />
      {skin.skeletonRow ? (
        <div className={skin.skeletonRow} aria-hidden="true">
          <div className={skin.skeletonHalf} />
          <div className={skin.skeletonHalf} />
        </div>
      ) : (
        <div className={skin.skeleton} aria-hidden="true" />
      )}
      <button className={skin.submit} type="button" disabled>
        {skin.submitIcon}
        {submitLabel}
      </button>
    </div>
  );
}
