export { CardPayment, type CardPaymentProps } from './card-payment.js';
export { CardFormLoading } from './card-form-loading.js';
export { CheckoutToast, PUBLIC_TOAST_SKIN, TOAST_MS, type Toast, type ToastSkin } from './checkout-toast.js';
export { LocalCardForm } from './local-card-form.js';
export { confirmLocalCard, fetchPaymentConfig, messageOf, PaymentError, type PaymentConfig } from './payment-api.js';
export type { PaymentFormProps } from './payment-form-props.js';
export { CHECKOUT_TEXTS, PUBLIC_SKIN, type CheckoutSkin, type CheckoutTexts } from './skin.js';
export { useToastEdge, workingElement } from './toast-placement.js';
export { TextField, type TextFieldProps } from './text-field.js';
