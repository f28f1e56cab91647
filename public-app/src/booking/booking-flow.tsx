import { formatCents, toastEdgeFor, type ToastEdge } from '@linkbio/shared-contracts';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { CloseIcon } from '../components/icons';
import { Texts } from '../texts';
import { createBooking, type BookingQuote } from './booking-api';
import { CardPayment } from './card-payment';
import { settledBookingUrl } from './payment-api';
import { workingElement } from './toast-placement';
import { validateDetails, type CustomerDetails, type DetailErrors } from './validate';

export interface BookingFlowProps {
  username: string;
}

interface Toast {
  title: string;
  message: string;
}

const TOAST_MS = 5000;
const EMPTY: CustomerDetails = { customerName: '', customerEmail: '', customerPhone: '', message: '' };

/**
 * The two booking steps (spec §2): 'Your Information', then 'Payment Details' with the server's amounts.
 * Rendered on the server and hydrated in the browser; the form's button stays disabled until hydration,
 * since nothing can be booked without the script, and a notice says so when the script does not run. Step 2
 * shows the live provider's card form (GET /api/config); once the card is charged the visitor goes to
 * /booking-success, where the server checks the payment, and on to the bio page's 'Booking Confirmed!'.
 * A refused card shows 'Payment Failed' with the provider's message and can be tried again. The toast keeps
 * clear of the control the visitor is on (at the top when at the bottom it would cover it).
 */
