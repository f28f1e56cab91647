import { Texts } from '../texts';

/** The card form's place while the provider's form loads: its button shown, disabled. */
export function CardFormLoading({ submitLabel }: { submitLabel: string }) {
  return (
    <div className="form card-form" role="status" aria-label={Texts.cardFormLoading}>
      <div className="card-skeleton" aria-hidden="true" />
      <div className="card-skeleton" aria-hidden="true" />
      <button className="btn-primary btn-wide" type="button" disabled>
        {submitLabel}
      </button>
    </div>
  );
}
