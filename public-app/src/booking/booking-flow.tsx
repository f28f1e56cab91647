import {
  canonicalLocale,
  canonicalTimeZone,
  DEFAULT_LOCALE,
  CouponMessages,
  PaymentMessages,
  SchedulingMessages,
  SessionBookingMessages,
  type Attribution,
  type BookingTimesView,
  type PublicSessionType,
  type SlotView,
} from '@linkbio/shared-contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Texts } from '../texts';
import { BookingError, createBooking, fetchSlots, type BookingQuote, type BookingRequest } from './booking-api';
import { PublicToast, type Toast } from '../checkout/checkout-skin';
import { CouponField } from './coupon-field';
import { JoinListBox } from '../checkout/sale-fields';
import { SaleTexts } from '../checkout/sale-texts';
import { DetailsStep } from './details-step';
import { IntakeFields } from './intake-fields';
import { settledBookingUrl } from './payment-api';
import { PaymentStep } from './payment-step';
import { zoneChoices } from './slot-times';
import { useCoupon } from './use-coupon';
import { ChosenTime, TimeStep } from './time-step';
import { StepsBar } from './steps-bar';
import { ChosenType, TypeStep } from './type-step';
import { useIntake } from './use-intake';
import { validateDetails, type CustomerDetails, type DetailErrors } from './validate';

export interface BookingFlowProps {
  username: string;
  /** The week of open sessions when the creator takes sessions at set times, else null. */
  times: BookingTimesView | null;
  /** The time zones a visitor may show the times in. */
  zones: readonly string[];
  /** The creator's e-mail list is on: the details step offers "Join my e-mail list". */
  offersList?: boolean;
  /** The session types a visitor may book, in order; none for a page that predates them. */
  sessionTypes?: readonly PublicSessionType[];
  /** The type chosen (`?type=`, or the only one); null: the visitor first picks one. */
  sessionTypeId?: string | null;
  /** The visit's attribution the page's address carried (issue 29): kept by its links, sent with the booking. */
  attribution?: Attribution | null;
}

type Step = 'type' | 'time' | 'details' | 'payment';

/** The browser's locale (its first language), when well formed; else en-US. */
const browserLocale = (): string => canonicalLocale(navigator.language) ?? DEFAULT_LOCALE;

const EMPTY: CustomerDetails = { customerName: '', customerEmail: '', customerPhone: '', message: '' };
/** The booking answers that send the visitor back to pick another time. */
const TIME_PROBLEMS: readonly string[] = [
  SchedulingMessages.slotTaken,
  SchedulingMessages.slotNotOffered,
  SchedulingMessages.slotRequired,
];

/** The booking's refusals of the phone number, said under its field. */
const PHONE_PROBLEMS: readonly string[] = [SessionBookingMessages.phoneRequired, SessionBookingMessages.phoneInvalid, PaymentMessages.phoneTooLong];

/** The booking's refusals of an applied coupon code. */
const COUPON_REFUSALS = [CouponMessages.invalidCode, CouponMessages.expired, CouponMessages.usedUp, CouponMessages.wrongTarget, CouponMessages.atFloor];

/**
 * The booking steps (spec §2): when the creator offers several session types, first 'Choose a Session' (each a
 * link to its own page, which the server renders with that type's times, questions and price; later steps name the
 * type and lead back to change it); when the creator takes sessions at set times, 'Pick a Time' (a week of open
 * sessions in the visitor's time zone: the browser's own once the script runs, unless the visitor picked one),
 * then 'Your Information' (with the type's questions, and the phone number when the creator calls), then
 * 'Payment Details' with the server's amounts. Rendered on the server and hydrated in the browser; the buttons
 * stay disabled until hydration, since nothing can be booked without the script, and a notice says so when the
 * script does not run. A time taken meanwhile (409) or no longer offered brings the visitor back to the times,
 * with the server's message and the list read again. Step 'Payment Details' shows the live provider's card form (GET /api/config); once the card is charged the visitor goes to
 * /booking-success, where the server checks the payment, and on to the bio page's 'Booking Confirmed!'. A
 * refused card shows 'Payment Failed' with the provider's message and can be tried again. Each step change
 * moves the focus to the new step's heading.
 */