export function BookingFlow({ username }: BookingFlowProps) {
  const [hydrated, setHydrated] = useState(false);
  const [details, setDetails] = useState<CustomerDetails>(EMPTY);
  const [errors, setErrors] = useState<DetailErrors>({});
  const [pending, setPending] = useState(false);
  const [quote, setQuote] = useState<BookingQuote | null>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const [paying, setPaying] = useState(false);
  const paymentHeading = useRef<HTMLHeadingElement>(null);
  const fields = useRef<Partial<Record<keyof DetailErrors, HTMLInputElement | null>>>({});
  const toasts = useRef<HTMLDivElement>(null);
  const [toastEdge, setToastEdge] = useState<ToastEdge>('bottom');

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  useEffect(() => {
    if (quote) paymentHeading.current?.focus();
  }, [quote]);
  useLayoutEffect(() => {
    if (!toast) return;
    const place = () => {
      const column = toasts.current;
      if (!column) return;
      const focused = workingElement(column);
      setToastEdge(
        toastEdgeFor(focused?.getBoundingClientRect() ?? null, column.getBoundingClientRect(), window.innerHeight),
      );
    };
    place();
    document.addEventListener('focusin', place);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      document.removeEventListener('focusin', place);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [toast]);

  const change = (field: keyof CustomerDetails) => (value: string) => {
    setDetails((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateDetails(details);
    setErrors(found);
    const firstInvalid = (['customerName', 'customerEmail'] as const).find((field) => found[field]);
    if (firstInvalid) {
      fields.current[firstInvalid]?.focus();
      return;
    }
    setPending(true);
    setToast(null);
    try {
      const phone = details.customerPhone.trim();
      const message = details.message.trim();
      setQuote(
        await createBooking(username, {
          customerName: details.customerName.trim(),
          customerEmail: details.customerEmail.trim(),
          ...(phone ? { customerPhone: phone } : {}),
          ...(message ? { message } : {}),
        }),
      );
    } catch (error) {
      setToast({ title: Texts.bookingError, message: error instanceof Error ? error.message : Texts.bookingFailed });
    } finally {
      setPending(false);
    }
  }

  /** Paid: the server checks the payment and the visitor goes on to /{username}?booked=true. */
  async function paid(clientSecret: string) {
    setToast(null);
    setPaying(true);
    window.location.assign(await settledBookingUrl(clientSecret));
  }

  const step = quote ? 2 : 1;
  return (
    <>
      <ol className="steps">
        <li aria-current={step === 1 ? 'step' : undefined} className={step === 1 ? 'on' : 'done'}>
          <span className="step-no">1</span> <span className="step-label">{Texts.stepInformation}</span>
        </li>
        <li aria-current={step === 2 ? 'step' : undefined} className={step === 2 ? 'on' : undefined}>
          <span className="step-no">2</span> <span className="step-label">{Texts.stepPayment}</span>
        </li>
      </ol>

      {quote === null ? (
        <section className="panel" aria-labelledby="step-information">
          <h2 id="step-information">{Texts.stepInformation}</h2>
          <form className="form" noValidate onSubmit={(event) => void submit(event)}>
            <Field
              id="customerName"
              label={Texts.fullName}
              autoComplete="name"
              value={details.customerName}
              error={errors.customerName}
              onChange={change('customerName')}
              inputRef={(input) => (fields.current.customerName = input)}
              required
            />
            <Field
              id="customerEmail"
              label={Texts.emailAddress}
              type="email"
              autoComplete="email"
              value={details.customerEmail}
              error={errors.customerEmail}
              onChange={change('customerEmail')}
              inputRef={(input) => (fields.current.customerEmail = input)}
              required
            />
            <Field
              id="customerPhone"
              label={Texts.phoneNumber}
              type="tel"
              autoComplete="tel"
              value={details.customerPhone}
              onChange={change('customerPhone')}
            />
            <div className="field">
              <label htmlFor="message">{Texts.message}</label>
              <textarea
                id="message"
                name="message"
                rows={3}
                maxLength={1000}
                placeholder={Texts.messagePlaceholder}
                value={details.message}
                onChange={(event) => change('message')(event.target.value)}
              />
            </div>
            <button
              className="btn-primary btn-wide"
              type="submit"
              disabled={!hydrated || pending}
              aria-busy={pending || undefined}
            >
              {pending && <span className="spinner" aria-hidden="true" />}
              {Texts.continueToPayment}
            </button>
            {/* Until the script runs. Shown after a short delay (CSS), so only when JavaScript is off or fails; last in
                the form, so its removal on hydration moves nothing above it. */}
            {!hydrated && <p className="notice">{Texts.needsJavaScript}</p>}
          </form>
        </section>
      ) : (
        <section className="panel" aria-labelledby="step-payment">
          <h2 id="step-payment" ref={paymentHeading} tabIndex={-1}>
            {Texts.stepPayment}
          </h2>
          <dl className="summary">
            <div>
              <dt>{Texts.serviceFee}</dt>
              <dd>${formatCents(quote.userAmount)}</dd>
            </div>
            <div>
              <dt>{Texts.platformFee}</dt>
              <dd>${formatCents(quote.platformFee)}</dd>
            </div>
            <div className="summary-total">
              <dt>{Texts.total}</dt>
              <dd>${formatCents(quote.amount)}</dd>
            </div>
          </dl>
          {paying ? (
            <p className="notice notice-now" role="status">
              <span className="spinner" aria-hidden="true" /> {Texts.paymentRedirecting}
            </p>
          ) : (
            <CardPayment
              clientSecret={quote.clientSecret}
              submitLabel={Texts.completeBooking(formatCents(quote.amount))}
              onPaid={() => void paid(quote.clientSecret)}
              onFailed={(message) => setToast({ title: Texts.paymentFailed, message })}
            />
          )}
          <button className="btn-ghost" type="button" onClick={() => setQuote(null)} disabled={paying}>
            {Texts.editInformation}
          </button>
        </section>
      )}

      <div ref={toasts} className={toastEdge === 'top' ? 'toasts toasts-top' : 'toasts'} aria-live="assertive">
        {toast && (
          <div className="toast" role="alert">
            <div>
              <p className="toast-title">{toast.title}</p>
              <p>{toast.message}</p>
            </div>
            <button className="toast-close" type="button" aria-label={Texts.close} onClick={() => setToast(null)}>
              <CloseIcon />
            </button>
          </div>
        )}
      </div>
    </>
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  error?: string;
  required?: boolean;
  inputRef?: (input: HTMLInputElement | null) => void;
}

function Field({ id, label, value, onChange, type = 'text', autoComplete, error, required, inputRef }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        ref={inputRef}
        maxLength={type === 'email' ? 254 : 100}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
