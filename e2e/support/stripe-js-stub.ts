import type { BrowserContext } from '@playwright/test';

/*
 * A test double of Stripe.js for browser specs, served in place of https://js.stripe.com/… (which cannot be
 * reached here) through the browser's request routing; Stripe.js's calls to https://api.stripe.com go to
 * the local Stripe API stub the same way. It implements what @stripe/react-stripe-js and the product use:
 * Stripe(pk), elements({ clientSecret }), elements.create('payment') / getElement / update, an element's
 * mount / on / off / focus / update / unmount / destroy, confirmSetup (a SetupIntent, to save a card), and
 * confirmPayment, which checks the card like
 * Stripe.js does and confirms the intent with the API (publishable key, client secret, the card's fields),
 * answering `{ paymentIntent }` or `{ error }` as Stripe.js does. Its Payment Element is plain inputs in the
 * page (Stripe's own is an iframe), labelled 'Card number', 'Expiration date' and 'Security code'.
 */

/** Runs in the page as the script's body: defines window.Stripe. Self-contained (serialised with toString). */
function installStripeJs() {
  type Listener = (event?: unknown) => void;
  type Result = { paymentIntent: unknown } | { error: Record<string, unknown> };
  const API = 'https://api.stripe.com';

  const digitsOf = (value: string) => value.replace(/\D/g, '');
  const luhn = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  };

  function createPaymentElement() {
    const listeners = new Map<string, Set<Listener>>();
    const emit = (type: string, event?: unknown) => listeners.get(type)?.forEach((listener) => listener(event));
    let root: HTMLElement | null = null;
    const field = (id: string, label: string, autocomplete: string, placeholder: string) => {
      const wrapper = document.createElement('div');
      const labelElement = document.createElement('label');
      labelElement.htmlFor = id;
      labelElement.textContent = label;
      const input = document.createElement('input');
      Object.assign(input, { id, name: id, autocomplete, placeholder, inputMode: 'numeric', spellcheck: false });
      input.addEventListener('input', () => emit('change', { elementType: 'payment', empty: card().number === '', complete: problem() === null, collapsed: false, value: { type: 'card' } }));
      input.addEventListener('focus', () => emit('focus', { elementType: 'payment' }));
      input.addEventListener('blur', () => emit('blur', { elementType: 'payment' }));
      wrapper.append(labelElement, input);
      return wrapper;
    };
    const input = (id: string) => root?.querySelector<HTMLInputElement>(`#${id}`)?.value ?? '';
    const card = () => {
      const [month = '', year = ''] = input('stripe-stub-expiry').split('/').map((part) => part.trim());
      return { number: digitsOf(input('stripe-stub-number')), month, year, cvc: digitsOf(input('stripe-stub-cvc')) };
    };
    /** Stripe.js's own checks, before anything is sent. */
    const problem = (): { code: string; message: string } | null => {
      const { number, month, year, cvc } = card();
      if (number.length < 13) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
      if (number.length > 19 || !luhn(number)) return { code: 'invalid_number', message: 'Your card number is invalid.' };
      if (!/^\d{2}$/.test(month) || !/^\d{2}$/.test(year)) return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
      if (Number(month) < 1 || Number(month) > 12) return { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." };
      const today = new Date();
      if ((2000 + Number(year)) * 12 + Number(month) - 1 < today.getFullYear() * 12 + today.getMonth()) {
        return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
      }
      if (cvc.length < 3) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
      return null;
    };
    const element = {
      mount(target: HTMLElement | string) {
        const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
        if (!host) throw new Error('IntegrationError: the mount target was not found');
        root = document.createElement('div');
        root.className = 'StripeElement StripeElement--stub';
        root.append(
          field('stripe-stub-number', 'Card number', 'cc-number', '1234 1234 1234 1234'),
          field('stripe-stub-expiry', 'Expiration date', 'cc-exp', 'MM / YY'),
          field('stripe-stub-cvc', 'Security code', 'cc-csc', 'CVC'),
        );
        host.append(root);
        // Stripe's element is ready once its frame has loaded: later than mount().
        setTimeout(() => emit('ready', { elementType: 'payment' }), 50);
      },
      unmount() {
        root?.remove();
        root = null;
      },
      destroy() {
        element.unmount();
        listeners.clear();
      },
      on(type: string, listener: Listener) {
        if (!listeners.has(type)) listeners.set(type, new Set());
        listeners.get(type)!.add(listener);
        return element;
      },
      off(type: string, listener?: Listener) {
        if (listener) listeners.get(type)?.delete(listener);
        else listeners.delete(type);
        return element;
      },
      once(type: string, listener: Listener) {
        const wrapped: Listener = (event) => {
          element.off(type, wrapped);
          listener(event);
        };
        return element.on(type, wrapped);
      },
      focus() {
        root?.querySelector('input')?.focus();
      },
      blur() {
        (document.activeElement as HTMLElement | null)?.blur();
      },
      clear() {
        root?.querySelectorAll('input').forEach((field) => (field.value = ''));
      },
      update() {},
      card,
      problem,
      get mounted() {
        return root !== null;
      },
    };
    return element;
  }

  type PaymentElement = ReturnType<typeof createPaymentElement>;

  function createElements(options: { clientSecret?: string }) {
    let clientSecret = options.clientSecret ?? '';
    let payment: PaymentElement | null = null;
    return {
      create(type: string) {
        if (type !== 'payment') throw new Error(`IntegrationError: this Stripe.js test double has no '${type}' element`);
        if (payment) throw new Error('IntegrationError: Can only create one Element of type payment.');
        payment = createPaymentElement();
        return payment;
      },
      getElement(type: string) {
        return type === 'payment' ? payment : null;
      },
      update(updates: { clientSecret?: string }) {
        if (updates.clientSecret) clientSecret = updates.clientSecret;
      },
      fetchUpdates: () => Promise.resolve({}),
      get clientSecret() {
        return clientSecret;
      },
    };
  }

  type Elements = ReturnType<typeof createElements>;

  function Stripe(publishableKey: string) {
    if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_')) throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key (pk_…).');
    const unsupported = (name: string) => () => Promise.reject(new Error(`${name} is not part of this Stripe.js test double`));

    async function confirmPayment(options: { elements: Elements; confirmParams?: { return_url?: string }; redirect?: 'always' | 'if_required' }): Promise<Result> {
      const payment = options.elements?.getElement('payment');
      if (!payment?.mounted) throw new Error('IntegrationError: confirmPayment needs a mounted Payment Element.');
      const problem = payment.problem();
      if (problem) return { error: { type: 'validation_error', ...problem } };
      const clientSecret = options.elements.clientSecret;
      const intentId = clientSecret.split('_secret_')[0];
      const card = payment.card();
      const body = new URLSearchParams({
        key: publishableKey,
        client_secret: clientSecret,
        expected_payment_method_type: 'card',
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card.number,
        'payment_method_data[card][exp_month]': card.month,
        'payment_method_data[card][exp_year]': card.year,
        'payment_method_data[card][cvc]': card.cvc,
        ...(options.confirmParams?.return_url ? { return_url: options.confirmParams.return_url } : {}),
      });
      let response: Response;
      try {
        response = await fetch(`${API}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body });
      } catch {
        return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Check your connection and try again.' } };
      }
      const answer = (await response.json()) as { error?: Record<string, unknown>; status?: string };
      if (!response.ok || answer.error) return { error: answer.error ?? { type: 'api_error', message: 'An unknown error occurred' } };
      if ((options.redirect ?? 'always') === 'always' && options.confirmParams?.return_url) {
        const back = new URL(options.confirmParams.return_url);
        back.searchParams.set('payment_intent', intentId!);
        back.searchParams.set('payment_intent_client_secret', clientSecret);
        back.searchParams.set('redirect_status', String(answer.status));
        window.location.assign(back.toString());
        return new Promise<Result>(() => undefined); // the page is leaving
      }
      return { paymentIntent: answer };
    }

    /** Saving a card for later (Premium's card change): the SetupIntent confirmed with the card's fields. */
    async function confirmSetup(options: { elements: Elements; confirmParams?: { return_url?: string }; redirect?: 'always' | 'if_required' }) {
      const payment = options.elements?.getElement('payment');
      if (!payment?.mounted) throw new Error('IntegrationError: confirmSetup needs a mounted Payment Element.');
      const problem = payment.problem();
      if (problem) return { error: { type: 'validation_error', ...problem } };
      const clientSecret = options.elements.clientSecret;
      const setupId = clientSecret.split('_secret_')[0];
      const card = payment.card();
      const body = new URLSearchParams({
        key: publishableKey,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card.number,
        'payment_method_data[card][exp_month]': card.month,
        'payment_method_data[card][exp_year]': card.year,
        'payment_method_data[card][cvc]': card.cvc,
      });
      let response: Response;
      try {
        response = await fetch(`${API}/v1/setup_intents/${setupId}/confirm`, { method: 'POST', body });
      } catch {
        return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Check your connection and try again.' } };
      }
      const answer = (await response.json()) as { error?: Record<string, unknown> };
      if (!response.ok || answer.error) return { error: answer.error ?? { type: 'api_error', message: 'An unknown error occurred' } };
      return { setupIntent: answer };
    }

    return {
      elements: (options: { clientSecret?: string } = {}) => createElements(options),
      confirmPayment,
      confirmSetup,
      confirmCardPayment: unsupported('confirmCardPayment'),
      createToken: unsupported('createToken'),
      createPaymentMethod: unsupported('createPaymentMethod'),
      retrievePaymentIntent: unsupported('retrievePaymentIntent'),
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  /** The release train @stripe/stripe-js expects (it warns about another one). */
  Stripe.version = 'endive';
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}

/**
 * Serves the Stripe.js test double for every js.stripe.com script the context's pages load, and sends their calls
 * to api.stripe.com to the Stripe API stub at `apiUrl`.
 */
export async function routeStripe(context: BrowserContext, apiUrl: string): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: `(${installStripeJs.toString()})();` }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const from = new URL(route.request().url());
    const response = await route.fetch({ url: `${apiUrl}${from.pathname}${from.search}` });
    await route.fulfill({ response });
  });
}