export function BookingFlow({
  username,
  times: firstTimes,
  zones,
  offersList = false,
  sessionTypes = [],
  sessionTypeId = null,
  attribution = null,
}: BookingFlowProps) {
  const several = sessionTypes.length > 1;
  const chosen = sessionTypes.find((type) => type.id === sessionTypeId) ?? (several ? null : (sessionTypes[0] ?? null));
  const questions = chosen?.questions ?? [];
  const phoneRequired = chosen?.locationKind === 'phone';
  const [hydrated, setHydrated] = useState(false);
  const [times, setTimes] = useState(firstTimes);
  const [zone, setZone] = useState(firstTimes?.shownZone ?? 'UTC');
  // The server's guess (Accept-Language) first, so the hydrated page matches its HTML; then the browser's own.
  const [locale, setLocale] = useState(firstTimes?.locale ?? DEFAULT_LOCALE);
  const [picked, setPicked] = useState<SlotView | null>(null);
  const [timeProblem, setTimeProblem] = useState<string | null>(null);
  const [step, setStep] = useState<Step>(!chosen && several ? 'type' : firstTimes ? 'time' : 'details');
  const [details, setDetails] = useState<CustomerDetails>(EMPTY);
  const [joinList, setJoinList] = useState(false);
  const [errors, setErrors] = useState<DetailErrors>({});
  const [pending, setPending] = useState(false);
  const [quote, setQuote] = useState<{ value: BookingQuote; request: string } | null>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const [paying, setPaying] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const fields = useRef<Partial<Record<keyof DetailErrors, HTMLInputElement | null>>>({});
  const closeToast = useCallback(() => setToast(null), []);
  const coupon = useCoupon(username, chosen?.id ?? null);
  const intake = useIntake(questions);

  useEffect(() => {
    setHydrated(true);
    setLocale(browserLocale());
    if (firstTimes && !firstTimes.zoneChosen) {
      const own = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
      if (own) setZone(own);
    }
  }, [firstTimes]);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  /** Back to the times with the server's message, the picked time dropped and the week read again. */
  function pickAgain(message: string) {
    setTimeProblem(message);
    setPicked(null);
    go('time');
    if (!times) return;
    fetchSlots(username, times.from, chosen?.id).then(
      (view) => setTimes((current) => current && { ...current, slots: view.slots }),
      () => undefined, // the list shown stays; booking a time gone is refused again
    );
  }

  async function submitDetails() {
    const found = validateDetails(details, { phoneRequired });
    const unanswered = intake.check();
    setErrors(found);
    const firstInvalid = (['customerName', 'customerEmail', 'customerPhone'] as const).find((field) => found[field]);
    if (firstInvalid) {
      fields.current[firstInvalid]?.focus();
      return;
    }
    if (unanswered) {
      intake.focus(unanswered);
      return;
    }
    const given = intake.given();
    const phone = details.customerPhone.trim();
    const message = details.message.trim();
    const request: BookingRequest = {
      customerName: details.customerName.trim(),
      customerEmail: details.customerEmail.trim(),
      ...(phone ? { customerPhone: phone } : {}),
      ...(message ? { message } : {}),
      ...(picked ? { slotStart: picked.start } : {}),
      // How the visitor's e-mails tell the time: in the zone they read the times in (their browser's when none).
      timeZone: times ? zone : (canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? undefined),
      locale,
      ...(coupon.appliedCode ? { couponCode: coupon.appliedCode } : {}),
      ...(joinList ? { joinList } : {}),
      ...(chosen ? { sessionTypeId: chosen.id } : {}),
      ...(given.length > 0 ? { answers: given } : {}),
      ...(attribution ? { attribution } : {}),
    };
    // Back from 'Payment Details' with nothing changed: that booking still waits for its payment (and holds its time).
    if (quote?.request === JSON.stringify(request)) return go('payment');
    setPending(true);
    setToast(null);
    try {
      // A new time or new details after a payment step was reached: that earlier request is replaced, not left holding.
      const replaces = quote ? { replacesClientSecret: quote.value.clientSecret } : {};
      setQuote({ value: await createBooking(username, { ...request, ...replaces }), request: JSON.stringify(request) });
      go('payment');
    } catch (error) {
      const refused = error instanceof BookingError && error.status === 400 ? error.message : null;
      if (times && error instanceof BookingError && TIME_PROBLEMS.includes(error.message)) pickAgain(error.message);
      // The applied code refused after all (used up or expired meanwhile): said under the field.
      else if (coupon.appliedCode && refused && (COUPON_REFUSALS as readonly string[]).includes(refused)) coupon.refused(refused);
      // A refused phone number or answer: said under its field, in the words of the page's own check.
      else if (refused && PHONE_PROBLEMS.includes(refused)) {
        setErrors((before) => ({ ...before, customerPhone: refused }));
        fields.current.customerPhone?.focus();
      } else if (!refused || !intake.refused(refused))
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

  const steps: Array<{ key: Step; label: string }> = [
    ...(several ? [{ key: 'type' as const, label: Texts.stepType }] : []),
    ...(times ? [{ key: 'time' as const, label: Texts.stepTime }] : []),
    { key: 'details', label: Texts.stepInformation },
    { key: 'payment', label: Texts.stepPayment },
  ];
  const chosenType = several && chosen && <ChosenType type={chosen} onChange={() => go('type')} disabled={paying} />;
  const chosenTime = (chosenType || picked) && (
    <>
      {chosenType}
      {picked && <ChosenTime slot={picked} zone={zone} locale={locale} onChange={() => go('time')} disabled={paying} />}
    </>
  );
  return (
    <>
      <StepsBar steps={steps} current={step} />

      {step === 'type' && (
        <TypeStep
          username={username}
          types={sessionTypes}
          chosenId={chosen?.id ?? null}
          headingRef={heading}
          onKeep={() => go(times ? 'time' : 'details')}
          attribution={attribution}
        />
      )}
      {step === 'time' && times && (
        <TimeStep
          times={times}
          zone={zone}
          locale={locale}
          zones={zoneChoices(zones, zone, times.creatorZone)}
          picked={picked?.start ?? null}
          hydrated={hydrated}
          problem={timeProblem}
          headingRef={heading}
          typeId={several ? chosen?.id : null}
          attribution={attribution}
          chosenType={chosenType}
          onZone={(name) => setZone(canonicalTimeZone(name) ?? zone)}
          onPick={(slot) => {
            setPicked(slot);
            setTimeProblem(null);
          }}
          onContinue={() => (picked ? go('details') : setTimeProblem(SchedulingMessages.slotRequired))}
        />
      )}
      {step === 'details' && (
        <DetailsStep
          details={details}
          errors={errors}
          hydrated={hydrated}
          pending={pending}
          headingRef={heading}
          chosenTime={chosenTime}
          coupon={
            <CouponField
              code={coupon.code}
              applied={coupon.applied}
              error={coupon.error}
              checking={coupon.checking}
              hydrated={hydrated}
              onCode={coupon.onCode}
              onApply={coupon.onApply}
              onRemove={coupon.onRemove}
            />
          }
          joinList={offersList && <JoinListBox label={SaleTexts.joinList} checked={joinList} onChange={setJoinList} />}
          phoneRequired={phoneRequired}
          questions={
            questions.length > 0 && (
              <IntakeFields questions={questions} answers={intake.answers} errors={intake.errors} onAnswer={intake.onAnswer} />
            )
          }
          fieldRef={(field, input) => (fields.current[field] = input)}
          onChange={(field, value) => {
            setDetails((before) => ({ ...before, [field]: value }));
            if (field in errors) setErrors((before) => ({ ...before, [field]: undefined }));
          }}
          onSubmit={() => void submitDetails()}
        />
      )}
      {step === 'payment' && quote && (
        <PaymentStep
          quote={quote.value}
          paying={paying}
          headingRef={heading}
          chosenTime={chosenTime}
          onPaid={() => void paid(quote.value.clientSecret)}
          onFailed={(message) => setToast({ title: Texts.paymentFailed, message })}
          onEdit={() => go('details')}
        />
      )}

      <PublicToast toast={toast} onClose={closeToast} />
    </>
  );
}
