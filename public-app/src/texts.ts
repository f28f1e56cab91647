/** Every text a visitor reads on the public pages; the spec's ones word for word (§2, §5, §8, decisions.md). */
export const Texts = {
  productName: 'Linkbio',
  madeWith: 'Made with',
  bookSession: (price: string) => `Book a Session - $${price}`,
  noLinks: 'No links available',
  opensInNewTab: '(opens in a new tab)',
  linksLabel: 'Links',
  defaultDescription: (displayName: string) => `All of ${displayName}'s links in one place.`,

  bookedTitle: 'Booking Confirmed!',
  bookedMessage: 'Your payment was successful. You will receive a confirmation email shortly.',
  dismiss: 'Dismiss',

  userNotFoundTitle: 'User Not Found',
  userNotFoundMessage: "This bio page doesn't exist or has been deactivated.",
  createYourOwnPage: 'Create your own page',

  linkNotFoundTitle: 'Link Not Found',
  linkNotFoundMessage: "This link doesn't exist or is no longer available.",
  goHome: 'Go home',

  bookingPageTitle: 'Book a Session',
  bookingWith: (displayName: string) => `with ${displayName}`,
  perSession: 'per session',
  backToProfile: (displayName: string) => `Back to ${displayName}`,
  bookingUnavailableTitle: 'Bookings are closed',
  bookingUnavailableMessage: (displayName: string) => `${displayName} isn't taking bookings right now.`,
  needsJavaScript:
    'Booking a session needs JavaScript for the secure card payment. If this message stays, please turn JavaScript on or reload the page.',

  stepInformation: 'Your Information',
  stepPayment: 'Payment Details',
  fullName: 'Full Name',
  emailAddress: 'Email Address',
  phoneNumber: 'Phone Number (optional)',
  message: 'Message (optional)',
  messagePlaceholder: 'Anything the creator should know before your session',
  continueToPayment: 'Continue to Payment',
  nameRequired: 'Name is required',
  validEmailRequired: 'Valid email is required',
  bookingError: 'Booking Error',
  bookingFailed: 'Failed to create booking. Please try again.',
  close: 'Close',

  serviceFee: 'Service Fee',
  platformFee: 'Platform Fee (20%)',
  total: 'Total',
  completeBooking: (total: string) => `Complete Booking - $${total}`,
  editInformation: 'Edit your information',

  cardDetails: 'Card details',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry date (MM/YY)',
  cardCvc: 'CVC',
  cardName: 'Name on card (optional)',
  testCardHint:
    'Test mode: no real card is charged. Use a test card such as 4242 4242 4242 4242, any future date and any CVC.',
  cardFormLoading: 'Loading the card form',
  cardFormFailed:
    "The secure card form couldn't load. Check your connection and reload the page; nothing has been charged.",
  paymentUnavailable: "Card payment couldn't start. Please try again; nothing has been charged.",
  tryAgain: 'Try again',
  paymentFailed: 'Payment Failed',
  paymentGenericError: 'Your payment could not be completed. Please try again.',
  paymentNetworkError: "We couldn't reach the payment service. Check your connection and try again.",
  paymentRedirecting: 'Payment received. Confirming your booking…',
} as const;
